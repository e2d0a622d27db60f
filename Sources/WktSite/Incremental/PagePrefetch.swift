import Dispatch
import Synchronization

/// Parses the previous build's page manifest and reads the reusable pages it lists on a
/// background thread, started before the history is loaded (``PreviousSite/startingReads(renderer:)``),
/// so the parallel stage finds them in memory. Pages whose key turns out to have changed were
/// read for nothing; that costs less than reading the others on the critical path.
final class PagePrefetch: Sendable {
    /// The manifest (nil when it did not parse or another renderer wrote it) and path → bytes,
    /// each filled once by the background thread.
    private let state = Mutex<(manifest: PageManifest?, pages: [String: [UInt8]])>((nil, [:]))
    /// Left when the manifest is parsed.
    private let parsed = DispatchGroup()
    /// Left when every page has been read.
    private let done = DispatchGroup()

    /// Starts the work: `parse` gives the manifest and the paths to read, then each path is read
    /// with `read`.
    init(
        read: @escaping @Sendable (String) -> [UInt8]?,
        parse: @escaping @Sendable () -> (manifest: PageManifest?, paths: [String])
    ) {
        parsed.enter()
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let (manifest, paths) = parse()
            state.withLock { $0.manifest = manifest }
            parsed.leave()
            var pages = paths.reduce(into: [String: [UInt8]](minimumCapacity: paths.count)) { $0[$1] = read($1) }
            state.withLock { swap(&$0.pages, &pages) }
            done.leave()
        }
    }

    /// The parsed manifest, waiting for the parse.
    var manifest: PageManifest? {
        parsed.wait()
        return state.withLock { $0.manifest }
    }

    /// The bytes of the page at `path`, waiting for the reads to finish, handed over: a second
    /// call for the same path gets nil, as does a path that could not be read or was not asked
    /// for. Taken out, the bytes are the caller's only copy, so the page can be spliced in
    /// place (``LayoutSkeleton/spliceInPlace(_:slots:)``) and freed as soon as it is written.
    func take(_ path: String) -> [UInt8]? {
        done.wait()
        return state.withLock { $0.pages.removeValue(forKey: path) }
    }
}
