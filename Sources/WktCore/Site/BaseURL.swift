/// The one rule for a site's base URL, shared by `base_url` in `wkt-site.toml` (a config error,
/// exit 65) and `--base-url` (a usage error, exit 64) (docs/reliability.md A-13).
///
/// A base URL is used verbatim in the sitemap, the Atom feed and the 404 page, so it must be an
/// absolute `http://` or `https://` URL with a host, and free of characters that would need
/// escaping in a link: no whitespace or control characters, no quotes, `<`, `>`, `\`, `` ` ``,
/// `{`, `}`, `|`, `^`, and no query (`?`) or fragment (`#`), which cannot take page paths after
/// them. At most ``maxLength`` characters.
public enum BaseURL {
    /// The longest base URL accepted (URLs longer than this are not portable in links).
    public static let maxLength = 2_000

    /// Why a text is not a usable base URL.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text as given.
        public let text: String
        /// The rule it breaks, in words.
        public let rule: String

        /// `"TEXT" is not a valid base URL: RULE` (the text quoted, escaped and cut to 80 characters).
        public var description: String { MessageText.quoted(text) + " is not a valid base URL: " + rule }
    }

    /// Checks `text` and returns it ending in `/` (so page paths can be appended).
    /// - Throws: ``Invalid`` naming the rule broken.
    public static func validate(_ text: String) throws(Invalid) -> String {
        func fail(_ rule: String) -> Invalid { Invalid(text: text, rule: rule) }
        guard text.unicodeScalars.count <= maxLength else { throw fail("longer than \(maxLength) characters") }
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else {
            throw fail("expected an absolute http(s) URL such as https://example.org/lifting/")
        }
        let forbidden: Set<Unicode.Scalar> = [" ", "\"", "'", "<", ">", "\\", "`", "{", "}", "|", "^", "?", "#"]
        if text.unicodeScalars.contains(where: { MessageText.isControl($0) || $0.properties.isWhitespace || forbidden.contains($0) }) {
            throw fail("may not contain spaces, quotes, <, >, \\, ?, # or control characters")
        }
        let rest = String(text.unicodeScalars.dropFirst(scheme.unicodeScalars.count))
        let authority = rest.prefix { $0 != "/" }
        let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let host = hostPort.hasPrefix("[") ? hostPort : (hostPort.split(separator: ":", omittingEmptySubsequences: false).first ?? hostPort)
        guard !host.isEmpty else { throw fail("needs a host after \(scheme)") }
        return text.hasSuffix("/") ? text : text + "/"
    }
}
