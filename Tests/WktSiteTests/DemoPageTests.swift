import Foundation
import Testing
import WktCore
@testable import WktSite

/// Writes a sample dashboard (charts, calendar rows, tables) plus the 404 and empty-store pages
/// into a folder, for looking at the design in a browser. The folder is `WKT_DEMO_DIR` when set,
/// else `wkt-site-demo` in the temporary directory; its path is printed.
@Suite("Demo page")
struct DemoPageTests {
    /// A small deterministic pseudo-random sequence (64-bit LCG), so the demo is the same every run.
    struct DemoRandom {
        var state: UInt64

        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    static let today = CivilDate(dayNumber: 20_778)  // 2026-11-21, a Saturday

    @Test("writes a demo dashboard that obeys the page rules")
    func writeDemo() throws {
        let directory = ProcessInfo.processInfo.environment["WKT_DEMO_DIR"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("wkt-site-demo").path
        try FileManager.default.createDirectory(atPath: directory + "/assets", withIntermediateDirectories: true)
        for asset in EmbeddedResources.assets {
            try asset.contents.write(toFile: directory + "/assets/" + asset.path, atomically: false, encoding: .utf8)
        }
        #expect(Self.today.description == "2026-11-21")

        let renderer = try LayoutRenderer()
        let pages = [
            ("index.html", try renderer.renderPage(context(title: "Dashboard", current: .dashboard, body: try dashboardBody()))),
            ("empty.html", try renderer.renderPage(context(title: "Dashboard", current: .dashboard, body: ""), bodyTemplate: LayoutRenderer.emptyStoreTemplate)),
            ("404.html", try renderer.renderPage(context(title: "Page not found", current: nil, body: ""), bodyTemplate: LayoutRenderer.notFoundTemplate)),
        ]
        for (name, html) in pages {
            try html.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
            #expect(!html.contains("style=") && !html.contains("<script") && !hasEventHandler(html), "\(name) breaks the page rules")
            #expect(html.contains("Content-Security-Policy"))
            let ids = idValues(in: html)
            #expect(Set(ids).count == ids.count, "\(name) has duplicate ids")
        }
        print("demo pages written to \(directory)/index.html")
    }

    func context(title: String, current: NavSection?, body: String) -> PageContext {
        PageContext(
            title: title, description: "Training dashboard", depth: 0, current: current, body: body,
            siteTitle: "Alex's Lifting Log", buildID: "demo0001", footer: "Built by wkt-site from 412 workouts · data as of 2026-11-21")
    }

    func dashboardBody() throws -> String {
        var random = DemoRandom(state: 42)
        let monday = Self.today.adding(days: -5)
        let weeks = (0..<52).map { monday.adding(days: -7 * (51 - $0)) }
        // The last week is 2026-W47; 2025 has 52 ISO weeks.
        let weekLabels = weeks.indices.map { index in
            let number = index - 4
            return number >= 1 ? "2026-W" + ASCIIDigits.pad(number, 2) : "2025-W\(52 + number)"
        }
        var perWeek = weeks.indices.map { _ in random.next(1...5) }
        perWeek[20] = 0
        perWeek[21] = 0
        perWeek[51] = 3
        let volume = weeks.indices.map { Double(perWeek[$0] * random.next(3800...6200)) }
        let barChart = BarChart(
            id: try ChartID("weekly-workouts"), title: "Workouts per week, last 52 weeks",
            bars: zip(weekLabels, perWeek.map(Double.init)).map { ($0, $1) },
            target: 3
        ).render()
        let volumeChart = BarChart(
            id: try ChartID("weekly-volume"), title: "Volume per week",
            bars: zip(weekLabels, volume).map { ($0, $1) }, valueHeading: "Volume", format: ValueFormat(decimals: 0, unit: "kg")
        ).render()

        var e1rm: [(date: CivilDate, value: Double)] = []
        var heaviest: [(date: CivilDate, value: Double)] = []
        var date = Self.today.adding(days: -600)
        var level = 92.5
        while date <= Self.today {
            level += Double(random.next(-10...16)) / 10
            e1rm.append((date, level))
            heaviest.append((date, (level * 0.88 / 2.5).rounded() * 2.5))
            date = date.adding(days: random.next(5...12))
        }
        let lineChart = LineChart(
            id: try ChartID("bench-progress"), title: "Bench Press (Barbell): e1RM and heaviest set",
            primary: LineChart.Series(name: "e1RM (Epley)", points: e1rm),
            secondary: LineChart.Series(name: "Heaviest set", points: heaviest),
            format: ValueFormat(decimals: 1, unit: "kg")
        ).render()

        var days: [(date: CivilDate, count: Int)] = []
        var cursor = try #require(CivilDate(year: 2026, month: 1, day: 1))
        while cursor <= Self.today {
            if random.next(0...6) < 3 { days.append((cursor, random.next(0...9) == 0 ? 2 : 1)) }
            cursor = cursor.adding(days: 1)
        }
        let heatmap = YearHeatmap(
            id: try ChartID("year-2026"), title: "Training days in 2026", year: 2026, weekStart: .monday, days: days, today: Self.today
        ).render()

        let thisWeek = try WeekRow(label: "2026-W47", days: [
            .init(date: monday, state: .done, note: "Push"), .init(date: monday.adding(days: 1), state: .rest),
            .init(date: monday.adding(days: 2), state: .done, note: "Pull"), .init(date: monday.adding(days: 3), state: .missed, note: "Legs"),
            .init(date: monday.adding(days: 4), state: .done, note: "Legs"), .init(date: Self.today, state: .today),
            .init(date: monday.adding(days: 6), state: .planned, note: "Push"),
        ], today: Self.today)
        var history = ""
        let pattern: [[DayState]] = [
            [.done, .rest, .done, .rest, .done, .rest, .rest], [.done, .rest, .missed, .rest, .done, .done, .rest],
            [.rest, .done, .rest, .done, .rest, .done, .rest], [.done, .rest, .done, .rest, .rest, .rest, .rest],
        ]
        for (index, states) in pattern.enumerated() {
            let start = monday.adding(days: -7 * (index + 1))
            let row = try WeekRow(label: "2026-W\(46 - index)", days: states.enumerated().map { .init(date: start.adding(days: $0.offset), state: $0.element) })
            history += row.html + "\n"
        }

        return """
            <h1>Dashboard</h1>
            <p class="lead">Week 2026-W47 · Saturday 2026-11-21</p>
            <div class="cards">
            <section class="card"><div class="stat"><span class="stat-label">This week</span><span class="stat-value">3 / 3</span><span class="stat-note">weekly target met</span></div></section>
            <section class="card"><div class="stat"><span class="stat-label">Week streak</span><span class="stat-value">14</span><span class="stat-note">longest 31 (2024-W02 – 2024-W32)</span></div></section>
            <section class="card"><div class="stat"><span class="stat-label">Day streak</span><span class="stat-value">1</span><span class="stat-note">longest 6 days</span></div></section>
            <section class="card"><div class="stat"><span class="stat-label">Workouts</span><span class="stat-value">412</span><span class="stat-note">since 2023-01-09</span></div></section>
            <section class="card card-wide"><h2>This week</h2>
            \(thisWeek.html)
            \(CalendarLegend().html)
            </section>
            <section class="card card-wide">\(barChart.html)<p><a href="history/index.html">All years</a></p></section>
            <section class="card card-wide">\(volumeChart.html)</section>
            <section class="card card-wide">\(lineChart.html)</section>
            <section class="card card-wide">\(heatmap.html)</section>
            <section class="card card-half"><h2>Recent workouts</h2>
            <table>
            <thead><tr><th>Date</th><th>Workout</th><th class="num">Sets</th><th class="num">Volume</th></tr></thead>
            <tbody>
            <tr><td class="nowrap">2026-11-20</td><td><a href="workouts/2026-11-20-legs.html">Legs</a></td><td class="num">18</td><td class="num">9,420 kg</td></tr>
            <tr><td class="nowrap">2026-11-18</td><td><a href="workouts/2026-11-18-pull.html">Pull</a></td><td class="num">16</td><td class="num">6,105 kg</td></tr>
            <tr><td class="nowrap">2026-11-16</td><td><a href="workouts/2026-11-16-push.html">Push</a></td><td class="num">17</td><td class="num">7,250 kg</td></tr>
            </tbody>
            </table>
            </section>
            <section class="card card-half"><h2>Recent records</h2>
            <ul>
            <li><span class="badge badge-pr">PR</span> Bench Press (Barbell) e1RM <strong>118.3 kg</strong> <span class="muted">2026-11-16, was 116.7</span></li>
            <li><span class="badge badge-pr">PR</span> Squat (Barbell) 5-rep max <strong>140 kg</strong> <span class="muted">2026-11-13</span></li>
            <li><span class="badge badge-pr">PR</span> Pull Up max reps <strong>14</strong> <span class="muted">2026-11-11</span></li>
            </ul>
            </section>
            </div>
            <h2>Earlier weeks</h2>
            <div class="calendar-month">
            \(history)</div>
            """
    }
}
