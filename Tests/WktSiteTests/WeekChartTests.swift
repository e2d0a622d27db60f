import Testing
import WktCore
@testable import WktSite

@Suite("Week charts")
struct WeekChartTests {
    /// Weekly bars from the Monday 2025-10-27, the last one in progress.
    func weeks(_ values: [Double], inProgressLast: Bool = true) throws -> [BarChart.Bar] {
        let first = try day(2025, 10, 27)
        return values.enumerated().map { index, value in
            let start = first.adding(days: 7 * index)
            return BarChart.Bar(label: "W\(index + 1)", value: value, start: start,
                                inProgress: inProgressLast && index == values.count - 1)
        }
    }

    @Test("month labels sit under the week holding the 1st; January shows the year")
    func monthRow() throws {
        // Weeks from 2025-10-27: the 1st of Nov (Sat) is in week 1, Dec 1 (Mon) starts week 6,
        // Jan 1 2026 (Thu) is in week 10, Feb 1 (Sun) in week 14.
        let chart = BarChart(id: try ChartID("months"), title: "T", bars: try weeks(Array(repeating: 3, count: 15), inProgressLast: false))
        #expect(chart.monthLabels().map(\.index) == [0, 5, 9, 13])
        #expect(chart.monthLabels().map(\.label) == ["Nov", "Dec", "2026", "Feb"])
        let svg = chart.render().svg
        #expect(svg.contains("viewBox=\"0 0 980 268\""))
        #expect(svg.contains("<g class=\"axis months\" fill=\"currentColor\" text-anchor=\"start\">"))
        #expect(svg.contains(">Nov</text>") && svg.contains(">2026</text>"))
        expectSafeChart(chart.render(), width: 980, height: 268)
    }

    @Test("crowded month rows keep only the years")
    func crowdedMonths() throws {
        let chart = BarChart(id: try ChartID("decade"), title: "T", bars: try weeks(Array(repeating: 1, count: 520), inProgressLast: false))
        #expect(chart.monthLabels().allSatisfy { $0.label.count == 4 && $0.label.hasPrefix("20") })
        #expect(chart.monthLabels().count == 10)
    }

    @Test("the current week is a dashed outline with 'so far' in the SVG, its tooltip, the table and the summary")
    func currentWeek() throws {
        let chart = BarChart(id: try ChartID("now"), title: "T", bars: try weeks([4, 2, 1]), target: 3).render()
        #expect(chart.svg.contains("<g class=\"bars in-progress\" fill=\"none\" stroke=\"currentColor\""))
        #expect(chart.svg.contains("<title>W3 (so far): 1</title>"))
        #expect(chart.svg.contains(">so far</text>"))
        #expect(chart.table.rows.last == ["W3 (so far)", "1", "not yet"])
        // The unfinished week counts neither in the average nor against the target.
        #expect(chart.summary == "average 3, most 4 in W1, target 3 met in 1 of 2; W3 so far 1")
        #expect(chart.legend.items.map(\.key) == [.target, .underTarget, .inProgress])
        expectSafeChart(chart, width: 980, height: 268)
    }

    @Test("finished weeks under the target get a triangle under the bar and 'under' in the table")
    func underTarget() throws {
        let chart = BarChart(id: try ChartID("under"), title: "T", bars: try weeks([4, 2, 0, 1]), target: 3).render()
        let under = try #require(chart.svg.components(separatedBy: "<g class=\"under\"").last?.components(separatedBy: "</g>").first)
        #expect(under.components(separatedBy: "<polygon").count - 1 == 2, "weeks 2 and 3; week 4 is in progress")
        #expect(chart.table.rows.map { $0[2] } == ["met", "under", "under", "not yet"])
        #expect(chart.legend.html.contains("under the target (finished weeks)"))
        // Without a target nothing is under it.
        let plain = BarChart(id: try ChartID("plain"), title: "T", bars: try weeks([4, 2, 0, 1])).render()
        #expect(!plain.svg.contains("class=\"under\""))
        #expect(plain.table.columns.count == 2)
    }

    @Test("the target label sits right of the plot, clear of every bar")
    func targetLabelOutsidePlot() throws {
        let chart = BarChart(id: try ChartID("label"), title: "T", bars: try weeks(Array(repeating: 9, count: 52)), target: 3).render()
        let parsed = parseXML(chart.svg)
        // Every bar ends left of x 920; the label starts at 924.
        var maxRight = 0.0
        var x: Double?
        for attribute in parsed.attributes where attribute.element == "rect" {
            if attribute.name == "x" { x = Double(attribute.value) }
            if attribute.name == "width", let left = x { maxRight = max(maxRight, left + (Double(attribute.value) ?? 0)) }
        }
        #expect(maxRight > 900 && maxRight <= 920)
        #expect(chart.svg.contains("<text x=\"924.0\" y=\"160.0\" text-anchor=\"start\">target</text>"))
        #expect(chart.svg.contains("<text x=\"924.0\" y=\"174.0\" text-anchor=\"start\">3</text>"))
    }
}
