/// Escaping for text that goes into inline SVG and HTML (RELIABILITY.md §P7).
///
/// One rule serves element text (`<text>`, `<title>`, `<desc>`, table cells, headings) and
/// double-quoted attribute values (`aria-label`, `data-*`, `title`): characters that XML 1.0
/// forbids are removed, then `& < > " '` become entities. Never use it for `href`, `src`,
/// `style` or `on*` attributes: those never carry user data at all.
public enum SVGEscaping {
    /// Removes the characters XML 1.0 does not allow: the C0 controls except TAB, LF and CR
    /// (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F) and the non-characters U+FFFE and U+FFFF.
    ///
    /// - Parameter text: Any text, typically a name from the store.
    /// - Returns: The text without those characters; everything else is kept as written.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isForbidden(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Sanitizes `text` (see ``sanitize(_:)``) and escapes `&`, `<`, `>`, `"` and `'`.
    ///
    /// The result is safe as element content and inside a double-quoted attribute value.
    /// Escaping is applied exactly once: a literal `&amp;` in a name is shown as `&amp;`.
    /// - Parameter text: Raw text.
    /// - Returns: The escaped text.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if !isForbidden(scalar) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Shortens `text` to at most `maxCharacters` grapheme clusters, ending it with `…` when cut.
    ///
    /// Used for labels drawn inside a chart, where a 10,000-character exercise name would
    /// overflow; the full text stays in tooltips and the data table.
    /// - Parameters:
    ///   - text: Raw text (not yet escaped).
    ///   - maxCharacters: The limit, at least 1.
    /// - Returns: `text` itself, or its first `maxCharacters - 1` characters followed by `…`.
    public static func clipped(_ text: String, maxCharacters: Int) -> String {
        let limit = max(1, maxCharacters)
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
