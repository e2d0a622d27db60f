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
