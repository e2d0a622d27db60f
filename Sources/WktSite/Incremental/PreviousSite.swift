import Dispatch
/// The site the previous build left in the output folder, as far as the next build needs it:
/// the stamp and the page manifest it recorded in its marker, whether its home page is there,
/// and a reader for its pages. WktApp reads it through WktIO's `FileSystem` seam; this module
/// never touches the disk for it.
public struct PreviousSite: Sendable {
    /// The build stamp its marker records (``BuildFingerprint/stamp(storeDigest:today:)``).
    public let stamp: String?
    /// What the build recorded after the stamp in its marker: the page manifest
    /// (``SiteBuild/record``); other lines before the manifest's header are skipped.
    public let record: String?
    /// Whether its home page exists (a folder with a marker but no `index.html` is no site to keep).
    public let hasHomePage: Bool
    /// Reads one of its files by site path (`workouts/x.html`); nil when it cannot be read. It
    /// must read regular files only and never follow a symbolic link: the paths come from the
    /// marker, a file in the output folder.
    let read: @Sendable (_ path: String) -> [UInt8]?
    /// The reads ``startingReads(renderer:)`` started, with the renderer they were started for.
    private(set) var early: (renderer: String, started: IncrementalBuild.Started)?

    /// A previous site.
    /// - Parameters:
    ///   - stamp: the stamp its marker records, or nil.
    ///   - record: the rest of its marker (the page manifest), or nil.
    ///   - hasHomePage: whether `index.html` exists.
    ///   - read: reads one of its files by site path.
    public init(stamp: String?, record: String?, hasHomePage: Bool, read: @escaping @Sendable (_ path: String) -> [UInt8]?) {
        self.stamp = stamp
        self.record = record
        self.hasHomePage = hasHomePage
        self.read = read
    }

    /// No previous site: every page is rendered (`--force`, a first build). The build still
    /// records its manifest for the next one.
    public static let none = PreviousSite(stamp: nil, record: nil, hasHomePage: false) { _ in nil }

    /// This previous site with its reusable pages already being read in the background, for a
    /// build by `renderer` (``SiteBuildInput/renderer``): the caller starts them before loading
    /// the history, when a core is otherwise idle (a build given this value takes the pages
    /// from there; one by another renderer starts its own reads).
    public func startingReads(renderer: String) -> PreviousSite {
        var copy = self
        copy.early = (renderer, IncrementalBuild.start(previous: self, renderer: renderer))
        return copy
    }

    /// Whether ``startingReads(renderer:)`` started reading pages on another thread (there was
    /// a manifest to read them from): that thread then keeps a core busy while the history loads.
    public var isReadingPages: Bool { early?.started.prefetch != nil }

    /// Runs `work` on the thread reading the pages once it has read them
    /// (``startingReads(renderer:)``), or on a thread of its own at once when no reads were
    /// started: the history load's second reader in a rebuild, which then takes over the core
    /// the reads kept busy.
    public func afterPageReads(_ work: @escaping @Sendable () -> Void) {
        if let prefetch = early?.started.prefetch {
            prefetch.afterReads(work)
        } else {
            DispatchQueue.global(qos: .userInitiated).async(execute: work)
        }
    }

    /// The reads for a build by `renderer`: those ``startingReads(renderer:)`` started for it,
    /// else new ones.
    func reads(for renderer: String) -> IncrementalBuild.Started {
        if let early, early.renderer == renderer { return early.started }
        return IncrementalBuild.start(previous: self, renderer: renderer)
    }

    /// Whether the site there already is what a build with `stamp` would write.
    public func isUpToDate(stamp: String) -> Bool {
        self.stamp == stamp && hasHomePage
    }
}
