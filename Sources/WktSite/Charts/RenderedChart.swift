import WktMarkdown

/// A finished chart: the inline SVG, its one-line summary and its data table.
///
/// Put ``html`` into a page as raw HTML (Mustache `{{{…}}}`, never through cmark); it is a
/// `<figure>` with a caption, the SVG and a `<details>` holding the table.
public struct RenderedChart: Sendable, Hashable {
    /// The chart's ID (also the `<figure>`'s `id`).
    public let id: ChartID
    /// The chart title (raw text).
    public let title: String
    /// The one-line summary after the title (raw text), e.g. `average 3.8, most 6 in 2026-W12`.
    public let summary: String
    /// The `<svg>…</svg>` markup.
    public let svg: String
    /// The numbers in a table.
    public let table: DataTable

    /// The legend shown above the frame (may be empty).
    public let legend: ChartLegend
    /// The decorative y-axis gutter that stays in view while the plot scrolls (see
    /// `SVGMarkup.axisOverlay`), or nil for charts without a value axis.
    public let axis: String?

    /// Creates a rendered chart; normally made by a chart type's `render()`.
    public init(
        id: ChartID, title: String, summary: String, svg: String, table: DataTable,
        legend: ChartLegend = ChartLegend([]), axis: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.svg = svg
        self.table = table
        self.legend = legend
        self.axis = axis
    }

    /// The SVG `<desc>` text: `title: summary`.
    public var description: String { title + ": " + summary }

    /// The complete `<figure>`: caption (title and summary), the legend, the SVG in a scrolling
    /// frame (with the y-axis gutter layered over its left edge, when there is one), and the
    /// data table in a closed `<details>`.
    public var html: String { written().text }

    /// ``html`` as bytes, for a page body to take as they are: the SVG and the table are copied
    /// once (joined as strings they were copied three times, 5,951 charts a full build).
    func written() -> TextBuffer {
        var out = TextBuffer(capacity: svg.utf8.count + (axis?.utf8.count ?? 0) + 1024 + 64 * table.rows.count)
        write(to: &out)
        return out
    }

    /// Writes ``html`` into `out`.
    private func write(to out: inout TextBuffer) {
        out.append("<figure class=\"chart\" id=\"")
        out.append(id.value)
        out.append("\">\n<figcaption><span class=\"chart-title\">")
        out.append(HTMLEscaping.escapeHTML(title))
        out.append("</span> <span class=\"chart-summary\">")
        out.append(HTMLEscaping.escapeHTML(summary))
        out.append("</span></figcaption>\n")
        let legendHTML = legend.html
        if !legendHTML.isEmpty {
            out.append(legendHTML)
            out.append("\n")
        }
        out.append("<div class=\"chart-frame\">\n")
        if let axis {
            out.append("<div class=\"chart-plot\">\n")
            out.append(axis)
            out.append("\n")
            out.append(svg)
            out.append("\n</div>")
        } else {
            out.append(svg)
        }
        out.append("\n</div>\n<details class=\"chart-data\">\n<summary>Show the numbers</summary>\n<div class=\"table-wrap\">\n")
        table.write(to: &out)
        out.append("\n</div>\n</details>\n</figure>")
    }
}
