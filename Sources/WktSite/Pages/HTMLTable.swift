extension HTML {
    /// A table written as cmark-gfm writes a Markdown table (same elements, `align="right"` on
    /// numeric columns, one element a line), for tables whose cells need markup Markdown cannot
    /// carry (PR markers, secondary text). Column titles are raw text; cells are HTML already.
    static func table(_ columns: [MD.Column], _ rows: [[String]]) -> String {
        var out = "<table>\n<thead>\n<tr>\n"
        for column in columns {
            out += (column.numeric ? "<th align=\"right\">" : "<th>") + text(column.title) + "</th>\n"
        }
        out += "</tr>\n</thead>\n"
        guard !rows.isEmpty else { return out + "</table>\n" }
        out += "<tbody>\n"
        for row in rows {
            out += "<tr>\n"
            for (index, column) in columns.enumerated() {
                out += (column.numeric ? "<td align=\"right\">" : "<td>") + (index < row.count ? row[index] : "") + "</td>\n"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }
}
