import Testing
import WktCore
import WktMarkdown
@testable import WktSite

@Suite("Dashboard insights: last workout, week comparison, main lifts")
struct DashboardInsightsTests {
    /// The built `index.html` of `history` on `today` (fixture settings).
    static func dashboard(_ history: WorkoutHistory = SiteFixture.history, today: CivilDate = SiteFixture.today) throws -> String {
        let page = try PageComposer(site: SiteModel(history: history, settings: SiteFixture.settings(), today: today)).dashboard()
        return try page.blocks.map { block throws -> String in
            switch block {
            case .html(let html): String(decoding: html, as: UTF8.self)
            case .markdown(let markdown): try MarkdownRenderer.pages.render(markdown)
            case .note(let note): note
            }
        }.joined()
    }

    /// The HTML of the section labelled by `id`, up to its closing tag.
    static func section(_ id: String, in html: String) throws -> String {
        let start = try #require(html.range(of: "aria-labelledby=\"\(id)\""), "no section \(id)")
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Table rows of a section as `cell | cell | …` lines.
    static func rows(_ section: String) -> [String] {
        section.split(separator: "<tr>").dropFirst().map { row in
            row.matches(of: /<t[hd][^>]*>(.*?)<\/t[hd]>/).map { String($0.output.1) }.joined(separator: " | ")
        }
    }

    @Test("the last workout: linked name, day, time, duration, exercises, working sets, volume, PRs and its top set")
    func lastWorkout() throws {
        let card = try Self.section("last-workout", in: try Self.dashboard())
        // Pull B (2026-11-18 06:00, after Pull in walk order): one set of the bidi-named curl, 15 × 12.
        #expect(card.contains("<a href=\"workouts/2026-11-18-0600-2.html\">Pull B</a> · Wed 2026-11-18 · 06:00 · 1 h 00 min</p>"))
        #expect(card.contains("<li>1 exercise</li><li>1 working set</li><li>180 kg volume</li><li>no PRs</li>"))
        #expect(card.contains("<li><a href=\"exercises/curl-lrac.html\"><bdi>Curl \u{202E}lrac</bdi></a>: 15 × 12</li>"))
        // On 2026-11-06 the legs workout was the last one: four exercises, PR groups counted, top sets.
        let legs = try Self.section("last-workout", in: try Self.dashboard(today: CivilDate(year: 2026, month: 11, day: 7)!))
        #expect(legs.contains("<li>4 exercises</li><li>9 working sets</li><li>7,520 kg volume</li><li>no PRs</li>"))
        #expect(legs.contains(">Squat (Barbell)</a>: 100 × 5</li><li><a href=\"exercises/leg-press.html\">Leg Press</a>: 180 × 10</li>"))
        // On 2026-11-09: bench 90 × 5 twice and 80 × 8 (one PR group: heaviest, e1RM, …), pull-ups without weight.
        let push = try Self.section("last-workout", in: try Self.dashboard(today: CivilDate(year: 2026, month: 11, day: 10)!))
        #expect(push.contains("<li>2 exercises</li><li>5 working sets</li><li>1,540 kg volume</li><li>1 PR</li>"))
        #expect(push.contains(">Bench Press (Barbell)</a>: 90 × 5</li><li><a href=\"exercises/pull-up.html\">Pull Up</a>: × 10</li>"))
    }

    @Test("this week against last week and the 4-week average, differences signed in text")
    func weekComparison() throws {
        let card = try Self.section("week-comparison", in: try Self.dashboard())
        // W47: 3 workouts, 4 sets, 1,780 kg. W46: 3, 10, 2,590 kg. W43–W46: 0+0+3+3, 0+0+18+10, 0+0+10,690+2,590.
        #expect(Self.rows(card) == [
            "Per week | This week | vs last week | vs 4-week avg.",
            "Workouts | 3 | ±0 | +1.5",
            "Working sets | 4 | −6 | −3",
            "Volume | 1,780 kg | −810 kg | −1,540 kg",
        ])
        #expect(card.contains("Last week: 3 workouts, 10 working sets, 2,590 kg."))
        #expect(card.contains("Average of the last 4 complete weeks: 1.5 workouts, 7 working sets, 3,320 kg."))
    }

    @Test("an empty last week and a history of fewer than 4 complete weeks; the first week has nothing to compare")
    func shortHistory() throws {
        let history = WorkoutHistory(workouts: [
            SiteFixture.workout(1, "2026-11-03 07:00:00", "Push", [ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(100, 5), (100, 5)]))]),
            SiteFixture.workout(2, "2026-11-17 07:00:00", "Push", [ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(100, 5)]))]),
        ])
        // Today in W47: W45 trained, W46 empty; two complete weeks.
        let card = try Self.section("week-comparison", in: try Self.dashboard(history, today: SiteFixture.today))
        #expect(Self.rows(card) == [
            "Per week | This week | vs last week | vs 2-week avg.",
            "Workouts | 1 | +1 | +0.5",
            "Working sets | 1 | +1 | ±0",
            "Volume | 500 kg | +500 kg | ±0 kg",
        ])
        #expect(card.contains("Last week: 0 workouts, 0 working sets, 0 kg."))
        #expect(card.contains("Average of the last 2 complete weeks: 0.5 workouts, 1 working set, 500 kg."))
        // On 2026-11-08 (W45) the history starts this week.
        let first = try Self.section("week-comparison", in: try Self.dashboard(history, today: CivilDate(year: 2026, month: 11, day: 8)!))
        #expect(first.contains("Your first week: nothing to compare with yet."))
        #expect(!first.contains("<table>"))
    }

    @Test("main lifts: the three with the most working sets in 12 weeks (a tie goes to more workouts), charted and linked")
    func mainLifts() throws {
        let card = try Self.section("lift-trends", in: try Self.dashboard())
        // Bench 8 sets, Squat 6; Deadlift and Leg Press 3 each, Deadlift in 2 workouts; Pull Up has no weight.
        let lifts = card.matches(of: /<h3><a href="([^"]+)">/).map { String($0.output.1) }
        #expect(lifts == ["exercises/bench-press-barbell.html", "exercises/squat-barbell.html", "exercises/deadlift-barbell.html"])
        #expect(card.contains("role=\"img\" aria-labelledby=\"lift-trend-1-title lift-trend-1-desc\""))
        #expect(card.contains("<span class=\"chart-summary\">93.5 kg in 2026-W45 to 99.2 kg in 2026-W47: +5.7 kg</span>"))
        #expect(card.contains("<tr><th scope=\"row\">2026-W46</th><td class=\"num\">105 kg</td></tr>"))
        #expect(card.contains("<tr><th scope=\"row\">2026-W32</th><td class=\"num\">–</td></tr>"))
        #expect(card.contains("116.7 kg in 2026-W45 to 122.5 kg in 2026-W46: +5.8 kg"))
    }

    @Test("fewer than three weighted lifts give fewer charts; bodyweight-only training gives a sentence")
    func fewLifts() throws {
        let one = WorkoutHistory(workouts: [
            SiteFixture.workout(1, "2026-11-17 07:00:00", "Mixed", [
                ExerciseBlock(name: "Dip", sets: SiteFixture.sets([(nil, 12), (nil, 12), (nil, 12)])),
                ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(100, 5)])),
            ]),
        ])
        let card = try Self.section("lift-trends", in: try Self.dashboard(one))
        #expect(card.matches(of: /<h3>/).count == 1)
        #expect(card.contains("of the lift with the most working sets"))
        #expect(card.contains("116.7 kg in 2026-W47, the only week with one"))
        let bodyweight = WorkoutHistory(workouts: [
            SiteFixture.workout(1, "2026-11-17 07:00:00", "Dips", [ExerciseBlock(name: "Dip", sets: SiteFixture.sets([(nil, 12)]))]),
        ])
        let none = try Self.section("lift-trends", in: try Self.dashboard(bodyweight))
        #expect(none.contains("No weighted sets in the last 12 weeks"))
        #expect(!none.contains("<svg"))
    }

    @Test("trend chart: the line breaks across more than 4 empty weeks; a difference of zero is ±")
    func trendChart() throws {
        let chart = TrendChart(
            id: try ChartID("t"), title: "T", labels: (1...12).map { "W\($0)" },
            values: [100, nil, 102, nil, nil, nil, nil, nil, 104, 100, nil, nil], valueHeading: "Best", format: ValueFormat(decimals: 1, unit: "kg"))
        #expect(chart.segments(chart.points).map { $0.map(\.index) } == [[0, 2], [8, 9]])
        #expect(chart.render().svg.matches(of: /<polyline/).count == 2)
        #expect(chart.summary == "100 kg in W1 to 100 kg in W10: ±0 kg")
        #expect(TrendChart(id: try ChartID("e"), title: "E", labels: ["W1"], values: [], valueHeading: "B", format: .count).summary == "no data")
    }
}
