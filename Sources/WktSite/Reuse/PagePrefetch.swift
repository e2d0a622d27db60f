import Dispatch

/// Reads the previous build's reusable pages on a background thread while the statistics and
/// the site model are computed (a single-threaded stretch of the build), so the parallel stage
/// finds them in memory. Pages whose key turns out to have changed were read for nothing; that
/// costs less than reading the others on the critical path.
final class PagePrefetch: @unchecked Sendable {
    /// Path → bytes. Written only by the reading thread before it leaves `group`; read only
    /// after `group.wait()` returned, which orders the two.
    private var pages: [String: [UInt8]] = [:]
    /// Left when every page has been read.
    private let group = DispatchGroup()

    /// Starts reading `paths` with `read`.
    init(paths: [String], read: @escaping @Sendable (String) -> [UInt8]?) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var pages: [String: [UInt8]] = [:]
            pages.reserveCapacity(paths.count)
            for path in paths { pages[path] = read(path) }
            self.pages = pages
            group.leave()
        }
    }

    /// The bytes of the page at `path`, waiting for the reads to finish; nil when it could not
    /// be read or was not asked for.
    func bytes(_ path: String) -> [UInt8]? {
        group.wait()
        return pages[path]
    }
}
