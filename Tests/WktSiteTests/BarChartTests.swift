import Testing
import WktCore
@testable import WktSite

@Suite("BarChart")
struct BarChartTests {
    @Test("a three-bar chart has exactly the hand-computed markup")
    func tinyChartExact() throws {
        // Plot x 48…920 (the target label sits right of it), y 20…220; 3 slots of 290.7, bars
        // 70 % wide (203.5) centred in the slot; the axis is 0…4 in steps of 1, so 1 workout =
        // 50 units. W1 (2) is under the target 3: a triangle under its bar, `under` in the table.
        let chart = BarChart(
            id: try ChartID("tiny"), title: "Tiny", bars: [("W1", 2), ("W2", 4), ("W3", 3)], target: 3
        ).render()
        let expected = """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart-svg bar-chart" viewBox="0 0 980 248" width="980" height="248" role="img" aria-labelledby="tiny-title tiny-desc">
            <title id="tiny-title">Tiny</title>
            <desc id="tiny-desc">Tiny: average 3, most 4 in W2, target 3 met in 2 of 3</desc>
            <g class="grid" stroke="currentColor">
            <line x1="48.0" y1="220.0" x2="920.0" y2="220.0"/>
            <line x1="48.0" y1="170.0" x2="920.0" y2="170.0"/>
            <line x1="48.0" y1="120.0" x2="920.0" y2="120.0"/>
            <line x1="48.0" y1="70.0" x2="920.0" y2="70.0"/>
            <line x1="48.0" y1="20.0" x2="920.0" y2="20.0"/>
            </g>
            <g class="axis y-axis" fill="currentColor" text-anchor="end">
            <text x="42.0" y="224.0">0</text>
            <text x="42.0" y="174.0">1</text>
            <text x="42.0" y="124.0">2</text>
            <text x="42.0" y="74.0">3</text>
            <text x="42.0" y="24.0">4</text>
            </g>
            <g class="bars" fill="currentColor">
            <rect x="91.6" y="120.0" width="203.5" height="100.0"><title>W1: 2</title></rect>
            <rect x="382.3" y="20.0" width="203.5" height="200.0"><title>W2: 4</title></rect>
            <rect x="672.9" y="70.0" width="203.5" height="150.0"><title>W3: 3</title></rect>
            </g>
            <g class="under" fill="currentColor">
            <polygon points="189.8,229.0 196.8,229.0 193.3,222.0"/>
            </g>
            <g class="axis x-axis" fill="currentColor" text-anchor="middle">
            <text x="193.3" y="244.0">W1</text>
            <text x="484.0" y="244.0">W2</text>
            <text x="774.7" y="244.0">W3</text>
            </g>
            <g class="target" fill="currentColor">
            <g class="target-line" stroke="currentColor" stroke-dasharray="6 4">
            <line x1="48.0" y1="70.0" x2="920.0" y2="70.0"/>
            </g>
            <text x="924.0" y="70.0" text-anchor="start">target</text>
            <text x="924.0" y="84.0" text-anchor="start">3</text>
            </g>
            </svg>
            """
        #expect(chart.svg == expected)
        #expect(chart.summary == "average 3, most 4 in W2, target 3 met in 2 of 3")
        #expect(chart.table.html == """
            <table>
            <caption>Tiny</caption>
            <thead>
            <tr><th scope="col">Week</th><th scope="col" class="num">Workouts</th><th scope="col">Target</th></tr>
            </thead>
            <tbody>
            <tr><th scope="row">W1</th><td class="num">2</td><td>under</td></tr>
            <tr><th scope="row">W2</th><td class="num">4</td><td>met</td></tr>
            <tr><th scope="row">W3</th><td class="num">3</td><td>met</td></tr>
            </tbody>
            </table>
            """)
        expectSafeChart(chart, width: 980, height: 248)
    }

    @Test("the figure wraps caption, SVG and a closed details table")
    func figureMarkup() throws {
        let chart = BarChart(id: try ChartID("fig"), title: "T", bars: [("a", 1)]).render()
        #expect(chart.html.hasPrefix("<figure class=\"chart\" id=\"fig\">\n<figcaption><span class=\"chart-title\">T</span> <span class=\"chart-summary\">average 1, most 1 in a</span></figcaption>\n<div class=\"chart-frame\">\n<div class=\"chart-plot\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg chart-axis gutter-48\""))
        #expect(chart.html.contains("</svg>\n</div>\n</div>\n<details class=\"chart-data\">\n<summary>Show the numbers</summary>\n<div class=\"table-wrap\">\n<table>"))
        #expect(chart.html.hasSuffix("</table>\n</div>\n</details>\n</figure>"))
    }

    static let r14Inputs: [String: [Double]] = [
        "empty": [],
        "one": [5],
        "equal": Array(repeating: 3, count: 52),
        "zeros": Array(repeating: 0, count: 52),
        "outlier": Array(repeating: 3, count: 51) + [1e9],
        "decade": (0..<520).map { Double($0 % 7) },
        "nonfinite": [Double.nan, .infinity, -.infinity, -5, 2],
    ]

    @Test("R-14 inputs give valid SVG with finite coordinates", arguments: ["empty", "one", "equal", "zeros", "outlier", "decade", "nonfinite"])
    func robustInputs(name: String) throws {
        let values = try #require(Self.r14Inputs[name])
        let bars = values.enumerated().map { (label: "W\($0.offset + 1)", value: $0.element) }
        let chart = BarChart(id: try ChartID("r14-\(name)"), title: "Workouts", bars: bars, target: 3).render()
        expectSafeChart(chart, width: 980, height: 248)
        #expect(chart.table.rows.count == values.count)
        #expect(parseXML(chart.svg).elements.filter { $0 == "rect" }.count == values.count)
    }

    @Test("empty chart says so in the SVG, the summary and the table")
    func emptyChart() throws {
        let chart = BarChart(id: try ChartID("none"), title: "Workouts per week", bars: [BarChart.Bar]()).render()
        #expect(chart.summary == "no data")
        #expect(chart.svg.contains("<desc id=\"none-desc\">Workouts per week: no data</desc>"))
        #expect(chart.svg.contains(">No data yet</text>"))
        #expect(chart.table.html.contains("<tr><td colspan=\"2\">No data</td></tr>"))
    }

    @Test("the 1e9 outlier sets the axis to 0…1G and keeps small bars visible as small")
    func outlierAxis() throws {
        let chart = BarChart(id: try ChartID("big"), title: "Volume", bars: [("a", 1e9), ("b", 5e8)], format: ValueFormat(decimals: 0, unit: "kg")).render()
        // Axis 0…1e9 in steps of 5e8: labels 0, 500M, 1G; bar b (slot 446, x 48 + 446 + 66.9) is exactly half height (100).
        #expect(chart.svg.contains(">500M</text>"))
        #expect(chart.svg.contains(">1G</text>"))
        #expect(chart.svg.contains("<rect x=\"560.9\" y=\"120.0\" width=\"312.2\" height=\"100.0\"><title>b: 500,000,000 kg</title></rect>"))
        #expect(chart.summary == "average 750,000,000 kg, most 1,000,000,000 kg in a")
    }

    @Test("52 weeks label every 9th bar counted back from the last")
    func labelSelection() {
        #expect(BarChart.labelledIndices(count: 3) == [0, 1, 2])
        #expect(BarChart.labelledIndices(count: 12) == Array(0..<12))
        #expect(BarChart.labelledIndices(count: 52) == [6, 15, 24, 33, 42, 51])
        #expect(BarChart.labelledIndices(count: 0) == [])
    }

    @Test("hostile labels and titles appear only escaped (R-04, R-05, R-06)")
    func hostileText() throws {
        let chart = BarChart(
            id: try ChartID("evil"), title: hostile,
            bars: [(hostile, 1), ("AT&T Row", 2), ("lit &amp;", 3), ("ctl\u{1}\u{B}\u{FFFE}x", 4)],
            labelHeading: hostile, valueHeading: "V").render()
        for markup in [chart.svg, chart.html] {
            #expect(!markup.contains("<svg onload"))
            #expect(markup.contains(hostileEscaped))
            #expect(markup.contains("AT&amp;T Row"))
            #expect(markup.contains("lit &amp;amp;"))
            #expect(markup.contains("ctlx"))
            #expect(!markup.contains("\u{1}") && !markup.contains("\u{B}") && !markup.contains("\u{FFFE}"))
        }
        let parsed = parseXML(chart.svg)
        #expect(parsed.error == nil)
        #expect(parsed.texts.contains { $0.element == "title" && $0.text == hostile })
        #expect(parsed.texts.contains { $0.element == "title" && $0.text == hostile + ": 1" })
        #expect(parsed.elements.filter { $0 == "svg" }.count == 1)
        expectSafeChart(chart, width: 980, height: 248)
    }

    @Test("long labels are clipped inside the chart but complete in the table")
    func clippedLabels() throws {
        let name = String(repeating: "x", count: 10_000)
        let chart = BarChart(id: try ChartID("long"), title: "T", bars: [(name, 1)]).render()
        #expect(chart.svg.contains(">xxxxxxxxxxx…</text>"))
        #expect(chart.table.rows == [[name, "1"]])
    }
}
