import WktCore

/// The result of ``SiteBuilder/buildSite(_:)``.
public struct SiteBuild: Sendable {
    /// Every file, sorted by path.
    public let files: [OutputFile]
    /// What to record in the site's marker for the next build (its page manifest, read back as
    /// ``PreviousSite/record``); nil when the build was made without ``SiteBuildInput/previousSite``.
    public let record: String?
    /// How many pages were taken over from the previous build.
    public let reusedPages: Int
    /// Warnings for the user, one line each: user templates that keep pages off the fast layout
    /// path (``LayoutRenderer/fastPathFallbacks()``), so the build is slower than it could be.
    public var warnings: [String] = []
}
