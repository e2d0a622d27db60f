import WktCore

/// A small line chart of one value per week with gaps, e.g. a lift's best e1RM per week on the
/// dashboard (docs/product.md "Dashboard: last workout, week comparison, lift trends").
///
/// Geometry (viewBox `0 0 320 150`): the plot spans x 46…308 and y 12…118, the first and the last
/// week's labels sit under it. Every week gets an equal step; a week without a value has no
/// point, and the line is broken across more than ``maxGap`` weeks in a row without one. The
/// value axis covers the data on a 1-2-5 step. Non-finite values count as 0.
public struct TrendChart: Sendable, Hashable {
    /// Canvas size and plot edges, as the geometry above says.
    private static let (width, height, plotLeft, plotRight, plotTop, plotBottom) = (320.0, 150.0, 46.0, 308.0, 12.0, 118.0)
    /// Weeks without a value that a line still bridges.
    static let maxGap = WeeklyBest.maxGapWeeks

    /// The chart ID (prefix of its SVG ids).
    public let id: ChartID
    /// The title (raw text), e.g. `Squat: best e1RM per week`.
    public let title: String
    /// Week labels, oldest first (`2026-W35`).
    public let labels: [String]
    /// One value per label, nil for a week without one.
    public let values: [Double?]
    /// Heading of the value column in the data table (`Best e1RM`).
    public let valueHeading: String
    /// How values are written.
    public let format: ValueFormat

    /// Creates a chart; `values` is padded with nil or cut to the labels' count.
    public init(id: ChartID, title: String, labels: [String], values: [Double?], valueHeading: String, format: ValueFormat) {
        self.id = id
        self.title = title
        self.labels = labels
        self.values = (0..<labels.count).map { $0 < values.count ? values[$0].map(ChartScale.clean) : nil }
        self.valueHeading = valueHeading
        self.format = format
    }

    /// The weeks that have a value, as (index, value), oldest first.
    var points: [(index: Int, value: Double)] {
        values.enumerated().compactMap { index, value in value.map { (index, $0) } }
    }

    /// `102.5 kg in 2026-W35 to 110.0 kg in 2026-W47: +7.5 kg`; `110.0 kg in 2026-W47, the only
    /// week with one`; or `no data`.
    public var summary: String {
        guard let first = points.first, let last = points.last else { return "no data" }
        let lastText = "\(format.text(last.value)) in \(labels[last.index])"
        guard first.index != last.index else { return lastText + ", the only week with one" }
        return "\(format.text(first.value)) in \(labels[first.index]) to \(lastText): \(Self.signed(last.value - first.value, format))"
    }

    /// A difference with its sign in text: `+7.5 kg`, `−2.5 kg` (U+2212), `±0.0 kg`.
    static func signed(_ value: Double, _ format: ValueFormat) -> String {
        let text = format.text(abs(value))
        if text == format.text(0) { return "±" + text }
        return (value > 0 ? "+" : "−") + text
    }

    /// Renders the SVG, summary and table.
    public func render() -> RenderedChart {
        let points = self.points
        let scale = ChartScale(
            minimum: points.map(\.value).min() ?? 0, maximum: points.map(\.value).max() ?? 0, wholeSteps: format.decimals == 0)
        let summary = self.summary
        var svg = SVGMarkup(id: id, kind: "trend-chart", width: Int(Self.width), height: Int(Self.height), title: title,
                            description: title + ": " + summary)
        svg.valueAxis(scale, left: Self.plotLeft, right: Self.plotRight, bottom: Self.plotBottom, top: Self.plotTop)
        let step = labels.count > 1 ? (Self.plotRight - Self.plotLeft) / Double(labels.count - 1) : 0
        let xOf = { (index: Int) -> Double in labels.count > 1 ? Self.plotLeft + step * Double(index) : (Self.plotLeft + Self.plotRight) / 2 }
        let yOf = { (value: Double) in scale.position(value, bottom: Self.plotBottom, top: Self.plotTop) }
        svg.openGroup("axis x-axis", attributes: "fill=\"currentColor\"")
        if let first = labels.first, let last = labels.last {
            svg.label(first, x: xOf(0), y: Self.plotBottom + 20, anchor: "start")
            if labels.count > 1 { svg.label(last, x: xOf(labels.count - 1), y: Self.plotBottom + 20, anchor: "end") }
        }
        if points.isEmpty {
            svg.label("No data", x: (Self.plotLeft + Self.plotRight) / 2, y: (Self.plotTop + Self.plotBottom) / 2, className: "empty", anchor: "middle")
        }
        svg.closeGroup()
        svg.openGroup("series series-1", attributes: "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"")
        for segment in segments(points) where segment.count > 1 {
            svg.polyline(segment.map { (x: xOf($0.index), y: yOf($0.value)) })
        }
        svg.openGroup("markers", attributes: "fill=\"currentColor\" stroke=\"none\"")
        for point in points {
            svg.circle(cx: xOf(point.index), cy: yOf(point.value), r: 3, tooltip: "\(labels[point.index]): \(format.text(point.value))")
        }
        svg.closeGroup()
        svg.closeGroup()
        return RenderedChart(id: id, title: title, summary: summary, svg: svg.finish(), table: dataTable)
    }

    /// Runs of points whose neighbours are at most ``maxGap`` empty weeks apart.
    func segments(_ points: [(index: Int, value: Double)]) -> [[(index: Int, value: Double)]] {
        var runs: [[(index: Int, value: Double)]] = []
        for point in points {
            if let previous = runs.last?.last, point.index - previous.index - 1 <= Self.maxGap {
                runs[runs.count - 1].append(point)
            } else {
                runs.append([point])
            }
        }
        return runs
    }

    /// One row per week, `–` for a week without a value.
    var dataTable: DataTable {
        DataTable(
            caption: title, columns: [DataTable.Column("Week", numeric: false), DataTable.Column(valueHeading, numeric: true)],
            rows: zip(labels, values).map { [$0.0, $0.1.map(format.text) ?? "–"] })
    }
}
