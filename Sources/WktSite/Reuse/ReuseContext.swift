import WktCore

/// One build's side of ``PageReuse``: the keys, the previous manifest (when it was written by
/// the same renderer) and the splice of a previous page into this build's layout.
struct ReuseContext: Sendable {
    /// The caller's settings and file reader.
    let reuse: PageReuse
    /// This build's renderer (its skeletons carry the new build ID and footer).
    let renderer: PageRenderer
    /// The page keys of this build.
    let keys: PageKeys
    /// ``PageManifest/rendererDigest(identity:)`` of this build.
    let rendererDigest: String
    /// The previous build's manifest, if it parsed and has the same renderer.
    let previous: PageManifest?
    /// The previous build's pages, read while the site model was computed.
    let prefetch: PagePrefetch?

    /// The previous build's manifest when it was written by the renderer of `reuse`.
    static func previousManifest(_ reuse: PageReuse) -> PageManifest? {
        let digest = PageManifest.rendererDigest(identity: reuse.identity)
        return reuse.previousManifest.flatMap { PageManifest(parsing: $0[...]) }.flatMap { $0.renderer == digest ? $0 : nil }
    }

    /// A context for one build.
    /// - Parameters:
    ///   - reuse: the caller's reuse settings.
    ///   - previous: ``previousManifest(_:)`` of `reuse`.
    ///   - prefetch: the previous pages being read, if `previous` has any.
    ///   - renderer: this build's renderer.
    ///   - keys: this build's page keys.
    init(reuse: PageReuse, previous: PageManifest?, prefetch: PagePrefetch?, renderer: PageRenderer, keys: PageKeys) {
        self.reuse = reuse
        self.renderer = renderer
        self.keys = keys
        self.rendererDigest = PageManifest.rendererDigest(identity: reuse.identity)
        self.previous = previous
        self.prefetch = prefetch
    }

    /// The previous build's file at `path`: prefetched, else read now.
    private func prefetched(_ path: String) -> [UInt8]? {
        prefetch?.bytes(path) ?? reuse.readPrevious(path)
    }

    /// The page at `path` taken over from the previous build, or nil when it must be rendered:
    /// no entry, another key, a file that is missing or not exactly what was written, or a
    /// layout whose slots do not match.
    func reusedPage(path: String, key: UInt64, section: NavSection?) -> SiteBuilder.JobOutput? {
        guard let entry = previous?.entries[path], entry.key == key,
              let skeleton = renderer.skeleton(depth: path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }, section: section),
              let bytes = prefetched(path), bytes.count == entry.size,
              entry.slots.allSatisfy({ $0.upperBound <= bytes.count }),
              ContentHash.of(bytes, ranges: entry.slots) == entry.slotHash,
              let spliced = skeleton.splice(bytes, slots: entry.slots)
        else { return nil }
        var output = SiteBuilder.JobOutput(file: OutputFile(path: path, bytes: spliced.bytes), source: "page \(path) of the previous build")
        // The slot bytes are the same, so is their hash.
        output.manifestEntry = PageManifest.Entry(
            key: key, slotHash: entry.slotHash, size: spliced.bytes.count, slots: spliced.slots)
        output.reused = true
        return output
    }
}
