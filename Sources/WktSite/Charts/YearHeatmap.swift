import WktCore

/// One square per day, like a contribution graph: columns are weeks (starting on the configured
/// weekday), rows are weekdays. Either a calendar year (`history/<year>.html`, `cards/heatmap.svg`)
/// or the last weeks up to today (the dashboard and `history/index.html`).
///
/// Geometry (viewBox `0 0 736 136`): 11-unit squares on a 13-unit grid, the first column at
/// x 30, the first row at y 20; month names above, Mon/Wed/Fri (or the matching rows for other
/// week starts) on the left, a legend below. Each square has class `l0` (no workout), `l1`…`l4`
/// (the quartile of its working sets among the trained days shown, ``HeatLevels``) or `future`
/// (after `today`), and a `<title>` with its ISO date and value; a day with a link is wrapped in
/// an `<a>`. Empty days are outlines and trained days filled, and the legend writes the numbers
/// of each level, so nothing relies on colour alone (docs/product.md "Heatmap shading"). A
/// heatmap with links is a `role="group"` named by its title and description (links inside a
/// `role="img"` would be unreachable); without links it is a `role="img"`.
public struct YearHeatmap: Sendable, Hashable {
    /// The training of one day.
    public struct Day: Sendable, Hashable {
        /// The training day.
        public let date: CivilDate
        /// Workouts on that day.
        public let workouts: Int
        /// Working sets on that day (the shaded value).
        public let sets: Int
        /// Where the square links to (the day's first workout, relative to the page), or nil.
        public let link: String?

        /// Creates a day.
        public init(date: CivilDate, workouts: Int = 1, sets: Int, link: String? = nil) {
            self.date = date
            self.workouts = workouts
            self.sets = sets
            self.link = link
        }
    }

    private static let width = 736.0
    private static let height = 136.0
    private static let gridLeft = 30.0
    private static let gridTop = 20.0
    private static let cell = 11.0
    private static let pitch = 13.0

    /// The chart ID (prefix of its SVG ids).
    public let id: ChartID
    /// The title, e.g. `Training days in 2026`.
    public let title: String
    /// The first and last day drawn.
    public let first: CivilDate, last: CivilDate
    /// The calendar year shown, or nil for a range of weeks.
    public let year: Int?
    /// The first weekday of each column.
    public let weekStart: Weekday
    /// Days in the range with at least one workout, sorted by date, one entry per day.
    public let days: [Day]
    /// Days after this one are drawn as `future`; nil draws every day as past.
    public let today: CivilDate?
    /// The quartile levels of ``days``.
    let levels: HeatLevels

    /// A calendar year.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - year: The year to draw.
    ///   - weekStart: First weekday of each column (rows run from it).
    ///   - days: Training days in any order; only dates in `year` are drawn, so a caller may pass
    ///     a whole history. Entries of the same day are added up and keep the first link;
    ///     negative numbers count as 0, days without a workout are left out.
    ///   - today: Optional today, for marking the rest of the year as still ahead.
    public init(id: ChartID, title: String, year: Int, weekStart: Weekday, days: [Day], today: CivilDate? = nil) {
        // Month 1, day 1 and month 12, day 31 exist in every year; the fallbacks are unreachable.
        let first = CivilDate(year: year, month: 1, day: 1) ?? CivilDate(dayNumber: 0)
        let last = CivilDate(year: year, month: 12, day: 31) ?? first
        self.init(id: id, title: title, first: first, last: last, year: year, weekStart: weekStart, days: days, today: today)
    }

    /// The last `weeks` weeks up to and including `today`, whose week is the last column
    /// (days after today are not drawn).
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - weeks: How many week columns (at least 1, at most 53).
    ///   - today: The last day drawn.
    ///   - weekStart: First weekday of each column.
    ///   - days: Training days, as for the year.
    public init(id: ChartID, title: String, weeks: Int, endingOn today: CivilDate, weekStart: Weekday, days: [Day]) {
        let back = (today.weekday.rawValue - weekStart.rawValue + 7) % 7 + 7 * (min(53, max(1, weeks)) - 1)
        self.init(id: id, title: title, first: today.adding(days: -back), last: today, year: nil,
                  weekStart: weekStart, days: days, today: today)
    }

    private init(
        id: ChartID, title: String, first: CivilDate, last: CivilDate, year: Int?, weekStart: Weekday,
        days: [Day], today: CivilDate?
    ) {
        self.id = id
        self.title = title
        self.first = first
        self.last = last
        self.year = year
        self.weekStart = weekStart
        self.today = today
        let shown = days.enumerated().filter { $0.element.date >= first && $0.element.date <= last }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var merged: [Day] = []
        for entry in shown {
            let (workouts, sets) = (max(0, entry.workouts), max(0, entry.sets))
            if let previous = merged.last, previous.date == entry.date {
                merged[merged.count - 1] = Day(
                    date: entry.date, workouts: Self.sum(previous.workouts, workouts), sets: Self.sum(previous.sets, sets),
                    link: previous.link ?? entry.link)
            } else {
                merged.append(Day(date: entry.date, workouts: workouts, sets: sets, link: entry.link))
            }
        }
        self.days = merged.filter { $0.workouts > 0 }
        self.levels = HeatLevels(values: self.days.map(\.sets))
    }

    /// Days drawn.
    var dayCount: Int { first.days(to: last) + 1 }

    /// The row (0…6) of ``first``: how many days its weekday comes after ``weekStart``.
    var firstRow: Int { (first.weekday.rawValue - weekStart.rawValue + 7) % 7 }

    /// The months the range touches, in order, with their workouts, training days and sets.
    var monthTotals: [(year: Int, month: Int, workouts: Int, days: Int, sets: Int)] {
        var totals: [(year: Int, month: Int, workouts: Int, days: Int, sets: Int)] = []
        var (year, month) = (first.year, first.month)
        while (year, month) <= (last.year, last.month) {
            totals.append((year, month, 0, 0, 0))
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        for day in days {
            let index = (day.date.year - first.year) * 12 + day.date.month - first.month
            totals[index].workouts = Self.sum(totals[index].workouts, day.workouts)
            totals[index].days += 1
            totals[index].sets = Self.sum(totals[index].sets, day.sets)
        }
        return totals
    }

    /// The one-line summary: `154 workouts on 150 days, busiest month March (18)` (a range of
    /// weeks names the month's year too), or `no workouts`. Ties for the busiest month go to the
    /// earliest.
    public var summary: String {
        let workouts = days.reduce(0) { Self.sum($0, $1.workouts) }
        guard workouts > 0 else { return "no workouts" }
        let totals = monthTotals
        var busiest = 0
        for index in totals.indices where totals[index].workouts > totals[busiest].workouts { busiest = index }
        let month = DateTicks.monthNames[totals[busiest].month - 1] + (year == nil ? " " + TextFormat.year(totals[busiest].year) : "")
        return "\(TextFormat.plural(workouts, "workout")) on \(TextFormat.plural(days.count, "day")), "
            + "busiest month \(month) (\(TextFormat.count(totals[busiest].workouts)))"
    }

    /// The legend as a sentence for the SVG description: `shaded by working sets a day in
    /// quartiles: rest day, 1–9 sets, 10–14, 15–19, 20–31`.
    public var legendText: String {
        "shaded by working sets a day in quartiles: " + legend.map(\.text).joined(separator: ", ")
    }

    private var legend: [(level: Int, text: String)] { levels.legend(unit: ("set", "sets")) }

    /// Renders the SVG, summary and table.
    public func render() -> RenderedChart {
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "year-heatmap", width: Int(Self.width), height: Int(Self.height),
            title: title, description: title + ": " + summary + "; " + legendText,
            role: days.contains { $0.link != nil } ? "group" : "img")
        draw(into: &svg)
        let table = DataTable(
            caption: title,
            columns: [
                DataTable.Column("Month", numeric: false), DataTable.Column("Workouts", numeric: true),
                DataTable.Column("Training days", numeric: true), DataTable.Column("Working sets", numeric: true),
            ],
            rows: monthTotals.map {
                [TextFormat.month($0.month, year: $0.year), TextFormat.count($0.workouts), TextFormat.count($0.days), TextFormat.count($0.sets)]
            })
        return RenderedChart(id: id, title: title, summary: summary, svg: svg.finish(), table: table)
    }

    /// The size of what ``draw(into:)`` draws, from (0, 0).
    static let drawnSize = (width: width, height: height)

    /// Draws the month names, weekday names, one square per day and the legend into `svg`, at
    /// (0, 0) to ``drawnSize`` (the chart, and the heatmap card of `cards/`).
    func draw(into svg: inout SVGMarkup) {
        let (start, offset) = (first, firstRow)
        let position = { (date: CivilDate) -> (x: Double, y: Double) in
            let index = start.days(to: date) + offset
            return (Self.gridLeft + Double(index / 7) * Self.pitch, Self.gridTop + Double(index % 7) * Self.pitch)
        }

        svg.openGroup("axis months", attributes: "fill=\"currentColor\"")
        for total in monthTotals {
            guard let firstOfMonth = CivilDate(year: total.year, month: total.month, day: 1) else { continue }
            // A range starting mid-month names that month over its first column when the next
            // month's name is at least three columns away.
            if firstOfMonth < start {
                let next = CivilDate(year: total.month == 12 ? total.year + 1 : total.year, month: total.month % 12 + 1, day: 1)
                guard let next, (start.days(to: next) + offset) / 7 >= 3 else { continue }
            }
            svg.label(DateTicks.abbreviation(month: total.month), x: position(max(start, firstOfMonth)).x, y: Self.gridTop - 6)
        }
        svg.closeGroup()
        svg.openGroup("axis weekdays", attributes: "fill=\"currentColor\"")
        for row in [0, 2, 4] {
            let weekday = Weekday.allCases[(weekStart.rawValue - 1 + row) % 7]
            svg.label(weekday.shortName, x: 0, y: Self.gridTop + Double(row) * Self.pitch + 9)
        }
        svg.closeGroup()

        svg.openGroup("days", attributes: "fill=\"currentColor\"")
        var cursor = 0
        for dayIndex in 0..<dayCount {
            let date = start.adding(days: dayIndex)
            var day: Day?
            if cursor < days.count, days[cursor].date == date {
                day = days[cursor]
                cursor += 1
            }
            let isFuture = today.map { date > $0 } ?? false
            let point = position(date)
            let tooltip = "\(date): " + (day.map(Self.valueText) ?? "no workout") + (isFuture ? " (ahead)" : "")
            if let link = day?.link { svg.openLink(link, label: tooltip) }
            svg.rect(
                x: point.x, y: point.y, width: Self.cell, height: Self.cell,
                className: isFuture ? "future" : "l\(day.map { levels.level($0.sets) } ?? 0)", corner: 2, tooltip: tooltip)
            if day?.link != nil { svg.closeLink() }
        }
        svg.closeGroup()

        svg.openGroup("legend", attributes: "fill=\"currentColor\"")
        let legendY = Self.gridTop + 7 * Self.pitch + 8
        svg.label("Working sets a day:", x: Self.gridLeft, y: legendY + 9)
        var x = Self.gridLeft + 130
        for entry in legend {
            svg.rect(x: x, y: legendY, width: Self.cell, height: Self.cell, className: "l\(entry.level)", corner: 2)
            svg.label(entry.text, x: x + Self.cell + 4, y: legendY + 9)
            x += Self.cell + 16 + 7.5 * Double(entry.text.count)
        }
        svg.closeGroup()
    }

    /// `a + b`, saturating at `Int.max` (both are at least 0), so no input traps.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }

    /// `18 working sets, 1 workout`.
    private static func valueText(_ day: Day) -> String {
        TextFormat.plural(day.sets, "working set") + ", " + TextFormat.plural(day.workouts, "workout")
    }
}
