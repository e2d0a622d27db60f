import Dispatch
import Synchronization

/// Reads the previous build's reusable pages on a background thread while the statistics and
/// the site model are computed (a single-threaded stretch of the build), so the parallel stage
/// finds them in memory. Pages whose key turns out to have changed were read for nothing; that
/// costs less than reading the others on the critical path.
final class PagePrefetch: Sendable {
    /// Path → bytes, filled once by the reading thread.
    private let pages = Mutex<[String: [UInt8]]>([:])
    /// Left when every page has been read.
    private let done = DispatchGroup()

    /// Starts reading `paths` with `read`.
    init(paths: [String], read: @escaping @Sendable (String) -> [UInt8]?) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var read = paths.reduce(into: [String: [UInt8]](minimumCapacity: paths.count)) { $0[$1] = read($1) }
            pages.withLock { swap(&$0, &read) }
            done.leave()
        }
    }

    /// The bytes of the page at `path`, waiting for the reads to finish; nil when it could not
    /// be read or was not asked for.
    func bytes(_ path: String) -> [UInt8]? {
        done.wait()
        return pages.withLock { $0[path] }
    }
}
