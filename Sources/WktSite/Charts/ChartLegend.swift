import WktMarkdown

/// A chart's legend as HTML above its scrolling frame, so it stays in view while a wide plot
/// scrolls sideways on a phone (docs/product.md "Charts on phones").
///
/// Each key is a small decorative SVG (`aria-hidden`) beside its text; the shapes differ, so no
/// key is told apart by colour alone.
public struct ChartLegend: Sendable, Hashable {
    /// The sample drawn before a legend text.
    public enum Key: Sendable, Hashable {
        /// A solid (or dashed) line in the colour of series 1 or 2.
        case line(series: Int, dashed: Bool)
        /// A round marker of a series.
        case circle(series: Int)
        /// A square marker of a series.
        case square(series: Int)
        /// The diamond that marks a PR week.
        case diamond
        /// The dashed target line.
        case target
        /// The triangle under a bar of a week below the target.
        case underTarget
        /// The dashed outline of the unfinished current week.
        case inProgress
    }

    /// One entry.
    public struct Item: Sendable, Hashable {
        /// The sample.
        public let key: Key
        /// The text (raw; escaped on output).
        public let text: String

        /// Creates an entry.
        public init(_ key: Key, _ text: String) {
            self.key = key
            self.text = text
        }
    }

    /// The entries in display order.
    public let items: [Item]

    /// Creates a legend.
    public init(_ items: [Item]) { self.items = items }

    /// `<ul class="chart-legend">…</ul>`, or empty text without entries.
    public var html: String {
        guard !items.isEmpty else { return "" }
        var out = "<ul class=\"chart-legend\">\n"
        for item in items {
            out += "<li><svg class=\"legend-key \(Self.className(item.key))\" viewBox=\"0 0 24 12\" width=\"24\" height=\"12\""
                + " aria-hidden=\"true\" focusable=\"false\">\(Self.shape(item.key))</svg> "
                + HTMLEscaping.escapeHTML(item.text) + "</li>\n"
        }
        return out + "</ul>"
    }

    private static func className(_ key: Key) -> String {
        switch key {
        case .line(let series, _), .circle(let series), .square(let series): "series-\(series)"
        case .diamond: "pr"
        case .target: "target"
        case .underTarget: "under"
        case .inProgress: "bars"
        }
    }

    /// Fixed markup of our code, never data.
    private static func shape(_ key: Key) -> String {
        switch key {
        case .line(_, let dashed):
            "<line x1=\"0\" y1=\"6\" x2=\"24\" y2=\"6\" stroke=\"currentColor\" stroke-width=\"2\""
                + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>"
        case .circle: "<circle cx=\"12\" cy=\"6\" r=\"3.5\" fill=\"currentColor\"/>"
        case .square: "<rect x=\"8.5\" y=\"2.5\" width=\"7\" height=\"7\" fill=\"currentColor\"/>"
        case .diamond: "<polygon points=\"12,0.5 17.5,6 12,11.5 6.5,6\" fill=\"currentColor\"/>"
        case .target: "<line x1=\"0\" y1=\"6\" x2=\"24\" y2=\"6\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>"
        case .underTarget: "<polygon points=\"8,10 16,10 12,3\" fill=\"currentColor\"/>"
        case .inProgress:
            "<rect x=\"6\" y=\"1\" width=\"12\" height=\"10\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
        }
    }
}
