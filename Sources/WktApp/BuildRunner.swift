import Foundation
import WktCore
import WktIO
import WktSite

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

    /// Creates a request.
    public init(
        output: String = "site", today: String? = nil, baseURL: String? = nil, templates: String? = nil,
        store: String? = nil, config: String? = nil, quiet: Bool = false, sync: Bool = false, force: Bool = false
    ) {
        self.force = force
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

/// `wkt-site build`: lock → load (one read transaction) → statistics and pages (pure) → atomic
/// publish (temporary sibling, swap, previous build kept as `<output>.prev`).
public enum BuildRunner {
    /// Builds the site.
    public static func run(_ request: BuildRequest, env: AppEnvironment) -> CommandResult {
        do {
            let context = try CommandContext.load(config: request.config, today: request.today, env: env)
            let storePath = env.storePath(option: request.store)
            let output = env.absolute(request.output)
            try refuseStoreFolder(output: output, storePath: storePath)
            if let baseURL = request.baseURL { try validate(baseURL: baseURL) }
            var clock = StageClock(enabled: !(env.variables["WKT_TIMINGS"] ?? "").isEmpty)
            let lock = try HeldLock.acquireForReading(storePath: storePath, env: env)
            defer { lock.release() }
            // From here on SIGINT/SIGTERM only set a flag: the publisher stops before the swap,
            // removes its temporary folder and the old site stays (RELIABILITY.md C-05).
            let interrupts = Interrupts.install()
            defer { interrupts.restore() }
            clock.lap("lock")
            let store = try HistoryLoader.open(storePath: storePath, lock: lock, env: env)
            let templates = request.templates.map(env.absolute)
            let publisher = SitePublisher(homeDirectory: env.variables["HOME"])
            let stamp = try BuildStamp.make(
                storeDigest: try store?.contentDigest(), settings: context.settings, today: context.today,
                baseURL: request.baseURL, templatesDirectory: templates, executable: env.selfExecutable)
            clock.lap("stamp")
            let previousMarker = publisher.marker(of: output)
            if !request.force, previousMarker.flatMap(SitePublisher.stamp(inMarker:)) == stamp,
               FileManager.default.fileExists(atPath: output + "/index.html")
            {
                clock.lap("up-to-date check")
                let text = request.quiet ? "" :
                    "site: \(request.output)/ is up to date for \(context.today) (nothing changed; --force rebuilds)\n"
                return CommandResult(stdout: text, stderr: clock.lines)
            }
            let (history, synced) = HistoryLoader.forStatistics(try store?.loadHistory() ?? WorkoutHistory(workouts: []))
            var hints = store == nil && !request.quiet ? [HistoryLoader.missingStoreHint(storePath)] : []
            if let synced, !request.quiet { hints.append(synced) }
            clock.lap("load")
            // Unchanged workout and exercise pages are taken over from the current site (their
            // bytes are checked against the manifest in its marker); --force renders every page.
            let reuse = PageReuse(
                identity: BuildStamp.identity(ofFile: env.selfExecutable),
                previousManifest: request.force ? nil : previousMarker,
                readPrevious: { path in
                    // Regular files of a plausible size only: the paths come from the marker file,
                    // and a FIFO or a device there must not hang or flood the build.
                    let full = output + "/" + path
                    guard let info = try? FileSystem.disk.info(full), info.kind == .file, info.size <= 64 << 20 else { return nil }
                    return try? FileSystem.disk.readFile(full)
                })
            let input = SiteBuildInput(
                history: history, settings: context.settings, today: context.today, baseURL: request.baseURL,
                templatesDirectory: templates, pageReuse: reuse)
            let build = try SiteBuilder.buildSite(input)
            let files = build.files
            clock.lap("pages (\(build.reusedPages) reused)")
            #if DEBUG
                // Test seam (debug builds only): a pause that lets a test deliver a signal mid-build.
                if let pause = env.variables["WKT_TEST_PAUSE_BEFORE_PUBLISH_MS"].flatMap(Int.init) {
                    usleep(UInt32(max(0, min(pause, 60_000))) * 1000)
                }
            #endif
            let published: Result<PublishReport, PublishError> = Result { () throws(PublishError) in
                try publisher.publish(
                    files: files, to: output, sync: request.sync, stamp: stamp, record: build.pageManifest,
                    shouldStop: interrupts.stopRequested)
            }
            if case .failure(.interrupted(let leftover)) = published {
                var message = "interrupted; \(request.output)/ is unchanged"
                if let leftover { message += " (\(leftover) is removed by the next build)" }
                return .failure(message, exitCode: interrupts.exitStatus ?? 130)
            }
            let report = try published.get()
            clock.lap("publish")
            if let status = interrupts.exitStatus {
                return .failure("interrupted after \(request.output)/ was replaced by the complete new build", exitCode: status)
            }
            var stderr = hints + clock.lines
            // --quiet is silent on success; the publisher's warnings are about leftovers
            // the next build removes anyway.
            if !request.quiet { stderr += report.warnings.map { "wkt-site: warning: \($0)" } }
            let summary = request.quiet ? "" :
                "site: \(files.count) files in \(request.output)/ (\(report.filesWritten) written, "
                + "\(report.filesUnchanged) unchanged) for \(context.today)\n"
            return CommandResult(stdout: summary, stderr: stderr)
        } catch {
            return error.result
        }
    }

    /// `--output` must not hold the store, neither as given nor after resolving symbolic links
    /// (RELIABILITY.md F-12, A-05). A build replaces the output folder, keeps the replaced one
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
    /// config); on the command line a bad one is a usage error, 64 (RELIABILITY.md A-13).
    static func validate(baseURL: String) throws {
        do throws(BaseURL.Invalid) {
            _ = try BaseURL.validate(baseURL)
        } catch {
            throw AppFailure(message: "--base-url \(error)", exitCode: ExitStatus.usage)
        }
    }
}
