/// Byte-level helpers over valid UTF-8 shared by the escaping functions and `NoteRenderer`.
///
/// Working on bytes keeps a 1 MiB note fast even in debug builds. Every function removes or
/// inserts whole scalars only, so valid UTF-8 in gives valid UTF-8 out.
enum TextBytes {
    /// The UTF-8 bytes of `text` without the characters docs/reliability.md P7 strips: C0 controls
    /// other than TAB, LF and CR (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F), and the
    /// noncharacters U+FFFE and U+FFFF (UTF-8 `EF BF BE` / `EF BF BF`).
    static func strippedBytes(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                index += 1
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF,
                bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
            {
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// Whether some UTF-8 byte of `text` satisfies `predicate`, read in place (the escaping
    /// checks run for every text of every page; `String.UTF8View`'s iterator cost 20–30
    /// instructions a byte, 213 M of a full build). WktCore's `containsUTF8Byte(where:)` is the
    /// same test; this module does not depend on WktCore.
    @inline(__always)
    static func containsByte(_ text: String, where predicate: (UInt8) -> Bool) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: predicate) }) { return found }
        return text.utf8.contains(where: predicate)
    }

    /// ``containsByte(_:where:)`` with a test of eight bytes at a time first: `mayHold` tells,
    /// from eight bytes read as one number, whether any of them can satisfy `predicate` (it may
    /// say yes for none, never no for one); only then are they tested one by one. The escaping
    /// checks run 320,000 times in a full build, nearly always on text they leave alone.
    @inline(__always)
    static func containsByte(
        _ text: String, where predicate: (UInt8) -> Bool, wordsFirst mayHold: (UInt64) -> Bool
    ) -> Bool {
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                if mayHold(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                   bytes[offset..<offset + 8].contains(where: predicate)
                {
                    return true
                }
                offset += 8
            }
            return bytes[offset...].contains(where: predicate)
        }
        return inPlace ?? text.utf8.contains(where: predicate)
    }

    /// Tests on eight bytes read as one number (`UInt64`, any byte order): exact answers to
    /// "does any byte …", from the bit tricks in Sean Anderson's "Bit Twiddling Hacks".
    enum Word {
        private static let ones: UInt64 = 0x0101_0101_0101_0101
        private static let highs: UInt64 = 0x8080_8080_8080_8080

        /// Whether some byte of `word` is below `limit` (at most 128).
        @inline(__always)
        static func hasByte(below limit: UInt8, in word: UInt64) -> Bool {
            (word &- ones &* UInt64(limit)) & ~word & highs != 0
        }

        /// Whether some byte of `word` equals `byte`.
        @inline(__always)
        static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
            hasByte(below: 1, in: word ^ (ones &* UInt64(byte)))
        }

        /// Whether some byte of `word` is 0x80 or above (not ASCII).
        @inline(__always)
        static func hasNonASCII(_ word: UInt64) -> Bool {
            word & highs != 0
        }
    }

    /// Whether `byte` may be removed by ``strippedBytes(_:)``: a C0 control other than TAB, LF
    /// and CR, or `EF`, the lead byte of U+FFFE and U+FFFF. Text without such bytes is returned
    /// unchanged by it.
    static func mayBeStripped(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF
    }

    /// Decodes bytes produced by the helpers above (always valid UTF-8).
    static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `byte` is ASCII punctuation as CommonMark defines it (the characters a backslash
    /// can escape): `!"#$%&'()*+,-./:;<=>?@[\]^_{|}~` and the backtick.
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// Appends the UTF-8 bytes of `text` to `output`.
    static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
