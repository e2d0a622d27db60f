import WktCore

/// One square per day of a calendar year, like a contribution graph: columns are weeks
/// (starting on the configured weekday), rows are weekdays.
///
/// Geometry (viewBox `0 0 736 136`): 11-unit squares on a 13-unit grid, the first column at
/// x 30, the first row at y 20; month names above, Mon/Wed/Fri (or the matching rows for other
/// week starts) on the left, a legend below. Each square has class `l0`…`l3` for 0, 1, 2 and
/// 3 or more workouts (`future` after `today`) and a tooltip; empty days are drawn as outlines
/// and busy days filled, so the difference does not rely on colour alone.
public struct YearHeatmap: Sendable, Hashable {
    /// The workouts on one day.
    public struct Day: Sendable, Hashable {
        /// The training day.
        public let date: CivilDate
        /// Workouts on that day.
        public let count: Int

        /// Creates a day.
        public init(date: CivilDate, count: Int) {
            self.date = date
            self.count = count
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
    /// The calendar year shown.
    public let year: Int
    /// The first weekday of each column.
    public let weekStart: Weekday
    /// Days of ``year`` with at least one workout, sorted by date, one entry per day.
    public let days: [Day]
    /// Days after this one are drawn as `future`; nil draws the whole year as past.
    public let today: CivilDate?

    /// Creates a year heatmap.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - year: The year to draw.
    ///   - weekStart: First weekday of each column (rows run from it).
    ///   - days: `(date, count)` pairs in any order. Only dates in `year` are drawn, so a caller
    ///     may pass a whole history; counts of the same day are added up, negative counts are 0.
    ///   - today: Optional today, for marking the rest of the year as still ahead.
    public init(
        id: ChartID, title: String, year: Int, weekStart: Weekday,
        days: [(date: CivilDate, count: Int)], today: CivilDate? = nil
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.weekStart = weekStart
        self.today = today
        var merged: [Day] = []
        for entry in days.filter({ $0.date.year == year }).sorted(by: { $0.date < $1.date }) {
            let count = max(0, entry.count)
            if let last = merged.last, last.date == entry.date {
                merged[merged.count - 1] = Day(date: entry.date, count: last.count + count)
            } else {
                merged.append(Day(date: entry.date, count: count))
            }
        }
        self.days = merged.filter { $0.count > 0 }
    }

    /// 1 January of ``year``.
    var firstDay: CivilDate {
        // Month 1, day 1 exists in every year; the fallback is unreachable.
        CivilDate(year: year, month: 1, day: 1) ?? CivilDate(dayNumber: 0)
    }

    /// Days in ``year`` (365 or 366).
    var dayCount: Int { CivilDate.isLeapYear(year) ? 366 : 365 }

    /// The row (0…6) of 1 January: how many days its weekday comes after ``weekStart``.
    var firstRow: Int { (firstDay.weekday.rawValue - weekStart.rawValue + 7) % 7 }

    /// Workouts per month (index 0 = January) and training days per month.
    var monthTotals: [(workouts: Int, days: Int)] {
        var totals = Array(repeating: (workouts: 0, days: 0), count: 12)
        for day in days {
            totals[day.date.month - 1].workouts += day.count
            totals[day.date.month - 1].days += 1
        }
        return totals
    }

    /// The one-line summary: `154 workouts on 150 days, busiest month March (18)`, or
    /// `no workouts`. Ties for the busiest month go to the earliest.
    public var summary: String {
        let workouts = days.reduce(0) { $0 + $1.count }
        guard workouts > 0 else { return "no workouts" }
        let totals = monthTotals
        var busiest = 0
        for month in totals.indices where totals[month].workouts > totals[busiest].workouts { busiest = month }
        return "\(workouts) \(workouts == 1 ? "workout" : "workouts") on \(days.count) \(days.count == 1 ? "day" : "days"), "
            + "busiest month \(DateTicks.monthNames[busiest]) (\(totals[busiest].workouts))"
    }

    /// Renders the SVG, summary and table.
    public func render() -> RenderedChart {
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "year-heatmap", width: Int(Self.width), height: Int(Self.height),
            title: title, description: title + ": " + summary)
        draw(into: &svg)
        let totals = monthTotals
        let table = DataTable(
            caption: title,
            columns: [
                DataTable.Column("Month", numeric: false), DataTable.Column("Workouts", numeric: true),
                DataTable.Column("Training days", numeric: true),
            ],
            rows: totals.enumerated().map { ["\(DateTicks.monthNames[$0.offset]) \(year)", String($0.element.workouts), String($0.element.days)] })
        return RenderedChart(id: id, title: title, summary: summary, svg: svg.finish(), table: table)
    }

    /// The size of what ``draw(into:)`` draws, from (0, 0).
    static let drawnSize = (width: width, height: height)

    /// Draws the month names, weekday names, one square per day and the legend into `svg`, at
    /// (0, 0) to ``drawnSize`` (the chart, and the heatmap card of `cards/`).
    func draw(into svg: inout SVGMarkup) {
        let start = firstDay
        let offset = firstRow
        let position = { (date: CivilDate) -> (x: Double, y: Double) in
            let index = start.days(to: date) + offset
            return (Self.gridLeft + Double(index / 7) * Self.pitch, Self.gridTop + Double(index % 7) * Self.pitch)
        }

        svg.openGroup("axis months", attributes: "fill=\"currentColor\"")
        for month in 1...12 {
            guard let first = CivilDate(year: year, month: month, day: 1) else { continue }
            svg.label(DateTicks.abbreviation(month: month), x: position(first).x, y: Self.gridTop - 6)
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
            var count = 0
            if cursor < days.count, days[cursor].date == date {
                count = days[cursor].count
                cursor += 1
            }
            let isFuture = today.map { date > $0 } ?? false
            let point = position(date)
            svg.rect(
                x: point.x, y: point.y, width: Self.cell, height: Self.cell,
                className: isFuture ? "future" : "l\(min(3, count))", corner: 2,
                tooltip: "\(date): \(Self.workoutsText(count))\(isFuture ? " (ahead)" : "")")
        }
        svg.closeGroup()

        svg.openGroup("legend", attributes: "fill=\"currentColor\"")
        let legendY = Self.gridTop + 7 * Self.pitch + 8
        svg.label("Workouts a day:", x: Self.gridLeft, y: legendY + 9)
        for (index, label) in ["0", "1", "2", "3+"].enumerated() {
            let x = Self.gridLeft + 104 + Double(index) * 34
            svg.rect(x: x, y: legendY, width: Self.cell, height: Self.cell, className: "l\(index)", corner: 2)
            svg.label(label, x: x + Self.cell + 4, y: legendY + 9)
        }
        svg.closeGroup()
    }

    private static func workoutsText(_ count: Int) -> String {
        count == 1 ? "1 workout" : "\(count) workouts"
    }
}
