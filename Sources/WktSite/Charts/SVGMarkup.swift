import WktCore
import WktMarkdown

/// A small writer for the inline SVG of one chart.
///
/// It owns the common frame (the `<svg>` element with `role="img"`, fixed `viewBox`,
/// `<title>` and `<desc>` tied to it by `aria-labelledby`), formats every coordinate with one
/// decimal (``DecimalFormat``), and escapes every piece of text it writes. It never writes a
/// `style` attribute, a script or an event handler; a `<style>` element only with fixed CSS.
///
/// It writes bytes into a ``TextBuffer`` (every exercise page has several charts of hundreds of
/// elements, and a string append per attribute was a tenth of composing them), so, like the
/// buffer, it is never copied.
struct SVGMarkup: ~Copyable {
    private var text = TextBuffer(capacity: 8192)

    /// Opens the `<svg>` element and writes its title and description. `role` is `img`, or
    /// `group` for a drawing that holds links (an `img`'s children are presentational, so links
    /// inside one would be unreachable for assistive technology).
    init(id: ChartID, kind: String, width: Int, height: Int, title: String, description: String, role: String = "img") {
        let titleID = id.child("title")
        let descID = id.child("desc")
        text.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg ")
        text.append(kind)
        text.append("\" viewBox=\"0 0 ")
        text.append(decimal: width)
        text.append(" ")
        text.append(decimal: height)
        text.append("\" width=\"")
        text.append(decimal: width)
        text.append("\" height=\"")
        text.append(decimal: height)
        text.append("\" role=\"")
        text.append(role)
        text.append("\" aria-labelledby=\"")
        text.append(titleID)
        text.append(" ")
        text.append(descID)
        text.append("\">\n<title id=\"")
        text.append(titleID)
        text.append("\">")
        text.append(HTMLEscaping.escapeHTML(title))
        text.append("</title>\n<desc id=\"")
        text.append(descID)
        text.append("\">")
        text.append(HTMLEscaping.escapeHTML(description))
        text.append("</desc>\n")
    }

    /// An inline `<style>` element: fixed CSS of our code (the share cards, which must carry their
    /// own styles), never data. It must hold no `<` or `&`, which XML would read as markup.
    mutating func style(_ css: String) {
        text.append("<style>\n")
        text.append(css)
        text.append("\n</style>\n")
    }

    /// Opens a `<g>` with the given class and fixed presentation attributes.
    mutating func openGroup(_ className: String, attributes: String = "") {
        text.append("<g class=\"")
        text.append(className)
        if !attributes.isEmpty {
            text.append("\" ")
            text.append(attributes)
            text.append(">\n")
        } else {
            text.append("\">\n")
        }
    }

    /// Closes the innermost `<g>`.
    mutating func closeGroup() { text.append("</g>\n") }

    /// A `<line>` from (x1, y1) to (x2, y2).
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String? = nil) {
        text.append("<line")
        classAttribute(className)
        coordinate("x1", x1)
        coordinate("y1", y1)
        coordinate("x2", x2)
        coordinate("y2", y2)
        text.append("/>\n")
    }

    /// A `<text>` element at (x, y); `content` is raw text and gets escaped.
    mutating func label(_ content: String, x: Double, y: Double, className: String? = nil, anchor: String? = nil) {
        text.append("<text")
        classAttribute(className)
        coordinate("x", x)
        coordinate("y", y)
        if let anchor {
            text.append(" text-anchor=\"")
            text.append(anchor)
            text.append("\"")
        }
        text.append(">")
        text.append(HTMLEscaping.escapeHTML(content))
        text.append("</text>\n")
    }

    /// A `<rect>`; with a `tooltip`, the rectangle carries a `<title>` child (raw text, escaped).
    mutating func rect(
        x: Double, y: Double, width: Double, height: Double,
        className: String? = nil, corner: Double? = nil, tooltip: String? = nil
    ) {
        text.append("<rect")
        classAttribute(className)
        coordinate("x", x)
        coordinate("y", y)
        coordinate("width", max(0, width))
        coordinate("height", max(0, height))
        if let corner { coordinate("rx", corner) }
        closeShape(tooltip: tooltip, element: "rect")
    }

    /// A `<circle>` with an optional tooltip.
    mutating func circle(cx: Double, cy: Double, r: Double, className: String? = nil, tooltip: String? = nil) {
        text.append("<circle")
        classAttribute(className)
        coordinate("cx", cx)
        coordinate("cy", cy)
        coordinate("r", r)
        closeShape(tooltip: tooltip, element: "circle")
    }

    /// A `<polyline>` through the points.
    mutating func polyline(_ points: [(x: Double, y: Double)], className: String? = nil) {
        text.append("<polyline")
        classAttribute(className)
        text.append(" points=\"")
        appendPoints(points)
        text.append("\"/>\n")
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
        overlay.text.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg chart-axis gutter-")
        overlay.text.append(decimal: width)
        overlay.text.append("\" viewBox=\"0 0 ")
        overlay.text.append(decimal: width)
        overlay.text.append(" ")
        overlay.text.append(decimal: Int(height))
        overlay.text.append("\" width=\"")
        overlay.text.append(decimal: width)
        overlay.text.append("\" height=\"")
        overlay.text.append(decimal: Int(height))
        overlay.text.append("\" aria-hidden=\"true\" focusable=\"false\">\n")
        overlay.rect(x: 0, y: 0, width: left, height: height, className: "axis-bg")
        overlay.tickLabels(scale, left: left, bottom: bottom, top: top, unit: unit)
        return overlay.finish()
    }

    private init() {}

    /// A closed `<polygon>` through the points, with an optional tooltip.
    mutating func polygon(_ points: [(x: Double, y: Double)], className: String? = nil, tooltip: String? = nil) {
        text.append("<polygon")
        classAttribute(className)
        text.append(" points=\"")
        appendPoints(points)
        text.append("\"")
        closeShape(tooltip: tooltip, element: "polygon")
    }

    /// Opens an `<a>` to `href` (raw text, escaped) named `label` for assistive technology (the
    /// heatmap's days); close it with ``closeLink()``.
    mutating func openLink(_ href: String, label: String) {
        text.append("<a href=\"")
        text.append(HTMLEscaping.escapeHTML(href))
        text.append("\" aria-label=\"")
        text.append(HTMLEscaping.escapeHTML(label))
        text.append("\">")
    }

    /// Closes the innermost `<a>`.
    mutating func closeLink() { text.append("</a>\n") }

    /// Closes the `<svg>` element and returns the markup.
    consuming func finish() -> String {
        text.append("</svg>")
        return text.text
    }

    private mutating func closeShape(tooltip: String?, element: String) {
        if let tooltip {
            text.append("><title>")
            text.append(HTMLEscaping.escapeHTML(tooltip))
            text.append("</title></")
            text.append(element)
            text.append(">\n")
        } else {
            text.append("/>\n")
        }
    }

    /// ` name="12.5"`: an attribute holding a coordinate or length, with exactly one decimal.
    private mutating func coordinate(_ name: StaticString, _ value: Double) {
        text.append(" ")
        text.append(name)
        text.append("=\"")
        text.append(fixed: value, decimals: 1)
        text.append("\"")
    }

    /// ` class="name"`, or nothing.
    private mutating func classAttribute(_ className: String?) {
        guard let className else { return }
        text.append(" class=\"")
        text.append(className)
        text.append("\"")
    }

    /// `x,y x,y …` with one decimal each.
    private mutating func appendPoints(_ points: [(x: Double, y: Double)]) {
        for (index, point) in points.enumerated() {
            if index > 0 { text.append(" ") }
            text.append(fixed: point.x, decimals: 1)
            text.append(",")
            text.append(fixed: point.y, decimals: 1)
        }
    }
}
