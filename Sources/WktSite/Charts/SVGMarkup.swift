import WktCore
import WktMarkdown

/// A small writer for the inline SVG of one chart.
///
/// It owns the common frame (the `<svg>` element with `role="img"`, fixed `viewBox`,
/// `<title>` and `<desc>` tied to it by `aria-labelledby`), formats every coordinate with one
/// decimal (``DecimalFormat``), and escapes every piece of text it writes. It never writes a
/// `style` attribute, a script or an event handler; a `<style>` element only with fixed CSS.
struct SVGMarkup {
    private var text = ""

    /// Opens the `<svg>` element and writes its title and description. `role` is `img`, or
    /// `group` for a drawing that holds links (an `img`'s children are presentational, so links
    /// inside one would be unreachable for assistive technology).
    init(id: ChartID, kind: String, width: Int, height: Int, title: String, description: String, role: String = "img") {
        let titleID = id.child("title")
        let descID = id.child("desc")
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg \(kind)\""
            + " viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\""
            + " role=\"\(role)\" aria-labelledby=\"\(titleID) \(descID)\">\n"
            + "<title id=\"\(titleID)\">\(HTMLEscaping.escapeHTML(title))</title>\n"
            + "<desc id=\"\(descID)\">\(HTMLEscaping.escapeHTML(description))</desc>\n"
    }

    /// An inline `<style>` element: fixed CSS of our code (the share cards, which must carry their
    /// own styles), never data. It must hold no `<` or `&`, which XML would read as markup.
    mutating func style(_ css: String) {
        text += "<style>\n\(css)\n</style>\n"
    }

    /// A coordinate with exactly one decimal.
    static func number(_ value: Double) -> String { DecimalFormat.fixed(value, decimals: 1) }

    /// Opens a `<g>` with the given class and fixed presentation attributes.
    mutating func openGroup(_ className: String, attributes: String = "") {
        text += "<g class=\"\(className)\"\(attributes.isEmpty ? "" : " " + attributes)>\n"
    }

    /// Closes the innermost `<g>`.
    mutating func closeGroup() { text += "</g>\n" }

    /// A `<line>` from (x1, y1) to (x2, y2).
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String? = nil) {
        text += "<line\(classAttribute(className)) x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\""
            + " x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>\n"
    }

    /// A `<text>` element at (x, y); `content` is raw text and gets escaped.
    mutating func label(_ content: String, x: Double, y: Double, className: String? = nil, anchor: String? = nil) {
        let anchorAttribute = anchor.map { " text-anchor=\"\($0)\"" } ?? ""
        text += "<text\(classAttribute(className)) x=\"\(Self.number(x))\" y=\"\(Self.number(y))\"\(anchorAttribute)>"
            + HTMLEscaping.escapeHTML(content) + "</text>\n"
    }

    /// A `<rect>`; with a `tooltip`, the rectangle carries a `<title>` child (raw text, escaped).
    mutating func rect(
        x: Double, y: Double, width: Double, height: Double,
        className: String? = nil, corner: Double? = nil, tooltip: String? = nil
    ) {
        let cornerAttribute = corner.map { " rx=\"\(Self.number($0))\"" } ?? ""
        text += "<rect\(classAttribute(className)) x=\"\(Self.number(x))\" y=\"\(Self.number(y))\""
            + " width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\"\(cornerAttribute)"
        closeShape(tooltip: tooltip, element: "rect")
    }

    /// A `<circle>` with an optional tooltip.
    mutating func circle(cx: Double, cy: Double, r: Double, className: String? = nil, tooltip: String? = nil) {
        text += "<circle\(classAttribute(className)) cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(r))\""
        closeShape(tooltip: tooltip, element: "circle")
    }

    /// A `<polyline>` through the points.
    mutating func polyline(_ points: [(x: Double, y: Double)], className: String? = nil) {
        let list = points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
        text += "<polyline\(classAttribute(className)) points=\"\(list)\"/>\n"
    }

    /// Horizontal grid lines at every tick of `scale` and the tick labels left of the plot.
    /// - Parameters:
    ///   - scale: The value axis.
    ///   - left: Plot left edge (labels end 6 units before it).
    ///   - right: Plot right edge.
    ///   - bottom: Pixel y of ``ChartScale/lower``.
    ///   - top: Pixel y of ``ChartScale/upper``.
    ///   - unit: Written after each tick value (`100 kg`), empty for none.
    mutating func valueAxis(_ scale: ChartScale, left: Double, right: Double, bottom: Double, top: Double, unit: String = "") {
        let ticks = scale.ticks.map { (value: $0, y: scale.position($0, bottom: bottom, top: top)) }
        openGroup("grid", attributes: "stroke=\"currentColor\"")
        for tick in ticks {
            line(x1: left, y1: tick.y, x2: right, y2: tick.y)
        }
        closeGroup()
        tickLabels(scale, left: left, bottom: bottom, top: top, unit: unit)
    }

    /// The tick labels of `scale`, right-aligned 6 units left of `left`.
    private mutating func tickLabels(_ scale: ChartScale, left: Double, bottom: Double, top: Double, unit: String) {
        openGroup("axis y-axis", attributes: "fill=\"currentColor\" text-anchor=\"end\"")
        for value in scale.ticks {
            let number = DecimalFormat.compact(value, decimals: scale.tickDecimals)
            label(unit.isEmpty ? number : number + " " + unit, x: left - 6, y: scale.position(value, bottom: bottom, top: top) + 4)
        }
        closeGroup()
    }

    /// The y-axis gutter again as a separate, decorative SVG (`aria-hidden`) of the same height
    /// and scale: the page keeps it in view while a wide plot scrolls sideways on a phone
    /// (docs/product.md "Charts on phones"). It holds an opaque background and the same tick
    /// labels as ``valueAxis(_:left:right:bottom:top:unit:)``, nothing else.
    static func axisOverlay(
        _ scale: ChartScale, left: Double, height: Double, bottom: Double, top: Double, unit: String = ""
    ) -> String {
        var overlay = SVGMarkup()
        let width = Int(left)
        overlay.text = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg chart-axis gutter-\(width)\""
            + " viewBox=\"0 0 \(width) \(Int(height))\" width=\"\(width)\" height=\"\(Int(height))\""
            + " aria-hidden=\"true\" focusable=\"false\">\n"
        overlay.rect(x: 0, y: 0, width: left, height: height, className: "axis-bg")
        overlay.tickLabels(scale, left: left, bottom: bottom, top: top, unit: unit)
        return overlay.finish()
    }

    private init() {}

    /// A closed `<polygon>` through the points, with an optional tooltip.
    mutating func polygon(_ points: [(x: Double, y: Double)], className: String? = nil, tooltip: String? = nil) {
        let list = points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
        text += "<polygon\(classAttribute(className)) points=\"\(list)\""
        closeShape(tooltip: tooltip, element: "polygon")
    }

    /// Opens an `<a>` to `href` (raw text, escaped) named `label` for assistive technology (the
    /// heatmap's days); close it with ``closeLink()``.
    mutating func openLink(_ href: String, label: String) {
        text += "<a href=\"\(HTMLEscaping.escapeHTML(href))\" aria-label=\"\(HTMLEscaping.escapeHTML(label))\">"
    }

    /// Closes the innermost `<a>`.
    mutating func closeLink() { text += "</a>\n" }

    /// Closes the `<svg>` element and returns the markup.
    consuming func finish() -> String {
        text += "</svg>"
        return text
    }

    private mutating func closeShape(tooltip: String?, element: String) {
        if let tooltip {
            text += "><title>\(HTMLEscaping.escapeHTML(tooltip))</title></\(element)>\n"
        } else {
            text += "/>\n"
        }
    }

    private func classAttribute(_ className: String?) -> String {
        className.map { " class=\"\($0)\"" } ?? ""
    }
}
