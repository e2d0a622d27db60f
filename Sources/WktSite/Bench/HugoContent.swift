import Foundation
import WktCore
import WktMarkdown

/// The site's pages as a Hugo site (content tree, configuration, two layouts), for the Hugo
/// comparison of `scripts/bench.py --hugo` only: no user command writes it and nothing of the
/// site depends on it (README "Performance").
///
/// The pages are the ones ``SiteBuilder/buildSite(_:)`` writes, composed the same way (its
/// ``SiteRender`` setup, ``PageComposer/jobs``, ``PageComposer/page(for:)``), so
/// Hugo renders the same page count from the same Markdown. The long generated tables (set
/// history, workout lists, records and rep maxes), which the build writes straight as the HTML
/// cmark-gfm renders their Markdown to, come as that Markdown (a composer with
/// ``PageComposer/tablesAsHTML`` false: the same pages, tested): Hugo does the work a Hugo site
/// of these pages would do, and the build's faster way to the same bytes counts in its time.
///
/// - `<dir>/index.html` becomes `content/<dir>/_index.md` (a section page, `url` in its front
///   matter so Hugo writes `<dir>/index.html`, and HTML as its only output, since the section's
///   RSS would otherwise be written to that same `url`), any other `<path>.html` becomes
///   `content/<path>.md` (with `uglyURLs`, Hugo writes `<path>.html`);
/// - the front matter (JSON) holds the title and the description;
/// - the body is the page's blocks in order, separated by blank lines: `.markdown` as it is,
///   `.note` as the note's Markdown source, `.html` as raw HTML (goldmark's `unsafe` renderer
///   passes it through, as our HTML blocks are passed through); a page drawn by a body template
///   (`404.html`, the empty store's dashboard) has that template's HTML as its body; Hugo's
///   shortcode openers (`{{<`, `{{%`) are written with an entity for `<` or `%`.
///
/// Hugo writes exactly the same HTML pages and nothing else, the strictest comparison: its RSS
/// (by default the home feed holds every page, about 2 s more for Hugo on the 10-year demo) and
/// `sitemap.xml` are disabled, as are taxonomies and terms (we have none), its own 404 page
/// (`404.md` is ours), and section pages
/// our site does not have (`years/`) are never rendered (a cascade in the configuration; our
/// own section pages say `_build.render = "always"`).
public enum HugoContent {
    /// The configuration file, relative to the Hugo site's folder.
    public static let configPath = "config.toml"
    /// The folder of the content tree.
    public static let contentFolder = "content/"

    /// Every file of the Hugo site, relative to its folder: the configuration, the layouts and
    /// one content file per HTML page the build writes, sorted by path.
    /// - Parameter input: what `wkt-site build` builds from (history, settings, today).
    /// - Returns: the files.
    /// - Throws: ``SiteError`` for a page that cannot be composed or a body template that is
    ///   missing.
    public static func files(_ input: SiteBuildInput) throws(SiteError) -> [OutputFile] {
        // The build's own setup (published history, statistics, composer, layout), so the page
        // set and the pages are the build's.
        let render = try SiteRender(input)
        // The long generated tables as Markdown (``PageComposer/tablesAsHTML``): the build writes
        // them straight as the HTML cmark-gfm makes of them, a way of rendering that Markdown
        // faster, while Hugo renders them from Markdown, as a Hugo site would have them.
        let (site, layout) = (render.site, render.layout)
        let composer = PageComposer(site: site, tablesAsHTML: false)
        let footer = SiteBuilder.footer(site)
        let results = ParallelMap.map(composer.jobs) { job -> Result<OutputFile, SiteError> in
            do throws(SiteError) {
                let page = try composer.page(for: job)
                return .success(OutputFile(
                    path: contentPath(forPage: page.path),
                    text: document(page, body: try body(of: page, layout: layout, siteTitle: site.siteTitle, footer: footer))))
            } catch {
                return .failure(error)
            }
        }
        var files = [
            OutputFile(path: configPath, text: configuration(siteTitle: site.siteTitle, footer: footer)),
            OutputFile(path: "layouts/_default/single.html", text: pageLayout),
            OutputFile(path: "layouts/_default/list.html", text: pageLayout),
        ]
        for result in results { files.append(try result.get()) }
        return files.sorted { ByteOrder.precedes($0.path, $1.path) }
    }

    /// The content file of the page at `path`: `index.html` → `content/_index.md`,
    /// `history/index.html` → `content/history/_index.md`, `workouts/x.html` →
    /// `content/workouts/x.md`.
    static func contentPath(forPage path: String) -> String {
        let stem = path.hasSuffix(".html") ? String(path.dropLast(".html".count)) : path
        if stem == "index" { return contentFolder + "_index.md" }
        if stem.hasSuffix("/index") { return contentFolder + stem.dropLast("index".count) + "_index.md" }
        return contentFolder + stem + ".md"
    }

    /// The content file's text: JSON front matter (title, description; for a section page its
    /// `url`, HTML as its only output and `_build.render = "always"`), then the body.
    static func document(_ page: Page, body: String) -> String {
        var matter: [(String, JSONValue)] = [("title", .string(page.title)), ("description", .string(page.description))]
        if page.path.hasSuffix("/index.html") {
            matter += [
                ("url", .string("/" + page.path)), ("outputs", .array([.string("html")])),
                ("_build", .object([("render", .string("always"))])),
            ]
        }
        return JSONValue.object(matter).pretty() + "\n" + body
    }

    /// The page's body as Hugo's Markdown: its blocks in order, one blank line between them
    /// (a blank line ends goldmark's HTML block, so the Markdown after it is parsed as such).
    static func body(of page: Page, layout: LayoutRenderer, siteTitle: String, footer: String) throws(SiteError) -> String {
        if let template = page.bodyTemplate {
            let context = PageContext(
                title: page.title, description: page.description, root: String(repeating: "../", count: page.depth),
                current: page.section, body: "", siteTitle: siteTitle, buildID: "", footer: footer)
            return try layout.render(context, template: template) + "\n"
        }
        var parts: [String] = []
        parts.reserveCapacity(page.blocks.count)
        for block in page.blocks {
            let text: String
            switch block {
            case .markdown(let markdown): text = markdown
            case .note(let note): text = note
            case .html(let html): text = String(decoding: html, as: UTF8.self)
            }
            var trimmed = Substring(text)
            while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
            parts.append(withoutShortcodes(trimmed))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// `text` with Hugo's shortcode openers `{{<` and `{{%` written as `{{&lt;` and `{{&#37;`
    /// (the same characters on the page), so a note that happens to hold one is not taken for
    /// a shortcode, which would stop Hugo.
    static func withoutShortcodes(_ text: Substring) -> String {
        guard text.contains("{{") else { return String(text) }
        return text.replacingOccurrences(of: "{{<", with: "{{&lt;").replacingOccurrences(of: "{{%", with: "{{&#37;")
    }

    /// `config.toml`: the site title and footer, ugly URLs (`x.html`), goldmark passing raw HTML
    /// through, no RSS, sitemap, taxonomies or section pages but ours.
    static func configuration(siteTitle: String, footer: String) -> String {
        """
        baseURL = "/"
        title = \(tomlString(siteTitle))
        uglyURLs = true
        disableKinds = ["taxonomy", "term", "404", "RSS", "sitemap"]

        [params]
        footer = \(tomlString(footer))

        [markup.goldmark.renderer]
        unsafe = true

        # Section pages without an index page of ours (years/) are not rendered.
        [[cascade]]
        [cascade._target]
        kind = "section"
        [cascade._build]
        render = "never"

        """
    }

    /// A TOML basic string: JSON's quoting (every escape it writes is also TOML's) with DEL,
    /// which TOML does not allow unescaped, as `\\u007f`.
    static func tomlString(_ text: String) -> String {
        JSONValue.quote(text).replacingOccurrences(of: "\u{7F}", with: "\\u007f")
    }

    /// The layout of every page, single and list: the parts of our `layout.mustache` (doctype,
    /// head with title, description and stylesheet, header with the navigation, main, footer).
    static let pageLayout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="description" content="{{ .Description }}">
        <meta name="color-scheme" content="light dark">
        <title>{{ if eq .Title .Site.Title }}{{ .Site.Title }}{{ else }}{{ .Title }} · {{ .Site.Title }}{{ end }}</title>
        <link rel="stylesheet" href="{{ "assets/style.css" | relURL }}">
        <link rel="icon" href="{{ "assets/favicon.svg" | relURL }}" type="image/svg+xml">
        </head>
        <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
        <div class="site-header-inner">
        <a class="site-title" href="{{ "index.html" | relURL }}">{{ .Site.Title }}</a>
        <nav class="site-nav" aria-label="Main">
        <ul>
        <li><a href="{{ "index.html" | relURL }}"{{ if .IsHome }} aria-current="page"{{ end }}>Dashboard</a></li>
        {{ $section := .Section }}{{ range slice "history" "records" "exercises" "workouts" }}<li><a href="{{ printf "%s/index.html" . | relURL }}"{{ if eq . $section }} aria-current="page"{{ end }}>{{ title . }}</a></li>
        {{ end }}</ul>
        </nav>
        </div>
        </header>
        <main id="main" class="page">
        {{ .Content }}
        </main>
        <footer class="site-footer">
        <p>{{ .Site.Params.footer }}</p>
        <p class="footer-links"><a href="{{ "feed.xml" | relURL }}">Atom feed</a> · <a href="{{ "data/stats.json" | relURL }}">stats.json</a></p>
        </footer>
        </body>
        </html>

        """
}
