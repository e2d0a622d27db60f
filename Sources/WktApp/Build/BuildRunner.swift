import Foundation
import WktConfig
import WktCore
import WktIO
import WktSite
import WktStore

/// What `wkt-site build` was asked to do.
public struct BuildRequest: Sendable {
    /// `--output` (default `site`).
    public var output: String
    /// `--today YYYY-MM-DD`.
    public var today: String?
    /// `--base-url`.
    public var baseURL: String?
    /// `--templates DIR`.
    public var templates: String?
    /// `--store`.
    public var store: String?
    /// `--config`.
    public var config: String?
    /// `--quiet`: silent on success.
    public var quiet: Bool
    /// `--sync`: flush the file system once before the swap.
    public var sync: Bool
    /// `--force`: render even when nothing changed since the last build.
    public var force: Bool
    /// `--private`: ignore `[publish]`, show everything (a personal copy).
    public var isPrivate: Bool

    /// Creates a request.
    public init(
        output: String = "site", today: String? = nil, baseURL: String? = nil, templates: String? = nil,
        store: String? = nil, config: String? = nil, quiet: Bool = false, sync: Bool = false, force: Bool = false,
        isPrivate: Bool = false
    ) {
        self.force = force
        self.isPrivate = isPrivate
        self.output = output
        self.today = today
        self.baseURL = baseURL
        self.templates = templates
        self.store = store
        self.config = config
        self.quiet = quiet
        self.sync = sync
    }
}

/// `wkt-site build`, as a list of named stages (the shape Toucan and Publish show):
///
///     prepare → lock → load → fingerprint (stop when up to date) → build → publish
///
/// Each stage is one function; an error leaving a stage names it (`… (while building pages)`),
/// keeping its own exit code. When the publisher builds into a fresh temporary folder (no
/// reusable `<output>.prev`: the first two builds into a folder, or one after `site.prev/` was
/// removed), build and publish run as one streamed stage (`BuildRunner+Stream.swift`): each page is written as
/// it is rendered instead of the whole site being held in memory, with the same stage names
/// for its errors. What decides "nothing changed" and which pages are taken over from the
/// previous build is owned by WktSite's `BuildFingerprint`, `PreviousSite` and
/// `IncrementalBuild`; this runner only moves values between the stages.
public enum BuildRunner {
    /// Builds the site; `gate` (from `wkt-site serve`) wraps the publish stage only (the swap).
    public static func run(_ request: BuildRequest, env: AppEnvironment, gate: (any PublishGate)? = nil) -> CommandResult {
        do {
            return run(try prepare(request, env: env), env: env, gate: gate)
        } catch {
            return error.result
        }
    }

    /// The stages after "prepare". `stopRequested` replaces the SIGINT/SIGTERM flag (tests stop a
    /// build at a chosen point with it).
    static func run(
        _ plan: Plan, env: AppEnvironment, gate: (any PublishGate)?, stopRequested: (@Sendable () -> Bool)? = nil
    ) -> CommandResult {
        do {
            return try stages(plan, env: env, gate: gate, stopRequested: stopRequested)
        } catch {
            return error.result
        }
    }

    /// Runs the stages from "lock" on; an error leaving a stage names it.
    private static func stages(
        _ plan: Plan, env: AppEnvironment, gate: (any PublishGate)?, stopRequested: (@Sendable () -> Bool)?
    ) throws -> CommandResult {
        var clock = StageClock(enabled: !(env.variables["WKT_TIMINGS"] ?? "").isEmpty)
        let lock = try Stage.lock.run { try HeldLock.acquireForReading(storePath: plan.storePath, env: env) }
        defer { lock.release() }
        // From here on SIGINT/SIGTERM only set a flag: the publisher stops before the swap,
        // removes its temporary folder and the old site stays (docs/reliability.md C-05).
        let interrupts = Interrupts.install()
        defer { interrupts.restore() }
        let stop = Stop(interrupts: interrupts, requested: stopRequested ?? interrupts.stopRequested)
        clock.lap("lock")
        let loaded = try Stage.load.run { try load(plan, lock: lock, env: env) }
        clock.lap("load")
        let inputs = try Stage.fingerprint.run { try fingerprint(plan, loaded: loaded) }
        if !plan.request.force, loaded.previous.isUpToDate(stamp: inputs.stamp) {
            clock.lap("up-to-date check")
            let text = plan.request.quiet ? "" :
                "site: \(plan.request.output)/ is up to date for \(plan.context.today) (nothing changed; --force rebuilds)\n"
            return CommandResult(stdout: text, stderr: clock.lines)
        }
        clock.lap("fingerprint")
        // Checks the output folder (nothing touched yet); a session when the build goes into a
        // fresh temporary folder, whose pages are then written as they are rendered.
        if let session = try Stage.publish.run({ try plan.publisher.begin(to: plan.output, shouldStop: stop.requested) }) {
            return try streamed(plan, loaded: loaded, inputs: inputs, into: session, stop: stop, gate: gate, env: env, clock: &clock)
        }
        let built = try Stage.build.run { try build(plan, loaded: loaded, fingerprint: inputs.fingerprint) }
        clock.lap("pages (\(built.reusedPages) reused)")
        pauseForTests(env)
        let published = try Stage.publish.run {
            let publishing = { try publish(plan, built: built, stamp: inputs.stamp, stop: stop) }
            return try gate.map { try $0.exclusively(publishing) } ?? publishing()
        }
        clock.lap("publish")
        return try complete(plan, built: built, published: published, stop: stop, clock: clock)
    }

    /// How a run learns that it must stop, and with which exit status.
    struct Stop {
        /// The signals received.
        let interrupts: Interrupts
        /// Polled by the publisher before every file and before the swap.
        let requested: @Sendable () -> Bool
    }

    /// The stages, by the names their errors carry.
    enum Stage: String {
        case lock = "taking the run lock"
        case load = "reading the store and the previous site"
        case fingerprint = "checking what changed"
        case build = "building pages"
        case publish = "publishing the site"

        /// Runs `body`, naming this stage in the message of any error it throws (exit code kept).
        func run<T>(_ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch {
                throw named(error)
            }
        }

        /// `error` with this stage named at the end of its message (exit code kept).
        func named(_ error: any Error) -> AppFailure {
            var failure = AppFailure(error)
            failure.message += " (while \(rawValue))"
            return failure
        }
    }

    /// What the command line and the configuration ask for, checked before anything is touched.
    struct Plan {
        let request: BuildRequest
        let context: CommandContext
        let storePath: String
        let output: String
        let templates: String?
        let publisher: SitePublisher
        let renderer: String
    }

    /// The store opened under the lock and the site the previous build left.
    struct Loaded {
        let store: WorkoutStore?
        let previous: PreviousSite
    }

    /// The history's pages, ready to publish (or already written, when streamed), with the
    /// hints for stderr.
    struct Built {
        /// The files to publish; empty when they were streamed.
        let files: [OutputFile]
        /// How many files the site has.
        let fileCount: Int
        /// The page manifest for the marker.
        let record: String?
        /// How many pages were taken over from the previous build.
        let reusedPages: Int
        /// The build's warnings (templates that slow it down, `[[ignore]]` entries that match nothing).
        let warnings: [String]
        /// Hints for stderr (a missing store, synced duplicates).
        let hints: [String]
    }

    /// Stage "prepare": the configuration (without `[publish]` for `--private`), today, the paths
    /// and the refusals that need no lock (an output folder holding the store, a bad
    /// `--base-url`): usage errors, 64.
    static func prepare(_ request: BuildRequest, env: AppEnvironment) throws -> Plan {
        var context = try CommandContext.load(config: request.config, today: request.today, env: env)
        // The profile is part of the settings, so the build stamp and every page key change with it.
        if request.isPrivate { context.settings.publish = nil }
        let storePath = env.storePath(option: request.store)
        let output = env.absolute(request.output)
        try refuseStoreFolder(output: output, storePath: storePath)
        if let baseURL = request.baseURL { try validate(baseURL: baseURL) }
        return Plan(
            request: request, context: context, storePath: storePath, output: output,
            templates: request.templates.map(env.absolute), publisher: SitePublisher(homeDirectory: env.variables["HOME"]),
            renderer: rendererIdentity(
                ServeProgram.rendererExecutables(selfExecutable: env.selfExecutable, variables: env.variables)))
    }

    /// Stage "load": the store (after rolling back what an interrupted import left) and the
    /// previous site (unless `--force`), both read through their modules' seams.
    static func load(_ plan: Plan, lock: HeldLock, env: AppEnvironment) throws -> Loaded {
        let store = try StoreAccess.open(storePath: plan.storePath, lock: lock, env: env)
        let previous = plan.request.force ? PreviousSite.none : PreviousSite.read(output: plan.output, publisher: plan.publisher)
        return Loaded(store: store, previous: previous)
    }

    /// Stage "fingerprint": the build stamp of this run's inputs (store content, settings, today,
    /// base URL, templates, renderer).
    static func fingerprint(_ plan: Plan, loaded: Loaded) throws -> (fingerprint: BuildFingerprint, stamp: String) {
        let fingerprint = try BuildFingerprint(
            settings: plan.context.settings, baseURL: plan.request.baseURL, templatesDirectory: plan.templates,
            renderer: plan.renderer)
        return (fingerprint, fingerprint.stamp(storeDigest: try loaded.store?.contentDigest(), today: plan.context.today))
    }

    /// Stage "build": the history in one read transaction, then every page (unchanged workout and
    /// exercise pages taken over from the previous site).
    static func build(_ plan: Plan, loaded: Loaded, fingerprint: BuildFingerprint) throws -> Built {
        let (input, hints) = try siteInput(plan, loaded: loaded, renderer: fingerprint.renderer)
        let site = try SiteBuilder.buildSite(input)
        // The history, which the render (let go of on a background thread) shares with the
        // input: freed beside the publish too, whichever of the two lets go of it last.
        BackgroundRelease.release(consume input)
        return Built(
            files: site.files, fileCount: site.files.count, record: site.record, reusedPages: site.reusedPages,
            warnings: site.warnings, hints: hints)
    }

    /// The first part of stage "build": the history in one read transaction (Apple Health copies
    /// counted once), the demo defaults and the goal check applied to it as stored, and the input
    /// of `SiteBuilder` with the hints for stderr. `wkt-site _hugo-content` builds its pages from
    /// the same input.
    static func siteInput(_ plan: Plan, loaded: Loaded, renderer: String) throws -> (input: SiteBuildInput, hints: [String]) {
        // The previous pages are read on another core while the history loads (that core is
        // idle until the statistics start).
        let previous = loaded.previous.startingReads(renderer: renderer)
        // Part of the sets on the other core too: at once, or once it has read the previous
        // pages (three threads on two cores made the one-workout rebuild slower, README
        // "Performance"); the second reader takes only sets the first has not reached.
        let secondReader: SecondSetReader = previous.isReadingPages ? .handedTo { work in previous.afterPageReads(work) } : .now
        let stored = try loaded.store?.loadHistory(secondReader: secondReader)
        let (history, synced) = StoreAccess.forStatistics(stored ?? WorkoutHistory(workouts: []))
        // The demo's goals, where the build can, are chosen from its own statistics, after this
        // check. They name exercises exactly as the history spells them, which the check always
        // accepts (an exact name wins over names that differ only in case), so it has nothing to
        // refuse in them (`DemoDefaultsTests`).
        let (settings, derivedGoals) = DemoDefaults.forBuild(plan.context.settings, history: history, today: plan.context.today)
        try GoalCheck.verify(settings.goals, history: history)
        var hints = loaded.store == nil && !plan.request.quiet ? [StoreAccess.missingStoreHint(plan.storePath)] : []
        if let synced, !plan.request.quiet { hints.append(synced) }
        var input = SiteBuildInput(
            history: history, settings: settings, today: plan.context.today, baseURL: plan.request.baseURL,
            templatesDirectory: plan.templates, previousSite: previous, renderer: renderer)
        input.derivedGoals = derivedGoals
        input.releaseFreeMemory = { AllocatorTuning.releaseFreeMemory() }
        return (input, hints)
    }

    /// Stage "publish": the atomic swap, the stamp and the page manifest recorded in the marker.
    static func publish(_ plan: Plan, built: Built, stamp: String, stop: Stop) throws -> Result<PublishReport, AppFailure> {
        try publishing(plan, stop: stop) { () throws(PublishError) in
            try plan.publisher.publish(
                files: built.files, to: plan.output, sync: plan.request.sync, stamp: stamp, record: built.record,
                shouldStop: stop.requested)
        }
    }

    /// The publisher's report from `body`; an interruption is a result (130/143, the old site
    /// kept), not an error, so its message carries no stage name.
    static func publishing(
        _ plan: Plan, stop: Stop, _ body: () throws(PublishError) -> PublishReport
    ) throws -> Result<PublishReport, AppFailure> {
        let published = Result(catching: body)
        if case .failure(.interrupted(let leftover)) = published {
            return .failure(interrupted(plan, leftover: leftover, stop: stop))
        }
        return .success(try published.get())
    }

    /// The failure of a run stopped before the swap: `site/` is unchanged.
    static func interrupted(_ plan: Plan, leftover: String?, stop: Stop) -> AppFailure {
        var message = "interrupted; \(plan.request.output)/ is unchanged"
        if let leftover { message += " (\(leftover) is removed by the next build)" }
        return AppFailure(message: message, exitCode: stop.interrupts.exitStatus ?? 130)
    }

    /// The run's result once the publish stage is over.
    static func complete(
        _ plan: Plan, built: Built, published: Result<PublishReport, AppFailure>, stop: Stop, clock: StageClock
    ) throws -> CommandResult {
        try published.map { report in
            if let status = stop.interrupts.exitStatus {
                return .failure("interrupted after \(plan.request.output)/ was replaced by the complete new build", exitCode: status)
            }
            return summary(plan, built: built, report: report, clock: clock)
        }.get()
    }

    /// The success report: the summary on stdout (none with `--quiet`, A-13), hints, timings and
    /// warnings on stderr: templates that slow the build down, and the publisher's (about
    /// leftovers the next build removes anyway).
    static func summary(_ plan: Plan, built: Built, report: PublishReport, clock: StageClock) -> CommandResult {
        let request = plan.request
        var stderr = built.hints + clock.lines
        if !request.quiet { stderr += (built.warnings + report.warnings).map { "wkt-site: warning: \($0)" } }
        let summary = request.quiet ? "" :
            "site: \(built.fileCount) files in \(request.output)/ (\(report.filesWritten) written, "
            + "\(report.filesUnchanged) unchanged) for \(plan.context.today)\n"
        return CommandResult(stdout: summary, stderr: stderr)
    }

    /// Test seam (debug builds only): a pause before publishing that lets a test deliver a signal
    /// mid-build.
    static func pauseForTests(_ env: AppEnvironment) {
        #if DEBUG
            if let pause = env.variables["WKT_TEST_PAUSE_BEFORE_PUBLISH_MS"].flatMap(Int.init) {
                usleep(UInt32(max(0, min(pause, 60_000))) * 1000)
            }
        #endif
    }

    /// `path size mtime` of each executable that renders (`wkt-site` and `wkt-site-serve`,
    /// ``ServeProgram/rendererExecutables(selfExecutable:variables:)``; `path absent` for a
    /// missing one), or `in-process` when there is none: a new binary may render differently, so
    /// its pages are never taken over.
    static func rendererIdentity(_ paths: [String]) -> String {
        guard !paths.isEmpty else { return "in-process" }
        return paths.map { path in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "\(path) absent" }
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(size) \(modified)"
        }.joined(separator: " + ")
    }

    /// `--output` must not hold the store, neither as given nor after resolving symbolic links
    /// (docs/reliability.md F-12, A-05). A build replaces the output folder, keeps the replaced one
    /// as `<output>.prev` and reuses that as its next temporary folder; a store (or a symbolic
    /// link to one) inside any of them would be swapped away and deleted by a later build. So the
    /// store's path, with every symbolic link in it and in its parents resolved, must lie outside
    /// `<output>`, `<output>.prev` and `<output>.tmp-*`, and so must the path as given.
    static func refuseStoreFolder(output: String, storePath: String) throws {
        let outputs = [(output as NSString).standardizingPath, ResolvedPath.of(output)]
        let stores = [(storePath as NSString).standardizingPath, ResolvedPath.of(storePath)]
        for out in outputs {
            let parent = (out as NSString).deletingLastPathComponent
            let name = (out as NSString).lastPathComponent
            for store in stores {
                let place: String
                if ResolvedPath.isInside(store, folder: out) {
                    place = "it"
                } else if ResolvedPath.isInside(store, folder: out + ".prev") {
                    place = "its previous build \(name).prev/"
                } else if ResolvedPath.isInsideSibling(store, parent: parent, prefix: name + ".tmp-") {
                    place = "a temporary build folder \(name).tmp-*"
                } else {
                    continue
                }
                let via = store == (storePath as NSString).standardizingPath ? "" : " (through a symbolic link, at \(store))"
                throw AppFailure(
                    message: "refusing --output \(output): the store \(storePath) lies inside \(place)\(via), and builds "
                        + "replace those folders; choose an output folder of its own",
                    exitCode: ExitStatus.usage)
            }
        }
    }

    /// `--base-url` must pass the one base-URL rule (`BaseURL`, shared with `base_url` in the
    /// config); on the command line a bad one is a usage error, 64 (docs/reliability.md A-13).
    static func validate(baseURL: String) throws {
        do throws(BaseURL.Invalid) {
            _ = try BaseURL.validate(baseURL)
        } catch {
            throw AppFailure(message: "--base-url \(error)", exitCode: ExitStatus.usage)
        }
    }
}
