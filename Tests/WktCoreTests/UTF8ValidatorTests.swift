import Testing
import WktCore
import WktTestSupport

@Suite("UTF8Validator: the one UTF-8 check")
struct UTF8ValidatorTests {
    @Test("sequence lengths, and nil for overlong forms, surrogates, > U+10FFFF and cut sequences")
    func sequenceLengths() {
        #expect(UTF8Validator.sequenceLength(in: Array("a".utf8), at: 0) == 1)
        #expect(UTF8Validator.sequenceLength(in: Array("xé".utf8), at: 1) == 2)
        #expect(UTF8Validator.sequenceLength(in: Array("€".utf8), at: 0) == 3)
        #expect(UTF8Validator.sequenceLength(in: Array("🏋".utf8), at: 0) == 4)
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xC3, 0x0A], [0xC3, 0x00], [0x80], [0xFF]] {
            #expect(UTF8Validator.sequenceLength(in: bad, at: 0) == nil, "\(bad)")
        }
    }

    @Test("first invalid offset: the failing byte, or the lead byte of a sequence cut off by the end")
    func firstInvalid() {
        #expect(UTF8Validator.firstInvalidOffset(in: Array("Жим 🏋️".utf8)) == nil)
        #expect(UTF8Validator.firstInvalidOffset(in: [0x61, 0xC3, 0x41]) == 2)
        #expect(UTF8Validator.firstInvalidOffset(in: [0x61, 0x62, 0xE2, 0x82]) == 2)
        #expect(UTF8Validator.firstInvalidOffset(in: [0xFC]) == 0)
    }

    @Test("agrees with the standard library on random bytes, fed in one piece or byte by byte")
    func agreesWithStandardLibrary() {
        var random = SplitMix64(seed: 8)
        let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1,
                                 0xED, 0xEE, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        for _ in 0..<5_000 {
            let bytes = (0..<random.int(in: 0...6)).map { _ in alphabet[random.int(in: 0...(alphabet.count - 1))] }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((UTF8Validator.firstInvalidOffset(in: bytes) == nil) == valid, "\(bytes)")
            var index = 0
            var lengthsValid = true
            while index < bytes.count {
                guard let length = UTF8Validator.sequenceLength(in: bytes, at: index) else {
                    lengthsValid = false
                    break
                }
                index += length
            }
            #expect(lengthsValid == valid, "\(bytes)")
        }
    }
}
