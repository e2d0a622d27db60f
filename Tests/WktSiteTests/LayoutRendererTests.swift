import Foundation
import Testing
@testable import WktSite

@Suite("LayoutRenderer")
struct LayoutRendererTests {
    static let csp = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'\">"

    func page(title: String = "Bench Press", depth: Int = 1, current: NavSection? = .exercises, body: String = "<p>hi <b>there</b></p>") -> PageContext {
        PageContext(
            title: title, description: "Sets of \(title)", depth: depth, current: current, body: body,
            siteTitle: "My Lifts", buildID: "b1d", footer: "Built by wkt-site")
    }

    @Test("a page has the doctype, language, charset, the exact CSP meta, build ID and stylesheet")
    func head() throws {
        let html = try LayoutRenderer().renderPage(page())
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(html.contains(Self.csp))
        #expect(html.contains("<meta name=\"wkt-build\" content=\"b1d\">"))
        #expect(html.contains("<title>Bench Press · My Lifts</title>"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"../assets/style.css\">"))
        #expect(html.contains("<link rel=\"icon\" href=\"../assets/favicon.svg\" type=\"image/svg+xml\">"))
        #expect(html.contains("<main id=\"main\" class=\"page\">\n<p>hi <b>there</b></p>\n</main>"))
        #expect(html.contains("<p>Built by wkt-site</p>"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        #expect(!html.contains("style=") && !html.contains("<script"))
        #expect(!hasEventHandler(html))
    }

    @Test("navigation links are relative to the page and flag the current section")
    func navigation() throws {
        let html = try LayoutRenderer().renderPage(page(depth: 2, current: .records))
        #expect(html.contains("<a class=\"site-title\" href=\"../../index.html\">"))
        #expect(html.contains("<li><a href=\"../../index.html\">Dashboard</a></li>\n<li><a href=\"../../history/index.html\">History</a></li>\n<li><a href=\"../../records/index.html\" aria-current=\"page\">Records</a></li>\n<li><a href=\"../../exercises/index.html\">Exercises</a></li>\n<li><a href=\"../../workouts/index.html\">Workouts</a></li>"))
        let top = try LayoutRenderer().renderPage(page(title: "My Lifts", depth: 0, current: .dashboard))
        #expect(top.contains("<li><a href=\"index.html\" aria-current=\"page\">Dashboard</a></li>"))
        #expect(top.contains("<link rel=\"stylesheet\" href=\"assets/style.css\">"))
        #expect(top.contains("<title>My Lifts</title>"))
        #expect(top.components(separatedBy: "aria-current").count == 2)
    }

    @Test("title text is escaped everywhere, control characters removed, body stays raw (R-04, R-06)")
    func escaping() throws {
        let context = PageContext(
            title: hostile + "\u{1}", description: hostile, depth: 0, current: nil, body: "<svg role=\"img\"></svg>",
            siteTitle: "AT&T \u{B}Gym", buildID: "x", footer: hostile)
        let html = try LayoutRenderer().renderPage(context)
        #expect(!html.contains("<svg onload"))
        #expect(html.contains("<title>\(hostileEscaped) · AT&amp;T Gym</title>"))
        #expect(html.contains("<meta name=\"description\" content=\"\(hostileEscaped)\">"))
        #expect(html.contains(">AT&amp;T Gym</a>"))
        #expect(html.contains("<p>\(hostileEscaped)</p>"))
        #expect(html.contains("<svg role=\"img\"></svg>"))
        #expect(!html.contains("\u{1}") && !html.contains("\u{B}"))
        #expect(!html.contains("aria-current"))
    }

    @Test("an unknown template name is an error, not an empty page")
    func missingTemplate() throws {
        #expect(throws: SiteError.missingTemplate(name: "nope")) {
            try LayoutRenderer().render(page(), template: "nope")
        }
        #expect(throws: SiteError.missingTemplate(name: "nope")) {
            try LayoutRenderer().renderPage(page(), bodyTemplate: "nope")
        }
        #expect(SiteError.missingTemplate(name: "nope").exitCode == 65)
    }

    @Test("404 and empty-store bodies render inside the layout")
    func bodyTemplates() throws {
        let renderer = try LayoutRenderer()
        let notFound = try renderer.renderPage(page(title: "Not found", depth: 0, current: nil), bodyTemplate: LayoutRenderer.notFoundTemplate)
        #expect(notFound.contains("<h1>Page not found</h1>"))
        #expect(notFound.contains("<a href=\"index.html\">Back to the dashboard</a>"))
        #expect(notFound.contains(Self.csp))
        let empty = try renderer.renderPage(page(title: "Dashboard", depth: 0, current: .dashboard), bodyTemplate: LayoutRenderer.emptyStoreTemplate)
        #expect(empty.contains("<h1>No workouts yet</h1>"))
        #expect(empty.contains("wkt-site import"))
        #expect(renderer.templateNames == ["empty-store", "layout", "not-found", "partials/footer", "partials/header"])
    }

    @Test("templates given as strings override the built-ins; partials still resolve")
    func stringOverrides() throws {
        let renderer = try LayoutRenderer(overrides: [(name: "layout", source: "[{{title}}]{{> partials/footer}}")])
        #expect(try renderer.renderPage(page(title: "<T>")) == "[&lt;T&gt;]<footer class=\"site-footer\">\n<p>Built by wkt-site</p>\n"
            + "<p class=\"footer-links\"><a href=\"../feed.xml\">Atom feed</a> · <a href=\"../data/stats.json\">stats.json</a></p>\n</footer>\n")
    }

    @Test("a templates directory overrides file by file, and bad files name the file and line")
    func directoryOverrides() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wkt-templates-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("partials"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "<nav>{{siteTitle}}</nav>\n".write(to: directory.appendingPathComponent("partials/header.mustache"), atomically: false, encoding: .utf8)
        try "ignored".write(to: directory.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let renderer = try LayoutRenderer(templatesDirectory: directory.path)
        let html = try renderer.renderPage(page())
        #expect(html.contains("<body>\n<a class=\"skip-link\" href=\"#main\">Skip to content</a>\n<nav>My Lifts</nav>\n<main"))
        #expect(html.contains(Self.csp))

        try "line one\n{{#open}}x{{/close}}\n".write(to: directory.appendingPathComponent("broken.mustache"), atomically: false, encoding: .utf8)
        do {
            _ = try LayoutRenderer(templatesDirectory: directory.path)
            Issue.record("a broken template must be rejected")
        } catch {
            guard case .templateSyntax(let file, let line, _, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file.hasSuffix("/broken.mustache"))
            #expect(line == 2)
            #expect(error.exitCode == 65)
        }
    }

    @Test("a missing templates directory is an I/O error naming it")
    func missingDirectory() {
        #expect(throws: SiteError.templateUnreadable(path: "/nonexistent/wkt-templates", reason: "not a readable directory")) {
            try LayoutRenderer(templatesDirectory: "/nonexistent/wkt-templates")
        }
        #expect(SiteError.templateUnreadable(path: "p", reason: "r").exitCode == 74)
    }
}
