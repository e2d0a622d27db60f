/// Escaping of user and database text for HTML (docs/reliability.md P7).
///
/// A caseless namespace: every function is pure and safe to call from any task.
public enum HTMLEscaping {
    /// Removes the characters that must never reach a page: C0 controls other than TAB, LF and
    /// CR, and the noncharacters U+FFFE and U+FFFF. Everything else is kept as written.
    /// - Parameter text: any text.
    /// - Returns: `text` without U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF.
    public static func stripControlCharacters(_ text: String) -> String {
        guard TextBytes.containsByte(text, where: TextBytes.mayBeStripped) else { return text }
        return TextBytes.string(TextBytes.strippedBytes(text))
    }

    /// Escapes text for HTML element content and for double-quoted attribute values.
    ///
    /// `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;` (the same
    /// spellings as Mustache's `{{x}}`), after `stripControlCharacters(_:)`. Entities already in
    /// the text are escaped again on purpose, so `&amp;` is shown as written.
    /// - Parameter text: any text.
    /// - Returns: the escaped text.
    public static func escapeHTML(_ text: String) -> String {
        guard TextBytes.containsByte(text, where: { TextBytes.mayBeStripped($0) || isEscaped($0) }, wordsFirst: mayHoldChange)
        else { return text }
        let bytes = TextBytes.strippedBytes(text)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): TextBytes.append("&amp;", to: &output)
            case UInt8(ascii: "<"): TextBytes.append("&lt;", to: &output)
            case UInt8(ascii: ">"): TextBytes.append("&gt;", to: &output)
            case UInt8(ascii: "\""): TextBytes.append("&quot;", to: &output)
            case UInt8(ascii: "'"): TextBytes.append("&#39;", to: &output)
            default: output.append(byte)
            }
        }
        return TextBytes.string(output)
    }

    /// Whether some of the eight bytes in `word` may make ``escapeHTML(_:)`` change its text: a
    /// byte below 0x20 (a C0 control, or TAB, LF or CR, which it keeps), `EF`, or one of the
    /// five characters it escapes.
    @inline(__always)
    private static func mayHoldChange(_ word: UInt64) -> Bool {
        TextBytes.Word.hasByte(below: 0x20, in: word) || TextBytes.Word.hasByte(0xEF, in: word)
            || TextBytes.Word.hasByte(UInt8(ascii: "&"), in: word) || TextBytes.Word.hasByte(UInt8(ascii: "<"), in: word)
            || TextBytes.Word.hasByte(UInt8(ascii: ">"), in: word) || TextBytes.Word.hasByte(UInt8(ascii: "\""), in: word)
            || TextBytes.Word.hasByte(UInt8(ascii: "'"), in: word)
    }

    /// Whether `escapeHTML(_:)` replaces `byte` by an entity.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// Escapes text with `escapeHTML(_:)` and, if the text contains a bidi control, wraps the
    /// result in `<bdi>…</bdi>` so it cannot reorder the text around it.
    /// - Parameter text: a name or other short text shown inside a page.
    /// - Returns: the escaped text, wrapped in `<bdi>` only when `containsBidiControl(text)`.
    public static func escapeHTMLIsolatingBidi(_ text: String) -> String {
        let escaped = escapeHTML(text)
        return containsBidiControl(text) ? "<bdi>\(escaped)</bdi>" : escaped
    }

    /// Whether `text` contains a bidi formatting character: the embeddings and overrides
    /// U+202A–U+202E, the isolates U+2066–U+2069, or the marks U+200E, U+200F and U+061C
    /// (marks cannot open a run, but they do move neighbouring punctuation, so they are isolated
    /// as well).
    /// - Parameter text: any text.
    /// - Returns: `true` if one of those scalars occurs.
    public static func containsBidiControl(_ text: String) -> Bool {
        // Every bidi control is outside ASCII, so ASCII text needs no scalar decoding.
        TextBytes.containsByte(text, where: { $0 >= 0x80 }, wordsFirst: TextBytes.Word.hasNonASCII)
            && text.unicodeScalars.contains { isBidiControl($0) }
    }

    /// Whether `scalar` is one of the bidi formatting characters listed at
    /// `containsBidiControl(_:)`.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
