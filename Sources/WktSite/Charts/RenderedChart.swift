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

    /// Creates a rendered chart; normally made by a chart type's `render()`.
    public init(id: ChartID, title: String, summary: String, svg: String, table: DataTable) {
        self.id = id
        self.title = title
        self.summary = summary
        self.svg = svg
        self.table = table
    }

    /// The SVG `<desc>` text: `title: summary`.
    public var description: String { title + ": " + summary }

    /// The complete `<figure>`: caption (title and summary), the SVG in a scrolling frame, and
    /// the data table in a closed `<details>`.
    public var html: String {
        "<figure class=\"chart\" id=\"\(id.value)\">\n"
            + "<figcaption><span class=\"chart-title\">\(HTMLEscaping.escapeHTML(title))</span>"
            + " <span class=\"chart-summary\">\(HTMLEscaping.escapeHTML(summary))</span></figcaption>\n"
            + "<div class=\"chart-frame\">\n\(svg)\n</div>\n"
            + "<details class=\"chart-data\">\n<summary>Show the numbers</summary>\n"
            + "<div class=\"table-wrap\">\n\(table.html)\n</div>\n</details>\n</figure>"
    }
}
