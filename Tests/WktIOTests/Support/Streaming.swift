import Dispatch
import Synchronization
import WktCore
import WktIO

/// What a streamed publish gave.
enum Streamed {
    /// `begin` returned nil: the previous build is reused, so nothing was streamed or touched.
    case notStreamed
    /// The session finished.
    case published(PublishReport)
}

/// Publishes `files` the way a streaming build does: `begin`, then every file written through
/// the session from several threads at once (so folders are created under contention), then
/// `finish`; after a failed write the session is abandoned and the first failure (in time)
/// thrown, with the temporary folder named if it could not be removed.
@available(macOS 15, *)
func streamed(
    _ publisher: SitePublisher, _ files: [OutputFile], to output: String, keep: [String] = SitePublisher.defaultKeep,
    sync: Bool = false, stamp: String? = nil, record: String? = nil,
    shouldStop: @escaping @Sendable () -> Bool = { false }
) throws(PublishError) -> Streamed {
    guard let session = try publisher.begin(to: output, keep: keep, shouldStop: shouldStop) else { return .notStreamed }
    let failure = Mutex<PublishError?>(nil)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        do throws(PublishError) {
            try session.write(files[index])
        } catch {
            failure.withLock { if $0 == nil { $0 = error } }
        }
    }
    if let error = failure.withLock({ $0 }) { throw session.abandon(after: error) }
    return .published(try session.finish(sync: sync, stamp: stamp, record: record))
}

/// The report of a streamed publish that must have streamed (nil when `begin` declined).
@available(macOS 15, *)
func streamedReport(
    _ publisher: SitePublisher, _ files: [OutputFile], to output: String, stamp: String? = nil, record: String? = nil
) throws(PublishError) -> PublishReport? {
    guard case .published(let report) = try streamed(publisher, files, to: output, stamp: stamp, record: record) else {
        return nil
    }
    return report
}

/// A site of `count` small files spread over nested folders (`d3/s1/p42.html`), so many writers
/// need the same folders at once.
func manyFiles(_ count: Int, version: String = "v1") -> [OutputFile] {
    (0..<count).map { index in
        let path = index % 5 == 0 ? "p\(index).html" : "d\(index % 7)/s\(index % 3)/p\(index).html"
        return OutputFile(path: path, text: "page \(index) \(version)\n")
    }
}
