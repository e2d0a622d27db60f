import WktCore
import WktIO
import WktSite

/// Stages "build" and "publish" as one, when the publisher builds into a fresh temporary folder.
extension BuildRunner {
    /// Renders every page and writes each into `session`'s temporary folder from the worker that
    /// rendered it (`SiteBuilder.streamSite`), so the site's bytes are never all in memory; then
    /// the marker, the keep-list and the swap (`PublishSession.finish`).
    ///
    /// The stages keep their names and their exits: an error loading the history or rendering a
    /// page reads `… (while building pages)`, a file that cannot be written `… (while publishing
    /// the site)`, and a stop request gives 130/143. On each of them the temporary folder is
    /// removed before returning and the old site is untouched. `gate` wraps the finish only: the
    /// pages go into a folder that no request reads, and the swap is what requests must not see.
    static func streamed(
        _ plan: Plan, loaded: Loaded, inputs: (fingerprint: BuildFingerprint, stamp: String), into session: PublishSession,
        stop: Stop, gate: (any PublishGate)?, env: AppEnvironment, clock: inout StageClock
    ) throws -> CommandResult {
        let built: Built
        do {
            let (input, hints) = try Stage.build.run { try siteInput(plan, loaded: loaded, renderer: inputs.fingerprint.renderer) }
            let stream = Result { () throws(SiteStreamError<PublishError>) in
                try SiteBuilder.streamSite(input) { file throws(PublishError) in try session.write(file) }
            }
            switch stream {
            case .success(let site):
                built = Built(
                    files: [], fileCount: site.paths.count, record: site.record, reusedPages: site.reusedPages,
                    warnings: site.warnings, hints: hints)
            case .failure(.site(let error)):
                throw Stage.build.named(error)
            case .failure(.sink(let error)):
                switch session.abandon(after: error) {
                case .interrupted(let leftover): return interrupted(plan, leftover: leftover, stop: stop).result
                case let failure: throw Stage.publish.named(failure)
                }
            }
        } catch {
            session.abandon()
            throw error
        }
        clock.lap("pages (\(built.reusedPages) reused)")
        pauseForTests(env)
        let published = try Stage.publish.run {
            let finishing = {
                try publishing(plan, stop: stop) { () throws(PublishError) in
                    try session.finish(sync: plan.request.sync, stamp: inputs.stamp, record: built.record)
                }
            }
            return try gate.map { try $0.exclusively(finishing) } ?? finishing()
        }
        clock.lap("publish")
        return try complete(plan, built: built, published: published, stop: stop, clock: clock)
    }
}
