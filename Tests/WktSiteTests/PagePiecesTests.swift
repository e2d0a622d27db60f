import Testing
import WktCore
import WktMarkdown
@testable import WktSite

/// Small page pieces rewritten for speed (#14), each against the way it was first written.
@Suite("Page pieces against their first versions")
struct PagePiecesTests {
    /// The first `humanName`: Characters mapped, the first one upper-cased.
    static func referenceHumanName(_ key: String) -> String {
        let spaced = String(key.map { $0 == "_" || $0 == "-" ? " " : $0 })
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The first `HTML.pager`: one interpolation per link.
    static func referencePager(label: String, previous: (text: String, href: String)?, up: (text: String, href: String)?,
                               next: (text: String, href: String)?) -> String {
        var out = "<nav class=\"pager\" aria-label=\"\(HTML.attribute(label))\">"
        out += previous.map { "<a class=\"pager-prev\" rel=\"prev\" href=\"\($0.href)\">← \(HTML.text($0.text))</a>" }
            ?? "<span class=\"pager-prev\"></span>"
        out += up.map { "<a class=\"pager-up\" href=\"\($0.href)\">\(HTML.text($0.text))</a>" } ?? "<span class=\"pager-up\"></span>"
        out += next.map { "<a class=\"pager-next\" rel=\"next\" href=\"\($0.href)\">\(HTML.text($0.text)) →</a>" }
            ?? "<span class=\"pager-next\"></span>"
        return out + "</nav>"
    }

    @Test("activity and check-in names read as before, ASCII or not")
    func humanNames() {
        var keys = ["", "strength", "functional_strength", "knee_pain", "traditional-strength-training", "_x", "-", "a",
                    "Zone2", "1st_set", "über_kraft", "ärger-level", "énergie", "🏋️_lift", "ß", "ǆ_digraph", "x\u{301}_y"]
        var seed: UInt64 = 41
        let alphabet = Array("abcxyzABCXYZ09_- .é")
        for _ in 0..<500 {
            var key = ""
            for _ in 0..<Int(seed % 9) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                key.append(alphabet[Int((seed >> 33) % UInt64(alphabet.count))])
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            keys.append(key)
        }
        for key in keys { #expect(PageComposer.humanName(key) == Self.referenceHumanName(key), "\(key)") }
        #expect(PageComposer.humanName("knee_pain") == "Knee pain")
        #expect(PageComposer.activityName("") == "Workout")
    }

    @Test("pagers read as before, with every link present or missing and hostile texts")
    func pagers() {
        let links: [(text: String, href: String)?] = [
            nil, ("2026-11-21 Push", "../workouts/2026-11-21-0700.html"), ("<b>&\"'\u{202E}", "x.html"), ("", "y.html"),
        ]
        for previous in links {
            for up in links {
                for next in links {
                    for label in ["Workouts", "Years & <more>"] {
                        #expect(HTML.pager(label: label, previous: previous, up: up, next: next).text
                                    == Self.referencePager(label: label, previous: previous, up: up, next: next))
                    }
                }
            }
        }
    }

    /// The first `RenderedChart.html`: the figure joined from strings.
    static func referenceChartHTML(_ chart: RenderedChart) -> String {
        let legendHTML = chart.legend.html
        let plot = chart.axis.map { "<div class=\"chart-plot\">\n\($0)\n\(chart.svg)\n</div>" } ?? chart.svg
        return "<figure class=\"chart\" id=\"\(chart.id.value)\">\n"
            + "<figcaption><span class=\"chart-title\">\(HTMLEscaping.escapeHTML(chart.title))</span>"
            + " <span class=\"chart-summary\">\(HTMLEscaping.escapeHTML(chart.summary))</span></figcaption>\n"
            + (legendHTML.isEmpty ? "" : legendHTML + "\n")
            + "<div class=\"chart-frame\">\n\(plot)\n</div>\n"
            + "<details class=\"chart-data\">\n<summary>Show the numbers</summary>\n"
            + "<div class=\"table-wrap\">\n\(chart.table.html)\n</div>\n</details>\n</figure>"
    }

    @Test("chart figures read as before, with and without an axis, a legend and rows")
    func chartFigures() throws {
        let tables = [
            DataTable(caption: "Weekly <volume>", columns: [.init("Week", numeric: false), .init("kg", numeric: true)],
                      rows: [["2026-W47", "1,234"], ["2026-W48", "<b>&"]]),
            DataTable(caption: "", columns: [.init("Day", numeric: false)], rows: []),
        ]
        let legends = [ChartLegend([]), ChartLegend([.init(.line(series: 1, dashed: false), "e1RM"), .init(.diamond, "PR & \"best\"")])]
        for table in tables {
            for legend in legends {
                for axis in [nil, "<svg class=\"axis\"></svg>"] as [String?] {
                    let chart = RenderedChart(
                        id: try ChartID("progress"), title: "Bench <Press> & \"Co\"", summary: "best \u{202E} 100 kg",
                        svg: "<svg viewBox=\"0 0 10 10\"><circle r=\"1\"/></svg>", table: table, legend: legend, axis: axis)
                    #expect(chart.html == Self.referenceChartHTML(chart))
                    var body = PageBody()
                    body.html(chart)
                    #expect(body.blocks == [.html(Array((Self.referenceChartHTML(chart) + "\n").utf8))])
                }
            }
        }
    }

    @Test("an exercise link from a page one folder down is the link written once per exercise, or written anew where its bytes would differ")
    func exerciseLinksWrittenOnce() throws {
        let hostile = SiteFixture.hostileName
        let history = WorkoutHistory(workouts: [
            SiteFixture.workout(1, "2026-11-02 07:00:00", "A", [
                ExerciseBlock(name: "Caf\u{E9} Curl", sets: SiteFixture.sets([(20, 10)])),
                ExerciseBlock(name: hostile, sets: SiteFixture.sets([(50, 5)])),
                ExerciseBlock(name: "Bench & <Press>", sets: SiteFixture.sets([(80, 5)])),
            ]),
            // The same exercise spelled with a combining accent: one exercise, its own text.
            SiteFixture.workout(2, "2026-11-04 07:00:00", "A", [ExerciseBlock(name: "Cafe\u{301} Curl", sets: SiteFixture.sets([(22, 10)]))]),
        ])
        let composer = PageComposer(site: SiteModel(history: history, settings: SiteFixture.settings(), today: SiteFixture.today))
        #expect(composer.site.exercises.count == 3)
        for name in ["Caf\u{E9} Curl", "Cafe\u{301} Curl", hostile, "Bench & <Press>", "Not an exercise"] {
            for root in ["../", "", "../../"] {
                let expected = composer.site.exercise(named: name).map { HTML.link(name, root: root, path: $0.path) } ?? HTML.text(name)
                #expect(composer.exerciseHTMLLink(name, root: root) == expected, "\(name.unicodeScalars.map(\.value)) \(root)")
            }
        }
        // The decomposed spelling keeps its own bytes in the link's text.
        #expect(composer.exerciseHTMLLink("Cafe\u{301} Curl", root: "../").utf8.elementsEqual(
            HTML.link("Cafe\u{301} Curl", root: "../", path: try #require(composer.site.exercise(named: "Caf\u{E9} Curl")).path).utf8))
    }
}
