/// The `Content-Type` of a served file, by its extension (docs/product.md "Local preview"): every
/// kind of file a build writes (`.html`, `.css`, `.svg`, `.xml`, `.json`) and what a user may put
/// beside them (`CNAME` and `.well-known/`) or in a custom theme. Text types carry
/// `charset=utf-8` (the build writes UTF-8 only); anything unknown is
/// `application/octet-stream`, which a browser downloads rather than guesses (`nosniff`).
enum ContentTypes {
    /// The type for a file name or path.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    /// Unknown types.
    static let fallback = "application/octet-stream"

    /// Extension (lower case) → type.
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "ico": "image/x-icon",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "pdf": "application/pdf",
    ]

    /// Whether a type is HTML (the only responses live reload touches).
    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
