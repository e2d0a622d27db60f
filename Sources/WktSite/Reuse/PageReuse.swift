import WktCore

/// How one build may reuse the pages of the previous one (``SiteBuilder/buildSite(_:)``).
///
/// A workout or exercise page whose inputs are unchanged (its ``PageKeys`` key equals the one
/// the previous build recorded) is taken from the previous site's file: its title, description
/// and body bytes are spliced into this build's layout, which carries the new build ID and
/// footer. The file must still be exactly what the previous build wrote (size and
/// ``ContentHash``), or the page is composed and rendered as usual. The result is byte-identical
/// to a build without reuse; tests compare both after many kinds of change.
public struct PageReuse: Sendable {
    /// Who renders: the executable's path, size and modification time (`in-process` in tests).
    /// Pages written by another binary are never reused: it may compose them differently.
    public let identity: String
    /// The manifest the previous build recorded (``SiteBuild/pageManifest``), if any; other
    /// lines before it (the rest of the marker file it is kept in) are skipped.
    public let previousManifest: String?
    /// Reads a file of the previous build by its site path (`workouts/x.html`); nil when it
    /// cannot be read. It must not follow a symbolic link.
    public let readPrevious: @Sendable (_ path: String) -> [UInt8]?

    /// Reuse settings.
    /// - Parameters:
    ///   - identity: the renderer's identity.
    ///   - previousManifest: the previous build's manifest, or nil for none.
    ///   - readPrevious: reads one file of the previous build.
    public init(identity: String, previousManifest: String?, readPrevious: @escaping @Sendable (_ path: String) -> [UInt8]?) {
        self.identity = identity
        self.previousManifest = previousManifest
        self.readPrevious = readPrevious
    }
}

/// The result of ``SiteBuilder/buildSite(_:)``.
public struct SiteBuild: Sendable {
    /// Every file, sorted by path.
    public let files: [OutputFile]
    /// The manifest to record for the next build (see ``PageReuse``); nil when the build was
    /// made without ``SiteBuildInput/pageReuse``.
    public let pageManifest: String?
    /// How many pages were taken over from the previous build.
    public let reusedPages: Int
}
