import WktMarkdown

/// The numbers behind a chart as a plain HTML `<table>`, so screen readers and readers without
/// images or CSS see the same data.
public struct DataTable: Sendable, Hashable {
    /// One column heading.
    public struct Column: Sendable, Hashable {
        /// Heading text (raw; escaped on output).
        public let heading: String
        /// Right-aligned with tabular figures (class `num`).
        public let numeric: Bool

        /// Creates a column.
        public init(_ heading: String, numeric: Bool) {
            self.heading = heading
            self.numeric = numeric
        }
    }

    /// The table caption (raw text).
    public let caption: String
    /// The columns; the first holds each row's header cell.
    public let columns: [Column]
    /// The cells (raw text), one array per row, in display order.
    public let rows: [[String]]

    /// Creates a table.
    /// - Parameters:
    ///   - caption: Caption text.
    ///   - columns: Column headings.
    ///   - rows: Cell texts; short rows are padded with empty cells, long rows cut to the columns.
    public init(caption: String, columns: [Column], rows: [[String]]) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }

    /// The `<table>` markup, every text escaped. With no rows, the body has one row saying
    /// "No data".
    public var html: String {
        var out = "<table>\n<caption>\(HTMLEscaping.escapeHTML(caption))</caption>\n<thead>\n<tr>"
        for column in columns {
            out += "<th scope=\"col\"\(column.numeric ? " class=\"num\"" : "")>\(HTMLEscaping.escapeHTML(column.heading))</th>"
        }
        out += "</tr>\n</thead>\n<tbody>\n"
        if rows.isEmpty {
            out += "<tr><td colspan=\"\(max(1, columns.count))\">No data</td></tr>\n"
        }
        for row in rows {
            out += "<tr>"
            for (index, column) in columns.enumerated() {
                let cell = HTMLEscaping.escapeHTML(index < row.count ? row[index] : "")
                let numeric = column.numeric ? " class=\"num\"" : ""
                out += index == 0 ? "<th scope=\"row\"\(numeric)>\(cell)</th>" : "<td\(numeric)>\(cell)</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>"
    }
}
