import Foundation
import Testing
import WktCore
@testable import WktSite

/// Calendar days on the built pages (docs/product.md "Calendar days"): links to workouts from
/// every page depth, dates in every cell, history rows with the week's numbers, the legend and
/// `[schedule] since`.
@Suite("Calendar pages: day links, dates, history rows, legend, since")
struct CalendarPagesTests {
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in try SiteBuilder.build(SiteFixture.input()) }

    func files(_ settings: Settings? = nil) throws -> [String: String] {
        guard let settings else { return SiteFixture.textFiles(try Self.built.get()) }
        return SiteFixture.textFiles(try SiteBuilder.build(
            SiteBuildInput(history: SiteFixture.history, settings: settings, today: SiteFixture.today, baseURL: nil)))
    }

    /// Every `(date, href)` of the calendar day links of a page.
    static func dayLinks(_ html: String) -> [(date: String, href: String)] {
        html.matches(of: /<li class="day [^"]*" data-date="([0-9-]{10})"[^>]*><a class="day-link" href="([^"]+)">/)
            .map { (String($0.output.1), String($0.output.2)) }
    }

    /// `href` resolved against the folder of `page` (both site-relative).
    static func resolve(_ href: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in href.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    @Test("every day link of the dashboard and the history pages reaches a workout page of that day")
    func linksReachTheirDay() throws {
        let files = try files()
        let pages = ["index.html", "history/index.html", "history/2025.html", "history/2026.html"]
        var checked = 0
        for page in pages {
            let html = try #require(files[page], "no \(page)")
            for link in Self.dayLinks(html) {
                let target = Self.resolve(link.href, from: page)
                let workout = try #require(files[target], "\(page): \(link.date) links to missing \(target)")
                let date = try #require(CivilDate.parse(link.date))
                #expect(workout.contains("<p class=\"lead\"><span class=\"nowrap\">\(TextFormat.longDay(date))"), "\(page): \(link.date) links to \(target)")
                checked += 1
            }
        }
        // Dashboard: Mon 16 and Wed 18; history index and 2026: the 9 training days from Tue
        // 2025-12-30 (in 2026-W01, filed under 2026) on; 2025 has no week of its own.
        #expect(checked == 2 + 9 + 9)
        #expect(files["index.html"]?.contains("data-date=\"2026-11-18\" data-state=\"done\" title=\"Wednesday 2026-11-18: done (Pull, Pull B)\">"
            + "<a class=\"day-link\" href=\"workouts/2026-11-18-0600.html\">") == true)
        #expect(files["history/index.html"]?.contains("<a class=\"day-link\" href=\"../workouts/2026-11-18-0600.html\">") == true)
    }

    @Test("a day with several workouts links to the first; each of its workouts lists the others")
    func sameDay() throws {
        let files = try files()
        let first = try #require(files["workouts/2026-11-18-0600.html"])
        #expect(first.contains("<p class=\"same-day\">Also on this day: <a href=\"../workouts/2026-11-18-0600-2.html\">Pull B (06:00)</a></p>"))
        let second = try #require(files["workouts/2026-11-18-0600-2.html"])
        #expect(second.contains("<p class=\"same-day\">Also on this day: <a href=\"../workouts/2026-11-18-0600.html\">Pull (06:00)</a></p>"))
        #expect(files["workouts/2026-11-16-0700.html"]?.contains("same-day") == false)
    }

    @Test("history rows show every day's date and end with the week's workouts and volume")
    func historyRows() throws {
        let files = try files()
        for page in ["history/index.html", "history/2026.html"] {
            let html = try #require(files[page])
            // 2026-W47: Push 2 × 85 × 5 = 850 kg, Pull 150 × 5 = 750 kg, Pull B 15 × 12 = 180 kg.
            #expect(html.contains("</ol>\n<p class=\"week-summary\">3 workouts · 1,780 kg</p>\n</div>"), "\(page)")
            #expect(html.contains("<span class=\"sr-only\">Thursday 2026-11-19: rest</span>"), "\(page)")
            #expect(html.contains("title=\"Thursday 2026-11-19: rest\"><span class=\"day-mark\" aria-hidden=\"true\">·</span>"
                + "<span class=\"day-num\" aria-hidden=\"true\">19</span>"), "\(page)")
            #expect(html.contains("<p class=\"week-summary\">no workouts</p>"), "\(page): an empty week says so")
            // Every cell carries a title with its ISO date.
            let cells = html.matches(of: /<li class="day [^"]*" data-date="([0-9-]{10})"[^>]*title="[A-Za-z]+ ([0-9-]{10}):/)
            #expect(!cells.isEmpty && cells.allSatisfy { $0.output.1 == $0.output.2 }, "\(page)")
            #expect(cells.count == html.components(separatedBy: "<li class=\"day ").count - 1, "\(page): a cell without title")
        }
    }

    @Test("without a schedule no legend shows ○ planned or ✗ missed; with one, the marks that occur are listed")
    func legend() throws {
        var unplanned = SiteFixture.settings()
        unplanned.schedule = nil
        let plain = try files(unplanned)
        for page in ["index.html", "history/index.html", "history/2026.html"] {
            let html = try #require(plain[page])
            let legend = try #require(html.firstMatch(of: /<ul class="calendar-legend"[^>]*>[\s\S]*?<\/ul>/)?.output)
            #expect(!legend.contains("planned") && !legend.contains("missed"), "\(page)")
            #expect(legend.contains("day-done") && legend.contains("day-rest"), "\(page)")
        }
        let planned = try files()
        let legend = try #require(planned["history/index.html"]?.firstMatch(of: /<ul class="calendar-legend"[^>]*>[\s\S]*?<\/ul>/)?.output)
        #expect(legend.contains("day-missed") && legend.contains("day-today"))
    }

    @Test("[schedule] since: no ✗ before it on the history pages, the plan from it on; the statistics do not change")
    func since() throws {
        var later = SiteFixture.settings()
        later.schedule?.since = CivilDate(year: 2026, month: 11, day: 10)
        let files = try files(later)
        let html = try #require(files["history/index.html"])
        let missed = html.matches(of: /data-date="([0-9-]{10})" data-state="missed"/).map { String($0.output.1) }
        #expect(missed == ["2026-11-20"], "Friday 2026-11-20 is missed; nothing before 2026-11-10")
        let always = try self.files()
        let before = try #require(always["history/index.html"]).matches(of: /data-state="missed"/).count
        #expect(before > 50, "without since the empty weeks of 2026 are full of ✗")
        #expect(files["data/stats.json"] == always["data/stats.json"])
    }
}
