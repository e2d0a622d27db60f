/// One file of the generated site: where it goes and its exact bytes.
///
/// ``path`` is relative to the site root, `/`-separated, with no empty, `.` or `..` component
/// and no component starting with `.` (``SiteBuilder`` checks every path before returning it).
public struct SiteFile: Sendable, Equatable {
    /// The path below the site root, e.g. `exercises/bench-press-barbell.html`.
    public let path: String
    /// The file's contents.
    public let bytes: [UInt8]

    /// Creates a file.
    /// - Parameters:
    ///   - path: `/`-separated path relative to the site root.
    ///   - bytes: The contents.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates a text file stored as UTF-8.
    /// - Parameters:
    ///   - path: `/`-separated path relative to the site root.
    ///   - text: The contents.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
