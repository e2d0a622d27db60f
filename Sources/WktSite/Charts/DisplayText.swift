/// Shortening of text drawn where space is fixed (chart labels and legends).
///
/// Escaping is not done here: every piece of text still goes through
/// `WktMarkdown.HTMLEscaping.escapeHTML(_:)` when it is written.
public enum DisplayText {
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
}
