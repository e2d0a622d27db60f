import Foundation
import Testing
import WktCore
import WktMarkdown
@testable import WktSite

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("SiteBuilder: the whole site")
struct SiteBuilderTests {
    /// The fixture site, built once for the suite.
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in try SiteBuilder.build(SiteFixture.input()) }

    /// The fixture files.
    func files() throws -> [OutputFile] { try Self.built.get() }
    /// The fixture files as path → text.
    func text() throws -> [String: String] { SiteFixture.textFiles(try files()) }

    @Test("the fixture builds every expected file, sorted by path, and nothing for the future workout")
    func expectedFiles() throws {
        let paths = try files().map(\.path)
        #expect(paths == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(Set(paths).count == paths.count)
        let expected: Set<String> = [
            "404.html", "assets/favicon.svg", "assets/style.css", "data/stats.json", "feed.xml", "index.html", "muscles.html",
            "history/index.html", "history/2025.html", "history/2026.html",
            "workouts/index.html", "exercises/index.html", "records/index.html",
            "workouts/2025-12-30-0700.html", "workouts/2026-11-02-0700.html", "workouts/2026-11-04-1830.html",
            "workouts/2026-11-06-0600.html", "workouts/2026-11-09-0700.html", "workouts/2026-11-11-1200.html",
            "workouts/2026-11-13-0600.html", "workouts/2026-11-16-0700.html",
            "workouts/2026-11-18-0600.html", "workouts/2026-11-18-0600-2.html",
            "exercises/bench-press-barbell.html", "exercises/overhead-press-barbell.html", "exercises/deadlift-barbell.html",
            "exercises/svg-onload-alert-1.html", "exercises/squat-barbell.html", "exercises/leg-press.html",
            "exercises/cafe.html", "exercises/cafe-73473dcc.html", "exercises/pull-up.html", "exercises/plank.html",
            "exercises/treadmill.html", "exercises/band-pull-apart.html",
            "cards/heatmap.svg", "cards/lifts.svg", "cards/streaks.svg", "years/2025.html", "years/2026.html",
            // The future workout is a Q7 finding (docs/product.md "The Data quality page").
            "quality.html",
        ]
        let curl = paths.filter { $0.hasPrefix("exercises/curl-lrac") }
        #expect(curl.count == 1, "the bidi name gets one page: \(curl)")
        #expect(Set(paths).subtracting(curl) == expected)
        #expect(!paths.contains("sitemap.xml"), "no sitemap without a base URL")
    }

    @Test("R-13: no script, no event handler, no dangerous URL, no style attribute, CSP on every page; SVG files load nothing")
    func invariantScan() throws {
        var problems: [String] = []
        var svgs = 0
        for (path, text) in try text().sorted(by: { $0.key < $1.key }) {
            if path.hasSuffix(".html") { problems += invariantProblems(path: path, html: text) }
            if path.hasSuffix(".svg") {
                problems += svgProblems(path: path, svg: text)
                svgs += 1
            }
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(svgs == 4, "the favicon and three cards")
    }

    @Test("every relative href and src in every page and the feed resolves to a built file")
    func linksResolve() throws {
        let files = try text()
        let paths = Set(files.keys)
        var broken: [String] = []
        for (path, content) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".html") || path == "feed.xml" {
            broken += brokenLinks(path: path, html: content, paths: paths)
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test("every inline SVG and the feed are well-formed XML")
    func xmlParses() throws {
        var count = 0
        for (path, content) in try text().sorted(by: { $0.key < $1.key }) {
            if path.hasSuffix(".html") {
                for svg in inlineSVGs(in: content) {
                    count += 1
                    let parsed = parseXML(svg)
                    #expect(parsed.error == nil, "\(path): \(parsed.error ?? "")")
                }
            } else if path.hasSuffix(".xml") || path.hasSuffix(".svg") {
                #expect(parseXML(content).error == nil, "\(path)")
            }
        }
        #expect(count > 20)
    }

    @Test("R-15: two builds give the same bytes")
    func deterministic() throws {
        let again = try SiteBuilder.build(SiteFixture.input())
        #expect(again == (try files()))
    }

    @Test("stats.json, encoded before the pages, is handed over once and encoded again if asked twice")
    func statsJSONTakenOnce() throws {
        let render = try SiteRender(SiteFixture.input())
        let first = try render.output(of: .statsJSON).file
        #expect(render.statsJSON.take() == nil, "the job took the early bytes")
        let second = try render.output(of: .statsJSON).file
        #expect(first.path == SitePaths.statsJSON && first.bytes == second.bytes && !first.bytes.isEmpty)
        #expect(try text()["data/stats.json"] == String(decoding: first.bytes, as: UTF8.self))
    }

    @Test("data/stats.json is exactly StatsJSON.encode of the same input")
    func statsJSON() throws {
        let history = SiteFixture.history
        let settings = SiteFixture.settings()
        let report = StatsEngine.compute(history: history, settings: settings, today: SiteFixture.today)
        let expected = StatsJSON.encode(report, settings: settings, today: SiteFixture.today,
                                        slugs: Slugger.slugs(for: report.exercises.map(\.name)))
        #expect(try text()["data/stats.json"] == expected)
    }

    @Test("T-15: a new week changes only the dashboard, the history, this year's review, the heatmap card, the muscles page and stats.json")
    func weekBoundary() throws {
        let sunday = SiteFixture.textFiles(try files())
        let monday = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(today: SiteFixture.today.adding(days: 1))))
        #expect(Set(sunday.keys) == Set(monday.keys))
        let changed = Set(sunday.keys.filter { sunday[$0] != monday[$0] })
        #expect(changed == ["index.html", "history/index.html", "history/2026.html", "years/2026.html", "cards/heatmap.svg", "data/stats.json", "muscles.html"])
    }

    @Test("two workouts in the same minute get distinct page IDs in walk order")
    func sameMinute() throws {
        let files = try text()
        #expect(files["workouts/2026-11-18-0600.html"]?.contains("<h1>Pull</h1>") == true)
        #expect(files["workouts/2026-11-18-0600-2.html"]?.contains("<h1>Pull B</h1>") == true)
    }

    @Test("an empty history builds the empty-store dashboard, sections, 404, assets, stats.json and an empty feed")
    func emptyHistory() throws {
        let input = SiteBuildInput(history: WorkoutHistory(workouts: []), settings: SiteFixture.settings(), today: SiteFixture.today)
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        #expect(files.keys.sorted() == [
            "404.html", "assets/favicon.svg", "assets/style.css", "cards/heatmap.svg", "cards/lifts.svg", "cards/streaks.svg",
            "data/stats.json", "exercises/index.html", "feed.xml", "history/index.html", "index.html", "muscles.html", "records/index.html",
            "workouts/index.html",
        ])
        let index = try #require(files["index.html"])
        #expect(index.contains("No workouts yet"))
        #expect(index.contains("wkt-site import"))
        #expect(files["feed.xml"]?.contains("<entry>") == false)
        #expect(files["feed.xml"]?.contains("<updated>2026-11-22T00:00:00Z</updated>") == true)
        #expect(files["data/stats.json"]?.contains("\"first_day\": null") == true)
        var problems: [String] = []
        for (path, html) in files where path.hasSuffix(".html") {
            problems += invariantProblems(path: path, html: html) + brokenLinks(path: path, html: html, paths: Set(files.keys))
        }
        for (path, svg) in files where path.hasSuffix(".svg") { problems += svgProblems(path: path, svg: svg) }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("the build ID is a hash of the inputs: stable, and changed by a workout but not by the day")
    func buildID() throws {
        func id(_ html: String?) -> String? {
            html?.firstMatch(of: /<meta name="wkt-build" content="([0-9a-f]{16})">/).map { String($0.output.1) }
        }
        let files = try text()
        let first = try #require(id(files["index.html"]))
        #expect(id(files["workouts/2026-11-02-0700.html"]) == first)
        let nextDay = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(today: SiteFixture.today.adding(days: 1))))
        #expect(id(nextDay["index.html"]) == first)
        var history = SiteFixture.history
        history.workouts[1].workout.notes = "changed"
        let changed = SiteFixture.textFiles(try SiteBuilder.build(SiteBuildInput(history: history, settings: SiteFixture.settings(), today: SiteFixture.today)))
        #expect(id(changed["index.html"]) != first)
    }
}
