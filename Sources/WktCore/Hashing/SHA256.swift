import CSHA256

/// SHA-256 (FIPS 180-4), used for import-log file hashes, slug suffixes and build ids.
///
/// Written by hand (about 80 lines, checked against the NIST vectors and `sha256sum` in tests)
/// because Foundation on Linux has no digest API and swift-crypto would add a BoringSSL build
/// to every CI run for this one function.
///
/// Where the processor has the x86 SHA extensions, whole blocks go through them instead
/// (`CSHA256`, a C file of pure computation: Swift cannot name those instructions): every build
/// hashes the store's workout fingerprints before anything else, on one core, and that was 10.8
/// million of a no-op build's 55 million instructions. The Swift rounds stay for every other
/// processor, and `SHA256Tests` holds the two to the same output.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0
    /// Whether blocks go through the processor's SHA instructions.
    private let hardware: Bool

    /// Whether this processor has the SHA instructions (asked once).
    static let hasHardware = wkt_sha256_has_hardware() == 1

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// A fresh hasher.
    public init() {
        hardware = Self.hasHardware
    }

    /// A fresh hasher that uses the Swift rounds even where the processor has SHA instructions
    /// (the tests compare the two).
    init(portable: Bool) {
        hardware = portable ? false : Self.hasHardware
    }

    /// Feeds bytes. Whole 64-byte blocks are compressed straight from contiguous storage.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { update(buffer: $0) }
        }
    }

    /// Feeds the UTF-8 of a string.
    public mutating func update(_ string: String) {
        var copy = string
        copy.withUTF8 { update(buffer: $0) }
    }

    private mutating func update(buffer input: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(input.count)
        var offset = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, input.count)
            buffer.append(contentsOf: input[0..<take])
            offset = take
            guard buffer.count == 64 else { return }
            let block = buffer
            block.withUnsafeBufferPointer { compress(blocks: $0) }
            buffer.removeAll(keepingCapacity: true)
        }
        let whole = (input.count - offset) / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeBufferPointer(rebasing: input[offset..<offset + whole]))
            offset += whole
        }
        if offset < input.count { buffer.append(contentsOf: input[offset...]) }
    }

    /// Finishes and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = buffer
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { compress(blocks: $0) }
        buffer.removeAll()
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in state {
            out.append(UInt8(truncatingIfNeeded: word >> 24))
            out.append(UInt8(truncatingIfNeeded: word >> 16))
            out.append(UInt8(truncatingIfNeeded: word >> 8))
            out.append(UInt8(truncatingIfNeeded: word))
        }
        return out
    }

    /// The lower-case hex digest of `bytes`.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hexString(hasher.finalize())
    }

    /// The lower-case hex digest of a string's UTF-8.
    public static func hex(_ string: String) -> String {
        var hasher = SHA256()
        hasher.update(string)
        return hexString(hasher.finalize())
    }

    /// Lower-case hex of bytes.
    public static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rotation right by `n` (1…31); the compiler makes one `ror` of it.
    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

    /// One round of the compression, with `kw` = K[t] + W[t]: `d` becomes the next `e` and `h`
    /// the next `a`; the other six values only move one place along, which the caller does by
    /// naming them in the next call (``compress(_:)``).
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
        _ kw: UInt32
    ) {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ kw
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
        d = d &+ t1
        h = t1 &+ t2
    }

    /// Compresses whole 64-byte blocks (`blocks.count` a multiple of 64) into `state`.
    private mutating func compress(blocks: UnsafeBufferPointer<UInt8>) {
        guard let base = blocks.baseAddress, blocks.count >= 64 else { return }
        if hardware {
            Self.k.withUnsafeBufferPointer { k in
                state.withUnsafeMutableBufferPointer { wkt_sha256_compress_hardware($0.baseAddress, base, blocks.count / 64, k.baseAddress) }
            }
            return
        }
        for start in stride(from: 0, to: blocks.count / 64 * 64, by: 64) {
            compress(UnsafeBufferPointer(rebasing: blocks[start..<start + 64]))
        }
    }

    /// Compresses one 64-byte block into `state` with the Swift rounds. The rounds are written
    /// eight at a time with the eight working values renamed from call to call instead of
    /// moved: as one loop of single rounds, each round also moved seven values (4,600
    /// instructions a block, now about 3,800). An import hashes its file and every workout: 18 %
    /// of the instructions of the 10-year Strong CSV import before, 16 % now (1.90 → 1.85 billion
    /// in all), on processors without the SHA instructions. `SHA256Tests` compares with the NIST
    /// vectors and with a one-round-at-a-time reference on random data.
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        let start = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        // The working values are declared in the innermost closure: declared outside one, they
        // were captured by reference where the closure was not inlined (in the release build),
        // a load and a store at every use.
        let end = Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for i in 0..<16 {
                    w[i] = UInt32(block[4 * i]) << 24 | UInt32(block[4 * i + 1]) << 16
                        | UInt32(block[4 * i + 2]) << 8 | UInt32(block[4 * i + 3])
                }
                for i in 16..<64 {
                    let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] &>> 3)
                    let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] &>> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = start
                for i in stride(from: 0, to: 64, by: 8) {
                    Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                    Self.round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
                    Self.round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
                    Self.round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
                    Self.round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[i + 4])
                    Self.round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[i + 5])
                    Self.round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[i + 6])
                    Self.round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[i + 7])
                }
                return (a, b, c, d, e, f, g, h)
            }
        }
        state[0] &+= end.0; state[1] &+= end.1; state[2] &+= end.2; state[3] &+= end.3
        state[4] &+= end.4; state[5] &+= end.5; state[6] &+= end.6; state[7] &+= end.7
    }
}
