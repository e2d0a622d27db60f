import WktCore
import WktMarkdown

/// Builds the whole site (docs/product.md "The site") as files in memory; `WktIO` writes them.
///
/// Pipeline (ARCHITECTURE.md "Rendering a page"): statistics once (`StatsEngine`) → pages composed as blocks of
/// generated Markdown, user notes and our own HTML (charts, calendars) → each block rendered by
/// its renderer (`MarkdownRenderer.pages`, `NoteRenderer`, none) → the Mustache layout. Pages are
/// rendered on all cores and collected in a fixed order; the result is sorted by path.
///
/// Output: `index.html`, `history/index.html` and `history/<year>.html`, `workouts/index.html`,
/// `workouts/<id>.html` (and `workouts/<year>.html` for long lists), `exercises/index.html` and
/// `exercises/<slug>.html`, `records/index.html` (and `records/<year>.html` for long PR lists),
/// `404.html`, `feed.xml`, `data/stats.json`, `sitemap.xml` with a base URL (not with
/// `noindex`), `cards/*.svg` (``ShareCard``; like the dashboard, rendered by every build),
/// `assets/*`, and `robots.txt` with `noindex` (docs/product.md "Publishing: what a public site
/// reveals").
public enum SiteBuilder {
    /// Builds every output file.
    ///
    /// Pure apart from reading `input.templatesDirectory`: the same input gives the same bytes,
    /// whatever the process locale, time zone or core count.
    /// - Parameter input: history, settings, today, base URL and template overrides.
    /// - Returns: every file, sorted by path.
    /// - Throws: ``SiteError`` for a bad base URL or template, an unsafe or doubly used output
    ///   path (naming both sources), or a failing cmark-gfm library.
    public static func build(_ input: SiteBuildInput) throws(SiteError) -> [OutputFile] {
        try buildSite(input).files
    }

    /// Builds every output file and, with ``SiteBuildInput/previousSite``, reuses the previous
    /// build's unchanged workout and exercise pages and records the manifest for the next build.
    /// The files are the same bytes with or without reuse.
    /// - Parameter input: history, settings, today, base URL, template overrides and reuse.
    /// - Returns: the files sorted by path, the manifest and how many pages were reused.
    /// - Throws: as ``build(_:)``.
    public static func buildSite(_ input: SiteBuildInput) throws(SiteError) -> SiteBuild {
        let baseURL = try input.effectiveBaseURL.map(validateBaseURL)
        var layout = try LayoutRenderer(templatesDirectory: input.templatesDirectory)
        let noindex = input.settings.publish?.noindex ?? false
        layout.robotsNoindex = noindex
        let fingerprint = BuildFingerprint(
            settings: input.settings, baseURL: baseURL, templates: layout.fingerprint, renderer: input.renderer)
        // The one place `[publish]` applies: nothing below sees a hidden value.
        let (history, quality) = input.publishedHistory
        let configuration = fingerprint.configuration(storedSchedule: history.storedSchedule, body: history.body)
        // Started before the statistics, so the previous pages are read while they are computed.
        let started = input.previousSite.map { IncrementalBuild.start(previous: $0, renderer: input.renderer) }
        let site = SiteModel(history: history, settings: input.publishedSettings, today: input.today, quality: quality)
        let composer = PageComposer(site: site)
        let renderer = PageRenderer(
            layout: layout, notes: NoteRenderer(), siteTitle: site.siteTitle,
            buildID: BuildID.compute(history: history, configuration: configuration),
            footer: footer(site), baseURL: baseURL, dataQuality: !site.quality.isEmpty)
        let incremental = started.map {
            IncrementalBuild(
                started: $0, fingerprint: fingerprint, configuration: configuration, composer: composer, renderer: renderer)
        }

        // stats.json and the feed are jobs too, so they run beside the pages instead of after them.
        let jobs = [OutputJob.statsJSON, .feed] + ShareCard.allCases.map { OutputJob.card($0) } + composer.jobs.map { OutputJob.page($0) }
        let rendered = ParallelMap.map(jobs) { job -> Result<JobOutput, SiteError> in
            do throws(SiteError) {
                switch job {
                case .statsJSON:
                    let stats = StatsJSON.encode(site.report, settings: site.settings, today: input.today, slugs: site.slugs)
                    return .success(JobOutput(file: OutputFile(path: SitePaths.statsJSON, text: stats), source: "stats.json"))
                case .feed:
                    let feed = AtomFeed.document(site: site, baseURL: baseURL)
                    return .success(JobOutput(file: OutputFile(path: SitePaths.feed, text: feed), source: "Atom feed"))
                case .card(let card):
                    return .success(JobOutput(file: try composer.card(card), source: "share card \(card.path)"))
                case .page(let pageJob):
                    var key: (path: String, key: UInt64)?
                    switch incremental?.decide(pageJob) {
                    case .reuse(let file, let entry):
                        return .success(JobOutput(file: file, source: "page \(file.path) of the previous build", manifestEntry: entry, reused: true))
                    case .render(let pageKey): key = pageKey
                    case nil: break
                    }
                    let page = try composer.page(for: pageJob)
                    let (file, slots) = try renderer.renderRecordingSlots(page)
                    return .success(JobOutput(
                        file: file, source: page.source, manifestEntry: IncrementalBuild.entry(key: key, file: file, slots: slots)))
                }
            } catch {
                return .failure(error)
            }
        }
        var outputs: [(file: OutputFile, source: String)] = []
        outputs.reserveCapacity(rendered.count + EmbeddedResources.assets.count + 1)
        var entries: [String: PageManifest.Entry] = [:]
        var reusedPages = 0
        for result in rendered {
            let output = try result.get()
            outputs.append((output.file, output.source))
            if let entry = output.manifestEntry { entries[output.file.path] = entry }
            if output.reused { reusedPages += 1 }
        }
        for asset in EmbeddedResources.assets {
            outputs.append((OutputFile(path: SitePaths.assetsFolder + asset.path, text: asset.contents), "built-in asset \(asset.path)"))
        }
        if noindex { outputs.append((OutputFile(path: SitePaths.robots, text: SitePaths.robotsNoindex), "noindex (robots.txt)")) }
        // A sitemap invites crawlers that noindex asks to stay away: none with noindex.
        var build = SiteBuild(files: try finish(outputs, sitemapBase: noindex ? nil : baseURL), record: incremental?.record(entries), reusedPages: reusedPages)
        // The built-in templates always take the fast path (a test keeps it so); only user
        // templates can fall back to Mustache, which is slower but gives the same bytes.
        if input.templatesDirectory != nil { build.warnings = layout.fastPathFallbacks().map(\.description) }
        // Never silent: an [[ignore]] entry that excludes nothing is said on every build that runs.
        build.warnings += quality.unmatchedLines
        return build
    }

    /// What one parallel job produced.
    struct JobOutput: Sendable {
        /// The file.
        let file: OutputFile
        /// What produced it, for error messages.
        let source: String
        /// The page's manifest entry, when it can be reused by the next build.
        var manifestEntry: PageManifest.Entry?
        /// Whether it was taken over from the previous build.
        var reused = false
    }

    /// One file to produce in the parallel stage.
    enum OutputJob: Sendable {
        /// `data/stats.json`.
        case statsJSON
        /// `feed.xml`.
        case feed
        /// A share card of `cards/`.
        case card(ShareCard)
        /// An HTML page.
        case page(PageJob)
    }

    /// Checks every path, sorts by path, fails on a path used twice (F-07) and adds the sitemap
    /// of the pages under `sitemapBase` (none when nil).
    static func finish(_ outputs: [(file: OutputFile, source: String)], sitemapBase: String?) throws(SiteError) -> [OutputFile] {
        var sorted = outputs.sorted { $0.file.path.utf8.lexicographicallyPrecedes($1.file.path.utf8) }
        if let baseURL = sitemapBase {
            let sitemap = Sitemap.document(paths: sorted.map(\.file.path), baseURL: baseURL)
            let entry = (file: OutputFile(path: SitePaths.sitemap, text: sitemap), source: "sitemap")
            let position = sorted.firstIndex { !$0.file.path.utf8.lexicographicallyPrecedes(SitePaths.sitemap.utf8) } ?? sorted.endIndex
            sorted.insert(entry, at: position)
        }
        for (index, output) in sorted.enumerated() {
            try SitePaths.validate(output.file.path, source: output.source)
            if index > 0, sorted[index - 1].file.path == output.file.path {
                throw .duplicateOutputPath(path: output.file.path, first: sorted[index - 1].source, second: output.source)
            }
        }
        return sorted.map(\.file)
    }

    /// Exercise slugs exactly as the site's pages and `data/stats.json` use them; `wkt-site stats
    /// --json` passes these to `StatsJSON.encode` so its output equals the built file.
    /// - Parameter report: the computed statistics.
    /// - Returns: exercise name → slug.
    public static func exerciseSlugs(for report: StatsReport) -> [String: String] {
        SiteSlugs.exerciseSlugs(for: report.exercises.map(\.name))
    }

    /// The footer line: what the site was built from (never the build time or "today", so pages
    /// that do not depend on the day stay identical).
    static func footer(_ site: SiteModel) -> String {
        guard let first = site.report.totals.firstDay, let last = site.report.totals.lastDay else {
            return "Built by wkt-site · no workouts yet"
        }
        return "Built by wkt-site from \(TextFormat.plural(site.report.totals.workouts, "workout")), \(TextFormat.range(first, last))"
    }

    /// Checks a base URL with the one rule of `BaseURL` (WktCore) and returns it ending in `/`.
    static func validateBaseURL(_ url: String) throws(SiteError) -> String {
        do throws(BaseURL.Invalid) {
            return try BaseURL.validate(url)
        } catch {
            throw .invalidBaseURL(url, rule: error.rule)
        }
    }
}
