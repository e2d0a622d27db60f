import Testing
import WktCore
@testable import WktSite

@Suite("LineChart")
struct LineChartTests {
    let kg = ValueFormat(decimals: 1, unit: "kg")

    @Test("x is scaled by day number and y by the nice value axis")
    func coordinates() throws {
        // 2026-01-01 → x 40, 2026-01-11 → x 940, 2026-01-06 (day 5 of 10) → x 490.
        // Axis 100…110 (step 5) over y 220…36: 105 → 128.
        let series = LineChart.Series(name: "e1RM", points: [
            (try day(2026, 1, 11), 110), (try day(2026, 1, 1), 100), (try day(2026, 1, 6), 105),
        ])
        let chart = LineChart(id: try ChartID("e1rm"), title: "Bench", primary: series, format: kg).render()
        #expect(chart.svg.contains("<polyline points=\"40.0,220.0 490.0,128.0 940.0,36.0\"/>"))
        #expect(chart.svg.contains("<circle cx=\"490.0\" cy=\"128.0\" r=\"3.0\"><title>2026-01-06: 105 kg</title></circle>"))
        #expect(chart.svg.contains("<text x=\"34.0\" y=\"224.0\">100</text>"))
        #expect(chart.svg.contains("<text x=\"34.0\" y=\"40.0\">110</text>"))
        #expect(chart.summary == "e1RM 100 kg on 2026-01-01 to 110 kg on 2026-01-11, best 110 kg on 2026-01-11")
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("two series: same-day points merge to the best, the table aligns them by date")
    func twoSeries() throws {
        let e1rm = LineChart.Series(name: "e1RM", points: [
            (try day(2026, 1, 1), 100), (try day(2026, 1, 6), 105), (try day(2026, 1, 11), 110),
        ])
        let heaviest = LineChart.Series(name: "Heaviest", points: [
            (try day(2026, 1, 6), 95), (try day(2026, 1, 6), 97.5),
        ])
        #expect(heaviest.points == [LineChart.Point(date: try day(2026, 1, 6), value: 97.5)])
        let chart = LineChart(id: try ChartID("prog"), title: "Bench", primary: e1rm, secondary: heaviest, format: kg).render()
        #expect(chart.summary == "e1RM 100 kg on 2026-01-01 to 110 kg on 2026-01-11, best 110 kg on 2026-01-11; Heaviest best 97.5 kg on 2026-01-06")
        #expect(chart.table.rows == [
            ["2026-01-01", "100 kg", "–"],
            ["2026-01-06", "105 kg", "97.5 kg"],
            ["2026-01-11", "110 kg", "–"],
        ])
        #expect(chart.table.columns.map(\.heading) == ["Date", "e1RM", "Heaviest"])
        // Axis 95…110 (step 5): 100 → 220 − 184 × 5/15 = 158.7; the second series is dashed
        // and drawn with square markers.
        #expect(chart.svg.contains("<polyline points=\"40.0,158.7 490.0,97.3 940.0,36.0\"/>"))
        #expect(chart.svg.contains("<g class=\"series series-2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-dasharray=\"6 4\">"))
        #expect(chart.svg.contains("<rect x=\"487.0\" y=\"186.3\" width=\"6.0\" height=\"6.0\"><title>2026-01-06: 97.5 kg</title></rect>"))
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("R-14 inputs give valid SVG with finite coordinates", arguments: ["empty", "one", "equal", "outlier", "decade", "sameday", "nonfinite"])
    func robustInputs(name: String) throws {
        let start = try day(2016, 1, 4)
        let values: [(date: CivilDate, value: Double)] = switch name {
        case "empty": []
        case "one": [(start, 80)]
        case "equal": (0..<52).map { (start.adding(days: 7 * $0), 80) }
        case "outlier": (0..<52).map { (start.adding(days: 7 * $0), $0 == 30 ? 1e9 : 80) }
        case "decade": (0..<520).map { (start.adding(days: 7 * $0), 60 + Double($0 % 40)) }
        case "sameday": (0..<10).map { (start, Double($0)) }
        default: [(start, .nan), (start.adding(days: 1), .infinity), (start.adding(days: 2), -.infinity)]
        }
        let chart = LineChart(
            id: try ChartID("r14-\(name)"), title: "e1RM",
            primary: LineChart.Series(name: "e1RM", points: values),
            secondary: LineChart.Series(name: "Heaviest", points: values.map { ($0.date, $0.value * 0.9) }),
            format: kg
        ).render()
        expectSafeChart(chart, width: 980, height: 244)
        let distinctDays = Set(values.map(\.date)).count
        #expect(chart.table.rows.count == distinctDays)
        // Markers only while the chart is small enough (the legend is HTML outside the SVG).
        let markers = parseXML(chart.svg).elements.filter { $0 == "circle" }.count
        #expect(markers == (2 * distinctDays <= LineChart.maxMarkers ? distinctDays : 0))
    }

    @Test("empty chart")
    func empty() throws {
        let chart = LineChart(id: try ChartID("none"), title: "e1RM", primary: LineChart.Series(name: "e1RM", points: []), format: kg).render()
        #expect(chart.summary == "no data")
        #expect(chart.svg.contains(">No data yet</text>"))
    }

    @Test("date ticks", arguments: [
        ((2026, 1, 1), (2026, 1, 1), ["2026-01-01"]),
        ((2026, 1, 1), (2026, 1, 11), ["Jan 1", "Jan 4", "Jan 6", "Jan 9", "Jan 11"]),
        ((2026, 1, 15), (2026, 5, 20), ["Feb 2026", "Mar 2026", "Apr 2026", "May 2026"]),
        ((2020, 3, 15), (2026, 6, 1), ["2021", "2022", "2023", "2024", "2025", "2026"]),
        ((2016, 1, 1), (2026, 1, 1), ["2016", "2018", "2020", "2022", "2024", "2026"]),
    ])
    func dateTicks(first: (Int, Int, Int), last: (Int, Int, Int), labels: [String]) throws {
        let ticks = DateTicks.ticks(from: try day(first.0, first.1, first.2), to: try day(last.0, last.1, last.2))
        #expect(ticks.map(\.label) == labels)
    }

    @Test("hostile series names and titles are escaped (R-04)")
    func hostileNames() throws {
        let chart = LineChart(
            id: try ChartID("evil"), title: hostile,
            primary: LineChart.Series(name: hostile, points: [(try day(2026, 1, 1), 1)]), format: kg
        ).render()
        #expect(!chart.html.contains("<svg onload"))
        #expect(chart.legend.html.contains("> \(hostileEscaped)</li>"))
        #expect(chart.table.html.contains("<th scope=\"col\" class=\"num\">\(hostileEscaped)</th>"))
        #expect(parseXML(chart.svg).texts.contains { $0.element == "title" && $0.text == hostile })
        expectSafeChart(chart, width: 980, height: 244)
    }

    @Test("the range wording (bodyweight) names first, last, lowest and highest, never a best")
    func rangeWording() throws {
        let series = LineChart.Series(name: "Bodyweight", points: [
            (try day(2024, 1, 8), 74.2), (try day(2024, 6, 1), 73.9), (try day(2026, 2, 1), 81.4), (try day(2026, 11, 23), 81),
        ])
        let chart = LineChart(id: try ChartID("bw"), title: "Bodyweight (kg)", primary: series, format: kg, wording: .range).render()
        #expect(chart.summary == "Bodyweight from 74.2 kg (2024-01-08) to 81 kg (2026-11-23), lowest 73.9 kg, highest 81.4 kg")
        #expect(!chart.html.contains("best"))
        let one = LineChart.Series(name: "Bodyweight", points: [(try day(2024, 1, 8), 74.2)])
        #expect(LineChart(id: try ChartID("bw"), title: "B", primary: one, format: kg, wording: .range).summary
            == "Bodyweight 74.2 kg (2024-01-08)")
        let none = LineChart.Series(name: "Bodyweight", points: [])
        #expect(LineChart(id: try ChartID("bw"), title: "B", primary: none, format: kg, wording: .range).summary == "no data")
        // The default wording is unchanged for records.
        #expect(LineChart(id: try ChartID("bw"), title: "B", primary: series, format: kg).summary.contains("best 81.4 kg on 2026-02-01"))
    }
}
