/// What a `MarkdownRenderer` does with link and image destinations after parsing.
public enum LinkPolicy: Equatable, Sendable {
    /// cmark-gfm's safe mode only: `javascript:`, `vbscript:`, `file:` and `data:` URLs (except
    /// `data:image/png|gif|jpeg|webp`) become `href=""`/`src=""`. Every other destination,
    /// including `//host` and unknown schemes such as `x:`, is kept. For Markdown that wkt-site
    /// generates itself, whose links are generated slugs.
    case safeMode
    /// For user text (docs/reliability.md P6/P7), on top of safe mode:
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
        var destination = destination
        return destination.withUTF8 { isWebDestination(bytes: $0) }
    }

    /// The byte form of ``isWebDestination(_:)``, used on each link of a note. A plain loop:
    /// the generic version cost ~7 µs a link in debug builds, 10 ms for a note of 1,333 links.
    static func isWebDestination(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for prefix in webPrefixes where bytes.count >= prefix.count {
            var matches = true
            for index in 0..<prefix.count where asciiLowercase(bytes[index]) != prefix[index] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// The destinations `webOnly` keeps, lowercase.
    private static let webPrefixes: [[UInt8]] = ["http://", "https://", "mailto:"].map { Array($0.utf8) }

    /// Lowercases an ASCII letter byte; every other byte is returned unchanged.
    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
