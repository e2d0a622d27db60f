import Testing
import WktCore
@testable import WktSite

@Suite("WeekRow and CalendarLegend")
struct WeekRowTests {
    /// The week of Monday 2026-03-16, today Thursday 2026-03-19.
    func sampleWeek(label: String = "2026-W12", note: String? = "Push") throws -> WeekRow {
        let states: [DayState] = [.done, .done, .missed, .today, .planned, .rest, .planned]
        let monday = try day(2026, 3, 16)
        let days = states.enumerated().map { index, state in
            WeekRow.Day(date: monday.adding(days: index), state: state, note: index == 4 ? note : nil)
        }
        return try WeekRow(label: label, days: days, today: try day(2026, 3, 19))
    }

    @Test("each cell carries the state's data-state, mark, class, weekday and label", arguments: [
        // (date, weekday, state, mark, words) — the marks of docs/statistics.md.
        ("2026-03-16", "Mon", "done", "✓", "Monday 2026-03-16: done"),
        ("2026-03-18", "Wed", "missed", "✗", "Wednesday 2026-03-18: missed"),
        ("2026-03-20", "Fri", "planned", "○", "Friday 2026-03-20: planned (Push)"),
        ("2026-03-21", "Sat", "rest", "·", "Saturday 2026-03-21: rest"),
        ("2026-03-22", "Sun", "planned", "○", "Sunday 2026-03-22: planned"),
    ])
    func cells(date: String, weekday: String, state: String, mark: String, words: String) throws {
        let html = try sampleWeek().html
        let dayOfMonth = String(Int(date.suffix(2)) ?? 0)
        let expected = "<li class=\"day day-\(state)\" data-date=\"\(date)\" data-state=\"\(state)\" title=\"\(words)\">"
            + "<span class=\"day-name\" aria-hidden=\"true\">\(weekday)</span>"
            + "<span class=\"day-mark\" aria-hidden=\"true\">\(mark)</span>"
            + "<span class=\"day-num\" aria-hidden=\"true\">\(dayOfMonth)</span>"
            + "<span class=\"sr-only\">\(words)</span></li>"
        #expect(html.contains(expected))
    }

    @Test("today's cell is flagged with is-today and aria-current")
    func todayCell() throws {
        let html = try sampleWeek().html
        #expect(html.contains(
            "<li class=\"day day-today is-today\" data-date=\"2026-03-19\" data-state=\"today\" aria-current=\"date\" title=\"Thursday 2026-03-19: today, nothing logged yet\">"
                + "<span class=\"day-name\" aria-hidden=\"true\">Thu</span><span class=\"day-mark\" aria-hidden=\"true\">●</span>"
                + "<span class=\"day-num\" aria-hidden=\"true\">19</span><span class=\"sr-only\">Thursday 2026-03-19: today, nothing logged yet</span></li>"))
        #expect(html.components(separatedBy: "aria-current").count == 2)
    }

    @Test("the row is well-formed with seven cells in order")
    func structure() throws {
        let html = try sampleWeek().html
        #expect(html.hasPrefix("<div class=\"week-row\">\n<span class=\"week-label\">2026-W12</span>\n<ol class=\"week-days\" aria-label=\"Week 2026-W12\">\n"))
        #expect(html.hasSuffix("</ol>\n</div>"))
        let parsed = parseXML(html)
        #expect(parsed.error == nil)
        let states = parsed.attributes.filter { $0.element == "li" && $0.name == "data-state" }.map(\.value)
        #expect(states == ["done", "done", "missed", "today", "planned", "rest", "planned"])
        let dates = parsed.attributes.filter { $0.element == "li" && $0.name == "data-date" }.map(\.value)
        #expect(dates == ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22"])
        #expect(!html.contains("style="))
    }

    @Test("hostile week labels and notes are escaped (R-04)")
    func hostileText() throws {
        let html = try sampleWeek(label: hostile, note: hostile + "\u{1}").html
        #expect(!html.contains("<svg onload"))
        #expect(html.contains("<span class=\"week-label\">\(hostileEscaped)</span>"))
        #expect(html.contains("aria-label=\"Week \(hostileEscaped)\""))
        #expect(html.contains("title=\"Friday 2026-03-20: planned (\(hostileEscaped))\""))
        let parsed = parseXML(html)
        #expect(parsed.error == nil)
        #expect(parsed.texts.contains { $0.element == "span" && $0.text == "Friday 2026-03-20: planned (\(hostile))" })
    }

    @Test("the literal marks, meanings and weekday names the rows write are the model's")
    func literalTexts() {
        for state in DayState.allCases {
            #expect(state.cssClass == "day-\(state.rawValue)")
        }
        #expect(DayState.allCases.map(\.meaning) == ["done", "today, nothing logged yet", "planned", "missed", "rest"])
        #expect(DayState.allCases.map(\.symbol) == ["✓", "●", "○", "✗", "·"])
        #expect(Weekday.allCases.map { WeekRow.fullName($0) }
            == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    }

    @Test("a week must be seven consecutive days")
    func invalidWeeks() throws {
        let monday = try day(2026, 3, 16)
        let six = (0..<6).map { WeekRow.Day(date: monday.adding(days: $0), state: .rest) }
        #expect(throws: SiteError.invalidWeek(label: "W", rule: "needs exactly 7 days, got 6")) {
            try WeekRow(label: "W", days: six)
        }
        let gap = [0, 1, 3, 4, 5, 6, 7].map { WeekRow.Day(date: monday.adding(days: $0), state: .rest) }
        #expect(throws: SiteError.invalidWeek(label: "W", rule: "2026-03-19 does not follow 2026-03-17")) {
            try WeekRow(label: "W", days: gap)
        }
        #expect(SiteError.invalidWeek(label: "W", rule: "x").exitCode == 65)
    }

    @Test("the legend lists every mark with its class, in the order of docs/statistics.md")
    func legend() {
        #expect(CalendarLegend().html == """
            <ul class="calendar-legend" aria-label="Calendar legend">
            <li class="day-done"><span class="day-mark" aria-hidden="true">✓</span> done</li>
            <li class="day-today"><span class="day-mark" aria-hidden="true">●</span> today, nothing logged yet</li>
            <li class="day-planned"><span class="day-mark" aria-hidden="true">○</span> planned</li>
            <li class="day-missed"><span class="day-mark" aria-hidden="true">✗</span> missed</li>
            <li class="day-rest"><span class="day-mark" aria-hidden="true">·</span> rest</li>
            </ul>
            """)
    }

    @Test("a day with a link wraps its content in one named link; the cell keeps its title; others get no link")
    func linkedDay() throws {
        let monday = try day(2026, 11, 23)
        let days = (0..<7).map { index in
            index == 0
                ? WeekRow.Day(date: monday, state: .done, note: "Push Day, Pull & Core", link: "../workouts/2026-11-23-0600.html")
                : WeekRow.Day(date: monday.adding(days: index), state: .rest)
        }
        let row = try WeekRow(label: "2026-W48", days: days)
        for html in [row.html, row.compactHTML] {
            #expect(html.contains(
                "<li class=\"day day-done\" data-date=\"2026-11-23\" data-state=\"done\" title=\"Monday 2026-11-23: done (Push Day, Pull &amp; Core)\">"
                    + "<a class=\"day-link\" href=\"../workouts/2026-11-23-0600.html\">"))
            #expect(html.contains("<span class=\"sr-only\">Monday 2026-11-23: done (Push Day, Pull &amp; Core)</span></a></li>"))
            #expect(html.components(separatedBy: "<a ").count == 2, "only the day with a link has one")
            #expect(html.components(separatedBy: " title=\"").count == 8, "every cell has a title")
            let parsed = parseXML(html)
            #expect(parsed.error == nil)
            // The link's text (its accessible name) is the hidden sentence with the date.
            #expect(parsed.texts.contains { $0.element == "span" && $0.text == "Monday 2026-11-23: done (Push Day, Pull & Core)" })
            #expect(html.contains("<span class=\"day-num\" aria-hidden=\"true\">23</span>"))
        }
    }

    @Test("compact rows show each day's date (number, title, hidden sentence) but no weekday name; the summary follows the days")
    func compactRow() throws {
        let monday = try day(2026, 3, 16)
        let days = (0..<7).map { WeekRow.Day(date: monday.adding(days: $0), state: $0 == 2 ? .missed : .rest) }
        let html = try WeekRow(label: "2026-W12", days: days, summary: "3 workouts · 12,345 kg").compactHTML
        #expect(html.hasPrefix("<div class=\"week-row compact\">\n<span class=\"week-label\">2026-W12</span>\n<ol class=\"week-days\" aria-label=\"Week 2026-W12\">\n"))
        #expect(html.hasSuffix("</ol>\n<p class=\"week-summary\">3 workouts · 12,345 kg</p>\n</div>"))
        #expect(html.contains("<li class=\"day day-missed\" data-date=\"2026-03-18\" data-state=\"missed\" title=\"Wednesday 2026-03-18: missed\">"
            + "<span class=\"day-mark\" aria-hidden=\"true\">✗</span><span class=\"day-num\" aria-hidden=\"true\">18</span>"
            + "<span class=\"sr-only\">Wednesday 2026-03-18: missed</span></li>"))
        #expect(!html.contains("day-name"))
        #expect(parseXML(html).error == nil)
        #expect(!(try sampleWeek().html.contains("week-summary")), "no summary unless given")
    }

    @Test("a legend of given states lists only those, in the order of docs/statistics.md")
    func partialLegend() {
        let html = CalendarLegend(states: [.rest, .done, .rest, .today]).html
        #expect(html == """
            <ul class="calendar-legend" aria-label="Calendar legend">
            <li class="day-done"><span class="day-mark" aria-hidden="true">✓</span> done</li>
            <li class="day-today"><span class="day-mark" aria-hidden="true">●</span> today, nothing logged yet</li>
            <li class="day-rest"><span class="day-mark" aria-hidden="true">·</span> rest</li>
            </ul>
            """)
        #expect(!html.contains("planned") && !html.contains("missed"))
    }
}
