import Dispatch
import Synchronization

/// Parses the previous build's page manifest and reads the reusable pages it lists on a
/// background thread, started before the history is loaded (``PreviousSite/startingReads(renderer:)``),
/// so the parallel stage finds them in memory. Pages whose key turns out to have changed were
/// read for nothing; that costs less than reading the others on the critical path.
///
/// Each page read is checked on the same thread to be still exactly what the previous build
/// wrote (``PageManifest/Entry/isIntact(_:)``: size and slot hash) and kept only then. The
/// check hashes every page's layout slots, 38 MB for the 10-year demo (42 M instructions, about
/// 2 % of a one-workout rebuild); here it runs while the other core loads the history, instead
/// of in the page stage, where both cores are busy.
final class PagePrefetch: Sendable {
    /// The manifest (nil when it did not parse or another renderer wrote it) and path → bytes,
    /// each filled once by the background thread.
    private let state = Mutex<(manifest: PageManifest?, pages: [String: [UInt8]])>((nil, [:]))
    /// Left when the manifest is parsed.
    private let parsed = DispatchGroup()
    /// Left when every page has been read.
    private let done = DispatchGroup()
    /// Set by ``discard()``: the pages not read yet are not read.
    private let discarded = Atomic<Bool>(false)
    /// Whether the reads are over, and the work ``afterReads(_:)`` queued for this thread.
    private let followUp = Mutex<(finished: Bool, work: [@Sendable () -> Void])>((false, []))

    /// Starts the work: `parse` gives the manifest and the paths to read, then each path is read
    /// with `read` and kept when the manifest has an entry for it that its bytes match.
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
            var pages = [String: [UInt8]](minimumCapacity: paths.count)
            for path in paths {
                if discarded.load(ordering: .relaxed) { break }
                guard let entry = manifest?.entries[path], let bytes = read(path), entry.isIntact(bytes) else { continue }
                pages[path] = bytes
            }
            state.withLock { swap(&$0.pages, &pages) }
            done.leave()
            let work = followUp.withLock { followUp in
                followUp.finished = true
                return followUp.work
            }
            for item in work { item() }
        }
    }

    /// Runs `work` on this thread once every page has been read (on a thread of libdispatch's
    /// pool at once when they already are): the core the reads kept busy is then free, and a
    /// thread waiting for them instead would sit in libdispatch's pool.
    func afterReads(_ work: @escaping @Sendable () -> Void) {
        let queued = followUp.withLock { followUp in
            guard !followUp.finished else { return false }
            followUp.work.append(work)
            return true
        }
        if !queued { DispatchQueue.global(qos: .userInitiated).async(execute: work) }
    }

    /// The parsed manifest, waiting for the parse.
    var manifest: PageManifest? {
        parsed.wait()
        return state.withLock { $0.manifest }
    }

    /// Lets go of every page read and stops the reads not done yet, waiting for the one in
    /// progress: for a build none of whose pages can be taken over (``IncrementalBuild``). Later
    /// ``take(_:)`` calls get nil.
    func discard() {
        discarded.store(true, ordering: .relaxed)
        done.wait()
        let pages = state.withLock { state -> [String: [UInt8]] in
            var pages: [String: [UInt8]] = [:]
            swap(&state.pages, &pages)
            return pages
        }
        _ = consume pages
    }

    /// Whether ``discard()`` was called.
    var isDiscarded: Bool { discarded.load(ordering: .relaxed) }

    /// The bytes of the page at `path`, waiting for the reads to finish, handed over: a second
    /// call for the same path gets nil, as does a path that could not be read, was not asked
    /// for or whose bytes are not what its manifest entry records. Taken out, the bytes are the caller's only copy, so the page can be spliced in
    /// place (``LayoutSkeleton/spliceInPlace(_:slots:)``) and freed as soon as it is written.
    func take(_ path: String) -> [UInt8]? {
        done.wait()
        return state.withLock { $0.pages.removeValue(forKey: path) }
    }
}
