/// An incremental, allocation-free UTF-8 validator (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF).
///
/// Bytes can arrive in chunks of any size; a sequence may straddle two chunks. Callers feed only
/// bytes that are ≥ 0x80 or that arrive while a sequence is open (``isComplete`` false): ASCII
/// outside a sequence is always valid, which keeps the hot loop of the Health pre-pass cheap.
struct UTF8Validator {
    /// Continuation bytes still expected by the open sequence.
    private var need: UInt8 = 0
    /// Allowed range of the next continuation byte (narrowed after E0, ED, F0, F4).
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF
    /// Absolute offset of the lead byte of the open sequence.
    private(set) var sequenceStart = 0

    /// Whether no multi-byte sequence is open.
    var isComplete: Bool { need == 0 }

    /// Checks one byte at absolute offset `offset`; false when the input is not UTF-8 there.
    @inline(__always)
    mutating func accept(_ byte: UInt8, at offset: Int) -> Bool {
        if need > 0 {
            guard byte >= low, byte <= high else { return false }
            need -= 1
            low = 0x80
            high = 0xBF
            return true
        }
        sequenceStart = offset
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; high = 0x9F
        case 0xF0: need = 3; low = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; high = 0x8F
        default: return false
        }
        return true
    }

    /// The offset of the first byte that makes `bytes` invalid UTF-8 (for a sequence cut off by
    /// the end, the offset of its lead byte), or nil when all of `bytes` is valid.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var validator = UTF8Validator()
        for (offset, byte) in bytes.enumerated() where byte >= 0x80 || !validator.isComplete {
            if !validator.accept(byte, at: offset) { return offset }
        }
        return validator.isComplete ? nil : validator.sequenceStart
    }
}
