import WktCore
import WktMarkdown

/// One week of the ✓/●/○ calendar as HTML (not SVG): a labelled list of seven day cells.
///
/// Each cell is an `<li>` with `class="day day-<state>"`, `data-date="YYYY-MM-DD"`,
/// `data-state="<state>"`, a `title`, the weekday abbreviation, the mark as text, the day of
/// the month, and a visually hidden sentence for screen readers (`Monday 2026-03-16: done`).
/// The cell for today also gets `is-today` and `aria-current="date"`. A day with a ``Day/link``
/// wraps its content in one `<a class="day-link">` (named by the hidden sentence, so every link
/// says its date); the `<li>` itself is never interactive. An optional ``summary`` (the week's
/// workouts and volume) follows the days (docs/product.md "Calendar days").
public struct WeekRow: Sendable, Hashable {
    /// One day of the week.
    public struct Day: Sendable, Hashable {
        /// The calendar date.
        public let date: CivilDate
        /// Its mark.
        public let state: DayState
        /// Optional extra words (raw text), e.g. the planned routine `Push` or the workout name.
        public let note: String?
        /// The page the day links to (a relative URL, raw text), e.g. its first workout; nil for none.
        public let link: String?

        /// Creates a day.
        public init(date: CivilDate, state: DayState, note: String? = nil, link: String? = nil) {
            self.date = date
            self.state = state
            self.note = note
            self.link = link
        }
    }

    /// The week's label (raw text), e.g. `2026-W12` or `week of 2026-11-15`.
    public let label: String
    /// Seven consecutive days.
    public let days: [Day]
    /// Today, if it may fall in this week.
    public let today: CivilDate?
    /// Words shown after the days (raw text), e.g. `3 workouts · 12,345 kg`; nil for none.
    public let summary: String?

    /// Creates a week row.
    /// - Parameters:
    ///   - label: The week's label.
    ///   - days: Exactly seven days, each the day after the previous one.
    ///   - today: Today's date, to mark its cell.
    ///   - summary: Words shown after the days.
    /// - Throws: ``SiteError/invalidWeek(label:rule:)`` when `days` is not seven consecutive days.
    public init(label: String, days: [Day], today: CivilDate? = nil, summary: String? = nil) throws(SiteError) {
        guard days.count == 7 else {
            throw .invalidWeek(label: label, rule: "needs exactly 7 days, got \(days.count)")
        }
        for index in 1..<7 where days[index - 1].date.days(to: days[index].date) != 1 {
            throw .invalidWeek(label: label, rule: "\(days[index].date) does not follow \(days[index - 1].date)")
        }
        self.label = label
        self.days = days
        self.today = today
        self.summary = summary
    }

    /// The markup: `<div class="week-row">` with the label and an `<ol class="week-days">`.
    public var html: String { markup(compact: false) }

    /// A smaller row for long lists (the history pages): each day shows its mark and day of the
    /// month, with the same classes, `data-date`/`data-state`, `title`, link and screen-reader
    /// sentence as ``html``, but no weekday (the list has one weekday header per month instead).
    public var compactHTML: String { markup(compact: true) }

    private func markup(compact: Bool) -> String {
        var out = TextBuffer(capacity: 256 + 7 * 420)
        write(compact: compact, to: &out)
        return out.text
    }

    /// Appends ``html`` (or ``compactHTML``) to `out`: the history pages write all their rows
    /// into one buffer (``TextBuffer``). They hold thousands of cells, and a string append per
    /// piece cost more than everything else in them.
    func write(compact: Bool, to out: inout TextBuffer) {
        let label = HTMLEscaping.escapeHTML(self.label)
        out.append(compact ? "<div class=\"week-row compact\">\n<span class=\"week-label\">" : "<div class=\"week-row\">\n<span class=\"week-label\">")
        out.append(label)
        out.append("</span>\n<ol class=\"week-days\" aria-label=\"Week ")
        out.append(label)
        out.append("\">\n")
        for day in days { appendCell(day, compact: compact, to: &out) }
        out.append("</ol>\n")
        if let summary, !summary.isEmpty {
            out.append("<p class=\"week-summary\">")
            out.append(HTMLEscaping.escapeHTML(summary))
            out.append("</p>\n")
        }
        out.append("</div>")
    }

    /// One `<li>`: title and hidden sentence with the date, the marks, the link around them.
    private func appendCell(_ day: Day, compact: Bool, to out: inout TextBuffer) {
        let weekday = day.date.weekday
        let date = day.date.description
        let note = day.note.flatMap { $0.isEmpty ? nil : $0 }
        let isToday = day.date == today
        out.append("<li class=\"day day-")
        out.append(day.state.rawValue)
        if isToday { out.append(" is-today") }
        out.append("\" data-date=\"")
        out.append(date)
        out.append("\" data-state=\"")
        out.append(day.state.rawValue)
        out.append(isToday ? "\" aria-current=\"date\" title=\"" : "\" title=\"")
        Self.appendSentence(weekday, date, day.state, to: &out)
        if let note {
            out.append(" (")
            out.append(HTMLEscaping.escapeHTML(note))
            out.append(")")
        }
        out.append("\">")
        if let link = day.link {
            out.append("<a class=\"day-link\" href=\"")
            out.append(HTMLEscaping.escapeHTML(link))
            out.append("\">")
        }
        if !compact {
            out.append("<span class=\"day-name\" aria-hidden=\"true\">")
            out.append(weekday.shortName)
            out.append("</span>")
        }
        out.append("<span class=\"day-mark\" aria-hidden=\"true\">")
        out.append(day.state.symbolText)
        out.append("</span><span class=\"day-num\" aria-hidden=\"true\">")
        out.append(decimal: day.date.day)
        out.append("</span><span class=\"sr-only\">")
        Self.appendSentence(weekday, date, day.state, to: &out)
        if let note {
            out.append(" (")
            out.append(HTMLEscaping.escapeHTMLIsolatingBidi(note))
            out.append(")")
        }
        out.append("</span>")
        if day.link != nil { out.append("</a>") }
        out.append("</li>\n")
    }

    /// `Monday 2026-03-16: done`: the weekday, the date and the meaning need no escaping.
    private static func appendSentence(_ weekday: Weekday, _ date: String, _ state: DayState, to out: inout TextBuffer) {
        out.append(fullNameText(weekday))
        out.append(" ")
        out.append(date)
        out.append(": ")
        out.append(state.meaningText)
    }

    /// `Monday` … `Sunday` as literal text (letters only: nothing to escape).
    static func fullNameText(_ weekday: Weekday) -> StaticString {
        switch weekday {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// The weekday header shown above compact rows: the seven weekday abbreviations starting on
    /// `weekStart`, hidden from screen readers (every cell says its day).
    public static func compactHeader(weekStart: Weekday) -> String {
        var out = "<div class=\"week-row compact week-head\" aria-hidden=\"true\">\n<span class=\"week-label\"></span>\n<ol class=\"week-days\">\n"
        for offset in 0..<7 {
            out += "<li>\(Weekday.allCases[(weekStart.rawValue - 1 + offset) % 7].shortName)</li>\n"
        }
        return out + "</ol>\n</div>"
    }

    /// `Monday` … `Sunday`.
    static func fullName(_ weekday: Weekday) -> String { fullNameText(weekday).description }
}
