/// A vertical bar chart of labelled values: workouts per week (52 weeks or all of them),
/// weekly volume, and the like, with an optional dashed target line.
///
/// Geometry (viewBox `0 0 980 240`): the plot spans x 40…940 and y 20…220; each bar gets an
/// equal slot of the plot width and fills its middle 70 %. The value axis starts at 0 and ends
/// on a multiple of a 1-2-5 step (see ``ChartScale``). Negative and non-finite values are drawn
/// as 0 (the table shows them as given, non-finite as 0).
public struct BarChart: Sendable, Hashable {
    /// One bar.
    public struct Bar: Sendable, Hashable {
        /// The label under the bar and in the table (raw text), e.g. `2026-W12`.
        public let label: String
        /// The bar's value.
        public let value: Double

        /// Creates a bar.
        public init(label: String, value: Double) {
            self.label = label
            self.value = value
        }
    }

    /// Fixed canvas size and plot margins.
    private static let width = 980.0
    private static let height = 240.0
    private static let plotLeft = 40.0
    private static let plotRight = 940.0
    private static let plotTop = 20.0
    private static let plotBottom = 220.0
    /// At most this many x labels are drawn (the table has all).
    static let maxLabels = 12

    /// The chart ID (prefix of its SVG ids).
    public let id: ChartID
    /// The title, e.g. `Workouts per week, last 52 weeks`.
    public let title: String
    /// The bars in display order (left to right).
    public let bars: [Bar]
    /// A horizontal target line (e.g. the weekly target), or nil.
    public let target: Double?
    /// Heading of the label column in the data table (`Week`).
    public let labelHeading: String
    /// Heading of the value column in the data table (`Workouts`).
    public let valueHeading: String
    /// How values are written.
    public let format: ValueFormat

    /// Creates a bar chart.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - bars: `(label, value)` pairs in display order.
    ///   - target: Optional target line value.
    ///   - labelHeading: Table heading for the labels.
    ///   - valueHeading: Table heading for the values.
    ///   - format: Number format; whole-number formats also get whole-number axis steps.
    public init(
        id: ChartID, title: String, bars: [(label: String, value: Double)], target: Double? = nil,
        labelHeading: String = "Week", valueHeading: String = "Workouts", format: ValueFormat = .count
    ) {
        self.id = id
        self.title = title
        self.bars = bars.map { Bar(label: $0.label, value: $0.value) }
        self.target = target
        self.labelHeading = labelHeading
        self.valueHeading = valueHeading
        self.format = format
    }

    /// The one-line summary: `average 3.8, most 6 in 2026-W12`, plus how often the target was
    /// met; `no data` without bars. Ties for the most go to the earliest bar.
    public var summary: String {
        guard !bars.isEmpty else { return "no data" }
        var best = 0
        for index in bars.indices where drawn(bars[index].value) > drawn(bars[best].value) { best = index }
        let total = bars.reduce(0.0) { $0 + drawn($1.value) }
        var text = "average \(format.averageText(total / Double(bars.count))), most "
            + "\(format.text(drawn(bars[best].value))) in \(bars[best].label)"
        if let target, target.isFinite {
            let met = bars.filter { drawn($0.value) >= target }.count
            text += ", target \(format.text(target)) met in \(met) of \(bars.count)"
        }
        return text
    }

    /// Renders the SVG, summary and table.
    public func render() -> RenderedChart {
        let peak = bars.reduce(0.0) { max($0, drawn($1.value)) }
        let targetValue = target.map(ChartScale.clean)
        let scale = ChartScale(minimum: 0, maximum: max(peak, targetValue ?? 0), wholeSteps: format.decimals == 0)
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "bar-chart", width: Int(Self.width), height: Int(Self.height),
            title: title, description: title + ": " + summary)
        let yOf = { (value: Double) in scale.position(value, bottom: Self.plotBottom, top: Self.plotTop) }

        svg.valueAxis(scale, left: Self.plotLeft, right: Self.plotRight, bottom: Self.plotBottom, top: Self.plotTop)

        let slot = bars.isEmpty ? 0 : (Self.plotRight - Self.plotLeft) / Double(bars.count)
        svg.openGroup("bars", attributes: "fill=\"currentColor\"")
        for (index, bar) in bars.enumerated() {
            let top = yOf(drawn(bar.value))
            svg.rect(
                x: Self.plotLeft + Double(index) * slot + slot * 0.15, y: top,
                width: slot * 0.7, height: Self.plotBottom - top,
                tooltip: bar.label + ": " + format.text(bar.value.isFinite ? bar.value : 0))
        }
        svg.closeGroup()

        svg.openGroup("axis x-axis", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
        if bars.isEmpty {
            svg.label("No data yet", x: (Self.plotLeft + Self.plotRight) / 2, y: (Self.plotTop + Self.plotBottom) / 2, className: "empty")
        }
        for index in Self.labelledIndices(count: bars.count) {
            svg.label(
                DisplayText.clipped(bars[index].label, maxCharacters: 12),
                x: Self.plotLeft + (Double(index) + 0.5) * slot, y: Self.plotBottom + 16)
        }
        svg.closeGroup()

        if let targetValue {
            let y = yOf(targetValue)
            svg.openGroup("target", attributes: "fill=\"currentColor\"")
            svg.openGroup("target-line", attributes: "stroke=\"currentColor\" stroke-dasharray=\"6 4\"")
            svg.line(x1: Self.plotLeft, y1: y, x2: Self.plotRight, y2: y)
            svg.closeGroup()
            svg.label("target " + format.text(targetValue), x: Self.plotRight, y: y - 4, className: "halo", anchor: "end")
            svg.closeGroup()
        }

        let table = DataTable(
            caption: title,
            columns: [DataTable.Column(labelHeading, numeric: false), DataTable.Column(valueHeading, numeric: true)],
            rows: bars.map { [$0.label, format.text($0.value.isFinite ? $0.value : 0)] })
        return RenderedChart(id: id, title: title, summary: summary, svg: svg.finish(), table: table)
    }

    /// The value as drawn: finite, not negative, within ``DecimalFormat/limit``.
    private func drawn(_ value: Double) -> Double { max(0, ChartScale.clean(value)) }

    /// Which bars get an x label: all of up to 12 bars; otherwise every k-th counted back from
    /// the last bar (the most recent week is always labelled).
    static func labelledIndices(count: Int) -> [Int] {
        guard count > maxLabels else { return Array(0..<count) }
        let stride = (count + maxLabels / 2 - 1) / (maxLabels / 2)
        return Swift.stride(from: count - 1, through: 0, by: -stride).reversed()
    }
}
