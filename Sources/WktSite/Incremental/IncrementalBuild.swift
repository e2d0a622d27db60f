import WktCore

/// Incremental builds behind one narrow interface: ``SiteBuilder`` asks it for a reusable page
/// before composing one (``decide(_:)``) and records each page it rendered
/// (``entry(key:file:slots:)``); page composers never see it.
///
/// A workout or exercise page whose inputs are unchanged (its ``PageKeys`` key equals the one
/// the previous build recorded in its manifest) is taken from the previous site's file: its
/// title, description, share tags and body bytes are spliced into this build's layout, which
/// carries the new build ID and footer. The file must still be exactly what the previous build
/// wrote (size and ``InputDigest``), or the page is composed and rendered as usual. The result is
/// byte-identical to a build without reuse; `PageReuseTests` compares both after many kinds of
/// change.
///
/// It starts in two steps because the previous pages are read while the statistics are computed:
/// ``start(previous:renderer:)`` parses the manifest and starts reading, then
/// ``init(started:fingerprint:configuration:composer:renderer:storedDigests:releaseFreeMemory:)`` adds this build's page keys.
struct IncrementalBuild: Sendable {
    /// The previous build's manifest and pages, being read.
    struct Started: Sendable {
        /// ``PageManifest/rendererDigest(identity:)`` of this build's renderer.
        let rendererDigest: String
        /// The previous build's manifest and reusable pages, parsed and read on a background
        /// thread; nil when it recorded none.
        let prefetch: PagePrefetch?
        /// Reads a previous page that was not prefetched.
        let read: @Sendable (String) -> [UInt8]?

        /// The previous manifest, when it parsed and was written by the same renderer (waits
        /// for the parse).
        var manifest: PageManifest? { prefetch?.manifest }
    }

    /// Starts parsing the previous build's manifest (kept only when the same renderer wrote it)
    /// and reading the pages it lists that this build can produce, both on a background thread:
    /// the manifest of the 10-year demo (2,300 lines, each path checked) takes about 15 ms, which
    /// the calling thread would otherwise spend before loading the history.
    static func start(previous: PreviousSite, renderer: String) -> Started {
        let digest = PageManifest.rendererDigest(identity: renderer)
        let prefetch = previous.record.map { record in
            PagePrefetch(read: previous.read) {
                let manifest = PageManifest(parsing: record[...]).flatMap { $0.renderer == digest ? $0 : nil }
                // Only paths this build can produce: the manifest comes from a file in the site.
                let paths = manifest?.entries.keys.filter { path in
                    (path.hasPrefix("workouts/") || path.hasPrefix("exercises/") || path.hasPrefix("years/")
                        || path.hasPrefix("history/") || path.hasPrefix("records/"))
                        && (try? SitePaths.validate(path, source: "page manifest")) != nil
                } ?? []
                return (manifest, paths)
            }
        }
        return Started(rendererDigest: digest, prefetch: prefetch, read: previous.read)
    }

    /// The previous build, being read.
    private let started: Started
    /// This build's renderer (its skeletons carry the new build ID and footer).
    private let renderer: PageRenderer
    /// This build's page keys.
    private let keys: PageKeys
    /// The previous manifest (``Started/manifest``, taken once: its parse is long done by now).
    private let manifest: PageManifest?

    /// This build's side.
    /// - Parameters:
    ///   - started: ``start(previous:renderer:)``'s result.
    ///   - fingerprint: this build's fingerprint (the renderer's identity).
    ///   - configuration: ``BuildFingerprint/configuration(storedSchedule:)`` of this build.
    ///   - composer: this build's composer.
    ///   - renderer: this build's page renderer.
    ///   - storedDigests: the digests of the workouts of the history the site model was made from.
    ///   - releaseFreeMemory: gives the allocator's free memory back to the system; called once
    ///     the previous pages are let go, when none of them can be taken over.
    init(
        started: Started, fingerprint: BuildFingerprint, configuration: String, composer: PageComposer, renderer: PageRenderer,
        storedDigests: StoredWorkoutDigests, releaseFreeMemory: @Sendable () -> Void = {}
    ) {
        self.started = started
        self.manifest = started.manifest
        self.renderer = renderer
        self.keys = PageKeys(
            composer: composer, configuration: configuration, identity: fingerprint.renderer, storedDigests: storedDigests)
        // Every page key starts with the global digest: when it changed (a setting, the title, the
        // templates), no page of the previous build can be taken over. Its pages, read before
        // the statistics (41 MB for the 10-year demo), are let go now instead of at the end of
        // the build, and their memory given back before this build renders every page again: the
        // reading thread's pool cannot serve the rendering threads, so both sets of pages were
        // held at once (the 10-year demo's rebuild after a new title peaked at 130 MiB, now 95).
        if let previous = manifest?.global, previous != keys.global, let prefetch = started.prefetch {
            prefetch.discard()
            releaseFreeMemory()
        }
    }

    /// What to do with one page: take it over, or render it (and record it under its key, if any).
    enum Decision: Sendable {
        /// The previous build's page, spliced into this build's layout, and its manifest entry.
        case reuse(OutputFile, PageManifest.Entry)
        /// Render it; `key` is its path and key when the next build may reuse it.
        case render(key: (path: String, key: UInt64)?)
    }

    /// Whether the page of `job` is taken over from the previous build. It is rendered when it is
    /// always rendered, has no entry or another key, when the file is missing or not exactly what
    /// was written, or when this build's layout has no matching skeleton.
    func decide(_ job: PageJob) -> Decision {
        guard let keyed = keys.key(for: job) else { return .render(key: nil) }
        let path = keyed.path
        guard let entry = manifest?.entries[path], entry.key == keyed.key,
              let skeleton = renderer.skeleton(
                  depth: path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }, section: PageKeys.section(for: job)),
              // Prefetched pages were checked against `entry` when read; one read now is checked here.
              var bytes = started.prefetch?.take(path) ?? started.read(path).flatMap({ entry.isIntact($0) ? $0 : nil }),
              let slots = skeleton.spliceInPlace(&bytes, slots: entry.slots)
        else { return .render(key: keyed) }
        // The slot bytes are the same, so is their hash.
        return .reuse(
            OutputFile(path: path, bytes: bytes),
            PageManifest.Entry(key: keyed.key, slotHash: entry.slotHash, size: bytes.count, slots: slots))
    }

    /// The manifest entry of a page this build rendered under `key` (``decide(_:)``), with its
    /// layout `slots`; nil when the page is always rendered.
    static func entry(key: (path: String, key: UInt64)?, file: OutputFile, slots: [Range<Int>]?) -> PageManifest.Entry? {
        guard let key, let slots, key.path == file.path else { return nil }
        return PageManifest.Entry(key: key.key, slotHash: InputDigest.of(file.bytes, ranges: slots), size: file.bytes.count, slots: slots)
    }

    /// The manifest to record for the next build.
    func record(_ entries: [String: PageManifest.Entry]) -> String {
        PageManifest(renderer: started.rendererDigest, global: keys.global, entries: entries).text
    }
}
