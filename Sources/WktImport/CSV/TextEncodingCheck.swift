import WktCore

/// Byte-level checks that a CSV file is UTF-8 text, run before any parsing (docs/formats.md §0.1,
/// docs/reliability.md I-17): a UTF-16 or UTF-32 file, a Windows-1252 byte such as `0xFC` (ü) and a NUL
/// byte are reported with what they are, instead of turning into mojibake.
enum TextEncodingCheck {
    /// Bytes of the UTF-8 byte-order mark.
    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A problem found in the bytes: where, and what to tell the user.
    struct Problem: Sendable, Equatable {
        /// 0-based byte offset of the offending byte.
        var offset: Int
        /// The rule broken, in words a user can act on.
        var message: String
    }

    /// Checks the file's byte-order mark: nil for none or UTF-8, a problem for UTF-16/UTF-32.
    static func byteOrderMarkProblem(_ p: UnsafeBufferPointer<UInt8>) -> Problem? {
        func starts(with prefix: [UInt8]) -> Bool {
            p.count >= prefix.count && zip(p, prefix).allSatisfy { $0 == $1 }
        }
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"),
            ([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE"),
        ]
        for mark in marks where starts(with: mark.bytes) {
            let hex = mark.bytes.map { Hex.byte($0) }.joined(separator: " ")
            return Problem(
                offset: 0,
                message: "the file is encoded as \(mark.name) (byte-order mark \(hex)); only UTF-8 is read: "
                    + "save or export it as UTF-8")
        }
        return nil
    }

    /// Validates UTF-8 with ``UTF8Validator`` and rejects NUL bytes. Returns the first problem
    /// (an invalid sequence is reported at its lead byte), nil when the bytes are clean.
    static func utf8Problem(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Problem? {
        var i = start
        while i < p.count {
            let b = p[i]
            if b < 0x80 {
                if b == 0 {
                    return Problem(
                        offset: i,
                        message: "NUL byte at byte offset \(i): not a text file, or UTF-16 without a byte-order mark; "
                            + "export it as UTF-8")
                }
                i += 1
                continue
            }
            guard let length = UTF8Validator.sequenceLength(in: p, at: i) else { return invalid(at: i, byte: b) }
            i += length
        }
        return nil
    }

    private static func invalid(at offset: Int, byte: UInt8) -> Problem {
        Problem(
            offset: offset,
            message: "invalid UTF-8 (byte \(Hex.byte(byte)) at byte offset \(offset)): the file is not UTF-8, "
                + "it looks like Windows-1252 or Latin-1; export it again as UTF-8")
    }

    /// The 1-based line that contains byte `offset` (line feeds before it, plus one).
    static func line(of offset: Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        var i = 0
        while i < offset && i < p.count {
            if p[i] == 0x0A { line += 1 }
            i += 1
        }
        return line
    }
}

/// Upper-case hexadecimal spelling of bytes for messages (`0xFC`).
enum Hex {
    /// `0xFC` for 252.
    static func byte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0x0F)])
    }
}
