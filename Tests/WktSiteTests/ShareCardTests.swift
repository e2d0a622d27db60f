import Foundation
import Testing
import WktCore
@testable import WktSite

/// The SVG cards of `cards/` (docs/product.md "Share cards").
@Suite("Share cards")
struct ShareCardTests {
    /// The fixture site, built once for the suite.
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in try SiteBuilder.build(SiteFixture.input()) }

    /// The card at `path` of a build.
    static func card(_ path: String, in files: [OutputFile]) throws -> String {
        try #require(SiteFixture.textFiles(files)[path], "no \(path)")
    }

    /// The `<desc>` text of a card.
    static func desc(_ svg: String) -> String? {
        parseXML(svg).texts.first { $0.element == "desc" }?.text
    }

    @Test("each card is a well-formed, accessible, self-contained SVG document of a fixed size")
    func wellFormedAndAccessible() throws {
        let files = try Self.built.get()
        let sizes = ["cards/heatmap.svg": (776, 184), "cards/lifts.svg": (495, 195), "cards/streaks.svg": (495, 195)]
        #expect(Set(files.map(\.path).filter { $0.hasPrefix("cards/") }) == Set(sizes.keys))
        for (path, size) in sizes.sorted(by: { $0.key < $1.key }) {
            let svg = try Self.card(path, in: files)
            expectSelfContainedCard(svg, width: size.0, height: size.1, path: path)
        }
    }

    @Test("the streaks card shows the dashboard's streaks and the weekly target")
    func streaks() throws {
        let files = try Self.built.get()
        let svg = try Self.card("cards/streaks.svg", in: files)
        // Weeks 2026-W45 … W47 each hold 3 workouts (target 2); no workout on Saturday or Sunday.
        #expect(Self.desc(svg) == "Week streak 3 weeks (since 2026-W45), longest 3 weeks (2026-W45 – 2026-W47). "
            + "Day streak 0 days, longest 1 day (2026-11-18). A week counts with at least 2 workouts.")
        let texts = parseXML(svg).texts.filter { $0.element == "text" }.map(\.text)
        #expect(texts.contains("3 weeks") && texts.contains("0 days") && texts.contains("since 2026-W45"))
        let dashboard = try #require(SiteFixture.textFiles(files)["index.html"])
        #expect(dashboard.contains("since 2026-W45 · longest 3 weeks (2026-W45 – 2026-W47)"))
    }

    @Test("the lifts card shows the best e1RM of the four most-trained weighted exercises, as the exercise pages do")
    func lifts() throws {
        let files = try Self.built.get()
        let svg = try Self.card("cards/lifts.svg", in: files)
        // Sessions: bench 4, squat 2 (6 sets), deadlift 2 (3 sets), then leg press (1 session, 3 sets).
        // e1RM: 90×(1+5/30) = 105.0, 105×(1+5/30) = 122.5, 150×(1+5/30) = 175.0, 180×(1+10/30) = 240.0.
        #expect(Self.desc(svg) == "Best estimated one-rep max (Epley) of the 4 exercises with an e1RM and the most sessions: "
            + "Bench Press (Barbell) 105 kg, Squat (Barbell) 122.5 kg, Deadlift (Barbell) 175 kg, Leg Press 240 kg.")
        let site = SiteModel(history: SiteFixture.history, settings: SiteFixture.settings(), today: SiteFixture.today)
        let texts = parseXML(svg).texts.filter { $0.element == "text" }.map(\.text)
        for name in ["Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Leg Press"] {
            let exercise = try #require(site.exercise(named: name))
            let value = site.units.estimate(try #require(exercise.stats.records.e1rm).value)
            #expect(texts.contains(value), "\(name) \(value)")
            let page = try #require(SiteFixture.textFiles(files)[exercise.path])
            #expect(page.contains("<strong>\(value)</strong>"), "\(name): the page shows another e1RM")
        }
        #expect(!texts.contains("Overhead Press (Barbell)"))
        // The largest value fills the bar; the others are in proportion.
        let bars = svg.matches(of: /<rect class="bar" x="20.0" y="[0-9.]+" width="([0-9.]+)"/).map { String($0.output.1) }
        #expect(bars == ["199.1", "232.2", "331.8", "455.0"])

        let pounds = try SiteBuilder.build(SiteFixture.input(unit: .lb))
        #expect(Self.desc(try Self.card("cards/lifts.svg", in: pounds))?.contains("Bench Press (Barbell) 231.5 lb") == true)
    }

    @Test("the heatmap card shows this year's training days as the history page does")
    func heatmap() throws {
        let files = try Self.built.get()
        let svg = try Self.card("cards/heatmap.svg", in: files)
        #expect(Self.desc(svg) == "Training days in 2026: 9 workouts on 8 days, busiest month November (9), as of Sunday 22 November 2026")
        #expect(svg.contains("<title>2026-11-18: 2 working sets, 2 workouts</title>"))
        #expect(svg.contains("<title>2026-11-23: no workout (ahead)</title>"))
        // The card is an image: its days are not links (the history page's are).
        #expect(!svg.contains("<a ") && svg.contains(">Working sets a day:</text>"))
        let year = try #require(SiteFixture.textFiles(files)["history/2026.html"])
        let squares = svg.matches(of: /<rect class="(?:l[0-4]|future)"[^>]*><title>[^<]*<\/title>/).map { String($0.output) }
        #expect(squares.count == 365)
        for square in squares { #expect(year.contains(square), "\(square) differs from the history page") }
    }

    @Test("an empty store writes the three cards saying there are no workouts yet")
    func emptyStore() throws {
        let input = SiteBuildInput(history: WorkoutHistory(workouts: []), settings: SiteFixture.settings(), today: SiteFixture.today)
        let files = try SiteBuilder.build(input)
        for (path, size) in [("cards/heatmap.svg", (776, 184)), ("cards/lifts.svg", (495, 195)), ("cards/streaks.svg", (495, 195))] {
            let svg = try Self.card(path, in: files)
            expectSelfContainedCard(svg, width: size.0, height: size.1, path: path)
            #expect(Self.desc(svg)?.hasSuffix(": No workouts yet") == true, "\(path)")
            #expect(parseXML(svg).texts.contains { $0.element == "text" && $0.text == "No workouts yet" }, "\(path)")
        }
        let runsOnly = SiteBuildInput(
            history: WorkoutHistory(workouts: [SiteFixture.workout(1, "2026-11-20 07:00:00", "Run", activity: "running", [])]),
            settings: SiteFixture.settings(), today: SiteFixture.today)
        #expect(Self.desc(try Self.card("cards/lifts.svg", in: try SiteBuilder.build(runsOnly))) == "Best lifts (e1RM): No weighted sets yet")
    }

    @Test("a hostile site title never reaches a card, a hostile exercise name is escaped")
    func hostileNames() throws {
        var settings = SiteFixture.settings()
        settings.title = "<script>alert(1)</script>"
        let heavy = SiteFixture.workout(40, "2026-11-21 07:00:00", "Heavy", [
            ExerciseBlock(name: hostile, sets: SiteFixture.sets([(20, 5), (20, 5), (20, 5), (20, 5), (20, 5)])),
        ])
        var history = SiteFixture.history
        history.workouts.append(heavy)
        let files = try SiteBuilder.build(SiteBuildInput(history: history, settings: settings, today: SiteFixture.today))
        let lifts = try Self.card("cards/lifts.svg", in: files)
        #expect(lifts.contains(hostileEscaped))
        expectSelfContainedCard(lifts, width: 495, height: 195, path: "cards/lifts.svg")
        for card in ShareCard.allCases { #expect(!(try Self.card(card.path, in: files)).contains("alert(1)</script")) }
    }

    @Test("cards are byte-identical across builds and taken into incremental builds, updated by a new workout")
    func incremental() throws {
        let base = SiteFixture.input()
        let first = try PageReuseTests.build(base, after: nil)
        #expect(try SiteBuilder.build(base).filter { $0.path.hasPrefix("cards/") } == first.files.filter { $0.path.hasPrefix("cards/") })
        let same = try PageReuseTests.build(base, after: first)
        #expect(same.reusedPages > 0)
        #expect(same.files.filter { $0.path.hasPrefix("cards/") } == first.files.filter { $0.path.hasPrefix("cards/") })

        // Bench 95×5 on Friday 2026-11-20: e1RM 110.8 kg, a new training day, a day streak of 1 ending today's eve.
        let changed = PageReuseTests.Change.newestWorkout.apply(base)
        let next = try PageReuseTests.build(changed, after: first)
        #expect(next.reusedPages > 0)
        #expect(PageReuseTests.firstDifference(next.files, try SiteBuilder.build(changed)) == nil)
        let lifts = try Self.card("cards/lifts.svg", in: next.files)
        #expect(Self.desc(lifts)?.contains("Bench Press (Barbell) 110.8 kg") == true)
        let heatmap = try Self.card("cards/heatmap.svg", in: next.files)
        #expect(heatmap.contains("<title>2026-11-20: 1 working set, 1 workout</title>"))
        #expect(Self.desc(heatmap)?.contains("10 workouts on 9 days") == true)
        for card in ShareCard.allCases {
            #expect(try Self.card(card.path, in: next.files) != (try Self.card(card.path, in: first.files)), "\(card.path) not updated")
        }
    }
}

/// The checks every share card must pass: one well-formed `<svg>` root with the SVG namespace,
/// a fixed size and `viewBox`, `role="img"` labelled by its `<title>` and `<desc>`, an inline
/// `<style>` with a dark variant and a system font stack, and nothing that loads or runs anything
/// (the R-13 scan of ``svgProblems(path:svg:)``).
func expectSelfContainedCard(_ svg: String, width: Int, height: Int, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let parsed = parseXML(svg)
    #expect(parsed.error == nil, "\(path) not well-formed: \(parsed.error ?? "")", sourceLocation: sourceLocation)
    #expect(parsed.elements.first == "svg" && parsed.elements.filter { $0 == "svg" }.count == 1, "\(path)", sourceLocation: sourceLocation)
    let root = Dictionary(parsed.attributes.filter { $0.element == "svg" }.map { ($0.name, $0.value) }) { first, _ in first }
    #expect(root["xmlns"] == "http://www.w3.org/2000/svg", "\(path)", sourceLocation: sourceLocation)
    #expect(root["width"] == String(width) && root["height"] == String(height), "\(path)", sourceLocation: sourceLocation)
    #expect(root["viewBox"] == "0 0 \(width) \(height)", "\(path)", sourceLocation: sourceLocation)
    #expect(root["role"] == "img", "\(path)", sourceLocation: sourceLocation)
    let labels = (root["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
    let ids = Dictionary(parsed.attributes.filter { $0.name == "id" }.map { ($0.value, $0.element) }) { first, _ in first }
    #expect(labels.count == 2 && ids[labels[0]] == "title" && ids[labels[1]] == "desc", "\(path) \(labels)", sourceLocation: sourceLocation)
    #expect(parsed.elements.prefix(3) == ["svg", "title", "desc"], "\(path)", sourceLocation: sourceLocation)
    let texts = parsed.texts.filter { $0.element == "title" || $0.element == "desc" }
    #expect(texts.count >= 2 && texts.prefix(2).allSatisfy { !$0.text.isEmpty }, "\(path)", sourceLocation: sourceLocation)
    #expect(parsed.elements.filter { $0 == "style" }.count == 1, "\(path)", sourceLocation: sourceLocation)
    #expect(svg.contains("@media (prefers-color-scheme:dark)") && svg.contains("font-family:system-ui,"), "\(path)",
            sourceLocation: sourceLocation)
    #expect(svg.hasSuffix("</svg>\n"), "\(path)", sourceLocation: sourceLocation)
    #expect(svgProblems(path: path, svg: svg).isEmpty, "\(svgProblems(path: path, svg: svg))", sourceLocation: sourceLocation)
}
