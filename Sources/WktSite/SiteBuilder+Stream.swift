import Synchronization
import WktCore

/// Why ``SiteBuilder/streamSite(_:to:)`` stopped.
public enum SiteStreamError<SinkError: Error>: Error {
    /// Building failed: a bad base URL or template, a page that failed to render, or an unsafe
    /// or doubly used output path (naming both sources).
    case site(SiteError)
    /// The sink refused a file (it could not be written, or the build was interrupted).
    case sink(SinkError)
}

extension SiteStreamError: Equatable where SinkError: Equatable {}

/// The result of ``SiteBuilder/streamSite(_:to:)``: everything ``SiteBuild`` holds but the bytes.
public struct SiteStream: Sendable {
    /// Every file's path, sorted by UTF-8 bytes (the paths of ``SiteBuild/files``).
    public let paths: [String]
    /// As ``SiteBuild/record``.
    public let record: String?
    /// As ``SiteBuild/reusedPages``.
    public let reusedPages: Int
    /// As ``SiteBuild/warnings``.
    public let warnings: [String]
}

extension SiteBuilder {
    /// Builds every output file, as ``buildSite(_:)`` does, but hands each file to `sink` as soon
    /// as it is made instead of collecting the site: the render workers call `sink` concurrently,
    /// in no fixed order; then the built-in assets, `robots.txt` (with `noindex`) and the
    /// sitemap (it needs every path) follow from the calling thread. Each file's path is checked
    /// (``SitePaths``) and claimed before `sink` sees it, so a path used twice fails naming both
    /// sources (docs/reliability.md F-07) and `sink` never gets the second copy. A rendered page's
    /// manifest entry is computed before its bytes are let go. The files are those of
    /// ``buildSite(_:)``, byte for byte.
    ///
    /// On the first failure no further job is started; the jobs already running finish (their
    /// files may still reach `sink`). The error is that of the earliest failing job in job order
    /// (every job before it ran), so a build that fails in one place reports the same error
    /// whatever the scheduling. The caller discards what `sink` wrote.
    /// - Parameters:
    ///   - input: as for ``buildSite(_:)``.
    ///   - sink: writes one file; called from several threads at once.
    /// - Returns: the paths, record, reuse count and warnings.
    /// - Throws: ``SiteStreamError``: `.site` for the errors of ``buildSite(_:)``, `.sink` for the
    ///   first error `sink` threw.
    public static func streamSite<SinkError: Error>(
        _ input: SiteBuildInput, to sink: @Sendable (OutputFile) throws(SinkError) -> Void
    ) throws(SiteStreamError<SinkError>) -> SiteStream {
        let render: SiteRender
        do throws(SiteError) {
            render = try SiteRender(input)
        } catch {
            throw .site(error)
        }
        let claims = OutputClaims()
        var delivered = try ParallelMap.mapUntilFailure(render.jobs) { index, job -> Result<Delivered, SiteStreamError<SinkError>> in
            let output: JobOutput
            do throws(SiteError) {
                output = try render.output(of: job)
            } catch {
                return .failure(.site(error))
            }
            return deliver(output, index: index, claims: claims, sink: sink)
        }.get()
        for (offset, fixed) in render.fixedOutputs.enumerated() {
            let output = JobOutput(file: fixed.file, source: fixed.source)
            delivered.append(try deliver(output, index: render.jobs.count + offset, claims: claims, sink: sink).get())
        }
        var entries: [String: PageManifest.Entry] = [:]
        for item in delivered { if let entry = item.manifestEntry { entries[item.path] = entry } }
        // Sorting the paths and writing the page manifest (a few milliseconds each for a 10-year
        // history, at the end of the build, with the other core done) need nothing of each other:
        // one core each, as in ``buildSite(_:)``.
        var (paths, record) = ParallelMap.pair(
            { [delivered] in delivered.map(\.path).sorted(by: ByteOrder.precedes) },
            { [entries, render] in render.record(entries) })
        if let baseURL = render.sitemapBase {
            let sitemap = OutputFile(path: SitePaths.sitemap, text: Sitemap.document(paths: paths, baseURL: baseURL))
            let index = render.jobs.count + render.fixedOutputs.count
            let path = try deliver(JobOutput(file: sitemap, source: "sitemap"), index: index, claims: claims, sink: sink).get().path
            paths.insert(path, at: paths.firstIndex { !ByteOrder.precedes($0, path) } ?? paths.endIndex)
        }
        let stream = SiteStream(
            paths: paths, record: record, reusedPages: delivered.count { $0.reused }, warnings: render.warnings)
        SiteRender.releaseInBackground(consume render)
        return stream
    }

    /// What is kept of a file handed to the sink.
    struct Delivered: Sendable {
        /// Its path.
        let path: String
        /// Its manifest entry, as ``JobOutput/manifestEntry``.
        let manifestEntry: PageManifest.Entry?
        /// Whether it was taken over from the previous build.
        let reused: Bool
    }

    /// Checks the path of the file of job `index`, claims it, and hands the file to `sink`.
    static func deliver<SinkError: Error>(
        _ output: JobOutput, index: Int, claims: OutputClaims, sink: (OutputFile) throws(SinkError) -> Void
    ) -> Result<Delivered, SiteStreamError<SinkError>> {
        do throws(SiteError) {
            try SitePaths.validate(output.file.path, source: output.source)
            try claims.claim(output.file.path, job: index, source: output.source)
        } catch {
            return .failure(.site(error))
        }
        do throws(SinkError) {
            try sink(output.file)
        } catch {
            return .failure(.sink(error))
        }
        return .success(Delivered(path: output.file.path, manifestEntry: output.manifestEntry, reused: output.reused))
    }
}

/// The output paths claimed so far in a streamed build, shared by the render workers: a path
/// claimed twice is an error naming both sources, in job order (docs/reliability.md F-07).
/// Paths are compared as bytes, as on disk.
final class OutputClaims: Sendable {
    private let claimed = Mutex<[[UInt8]: (job: Int, source: String)]>([:])

    /// Claims `path` for the file of `job` made by `source`.
    /// - Throws: ``SiteError/duplicateOutputPath(path:first:second:)`` when another job claimed
    ///   it; `first` is the source of the earlier job.
    func claim(_ path: String, job: Int, source: String) throws(SiteError) {
        let key = Array(path.utf8)
        let earlier = claimed.withLock { claimed -> (job: Int, source: String)? in
            if let earlier = claimed[key] { return earlier }
            claimed[key] = (job, source)
            return nil
        }
        guard let earlier else { return }
        let (first, second) = earlier.job < job ? (earlier.source, source) : (source, earlier.source)
        throw .duplicateOutputPath(path: path, first: first, second: second)
    }
}
