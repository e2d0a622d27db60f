import WktCore

/// A line chart of one or two series over calendar dates, e.g. an exercise's e1RM and
/// heaviest-set progression. The x axis is scaled by day number (never by seconds), so the gap
/// between two points is proportional to the days between them.
///
/// Geometry (viewBox `0 0 980 244`): the plot spans x 40…940 and y 36…220; the legend is HTML
/// above the chart (``ChartLegend``). The value axis covers the data on a 1-2-5 step (it does not have to start at 0).
/// Several points of one series on the same day are reduced to the greatest value; non-finite
/// values count as 0. The first series is drawn solid with round markers, the second dashed
/// with square markers, so they differ without colour.
public struct LineChart: Sendable, Hashable {
    /// One measurement.
    public struct Point: Sendable, Hashable {
        /// The training day.
        public let date: CivilDate
        /// The value on that day.
        public let value: Double

        /// Creates a point.
        public init(date: CivilDate, value: Double) {
            self.date = date
            self.value = value
        }
    }

    /// A named series of points.
    public struct Series: Sendable, Hashable {
        /// The name shown in the legend and the table heading (raw text), e.g. `e1RM`.
        public let name: String
        /// The points sorted by date, at most one per day (the greatest value of that day).
        public let points: [Point]

        /// Creates a series; points are sorted by date and reduced to one per day.
        /// - Parameters:
        ///   - name: The series name.
        ///   - points: `(date, value)` pairs in any order.
        public init(name: String, points: [(date: CivilDate, value: Double)]) {
            self.name = name
            let sorted = points.map { Point(date: $0.date, value: ChartScale.clean($0.value)) }
                .sorted { $0.date < $1.date }
            var merged: [Point] = []
            for point in sorted {
                if let last = merged.last, last.date == point.date {
                    merged[merged.count - 1] = Point(date: point.date, value: max(last.value, point.value))
                } else {
                    merged.append(point)
                }
            }
            self.points = merged
        }
    }

    private static let width = 980.0
    private static let height = 244.0
    private static let plotLeft = 40.0
    private static let plotRight = 940.0
    private static let plotTop = 36.0
    private static let plotBottom = 220.0
    /// Markers are drawn only when all series together have at most this many points.
    static let maxMarkers = 120

    /// The chart ID (prefix of its SVG ids).
    public let id: ChartID
    /// The title, e.g. `Bench Press: e1RM and heaviest set`.
    public let title: String
    /// The first (solid) series.
    public let primary: Series
    /// The optional second (dashed) series.
    public let secondary: Series?
    /// How values are written.
    public let format: ValueFormat
    /// How the summary reads.
    public let wording: SummaryWording

    /// How a line chart's written summary reads.
    public enum SummaryWording: Sendable, Equatable {
        /// For records, where higher is better: first to last and the best (the highest).
        case progress
        /// For a measurement such as bodyweight, where no value is "best": first to last, the
        /// lowest and the highest.
        case range
    }

    /// Creates a line chart.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - primary: The first series.
    ///   - secondary: An optional second series.
    ///   - format: Number format (e.g. one decimal, `kg`).
    ///   - wording: How the summary reads (records: `.progress`, measurements: `.range`).
    public init(
        id: ChartID, title: String, primary: Series, secondary: Series? = nil, format: ValueFormat,
        wording: SummaryWording = .progress
    ) {
        self.id = id
        self.title = title
        self.primary = primary
        self.secondary = secondary
        self.format = format
        self.wording = wording
    }

    /// The series that are present, first then second.
    var allSeries: [Series] { [primary] + (secondary.map { [$0] } ?? []) }

    /// The one-line summary, e.g. `e1RM 100.0 kg on 2026-01-05 to 112.5 kg on 2026-06-01, best
    /// 115.0 kg on 2026-05-02; Heaviest set best 105.0 kg on 2026-05-02`, or `no data`; with the
    /// `.range` wording ``rangeSummary``.
    public var summary: String {
        if wording == .range { return rangeSummary }
        var parts: [String] = []
        for (index, series) in allSeries.enumerated() {
            guard let first = series.points.first, let last = series.points.last else { continue }
            var best = first
            for point in series.points where point.value > best.value { best = point }
            let bestText = "best \(format.text(best.value)) on \(best.date)"
            parts.append(index == 0 && series.points.count > 1
                ? "\(series.name) \(format.text(first.value)) on \(first.date) to \(format.text(last.value)) on \(last.date), \(bestText)"
                : "\(series.name) \(bestText)")
        }
        return parts.isEmpty ? "no data" : parts.joined(separator: "; ")
    }

    /// The `.range` summary, e.g. `Bodyweight from 74.2 kg (2024-01-08) to 81 kg (2026-11-23),
    /// lowest 73.9 kg, highest 81.4 kg`; one point: `Bodyweight 74.2 kg (2024-01-08)`; or `no data`.
    var rangeSummary: String {
        var parts: [String] = []
        for series in allSeries {
            guard let first = series.points.first, let last = series.points.last else { continue }
            guard series.points.count > 1 else {
                parts.append("\(series.name) \(format.text(first.value)) (\(first.date))")
                continue
            }
            let values = series.points.map(\.value)
            parts.append("\(series.name) from \(format.text(first.value)) (\(first.date)) to \(format.text(last.value)) (\(last.date)), "
                + "lowest \(format.text(values.min() ?? first.value)), highest \(format.text(values.max() ?? first.value))")
        }
        return parts.isEmpty ? "no data" : parts.joined(separator: "; ")
    }

    /// Renders the SVG, summary and table.
    public func render() -> RenderedChart {
        let points = allSeries.flatMap(\.points)
        let firstDay = points.map(\.date.dayNumber).min() ?? 0
        let lastDay = points.map(\.date.dayNumber).max() ?? 0
        let scale = ChartScale(
            minimum: points.map(\.value).min() ?? 0, maximum: points.map(\.value).max() ?? 0,
            wholeSteps: format.decimals == 0)
        let xOf = { (date: CivilDate) -> Double in
            guard lastDay > firstDay else { return (Self.plotLeft + Self.plotRight) / 2 }
            let fraction = Double(date.dayNumber - firstDay) / Double(lastDay - firstDay)
            return Self.plotLeft + (Self.plotRight - Self.plotLeft) * fraction
        }
        let yOf = { (value: Double) in scale.position(value, bottom: Self.plotBottom, top: Self.plotTop) }
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "line-chart", width: Int(Self.width), height: Int(Self.height),
            title: title, description: title + ": " + summary)

        svg.valueAxis(scale, left: Self.plotLeft, right: Self.plotRight, bottom: Self.plotBottom, top: Self.plotTop)
        svg.openGroup("axis x-axis", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
        if points.isEmpty {
            svg.label("No data yet", x: (Self.plotLeft + Self.plotRight) / 2, y: (Self.plotTop + Self.plotBottom) / 2, className: "empty")
        } else {
            for tick in DateTicks.ticks(from: CivilDate(dayNumber: firstDay), to: CivilDate(dayNumber: lastDay)) {
                svg.line(x1: xOf(tick.date), y1: Self.plotBottom, x2: xOf(tick.date), y2: Self.plotBottom + 4, className: "tick")
                svg.label(tick.label, x: xOf(tick.date), y: Self.plotBottom + 16)
            }
        }
        svg.closeGroup()

        let withMarkers = points.count <= Self.maxMarkers
        for (index, series) in allSeries.enumerated() {
            let dashed = index == 1 ? " stroke-dasharray=\"6 4\"" : ""
            svg.openGroup("series series-\(index + 1)", attributes: "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"\(dashed)")
            svg.polyline(series.points.map { (x: xOf($0.date), y: yOf($0.value)) })
            if withMarkers {
                svg.openGroup("markers", attributes: "fill=\"currentColor\" stroke=\"none\"")
                for point in series.points {
                    Self.marker(&svg, series: index, x: xOf(point.date), y: yOf(point.value),
                                tooltip: "\(point.date): \(format.text(point.value))")
                }
                svg.closeGroup()
            }
            svg.closeGroup()
        }
        let legend = ChartLegend(allSeries.enumerated().map { index, series in
            ChartLegend.Item(index == 0 ? .circle(series: 1) : .square(series: 2), series.name + (index == 1 ? " (dashed)" : ""))
        })
        return RenderedChart(
            id: id, title: title, summary: summary, svg: svg.finish(), table: dataTable, legend: legend,
            axis: SVGMarkup.axisOverlay(scale, left: Self.plotLeft, height: Self.height, bottom: Self.plotBottom, top: Self.plotTop))
    }

    /// One row per day that has a point in either series; an empty cell is shown as `–`.
    var dataTable: DataTable {
        let days = Array(Set(allSeries.flatMap { $0.points.map(\.date) })).sorted()
        let columns = [DataTable.Column("Date", numeric: false)] + allSeries.map { DataTable.Column($0.name, numeric: true) }
        var cursors = Array(repeating: 0, count: allSeries.count)
        var rows: [[String]] = []
        for day in days {
            var row = [day.description]
            for (index, series) in allSeries.enumerated() {
                if cursors[index] < series.points.count, series.points[cursors[index]].date == day {
                    row.append(format.text(series.points[cursors[index]].value))
                    cursors[index] += 1
                } else {
                    row.append("–")
                }
            }
            rows.append(row)
        }
        return DataTable(caption: title, columns: columns, rows: rows)
    }

    /// A round (first series) or square (second series) marker.
    private static func marker(_ svg: inout SVGMarkup, series: Int, x: Double, y: Double, tooltip: String?) {
        if series == 0 {
            svg.circle(cx: x, cy: y, r: 3, tooltip: tooltip)
        } else {
            svg.rect(x: x - 3, y: y - 3, width: 6, height: 6, tooltip: tooltip)
        }
    }
}
