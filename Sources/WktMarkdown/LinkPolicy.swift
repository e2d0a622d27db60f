/// What a `MarkdownRenderer` does with link and image destinations after parsing.
public enum LinkPolicy: Equatable, Sendable {
    /// cmark-gfm's safe mode only: `javascript:`, `vbscript:`, `file:` and `data:` URLs (except
    /// `data:image/png|gif|jpeg|webp`) become `href=""`/`src=""`. Every other destination,
    /// including `//host` and unknown schemes such as `x:`, is kept. For Markdown that wkt-site
    /// generates itself, whose links are generated slugs.
    case safeMode
    /// For user text (RELIABILITY.md P6/P7), on top of safe mode:
    /// * a link keeps its destination only if it starts, ASCII case-insensitively, with
    ///   `http://`, `https://` or `mailto:`; every other destination (relative paths, `#frag`,
    ///   `//host`, `x:`, entity- or percent-encoded schemes, leading blanks) becomes `href=""`;
    /// * images are replaced by their alt text, so no `src` attribute is ever emitted;
    /// * every link gets `rel="nofollow noopener noreferrer"`.
    case webOnly

    /// The `rel` value that `webOnly` adds to every link.
    public static let webOnlyRel = "nofollow noopener noreferrer"

    /// Whether `webOnly` keeps `destination` as written.
    ///
    /// The check runs on the destination as cmark-gfm stores it, i.e. after entity and backslash
    /// decoding, so `&#106;avascript:` is already `javascript:` here.
    /// - Parameter destination: a link destination as parsed by cmark-gfm.
    /// - Returns: `true` for `http://…`, `https://…` and `mailto:…` (scheme in any letter case).
    public static func isWebDestination(_ destination: String) -> Bool {
        let bytes = Array(destination.utf8.prefix(8))
        return ["http://", "https://", "mailto:"].contains { prefix in
            let wanted = Array(prefix.utf8)
            guard bytes.count >= wanted.count else { return false }
            return zip(bytes, wanted).allSatisfy { asciiLowercase($0) == $1 }
        }
    }

    /// Lowercases an ASCII letter byte; every other byte is returned unchanged.
    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
