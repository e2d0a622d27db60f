import Testing
import WktCore
@testable import WktSite

@Suite("Heatmap levels and the 52-week heatmap")
struct HeatLevelsTests {
    /// The legend texts of `values`.
    private func legend(_ values: [Int]) -> [String] {
        HeatLevels(values: values).legend(unit: ("set", "sets")).map(\.text)
    }

    @Test("quartiles by nearest rank: eight days give two per level, the legend writes each range")
    func quartiles() {
        let levels = HeatLevels(values: [8, 3, 1, 7, 2, 6, 5, 4])
        #expect(levels.bounds == [2, 4, 6])
        #expect((1...8).map(levels.level) == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(levels.level(100) == 4)
        #expect(legend([8, 3, 1, 7, 2, 6, 5, 4]) == ["rest day", "1–2 sets", "3–4", "5–6", "7–8"])
        #expect(levels.legend(unit: ("set", "sets")).map(\.level) == [0, 1, 2, 3, 4])
        // Realistic spreads: the legend's ranges cover every value without gaps between levels.
        #expect(legend([1, 9, 10, 14, 15, 19, 20, 31]) == ["rest day", "1–9 sets", "10–14", "15–19", "20–31"])
        #expect(legend([1_200, 2_500, 3_000, 12_000]) == ["rest day", "1,200 sets", "2,500", "3,000", "12,000"])
    }

    @Test("ties share a level; empty levels are left out of the legend")
    func ties() {
        let levels = HeatLevels(values: [5, 5, 10, 5, 5])
        #expect(levels.bounds == [5, 5, 5])
        #expect(levels.level(5) == 1 && levels.level(10) == 4)
        #expect(legend([5, 5, 10, 5, 5]) == ["rest day", "5 sets", "10"])
        // A day of 0 working sets (a cardio-only workout) is still trained: level 1.
        #expect(legend([-3, 0, 20]) == ["rest day", "0 sets", "20"])
        #expect(HeatLevels(values: [-3, 0, 20]).level(20) == 3)
    }

    @Test("a single trained day, all days equal and no days")
    func edges() {
        #expect(HeatLevels(values: [7]).level(7) == 1)
        #expect(legend([7]) == ["rest day", "7 sets"])
        #expect(legend([1]) == ["rest day", "1 set"])
        let equal = HeatLevels(values: Array(repeating: 12, count: 40))
        #expect(equal.level(12) == 1)
        #expect(equal.ranges == [12...12, nil, nil, nil])
        #expect(HeatLevels(values: []).bounds.isEmpty)
        #expect(legend([]) == ["rest day"])
    }

    @Test("the year heatmap's legend writes the numbers of each level in the SVG")
    func legendText() throws {
        let first = try day(2026, 1, 5)
        let chart = YearHeatmap(
            id: try ChartID("legend"), title: "2026", year: 2026, weekStart: .monday,
            days: (0..<8).map { .init(date: first.adding(days: $0), sets: [8, 3, 1, 7, 2, 6, 5, 4][$0]) }
        ).render()
        #expect(chart.svg.contains("<text x=\"30.0\" y=\"128.0\">Working sets a day:</text>"))
        for text in ["rest day", "1–2 sets", "3–4", "5–6", "7–8"] { #expect(chart.svg.contains(">\(text)</text>"), "\(text)") }
        for level in 0...4 { #expect(chart.svg.contains("<rect class=\"l\(level)\""), "l\(level)") }
        #expect(chart.svg.contains("<title>2026-01-05: 8 working sets, 1 workout</title>"))
        #expect(chart.svg.contains("<rect class=\"l4\" x=\"43.0\" y=\"20.0\""))
        expectSafeChart(chart, width: 736, height: 136)
    }

    @Test("the last 52 weeks end with today's week, start on the week start and draw nothing after today")
    func lastWeeks() throws {
        // 2026-11-25 is a Wednesday: the first column starts on Monday 2025-12-01, 51 weeks
        // before the Monday of today's week; 359 + 1 days are drawn.
        let today = try day(2026, 11, 25)
        let map = YearHeatmap(
            id: try ChartID("recent"), title: "Training days, last 52 weeks", weeks: 52, endingOn: today, weekStart: .monday,
            days: [
                .init(date: try day(2025, 11, 30), sets: 9, link: "workouts/old.html"),
                .init(date: try day(2025, 12, 1), sets: 10, link: "workouts/first.html"),
                .init(date: today, sets: 20, link: "workouts/today.html"),
                .init(date: today, sets: 5, link: "workouts/today-2.html"),
            ])
        #expect(map.first == (try day(2025, 12, 1)) && map.last == today && map.firstRow == 0)
        let chart = map.render()
        #expect(parseXML(chart.svg).elements.filter { $0 == "rect" }.count == 360 + 3)
        #expect(!chart.svg.contains("workouts/old.html") && !chart.svg.contains("today-2.html"))
        // Column 51, row 2 → (693, 46); the first day (10 sets, the lower quartile) at (30, 20).
        #expect(chart.svg.contains("<a href=\"workouts/today.html\" aria-label=\"2026-11-25: 25 working sets, 2 workouts\">"
            + "<rect class=\"l3\" x=\"693.0\" y=\"46.0\""))
        #expect(chart.svg.contains("<a href=\"workouts/first.html\" aria-label=\"2025-12-01: 10 working sets, 1 workout\"><rect class=\"l1\" x=\"30.0\" y=\"20.0\""))
        #expect(!chart.svg.contains("future") && !chart.svg.contains("2026-11-26"))
        #expect(chart.svg.contains("<text x=\"30.0\" y=\"14.0\">Dec</text>"))
        #expect(chart.summary == "3 workouts on 2 days, busiest month November 2026 (2)")
        #expect(chart.table.rows.count == 12)
        #expect(chart.table.rows.first == ["December 2025", "1", "1", "10"])
        #expect(chart.table.rows.last == ["November 2026", "2", "1", "25"])
        expectSafeChart(chart, width: 736, height: 136)
    }

    @Test("a range starting mid-month names that month only with room before the next name")
    func midMonth() throws {
        // Thursday 2026-11-19 → first day Monday 2025-11-24; December starts in column 1, so
        // November 2025 gets no name, but it has a table row.
        let chart = YearHeatmap(
            id: try ChartID("mid"), title: "T", weeks: 52, endingOn: try day(2026, 11, 19), weekStart: .monday, days: []
        ).render()
        #expect(chart.svg.contains("<text x=\"43.0\" y=\"14.0\">Dec</text>"))
        #expect(chart.svg.components(separatedBy: ">Nov</text>").count - 1 == 1)
        #expect(chart.table.rows.count == 13 && chart.table.rows[0][0] == "November 2025")
        // Sunday weeks: a Wednesday today is row 3 of the last column.
        let sunday = YearHeatmap(
            id: try ChartID("sun"), title: "T", weeks: 52, endingOn: try day(2026, 11, 25), weekStart: .sunday, days: [])
        #expect(sunday.first.weekday == .sunday && sunday.dayCount == 51 * 7 + 4)
    }
}

@Suite("Heatmaps on the pages")
struct HeatmapPagesTests {
    @Test("the dashboard and history show the last 52 weeks; the year page's days link to the first workout of the day")
    func pages() throws {
        let files = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input()))
        // 2026-11-18 has two workouts: its square links to the first one only.
        for (path, root) in [("index.html", ""), ("history/index.html", "../"), ("history/2026.html", "../")] {
            let html = try #require(files[path])
            #expect(html.contains("<a href=\"\(root)workouts/2026-11-18-0600.html\" aria-label=\"2026-11-18: 2 working sets, 2 workouts\">"
                + "<rect class=\"l"), "\(path)")
            #expect(!html.contains("href=\"\(root)workouts/2026-11-18-0600-2.html\" aria-label"), "\(path)")
            #expect(html.contains(">Working sets a day:</text>"), "\(path)")
            #expect(html.contains("<title>2026-11-22: no workout</title>"), "\(path)")
        }
        for path in ["index.html", "history/index.html"] {
            let html = try #require(files[path])
            #expect(html.contains("<figure class=\"chart\" id=\"recent-days\">"), "\(path)")
            #expect(html.contains("<span class=\"chart-title\">Training days, last 52 weeks</span>"), "\(path)")
            #expect(html.contains("role=\"group\" aria-labelledby=\"recent-days-title recent-days-desc\""), "\(path)")
            #expect(html.contains("<caption>Training days, last 52 weeks</caption>"), "\(path)")
            // The fixture's today is Sunday 2026-11-22: nothing after it is drawn.
            #expect(!html.contains("<title>2026-11-23"), "\(path)")
        }
        #expect(files["history/2026.html"]?.contains("<title>2026-11-23: no workout (ahead)</title>") == true)
    }
}
