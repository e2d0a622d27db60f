import Foundation
import Testing
import WktCore
@testable import WktSite

/// The Hugo site of the benchmark (`scripts/bench.py --hugo`): the build's pages, one content
/// file each, with the same Markdown.
@Suite("Hugo content for the benchmark")
struct HugoContentTests {
    @Test("one content file per HTML page of the build, at the path Hugo writes that page to")
    func samePages() throws {
        let input = SiteFixture.input()
        let built = try SiteBuilder.build(input)
        let files = try HugoContent.files(input)
        let pages = built.map(\.path).filter { $0.hasSuffix(".html") }
        let content = files.map(\.path).filter { $0.hasPrefix("content/") }
        #expect(content.count == pages.count)
        #expect(Set(content) == Set(pages.map(HugoContent.contentPath(forPage:))))
        #expect(content.contains("content/_index.md"))
        #expect(content.contains("content/workouts/_index.md"))
        #expect(content.contains("content/404.md"))
        #expect(Set(files.map(\.path)).isSuperset(of: ["config.toml", "layouts/_default/single.html", "layouts/_default/list.html"]))
    }

    @Test("paths: index.html → _index.md in its folder, x.html → x.md")
    func paths() {
        #expect(HugoContent.contentPath(forPage: "index.html") == "content/_index.md")
        #expect(HugoContent.contentPath(forPage: "history/index.html") == "content/history/_index.md")
        #expect(HugoContent.contentPath(forPage: "workouts/2026-11-02-0700.html") == "content/workouts/2026-11-02-0700.md")
        #expect(HugoContent.contentPath(forPage: "exercises/index-2.html") == "content/exercises/index-2.md")
        #expect(HugoContent.contentPath(forPage: "404.html") == "content/404.md")
    }

    @Test("a workout page's body holds its blocks verbatim: the sets tables' Markdown, the note's source, our HTML")
    func workoutBody() throws {
        let input = SiteFixture.input()
        let (history, quality) = input.publishedHistory
        let composer = PageComposer(site: SiteModel(history: history, settings: input.settings, today: input.today, quality: quality))
        let index = try #require(composer.site.workouts.firstIndex { $0.workout.notes == SiteFixture.hostileNote })
        let page = try composer.page(for: .workout(index))
        let text = try #require(SiteFixture.textFiles(try HugoContent.files(input))[HugoContent.contentPath(forPage: page.path)])
        var kinds = Set<String>()
        for block in page.blocks {
            let (kind, source): (String, String) = switch block {
            case .markdown(let markdown): ("markdown", markdown)
            case .note(let note): ("note", note)
            case .html(let html): ("html", String(decoding: html, as: UTF8.self))
            }
            kinds.insert(kind)
            #expect(text.contains(source.trimmingCharacters(in: .newlines)), "\(kind) block missing: \(source)")
        }
        #expect(kinds == ["markdown", "note", "html"])
        #expect(text.contains(SiteFixture.hostileNote))
        // The workout list's table is Markdown, and stays Markdown for Hugo to render, though
        // the build writes it straight as HTML (its names all render as themselves).
        let files = SiteFixture.textFiles(try HugoContent.files(input))
        let list = try #require(files["content/workouts/_index.md"])
        #expect(list.contains("\n| Date | Start | Workout | Exercises | Sets | Volume | Exercises with PRs |\n| :--- |"))
        #expect(!list.contains("<table>"))
        let built = SiteFixture.textFiles(try SiteBuilder.buildSite(input).files)
        #expect(built["workouts/index.html"]?.contains("<th align=\"left\">Date</th>\n<th>Start</th>") == true)
        // So is an exercise's set history.
        let squat = try #require(files["content/exercises/squat-barbell.md"])
        #expect(squat.contains("### 2026\n\n| Date | Workout | Sets | Volume | Plan and check\\-in |\n| :--- |"))
        // JSON front matter with the title; the body starts after it.
        #expect(text.hasPrefix("{\n  \"title\": " + JSONValue.quote(page.title) + ",\n"))
    }

    @Test("section pages keep their path and are rendered; the configuration renders nothing else")
    func sectionsAndConfiguration() throws {
        let files = SiteFixture.textFiles(try HugoContent.files(SiteFixture.input()))
        let history = try #require(files["content/history/_index.md"])
        #expect(history.contains("\"url\": \"/history/index.html\""))
        #expect(history.contains("\"render\": \"always\""))
        #expect(history.contains("\"outputs\": [\n    \"html\"\n  ]"), "no section RSS at the section page's url")
        #expect(files["content/_index.md"]?.contains("\"url\"") == false)
        let config = try #require(files["config.toml"])
        for line in ["uglyURLs = true", "unsafe = true", "title = \"Test Log\"",
                     "disableKinds = [\"taxonomy\", \"term\", \"404\", \"RSS\", \"sitemap\"]", "render = \"never\""] {
            #expect(config.contains(line), "\(line)")
        }
        #expect(files["layouts/_default/single.html"]?.contains("{{ .Content }}") == true)
    }

    @Test("the 404 page and the empty store's dashboard carry their body template's HTML")
    func bodyTemplates() throws {
        var empty = SiteFixture.input()
        empty.history = WorkoutHistory(workouts: [])
        let files = SiteFixture.textFiles(try HugoContent.files(empty))
        #expect(files["content/404.md"]?.contains("<h1>Page not found</h1>") == true)
        #expect(files["content/_index.md"]?.contains("<h1>No workouts yet</h1>") == true)
    }

    @Test("Hugo's shortcode openers in a note are written with an entity; TOML strings escape quotes and DEL")
    func escaping() throws {
        let page = Page(
            path: "workouts/x.html", source: "test", title: "T", description: "D", section: .workouts,
            blocks: [.markdown("a {{< b >}}\n"), .note("c {{% d %}}"), .html(Array("<p>e</p>\n".utf8))])
        let body = try HugoContent.body(of: page, layout: LayoutRenderer(), siteTitle: "S", footer: "F")
        #expect(body == "a {{&lt; b >}}\n\nc {{&#37; d %}}\n\n<p>e</p>\n")
        #expect(HugoContent.tomlString("a \"b\" \\ \u{7F}") == "\"a \\\"b\\\" \\\\ \\u007f\"")
    }
}
