import WktCore
import WktMarkdown

/// Builds the whole site (docs/product.md "The site") as files in memory; `WktIO` writes them.
///
/// Pipeline (ARCHITECTURE.md "Rendering a page"): statistics once (`StatsEngine`) → pages composed as blocks of
/// generated Markdown, user notes and our own HTML (charts, calendars) → each block rendered by
/// its renderer (`MarkdownRenderer.pages`, `NoteRenderer`, none) → the Mustache layout. Pages are
/// rendered on all cores and collected in a fixed order; the result is sorted by path
/// (``buildSite(_:)``). ``streamSite(_:to:)`` hands each file to a sink as soon as it is made
/// instead (to be written at once), keeping only paths and manifest entries: the same files
/// without the site's bytes in memory all at once.
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
        let render = try SiteRender(input)
        let rendered = ParallelMap.map(render.jobs) { job -> Result<JobOutput, SiteError> in
            do throws(SiteError) {
                return .success(try render.output(of: job))
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
        outputs += render.fixedOutputs
        // Checking and sorting the paths and writing the page manifest (about 10 ms each for a
        // 10-year history) need nothing of each other: one core each.
        let (files, record) = ParallelMap.pair(
            { [outputs, render] () -> Result<[OutputFile], SiteError> in
                do throws(SiteError) {
                    return .success(try finish(outputs, sitemapBase: render.sitemapBase))
                } catch {
                    return .failure(error)
                }
            },
            { [entries, render] in render.record(entries) })
        var build = SiteBuild(files: try files.get(), record: record, reusedPages: reusedPages)
        build.warnings = render.warnings
        SiteRender.releaseInBackground(consume render)
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
        var sorted = outputs.sorted { ByteOrder.precedes($0.file.path, $1.file.path) }
        if let baseURL = sitemapBase {
            let sitemap = Sitemap.document(paths: sorted.map(\.file.path), baseURL: baseURL)
            let entry = (file: OutputFile(path: SitePaths.sitemap, text: sitemap), source: "sitemap")
            let position = sorted.firstIndex { !ByteOrder.precedes($0.file.path, SitePaths.sitemap) } ?? sorted.endIndex
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
    static func footer(_ site: SiteModel) -> String { footer(report: site.report) }

    /// ``footer(_:)`` from the statistics alone (the page renderer is made before the site model).
    static func footer(report: StatsReport) -> String {
        guard let first = report.totals.firstDay, let last = report.totals.lastDay else {
            return "Built by wkt-site · no workouts yet"
        }
        return "Built by wkt-site from \(TextFormat.plural(report.totals.workouts, "workout")), \(TextFormat.range(first, last))"
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
