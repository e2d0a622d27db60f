import Foundation
import Testing
@testable import WktCore

@Suite("SHA256")
struct SHA256Tests {
    @Test("NIST vectors")
    func vectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite("SHA256 incremental")
struct SHA256IncrementalTests {
    @Test("any split of the input gives the one-shot digest")
    func splits() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hex(data)
        #expect(whole == SHA256.hex(data[...]))  // a non-Array sequence
        for cut in [0, 1, 55, 56, 63, 64, 65, 127, 128, 500, 999, 1000] {
            for second in [cut, min(cut + 3, 1000), min(cut + 64, 1000)] {
                var hasher = SHA256()
                hasher.update(data[0..<cut])
                hasher.update(data[cut..<second])
                hasher.update(data[second...].lazy.map { $0 })  // no contiguous storage
                #expect(SHA256.hexString(hasher.finalize()) == whole, "cut at \(cut), \(second)")
            }
        }
        #expect(SHA256.hex("é") == SHA256.hex([0xC3, 0xA9]))
    }
}

@Suite("SHA256 against a reference")
struct SHA256ReferenceTests {
    /// SHA-256 as FIPS 180-4 writes it, one round at a time with the eight working values moved
    /// after each round: the shape `SHA256.compress` had before its rounds were written eight at
    /// a time with the values renamed instead of moved.
    static func reference(_ message: [UInt8]) -> [UInt8] {
        let k: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        ]
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var hash: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for start in stride(from: 0, to: padded.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 64)
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(padded[start + 4 * i + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
            for i in 0..<64 {
                let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, h].enumerated() { hash[i] &+= value }
        }
        return hash.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// Both block functions: the processor's SHA instructions where it has them (`portable`
    /// false; the Swift rounds elsewhere) and the Swift rounds.
    @Test("random messages of every length up to 17 blocks, whole and fed in random pieces", arguments: [false, true])
    func randomMessages(portable: Bool) {
        var generator = SplitMix(seed: 0x5EED_5A25)
        for length in Array(0...300) + [511, 512, 513, 1000, 1087, 1088, 64 * 40, 64 * 40 + 17] {
            let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let expected = SHA256.hexString(Self.reference(message))
            var whole = SHA256(portable: portable)
            whole.update(message)
            #expect(SHA256.hexString(whole.finalize()) == expected, "length \(length)")
            var hasher = SHA256(portable: portable)
            var offset = 0
            while offset < length {
                let piece = min(length - offset, Int(generator.next() % 150))
                hasher.update(message[offset..<offset + piece])
                offset += piece
            }
            #expect(SHA256.hexString(hasher.finalize()) == expected, "length \(length) in pieces")
        }
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// The hardware path is only tested where it is taken: on a processor whose `/proc/cpuinfo`
    /// lists `sha_ni`, the hasher must find and use it (a detection that always said no would
    /// be correct but leave every build's first 10 million instructions on the slow path).
    @Test("the SHA instructions are found where /proc/cpuinfo lists them")
    func hardwareDetection() throws {
        #if os(Linux) && arch(x86_64)
            let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }.map { Set($0.split(separator: " ")) } ?? []
            let listed = flags.contains("sha_ni") && flags.contains("ssse3") && flags.contains("sse4_1")
            #expect(SHA256.hasHardware == listed)
            if !listed { print("SHA256Tests: this processor has no SHA instructions; only the Swift rounds were tested") }
        #else
            #expect(!SHA256.hasHardware)
        #endif
    }

    @Test("the reference agrees with the NIST vectors, so a shared mistake cannot pass")
    func referenceVectors() {
        #expect(SHA256.hexString(Self.reference(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexString(Self.reference(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}

/// A small deterministic generator (SplitMix64) for the random messages above.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
