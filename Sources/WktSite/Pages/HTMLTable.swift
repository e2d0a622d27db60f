extension HTML {
    /// A table written as cmark-gfm writes a Markdown table (same elements, `align="right"` on
    /// numeric columns, one element a line), for tables whose cells need markup Markdown cannot
    /// carry (PR markers, secondary text). Column titles are raw text; cells are HTML already.
    ///
    /// Written as bytes into one buffer sized up front (``TextBuffer``): every workout page has
    /// several of these tables, and a string append per piece was a fifth of the full build.
    static func table(_ columns: [MD.Column], _ rows: [[String]]) -> String {
        tableBytes(columns, rows).text
    }

    /// ``table(_:_:)`` as bytes, for a page body (``PageBody``'s `html` of a buffer) that takes
    /// them as they are: no `String` made and checked for the longest tables of a site (the PR
    /// timeline, an exercise's records).
    static func tableBytes(_ columns: [MD.Column], _ rows: [[String]]) -> TextBuffer {
        var size = 64 + 32 * columns.count
        for row in rows {
            size += 12 + 24 * columns.count
            for cell in row { size += cell.utf8.count }
        }
        var out = TextBuffer(capacity: size)
        tableStart(columns, hasRows: !rows.isEmpty, to: &out)
        for row in rows {
            out.append("<tr>\n")
            for (index, column) in columns.enumerated() {
                cellStart(column, to: &out)
                if index < row.count { out.append(row[index]) }
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        tableEnd(hasRows: !rows.isEmpty, to: &out)
        return out
    }

    /// The start of ``table(_:_:)``: `<table>`, the head with `columns`, and `<tbody>` when
    /// there are rows; for tables written straight into a buffer (sets, comparison).
    ///
    /// With `datesLeft`, date columns (``MD/Column/holdsDates``) are `align="left"` as well, as
    /// cmark-gfm writes them from their `:---` delimiter (``MD/table(_:_:)``): for tables that
    /// stand in for a Markdown table byte for byte (the set history).
    static func tableStart(_ columns: [MD.Column], hasRows: Bool, datesLeft: Bool = false, to out: inout TextBuffer) {
        out.append(tableOpening)
        for column in columns { headerCell(column, datesLeft: datesLeft, to: &out) }
        tableHeadEnd(hasRows: hasRows, to: &out)
    }

    /// What ``tableStart(_:hasRows:datesLeft:to:)`` writes before the first heading.
    static let tableOpening: StaticString = "<table>\n<thead>\n<tr>\n"

    /// One heading of ``tableStart(_:hasRows:datesLeft:to:)``: `<th>`, aligned like the
    /// column's cells, the escaped title, `</th>`. A table whose headings never change may write
    /// them once and keep the bytes (the sets table: ``PageComposer/SetsHeader``).
    static func headerCell(_ column: MD.Column, datesLeft: Bool = false, to out: inout TextBuffer) {
        out.append(column.numeric ? "<th align=\"right\">" : datesLeft && column.holdsDates ? "<th align=\"left\">" : "<th>")
        out.append(text(column.title))
        out.append("</th>\n")
    }

    /// What ``tableStart(_:hasRows:datesLeft:to:)`` writes after the last heading: the end of
    /// the head, and `<tbody>` when there are rows.
    static func tableHeadEnd(hasRows: Bool, to out: inout TextBuffer) {
        out.append(hasRows ? "</tr>\n</thead>\n<tbody>\n" : "</tr>\n</thead>\n")
    }

    /// The opening tag of a body cell in `column` (``table(_:_:)``); `</td>\n` closes it.
    /// `datesLeft` as at ``tableStart(_:hasRows:datesLeft:to:)``.
    @inline(__always)
    static func cellStart(_ column: MD.Column, datesLeft: Bool = false, to out: inout TextBuffer) {
        out.append(column.numeric ? "<td align=\"right\">" : datesLeft && column.holdsDates ? "<td align=\"left\">" : "<td>")
    }

    /// The end of ``table(_:_:)``.
    static func tableEnd(hasRows: Bool, to out: inout TextBuffer) {
        out.append(hasRows ? "</tbody>\n</table>\n" : "</table>\n")
    }
}
