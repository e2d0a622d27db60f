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
        // Written as bytes (``TextBuffer``): every chart of every exercise page has one.
        var out = TextBuffer(capacity: 128 + 48 * columns.count + rows.count * (16 + 40 * columns.count))
        write(to: &out)
        return out.text
    }

    /// Writes ``html`` into `out`.
    func write(to out: inout TextBuffer) {
        out.append("<table>\n<caption>")
        out.append(HTMLEscaping.escapeHTML(caption))
        out.append("</caption>\n<thead>\n<tr>")
        for column in columns {
            out.append(column.numeric ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">")
            out.append(HTMLEscaping.escapeHTML(column.heading))
            out.append("</th>")
        }
        out.append("</tr>\n</thead>\n<tbody>\n")
        if rows.isEmpty {
            out.append("<tr><td colspan=\"")
            out.append(decimal: max(1, columns.count))
            out.append("\">No data</td></tr>\n")
        }
        for row in rows {
            out.append("<tr>")
            for (index, column) in columns.enumerated() {
                let cell = index < row.count ? HTMLEscaping.escapeHTML(row[index]) : ""
                if index == 0 {
                    out.append(column.numeric ? "<th scope=\"row\" class=\"num\">" : "<th scope=\"row\">")
                    out.append(cell)
                    out.append("</th>")
                } else {
                    out.append(column.numeric ? "<td class=\"num\">" : "<td>")
                    out.append(cell)
                    out.append("</td>")
                }
            }
            out.append("</tr>\n")
        }
        out.append("</tbody>\n</table>")
    }
}
