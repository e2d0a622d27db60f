import WktCore

/// A vertical bar chart of labelled values: workouts per week (52 weeks or all of them),
/// weekly volume, and the like, with an optional dashed target line.
///
/// Geometry (viewBox `0 0 980 248`, or `0 0 980 268` with a month row): the plot spans x
/// 48…940 (48…920 with a target, whose label sits right of the plot, clear of the bars) and y
/// 20…220; each bar gets an equal slot of the plot width and fills its middle 70 %. The value
/// axis starts at 0 and ends on a multiple of a 1-2-5 step (see ``ChartScale``). Negative and
/// non-finite values are drawn as 0 (the table shows them as given, non-finite as 0).
///
/// Week charts (docs/product.md "Week charts"): bars that carry their week's first day get a
/// month row under the week labels (`Nov` under the week holding the 1st, the year at January);
/// the unfinished current week is a dashed outline with `so far`; finished weeks below the
/// target get a triangle under the bar, explained in the legend and the table.
public struct BarChart: Sendable, Hashable {
    /// One bar.
    public struct Bar: Sendable, Hashable {
        /// The label under the bar and in the table (raw text), e.g. `2026-W12`.
        public let label: String
        /// The bar's value.
        public let value: Double
        /// The first day of the bar's week (for the month row), nil for bars that are not weeks.
        public let start: CivilDate?
        /// The bar is the current week, not finished yet.
        public let inProgress: Bool

        /// Creates a bar.
        public init(label: String, value: Double, start: CivilDate? = nil, inProgress: Bool = false) {
            self.label = label
            self.value = value
            self.start = start
            self.inProgress = inProgress
        }
    }

    /// Fixed canvas size and plot margins.
    private static let width = 980.0
    private static let plotLeft = 48.0
    private static let plotTop = 20.0
    private static let plotBottom = 220.0
    /// At most this many x labels are drawn (the table has all).
    static let maxLabels = 12
    /// Month labels need about this many units between them; closer, only years are shown.
    static let monthSpacing = 30.0

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
    /// The legend's words for the unfinished bar (a month chart says `this month so far …`).
    public var inProgressLegend = "this week so far (not finished)"

    /// Creates a bar chart.
    /// - Parameters:
    ///   - id: Chart ID, unique on its page.
    ///   - title: Title (raw text).
    ///   - bars: The bars in display order.
    ///   - target: Optional target line value.
    ///   - labelHeading: Table heading for the labels.
    ///   - valueHeading: Table heading for the values.
    ///   - format: Number format; whole-number formats also get whole-number axis steps.
    public init(
        id: ChartID, title: String, bars: [Bar], target: Double? = nil,
        labelHeading: String = "Week", valueHeading: String = "Workouts", format: ValueFormat = .count
    ) {
        self.id = id
        self.title = title
        self.bars = bars
        self.target = target
        self.labelHeading = labelHeading
        self.valueHeading = valueHeading
        self.format = format
    }

    /// Creates a bar chart of plain `(label, value)` bars (no weeks, nothing in progress).
    public init(
        id: ChartID, title: String, bars: [(label: String, value: Double)], target: Double? = nil,
        labelHeading: String = "Week", valueHeading: String = "Workouts", format: ValueFormat = .count
    ) {
        self.init(id: id, title: title, bars: bars.map { Bar(label: $0.label, value: $0.value) }, target: target,
                  labelHeading: labelHeading, valueHeading: valueHeading, format: format)
    }

    /// The finite target, if any.
    private var targetValue: Double? { target.map(ChartScale.clean) }

    /// The bar is a finished week below the target (marked with a triangle).
    func isUnderTarget(_ bar: Bar) -> Bool {
        guard let targetValue, !bar.inProgress else { return false }
        return drawn(bar.value) < targetValue
    }

    /// The one-line summary over the finished bars: `average 3.8, most 6 in 2026-W12`, plus how
    /// often the target was met, then the unfinished week (`2026-W48 so far 2`); `no data`
    /// without bars. Ties for the most go to the earliest bar.
    public var summary: String {
        guard !bars.isEmpty else { return "no data" }
        let finished = bars.filter { !$0.inProgress }
        var parts: [String] = []
        if !finished.isEmpty {
            var best = 0
            for index in finished.indices where drawn(finished[index].value) > drawn(finished[best].value) { best = index }
            let total = finished.reduce(0.0) { $0 + drawn($1.value) }
            var text = "average \(format.averageText(total / Double(finished.count))), most "
                + "\(format.text(drawn(finished[best].value))) in \(finished[best].label)"
            if let targetValue {
                let met = finished.filter { drawn($0.value) >= targetValue }.count
                text += ", target \(format.text(targetValue)) met in \(met) of \(finished.count)"
            }
            parts.append(text)
        }
        if let current = bars.last(where: \.inProgress) {
            parts.append("\(current.label) so far \(format.text(drawn(current.value)))")
        }
        return parts.joined(separator: "; ")
    }

    /// Renders the SVG, summary, legend and table.
    public func render() -> RenderedChart {
        let peak = bars.reduce(0.0) { max($0, drawn($1.value)) }
        let scale = ChartScale(minimum: 0, maximum: max(peak, targetValue ?? 0), wholeSteps: format.decimals == 0)
        let months = monthLabels()
        let height = bars.contains { $0.start != nil } ? 268.0 : 248.0
        let plotRight = targetValue == nil ? 940.0 : 920.0
        let summary = self.summary
        var svg = SVGMarkup(
            id: id, kind: "bar-chart", width: Int(Self.width), height: Int(height),
            title: title, description: title + ": " + summary)
        let yOf = { (value: Double) in scale.position(value, bottom: Self.plotBottom, top: Self.plotTop) }
        svg.valueAxis(scale, left: Self.plotLeft, right: plotRight, bottom: Self.plotBottom, top: Self.plotTop)

        let slot = bars.isEmpty ? 0 : (plotRight - Self.plotLeft) / Double(bars.count)
        let centre = { (index: Int) in Self.plotLeft + (Double(index) + 0.5) * slot }
        svg.openGroup("bars", attributes: "fill=\"currentColor\"")
        for (index, bar) in bars.enumerated() where !bar.inProgress {
            let top = yOf(drawn(bar.value))
            svg.rect(x: centre(index) - slot * 0.35, y: top, width: slot * 0.7, height: Self.plotBottom - top, tooltip: tooltip(bar))
        }
        svg.closeGroup()
        if bars.contains(where: \.inProgress) {
            svg.openGroup("bars in-progress", attributes: "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"")
            for (index, bar) in bars.enumerated() where bar.inProgress {
                let top = min(yOf(drawn(bar.value)), Self.plotBottom - 2)
                svg.rect(x: centre(index) - slot * 0.35, y: top, width: slot * 0.7, height: Self.plotBottom - top, tooltip: tooltip(bar))
            }
            svg.closeGroup()
            svg.openGroup("axis so-far", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
            for (index, bar) in bars.enumerated() where bar.inProgress {
                svg.label("so far", x: min(centre(index), Self.width - 20), y: min(yOf(drawn(bar.value)), Self.plotBottom - 2) - 5, className: "halo")
            }
            svg.closeGroup()
        }
        if bars.contains(where: isUnderTarget) {
            svg.openGroup("under", attributes: "fill=\"currentColor\"")
            for (index, bar) in bars.enumerated() where isUnderTarget(bar) {
                let x = centre(index)
                svg.polygon([(x - 3.5, Self.plotBottom + 9), (x + 3.5, Self.plotBottom + 9), (x, Self.plotBottom + 2)])
            }
            svg.closeGroup()
        }

        svg.openGroup("axis x-axis", attributes: "fill=\"currentColor\" text-anchor=\"middle\"")
        if bars.isEmpty {
            svg.label("No data yet", x: (Self.plotLeft + plotRight) / 2, y: (Self.plotTop + Self.plotBottom) / 2, className: "empty")
        }
        for index in Self.labelledIndices(count: bars.count) {
            svg.label(DisplayText.clipped(bars[index].label, maxCharacters: 12), x: centre(index), y: Self.plotBottom + 24)
        }
        svg.closeGroup()
        if !months.isEmpty {
            svg.openGroup("axis months", attributes: "fill=\"currentColor\" text-anchor=\"start\"")
            for month in months {
                let left = centre(month.index) - slot * 0.35
                svg.line(x1: left, y1: Self.plotBottom + 28, x2: left, y2: Self.plotBottom + 44, className: "tick")
                svg.label(month.label, x: left + 3, y: Self.plotBottom + 42)
            }
            svg.closeGroup()
        }

        if let targetValue {
            let y = yOf(targetValue)
            svg.openGroup("target", attributes: "fill=\"currentColor\"")
            svg.openGroup("target-line", attributes: "stroke=\"currentColor\" stroke-dasharray=\"6 4\"")
            svg.line(x1: Self.plotLeft, y1: y, x2: plotRight, y2: y)
            svg.closeGroup()
            let labelY = min(max(y, Self.plotTop + 4), Self.plotBottom - 12)
            svg.label("target", x: plotRight + 4, y: labelY, anchor: "start")
            svg.label(format.text(targetValue), x: plotRight + 4, y: labelY + 14, anchor: "start")
            svg.closeGroup()
        }

        var columns = [DataTable.Column(labelHeading, numeric: false), DataTable.Column(valueHeading, numeric: true)]
        if targetValue != nil { columns.append(DataTable.Column("Target", numeric: false)) }
        let rows = bars.map { bar in
            var row = [bar.label + (bar.inProgress ? " (so far)" : ""), format.text(bar.value.isFinite ? bar.value : 0)]
            if let targetValue {
                row.append(drawn(bar.value) >= targetValue ? "met" : bar.inProgress ? "not yet" : "under")
            }
            return row
        }
        return RenderedChart(
            id: id, title: title, summary: summary, svg: svg.finish(), table: DataTable(caption: title, columns: columns, rows: rows),
            legend: legend, axis: SVGMarkup.axisOverlay(scale, left: Self.plotLeft, height: height, bottom: Self.plotBottom, top: Self.plotTop))
    }

    /// Legend entries for what the chart shows beyond plain bars.
    private var legend: ChartLegend {
        var items: [ChartLegend.Item] = []
        if let targetValue {
            items.append(.init(.target, "target: \(format.text(targetValue)) a week"))
            if bars.contains(where: isUnderTarget) { items.append(.init(.underTarget, "under the target (finished weeks)")) }
        }
        if bars.contains(where: \.inProgress) { items.append(.init(.inProgress, inProgressLegend)) }
        return ChartLegend(items)
    }

    /// The bar's tooltip: `2026-W12: 3`, `2026-W48 (so far): 2`.
    private func tooltip(_ bar: Bar) -> String {
        bar.label + (bar.inProgress ? " (so far)" : "") + ": " + format.text(bar.value.isFinite ? bar.value : 0)
    }

    /// The value as drawn: finite, not negative, within ``DecimalFormat/limit``.
    private func drawn(_ value: Double) -> Double { max(0, ChartScale.clean(value)) }

    /// The month row: the bar whose week holds the 1st of a month, labelled with the month
    /// (`Nov`) or, at January, the year; only years when months would sit closer than
    /// ``monthSpacing`` units.
    func monthLabels() -> [(index: Int, label: String)] {
        guard !bars.isEmpty else { return [] }
        let plotRight = targetValue == nil ? 940.0 : 920.0
        let monthWidth = (plotRight - Self.plotLeft) / Double(bars.count) * 30.44 / 7
        var labels: [(index: Int, label: String)] = []
        for (index, bar) in bars.enumerated() {
            guard let start = bar.start else { continue }
            let end = start.adding(days: 6)
            guard start.day == 1 || end.month != start.month else { continue }
            let first = start.day == 1 ? start : end
            if first.month == 1 {
                labels.append((index, String(first.year)))
            } else if monthWidth >= Self.monthSpacing {
                labels.append((index, DateTicks.abbreviation(month: first.month)))
            }
        }
        return labels
    }

    /// Which bars get an x label: all of up to 12 bars; otherwise every k-th counted back from
    /// the last bar (the most recent week is always labelled).
    static func labelledIndices(count: Int) -> [Int] {
        guard count > maxLabels else { return Array(0..<count) }
        let stride = (count + maxLabels / 2 - 1) / (maxLabels / 2)
        return Swift.stride(from: count - 1, through: 0, by: -stride).reversed()
    }
}
