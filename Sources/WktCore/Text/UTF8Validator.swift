/// The one UTF-8 validator: incremental, allocation-free, RFC 3629 (no overlong forms, no
/// surrogates, nothing above U+10FFFF). CSV and JSON imports, the Apple Health pre-pass and
/// `wkt-site.toml` all check their bytes with it.
///
/// Bytes can arrive in chunks of any size; a sequence may straddle two chunks. Callers feed only
/// bytes that are ≥ 0x80 or that arrive while a sequence is open (``isComplete`` false): ASCII
/// outside a sequence is always valid, which keeps the hot loops cheap.
public struct UTF8Validator: Sendable {
    /// Continuation bytes still expected by the open sequence.
    @usableFromInline var need: UInt8 = 0
    /// Allowed range of the next continuation byte (narrowed after E0, ED, F0, F4).
    @usableFromInline var low: UInt8 = 0x80
    @usableFromInline var high: UInt8 = 0xBF
    @usableFromInline var leadOffset = 0

    /// Absolute offset of the lead byte of the open (or the failed) sequence.
    @inlinable
    public var sequenceStart: Int { leadOffset }

    /// A validator before any byte.
    @inlinable
    public init() {}

    /// Whether no multi-byte sequence is open.
    @inlinable
    public var isComplete: Bool { need == 0 }

    /// Checks one byte at absolute offset `offset`; false when the input is not UTF-8 there (then
    /// ``sequenceStart`` is the offset of the sequence's lead byte).
    @inlinable @inline(__always)
    public mutating func accept(_ byte: UInt8, at offset: Int) -> Bool {
        if need > 0 {
            guard byte >= low, byte <= high else { return false }
            need -= 1
            low = 0x80
            high = 0xBF
            return true
        }
        leadOffset = offset
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

    /// The length in bytes of the well-formed sequence starting at `index` (1 for ASCII), or nil
    /// when the bytes there are not UTF-8 (an invalid byte, or a sequence cut off by the end).
    @inlinable
    public static func sequenceLength<Bytes: RandomAccessCollection>(in bytes: Bytes, at index: Bytes.Index) -> Int?
    where Bytes.Element == UInt8 {
        var validator = UTF8Validator()
        var position = index
        repeat {
            guard position < bytes.endIndex, validator.accept(bytes[position], at: 0) else { return nil }
            position = bytes.index(after: position)
        } while !validator.isComplete
        return bytes.distance(from: index, to: position)
    }

    /// The offset of the first byte that makes `bytes` invalid UTF-8 (for a sequence cut off by
    /// the end, the offset of its lead byte), or nil when all of `bytes` is valid.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var validator = UTF8Validator()
        for (offset, byte) in bytes.enumerated() where byte >= 0x80 || !validator.isComplete {
            if !validator.accept(byte, at: offset) { return offset }
        }
        return validator.isComplete ? nil : validator.sequenceStart
    }
}
