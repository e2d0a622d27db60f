import WktCore

/// An exercise's progress chart: the best value of each week with data as a point (a diamond
/// for a PR week) and the running best as a step line, broken across long gaps (see
/// ``WeeklyBest``; docs/product.md "Exercise progress chart").
///
/// Geometry (viewBox `0 0 980 244`): the plot spans x 72…940 (the wider gutter holds tick
/// labels with their unit, `105 kg`) and y 20…220; weeks are placed by their first day's day
/// number. The value axis has about eight 1-2-5 steps and need not start at 0.
public struct ProgressChart: Sendable {
    /// Canvas size and plot margins (the left one is the unit-bearing tick gutter).
    private static let (width, height) = (980.0, 244.0)
    private static let (plotLeft, plotRight, plotTop, plotBottom) = (72.0, 940.0, 20.0, 220.0)

    /// The chart ID (prefix of its SVG ids).
    public let id: ChartID
    /// The title, e.g. `Bench Press: best e1RM per week (kg)`.
    public let title: String
    /// What a week's value is, for the legend and the table (`Best e1RM`, `Best reps`).
    public let valueName: String
    /// How values are written (its unit also goes on the tick labels).
    public let format: ValueFormat
    /// The weekly series.
    let series: WeeklyBest
    /// The people's label of each week in ``series``.
    let labels: [String]

    /// Creates a progress chart.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - valueName: Name of a week's value (raw text).
    ///   - points: `(day, value)` pairs, e.g. each workout's best e1RM.
    ///   - calendar: The training calendar (weeks and their labels).
    ///   - format: Number format.
    public init(
        id: ChartID, title: String, valueName: String, points: [(date: CivilDate, value: Double)],
        calendar: TrainingCalendar, format: ValueFormat
    ) {
        self.id = id
        self.title = title
        self.valueName = valueName
        self.format = format
        self.series = WeeklyBest(points: points, calendar: calendar)
        self.labels = series.weeks.map { calendar.weekLabel(weekContaining: $0.start) }
    }

    /// `best 120.0 kg in 2026-W12, 14 PR weeks, 85 weeks with data, the line broken at 2 gaps of
    /// more than 4 weeks`, or `no data`.
    public var summary: String {
        guard let last = series.weeks.last else { return "no data" }
        var best = 0
        for index in series.weeks.indices where series.weeks[index].best > series.weeks[best].best { best = index }
        var parts = ["best \(format.text(last.runningBest)) in \(labels[best])",
                     TextFormat.plural(series.weeks.filter(\.isPR).count, "PR week"),
                     TextFormat.plural(series.weeks.count, "week") + " with data"]
        if last.segment > 0 {
            parts.append("the line broken at \(TextFormat.plural(last.segment, "gap")) of more than \(WeeklyBest.maxGapWeeks) weeks")
        }
        return parts.joined(separator: ", ")
    }

    /// Renders the SVG, summary, legend and table.
    public func render() -> RenderedChart {
        let weeks = series.weeks
        let firstDay = weeks.first?.start.dayNumber ?? 0
        let lastDay = weeks.last?.start.dayNumber ?? 0
        let scale = ChartScale(
            minimum: weeks.map(\.best).min() ?? 0, maximum: weeks.map(\.best).max() ?? 0,
            wholeSteps: format.decimals == 0, steps: 8)
        let xOf = { (date: CivilDate) -> Double in
            guard lastDay > firstDay else { return (Self.plotLeft + Self.plotRight) / 2 }
            return Self.plotLeft + (Self.plotRight - Self.plotLeft) * Double(date.dayNumber - firstDay) / Double(lastDay - firstDay)
        }
        let yOf = { (value: Double) in scale.position(value, bottom: Self.plotBottom, top: Self.plotTop) }
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "line-chart progress-chart", width: Int(Self.width), height: Int(Self.height),
            title: title, description: title + ": " + summary)
        svg.valueAxis(scale, left: Self.plotLeft, right: Self.plotRight, bottom: Self.plotBottom, top: Self.plotTop, unit: format.unit)
        svg.openGroup("axis x-axis", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
        if let first = weeks.first, let last = weeks.last {
            for tick in DateTicks.ticks(from: first.start, to: last.start) {
                svg.line(x1: xOf(tick.date), y1: Self.plotBottom, x2: xOf(tick.date), y2: Self.plotBottom + 4, className: "tick")
                svg.label(tick.label, x: xOf(tick.date), y: Self.plotBottom + 16)
            }
        } else {
            svg.label("No data yet", x: (Self.plotLeft + Self.plotRight) / 2, y: (Self.plotTop + Self.plotBottom) / 2, className: "empty")
        }
        svg.closeGroup()

        // The running best as a step line: flat until a PR week, then up to the new best.
        svg.openGroup("series series-2 running-best", attributes: "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"")
        for segment in series.segments {
            var points: [(x: Double, y: Double)] = []
            for week in segment {
                if let previous = points.last { points.append((xOf(week.start), previous.y)) }
                points.append((xOf(week.start), yOf(week.runningBest)))
            }
            if points.count == 1, let only = points.first { points.append((only.x + 0.1, only.y)) }
            svg.polyline(points)
        }
        svg.closeGroup()

        svg.openGroup("series series-1 markers", attributes: "fill=\"currentColor\" stroke=\"none\"")
        for (week, label) in zip(weeks, labels) where !week.isPR {
            svg.circle(cx: xOf(week.start), cy: yOf(week.best), r: 3, tooltip: "\(label): \(format.text(week.best))")
        }
        svg.closeGroup()
        svg.openGroup("pr markers", attributes: "fill=\"currentColor\"")
        for (week, label) in zip(weeks, labels) where week.isPR {
            let (x, y) = (xOf(week.start), yOf(week.best))
            svg.polygon([(x, max(0, y - 6)), (x + 6, y), (x, y + 6), (x - 6, y)], tooltip: "\(label): \(format.text(week.best)), PR")
        }
        svg.closeGroup()

        let table = DataTable(
            caption: title,
            columns: [DataTable.Column("Week", numeric: false), DataTable.Column(valueName, numeric: true),
                      DataTable.Column("Running best", numeric: true), DataTable.Column("PR", numeric: false)],
            rows: zip(weeks, labels).map { week, label in
                [label, format.text(week.best), format.text(week.runningBest), week.isPR ? "yes" : "no"]
            })
        let legend = ChartLegend([
            .init(.circle(series: 1), "\(valueName) of the week"),
            .init(.diamond, "PR week: a new best"),
            .init(.line(series: 2, dashed: false), "running best (no line across more than \(WeeklyBest.maxGapWeeks) weeks without data)"),
        ])
        return RenderedChart(
            id: id, title: title, summary: summary, svg: svg.finish(), table: table, legend: legend,
            axis: SVGMarkup.axisOverlay(
                scale, left: Self.plotLeft, height: Self.height, bottom: Self.plotBottom, top: Self.plotTop, unit: format.unit))
    }
}
