import Testing
import WktCore
@testable import WktSite

@Suite("YearHeatmap")
struct YearHeatmapTests {
    @Test("squares sit in week columns and weekday rows; days merge, keep their first link and map to levels")
    func layout() throws {
        // 2026-01-01 is a Thursday: with Monday weeks it is row 3 of column 0 (x 30, y 59).
        // 2026-03-04 (Wednesday) is day 62 → index 65 → column 9, row 2 → (147, 46).
        // 2026-12-31 is index 367 → column 52, row 3 → (706, 59).
        let map = YearHeatmap(
            id: try ChartID("year"), title: "Training days in 2026", year: 2026, weekStart: .monday,
            days: [
                .init(date: try day(2026, 12, 31), sets: 4, link: "../workouts/c.html"),
                .init(date: try day(2026, 3, 4), sets: 12, link: "../workouts/a.html"),
                .init(date: try day(2026, 3, 4), workouts: 2, sets: 6, link: "../workouts/b.html"),
                .init(date: try day(2025, 12, 31), workouts: 5, sets: 50), .init(date: try day(2026, 6, 1), workouts: -3, sets: 9),
            ])
        #expect(map.days == [
            YearHeatmap.Day(date: try day(2026, 3, 4), workouts: 3, sets: 18, link: "../workouts/a.html"),
            YearHeatmap.Day(date: try day(2026, 12, 31), sets: 4, link: "../workouts/c.html"),
        ])
        // Sets 4 and 18: nearest-rank bounds 4, 4 and 18 put 18 in level 3.
        let chart = map.render()
        #expect(chart.svg.contains("<rect class=\"l0\" x=\"30.0\" y=\"59.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2026-01-01: no workout</title></rect>"))
        #expect(chart.svg.contains("<a href=\"../workouts/a.html\" aria-label=\"2026-03-04: 18 working sets, 3 workouts\">"
            + "<rect class=\"l3\" x=\"147.0\" y=\"46.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2026-03-04: 18 working sets, 3 workouts</title></rect>\n</a>"))
        #expect(chart.svg.contains("<a href=\"../workouts/c.html\" aria-label=\"2026-12-31: 4 working sets, 1 workout\">"
            + "<rect class=\"l1\" x=\"706.0\" y=\"59.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2026-12-31: 4 working sets, 1 workout</title></rect>"))
        #expect(chart.svg.components(separatedBy: "<a ").count - 1 == 2)
        #expect(chart.svg.contains(" role=\"group\" aria-labelledby=\"year-title year-desc\""))
        #expect(chart.svg.contains("<text x=\"30.0\" y=\"14.0\">Jan</text>"))
        #expect(chart.svg.contains("<text x=\"82.0\" y=\"14.0\">Feb</text>"))
        #expect(chart.svg.contains("<text x=\"0.0\" y=\"29.0\">Mon</text>\n<text x=\"0.0\" y=\"55.0\">Wed</text>\n<text x=\"0.0\" y=\"81.0\">Fri</text>"))
        #expect(chart.summary == "4 workouts on 2 days, busiest month March (3)")
        #expect(chart.description.hasPrefix("Training days in 2026: 4 workouts on 2 days"))
        #expect(chart.svg.contains("<desc id=\"year-desc\">Training days in 2026: 4 workouts on 2 days, busiest month March (3); "
            + "shaded by working sets a day in quartiles: rest day, 4 sets, 18</desc>"))
        #expect(chart.table.rows.count == 12)
        #expect(chart.table.rows[0] == ["January 2026", "0", "0", "0"])
        #expect(chart.table.rows[2] == ["March 2026", "3", "1", "18"])
        #expect(chart.table.rows[11] == ["December 2026", "1", "1", "4"])
        // 365 days plus three legend squares (rest day and the two levels with days).
        #expect(parseXML(chart.svg).elements.filter { $0 == "rect" }.count == 368)
        expectSafeChart(chart, width: 736, height: 136)
    }

    @Test("a leap year starting on Sunday needs 54 Monday columns and still fits")
    func leapYear() throws {
        // 2012-01-01 is a Sunday (row 6); 2012-12-31 is index 371 → column 53, row 0 → (719, 20).
        let chart = YearHeatmap(
            id: try ChartID("y2012"), title: "2012", year: 2012, weekStart: .monday,
            days: [.init(date: try day(2012, 12, 31), sets: 1)]
        ).render()
        #expect(chart.svg.contains("<rect class=\"l1\" x=\"719.0\" y=\"20.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2012-12-31: 1 working set, 1 workout</title></rect>"))
        #expect(chart.svg.contains("<rect class=\"l0\" x=\"30.0\" y=\"98.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2012-01-01: no workout</title></rect>"))
        #expect(parseXML(chart.svg).elements.filter { $0 == "rect" }.count == 368)
        expectSafeChart(chart, width: 736, height: 136)
    }

    @Test("Sunday weeks put Sunday in the first row")
    func sundayWeeks() throws {
        // 2026-01-01 (Thursday) is row 4 when weeks start on Sunday → y 72.
        let chart = YearHeatmap(id: try ChartID("sun"), title: "2026", year: 2026, weekStart: .sunday, days: []).render()
        #expect(chart.svg.contains("<rect class=\"l0\" x=\"30.0\" y=\"72.0\" width=\"11.0\" height=\"11.0\" rx=\"2.0\"><title>2026-01-01: no workout</title></rect>"))
        #expect(chart.svg.contains(">Sun</text>") && chart.svg.contains(">Tue</text>") && chart.svg.contains(">Thu</text>"))
        #expect(chart.summary == "no workouts")
    }

    @Test("days after today are drawn as ahead")
    func future() throws {
        let chart = YearHeatmap(
            id: try ChartID("now"), title: "2026", year: 2026, weekStart: .monday, days: [], today: try day(2026, 6, 15)
        ).render()
        // 2026-06-16 … 2026-12-31: 365 − 166 = 199 days.
        #expect(chart.svg.components(separatedBy: "class=\"future\"").count - 1 == 199)
        #expect(chart.svg.contains("<title>2026-06-16: no workout (ahead)</title>"))
        #expect(chart.svg.contains("<title>2026-06-15: no workout</title>"))
    }

    @Test("R-14 inputs for every week start", arguments: Weekday.allCases)
    func robustInputs(weekStart: Weekday) throws {
        for year in [2012, 2020, 2026] {
            let first = try day(year, 1, 1)
            let cases: [[YearHeatmap.Day]] = [
                [],
                [.init(date: first, sets: 1)],
                (0..<366).map { .init(date: first.adding(days: $0), sets: $0 % 9) },
                [.init(date: first.adding(days: 100), workouts: 1_000_000_000, sets: Int.max), .init(date: first.adding(days: 101), sets: 1)],
            ]
            for (index, days) in cases.enumerated() {
                let chart = YearHeatmap(
                    id: try ChartID("h\(year)-\(weekStart.name)-\(index)"), title: "Y", year: year,
                    weekStart: weekStart, days: days
                ).render()
                expectSafeChart(chart, width: 736, height: 136)
            }
        }
    }

    @Test("hostile titles are escaped")
    func hostileTitle() throws {
        let chart = YearHeatmap(id: try ChartID("evil"), title: hostile, year: 2026, weekStart: .monday, days: []).render()
        #expect(!chart.html.contains("<svg onload"))
        #expect(chart.svg.contains("<title id=\"evil-title\">\(hostileEscaped)</title>"))
        expectSafeChart(chart, width: 736, height: 136)
    }
}
