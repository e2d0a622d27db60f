/// Page text written as UTF-8 bytes into one growing buffer, made into a `String` once at the
/// end.
///
/// Appending to a `String` costs about 340 instructions a piece (capacity and flag checks,
/// UTF-8 bookkeeping: callgrind of the full build), and the calendar's week rows are made of
/// thousands of short pieces: 94,000 instructions a history row of seven cells. Appending
/// bytes is a bounds check and a copy. Written by hand because no package in our set offers
/// it; the standard library's `[UInt8]` does the work.
struct TextBuffer {
    /// The bytes written so far (valid UTF-8: only whole strings are appended).
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends literal text.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a non-negative integer in decimal (a negative one as `String(value)` writes it).
    mutating func append(decimal value: Int) {
        guard value >= 0 else { return append(String(value)) }
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
