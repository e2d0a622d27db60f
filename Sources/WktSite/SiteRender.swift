import Dispatch
import Synchronization
import WktCore
import WktMarkdown

/// One build of the site up to its parallel stage: the inputs resolved once (base URL, layout,
/// the `[publish]` profile applied, statistics, page composer and renderer, page reuse) and the
/// list of jobs, each producing one file. ``SiteBuilder/buildSite(_:)`` collects the jobs'
/// files; ``SiteBuilder/streamSite(_:to:)`` hands each to a sink as it is made. Both add
/// ``fixedOutputs`` and the sitemap and get the same files.
struct SiteRender: Sendable {
    /// The base URL in force (ending in `/`), if any.
    let baseURL: String?
    /// `[publish] noindex`: a robots tag on every page, `robots.txt`, no sitemap.
    let noindex: Bool
    /// The layout (for the fast-path warnings).
    let layout: LayoutRenderer
    /// `[[ignore]]` lines that matched nothing, said on every build.
    let unmatchedIgnoreLines: [String]
    /// Whether the templates come from the user (only they can fall back to Mustache).
    let userTemplates: Bool
    /// `stats.json`, encoded beside the site model and the composer (``init(_:)``), until its
    /// job takes it.
    let statsJSON: EncodedStatsJSON
    /// The statistics and everything the pages show.
    let site: SiteModel
    /// Makes the pages and cards.
    let composer: PageComposer
    /// Renders a page's blocks and its layout.
    let renderer: PageRenderer
    /// Page reuse, when the build was given a previous site.
    let incremental: IncrementalBuild?
    /// Every file of the parallel stage, in a fixed order: stats.json and the feed first (they
    /// run beside the pages instead of after them), the share cards, then the pages.
    let jobs: [SiteBuilder.OutputJob]

    /// Resolves `input` and computes the statistics.
    /// - Throws: ``SiteError`` for a bad base URL or template.
    init(_ given: SiteBuildInput) throws(SiteError) {
        var input = given
        let baseURL = try input.effectiveBaseURL.map(SiteBuilder.validateBaseURL)
        var layout = try LayoutRenderer(templatesDirectory: input.templatesDirectory)
        let noindex = input.settings.publish?.noindex ?? false
        layout.robotsNoindex = noindex
        // Started before the statistics (unless the caller started them even earlier, before
        // loading the history: ``PreviousSite/startingReads(renderer:)``), so the previous pages
        // are read while a core would otherwise wait.
        let started = input.previousSite.map { $0.reads(for: input.renderer) }
        // The one place `[publish]` applies: nothing below sees a hidden value. The build ID
        // depends on the published history only, so its long part, the workouts' digest, is made
        // beside the statistics, with each workout's own digest for the page keys
        // (``StoredWorkoutDigests``); the configuration follows them, as it holds derived goals.
        let (history, quality, report, derivedGoals, (workoutsLine, storedDigests)) = input.publishedStatistics {
            (BuildID.workoutsLine($0), StoredWorkoutDigests($0))
        }
        if let derivedGoals { input.settings.goals = derivedGoals }
        let fingerprint = BuildFingerprint(
            settings: input.settings, baseURL: baseURL, templates: layout.fingerprint, renderer: input.renderer)
        let configuration = fingerprint.configuration(storedSchedule: history.storedSchedule, body: history.body)
        let buildID = BuildID.compute(workouts: workoutsLine, configuration: configuration)
        // The page renderer (its layout skeletons, a Mustache render per depth and section) and
        // `stats.json` need only the settings, the report and the build ID, so they are made
        // beside the site model and the composer: until the composer is ready the other core had
        // nothing to do. (As a job of the parallel stage, `stats.json` was the longest one of a
        // one-workout rebuild, whose other jobs mostly take pages over from the previous build.)
        let settings = input.publishedSettings
        let today = input.today
        let skeletonLayout = layout
        // The composer's setup parts are made on both cores too
        // (``PageComposer/init(site:prRowsByYear:previousSameName:yearReviews:tablesAsHTML:)``):
        // six parts, each core taking the next one as it finishes, the longest first. As two
        // fixed sides their balance depended on which part went where and on how fast each ran
        // (`perf` of a one-workout rebuild of the 10-year demo showed one core idle 10–15 ms at
        // the end of this stretch with the PR rows on either side; callgrind counts: `stats.json`
        // with the slugs 106 million instructions, the site model with the previous workouts of
        // each name 81, the year reviews 54, the renderer 38, the PR rows 31, now in two halves).
        let parts = ParallelMap.map(SetupPart.allCases) { part -> SetupResult in
            switch part {
            case .statsJSON:
                // The slugs as the site model makes them (``SiteModel/slugs``), from the same
                // report: made again here rather than waited for.
                let slugs = SiteSlugs.exerciseSlugs(for: report.exercises.map(\.name))
                return .statsJSON(StatsJSON.encodedBytes(report, settings: settings, today: today, slugs: slugs))
            case .model:
                let site = SiteModel(history: history, settings: settings, today: today, quality: quality, report: report)
                return .model(site, WorkoutComparison.previousSameName(site.workouts))
            case .yearReviews:
                return .yearReviews(PageComposer.yearReviews(report))
            case .renderer:
                return .renderer(PageRenderer(
                    layout: skeletonLayout, notes: NoteRenderer(), siteTitle: SiteModel.title(settings: settings),
                    buildID: buildID,
                    footer: SiteBuilder.footer(report: report), baseURL: baseURL, dataQuality: !quality.isEmpty))
            case .prRows, .prRowsSecond:
                return .prRows(PageComposer.prRowsByYear(report, part: part == .prRows ? 0 : 1, of: 2))
            }
        }
        guard case .statsJSON(let statsJSON) = parts[0], case .model(let site, let previousSameName) = parts[1],
              case .yearReviews(let reviews) = parts[2], case .renderer(let renderer) = parts[3],
              case .prRows(let prRowsFirst) = parts[4], case .prRows(let prRowsSecond) = parts[5]
        else { preconditionFailure("ParallelMap.map returns each part's result at the part's position") }
        let prRows = prRowsFirst.merging(prRowsSecond) { first, _ in first }
        let composer = PageComposer(site: site, prRowsByYear: prRows, previousSameName: previousSameName, yearReviews: reviews)
        self.incremental = started.map {
            IncrementalBuild(
                started: $0, fingerprint: fingerprint, configuration: configuration, composer: composer, renderer: renderer,
                storedDigests: storedDigests, releaseFreeMemory: input.releaseFreeMemory)
        }
        self.baseURL = baseURL
        self.noindex = noindex
        self.layout = layout
        self.unmatchedIgnoreLines = quality.unmatchedLines
        self.userTemplates = input.templatesDirectory != nil
        self.statsJSON = EncodedStatsJSON(statsJSON)
        self.site = site
        self.composer = composer
        self.renderer = renderer
        self.jobs = [SiteBuilder.OutputJob.statsJSON, .feed] + ShareCard.allCases.map { SiteBuilder.OutputJob.card($0) }
            + composer.jobs.map { SiteBuilder.OutputJob.page($0) }
    }

    /// Produces the file of one job: composed and rendered, or a page taken over from the
    /// previous build; a rendered page gets its manifest entry for the next build here, while
    /// its bytes are at hand.
    func output(of job: SiteBuilder.OutputJob) throws(SiteError) -> SiteBuilder.JobOutput {
        switch job {
        case .statsJSON:
            let bytes = statsJSON.take()
                ?? StatsJSON.encodedBytes(site.report, settings: site.settings, today: site.today, slugs: site.slugs)
            return SiteBuilder.JobOutput(file: OutputFile(path: SitePaths.statsJSON, bytes: bytes), source: "stats.json")
        case .feed:
            let feed = AtomFeed.document(site: site, baseURL: baseURL)
            return SiteBuilder.JobOutput(file: OutputFile(path: SitePaths.feed, text: feed), source: "Atom feed")
        case .card(let card):
            return SiteBuilder.JobOutput(file: try composer.card(card), source: "share card \(card.path)")
        case .page(let pageJob):
            var key: (path: String, key: UInt64)?
            switch incremental?.decide(pageJob) {
            case .reuse(let file, let entry):
                return SiteBuilder.JobOutput(
                    file: file, source: "page \(file.path) of the previous build", manifestEntry: entry, reused: true)
            case .render(let pageKey): key = pageKey
            case nil: break
            }
            let page = try composer.page(for: pageJob)
            let (file, slots) = try renderer.renderRecordingSlots(page)
            return SiteBuilder.JobOutput(
                file: file, source: page.source, manifestEntry: IncrementalBuild.entry(key: key, file: file, slots: slots))
        }
    }

    /// The files made after the parallel stage, other than the sitemap: the built-in assets and,
    /// with `noindex`, `robots.txt`.
    var fixedOutputs: [(file: OutputFile, source: String)] {
        var outputs = EmbeddedResources.assets.map {
            (file: OutputFile(path: SitePaths.assetsFolder + $0.path, text: $0.contents), source: "built-in asset \($0.path)")
        }
        if noindex { outputs.append((OutputFile(path: SitePaths.robots, text: SitePaths.robotsNoindex), "noindex (robots.txt)")) }
        return outputs
    }

    /// The base URL of the sitemap: none without a base URL, and none with `noindex` (a sitemap
    /// invites crawlers that noindex asks to stay away).
    var sitemapBase: String? { noindex ? nil : baseURL }

    /// The marker's record for the next build from the pages' manifest entries (nil without reuse).
    func record(_ entries: [String: PageManifest.Entry]) -> String? {
        incremental?.record(entries)
    }

    /// The build's warnings: user templates that keep pages off the fast layout path (the
    /// built-in ones always take it; a test keeps it so), then `[[ignore]]` entries that exclude
    /// nothing (never silent: said on every build that runs).
    var warnings: [String] {
        (userTemplates ? layout.fastPathFallbacks().map(\.description) : []) + unmatchedIgnoreLines
    }
}

extension SiteRender {
    /// A part of the render setup that needs only the statistics (``init(_:)``), in the order
    /// the cores take them: the longest first. The PR rows are made in two parts, every other
    /// year each (``PageComposer/prRowsByYear(_:part:of:)``), so the last part to finish is short.
    enum SetupPart: CaseIterable {
        case statsJSON, model, yearReviews, renderer, prRows, prRowsSecond
    }

    /// What a ``SetupPart`` made.
    enum SetupResult: Sendable {
        case statsJSON([UInt8])
        case model(SiteModel, [Int?])
        case yearReviews([Int: YearReview])
        case renderer(PageRenderer)
        case prRows([Int: [PRGroup]])
    }

    /// Lets go of `render` on a background thread (``WktCore/BackgroundRelease``). Freeing the
    /// history, statistics, site model and composer of a 10-year history takes 15–20 ms on one
    /// core, which at the end of the page stage is on the critical path (before the publish can
    /// start, or the process can exit); done beside the publish it costs nothing there. The
    /// caller must not use `render` afterwards (it is consumed). Capturing a copy in the work
    /// instead of handing it over left one with this function until it returned (seen in
    /// `perf`: 8 ms of the one-workout rebuild on the calling thread). `run` starts the work
    /// (tests pass one that runs it at once).
    static func releaseInBackground(
        _ render: consuming SiteRender,
        run: (_ work: @escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .utility).async(execute: $0) }
    ) {
        BackgroundRelease.release(consume render, run: run)
    }
}

/// `stats.json`'s bytes, handed to its job once and let go there: the render lives as long as
/// the page stage, and 3–4 MB of encoded text held beside it for no use would raise the build's
/// peak memory.
final class EncodedStatsJSON: Sendable {
    /// The bytes, nil once taken.
    private let bytes: Mutex<[UInt8]?>

    /// Holds `bytes` until ``take()``.
    init(_ bytes: [UInt8]) {
        self.bytes = Mutex(bytes)
    }

    /// The bytes the first time, nil after (the job then encodes them again).
    func take() -> [UInt8]? {
        bytes.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
