extension HTML {
    /// A table written as cmark-gfm writes a Markdown table (same elements, `align="right"` on
    /// numeric columns, one element a line), for tables whose cells need markup Markdown cannot
    /// carry (PR markers, secondary text). Column titles are raw text; cells are HTML already.
    ///
    /// Written as bytes into one buffer sized up front (``TextBuffer``): every workout page has
    /// several of these tables, and a string append per piece was a fifth of the full build.
    static func table(_ columns: [MD.Column], _ rows: [[String]]) -> String {
        var size = 64 + 32 * columns.count
        for row in rows {
            size += 12 + 24 * columns.count
            for cell in row { size += cell.utf8.count }
        }
        var out = TextBuffer(capacity: size)
        out.append("<table>\n<thead>\n<tr>\n")
        for column in columns {
            out.append(column.numeric ? "<th align=\"right\">" : "<th>")
            out.append(text(column.title))
            out.append("</th>\n")
        }
        out.append("</tr>\n</thead>\n")
        guard !rows.isEmpty else {
            out.append("</table>\n")
            return out.text
        }
        out.append("<tbody>\n")
        for row in rows {
            out.append("<tr>\n")
            for (index, column) in columns.enumerated() {
                out.append(column.numeric ? "<td align=\"right\">" : "<td>")
                if index < row.count { out.append(row[index]) }
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        out.append("</tbody>\n</table>\n")
        return out.text
    }
}
