/// One file of a generated site: where it goes and what it holds. `WktSite` produces them
/// (pure), `WktIO` publishes them.
///
/// `path` is relative to the site root and `/`-separated (`exercises/squat/index.html`);
/// `SiteBuilder` and `SitePublisher` both validate it before anything touches the disk.
public struct OutputFile: Sendable, Equatable {
    /// The file's path inside the site, relative and `/`-separated.
    public let path: String
    /// The file's exact bytes.
    public let bytes: [UInt8]

    /// A file at `path` (relative, `/`-separated) holding `bytes`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A file at `path` holding the UTF-8 of `text`.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
