import WktMarkdown

extension MD {
    /// A cell of a generated table that says what it holds, so that the table can be written as
    /// the Markdown ``MD/table(_:_:)`` writes or straight as the HTML cmark-gfm makes of it
    /// (``PageComposer/table(_:_:into:)``).
    enum Cell: Sendable {
        /// Database or fixed text, escaped in Markdown (``MD/text(_:)``).
        case text(String)
        /// Database text linking to `root` + `path`, a page we made (``MD/link(_:root:path:)``).
        case link(String, root: String, path: String)
        /// Text we made (numbers, dates, `–`), put into the Markdown as it is.
        case generated(String)
        /// Text we made in bold (`**120 kg**`), then more text we made (` · 1.5 × BW`).
        case strong(String, then: String)

        /// The cell as Markdown, as the table's callers wrote it before cells had kinds.
        var markdown: String {
            switch self {
            case .text(let raw): MD.text(raw)
            case .link(let raw, let root, let path): MD.link(raw, root: root, path: path)
            case .generated(let text): text
            case .strong(let text, let then): "**" + text + "**" + then
            }
        }

        /// Whether cmark-gfm renders ``markdown`` in a table cell as ``writeHTML(to:)`` writes it.
        var rendersAsItself: Bool {
            switch self {
            case .text(let raw): raw.isEmpty || MarkdownEscaping.rendersAsItself(raw)
            case .link(let raw, let root, let path):
                (raw.isEmpty || MarkdownEscaping.rendersAsItself(raw)) && HTML.isVerbatimHref(root) && HTML.isVerbatimHref(path)
            case .generated(let text): MD.isVerbatim(generated: text)
            case .strong(let text, let then):
                !text.isEmpty && MD.isVerbatim(generated: text)
                    && (then.isEmpty
                        || (then.utf8.first == UInt8(ascii: " ") && then.utf8.count > 1 && MD.isVerbatim(generated: String(then.dropFirst()))))
            }
        }

        /// Writes the cell's HTML; only for a cell that ``rendersAsItself``.
        func writeHTML(to out: inout TextBuffer) {
            switch self {
            case .text(let raw):
                if raw.isEmpty { out.append("(unnamed)") } else { HTML.appendRendered(raw, to: &out) }
            case .link(let raw, let root, let path):
                out.append("<a href=\"")
                out.append(root)
                out.append(path)
                out.append("\">")
                if raw.isEmpty { out.append("(unnamed)") } else { HTML.appendRendered(raw, to: &out) }
                out.append("</a>")
            case .generated(let text):
                out.append(text)
            case .strong(let text, let then):
                out.append("<strong>")
                out.append(text)
                out.append("</strong>")
                out.append(then)
            }
        }

        /// The bytes of the cell's text, for sizing.
        var textBytes: Int {
            switch self {
            case .text(let raw), .generated(let raw): raw.utf8.count
            case .link(let raw, let root, let path): raw.utf8.count + root.utf8.count + path.utf8.count + 15
            case .strong(let text, let then): text.utf8.count + then.utf8.count + 17
            }
        }
    }

    /// Whether text we made renders, put into a table cell's Markdown as it is, as itself with no
    /// character changed: empty, or without a space at either end, made of ASCII letters, digits,
    /// spaces and `,` `.` `:` `-` `+` `/` `(` `)` `%` (no Markdown syntax, no character HTML
    /// escapes) and text beyond ASCII without bidi controls or noncharacters, and holding neither
    /// `www.` nor `://` (the autolink extension's triggers).
    static func isVerbatim(generated text: String) -> Bool {
        guard let first = text.utf8.first else { return true }
        guard first != UInt8(ascii: " "), text.utf8.last != UInt8(ascii: " ") else { return false }
        var beyondASCII = false
        var letterWs = 0  // `w`s just before this byte
        var previous: (UInt8, UInt8) = (0, 0)  // the two bytes before this one
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "%"):
                if byte == UInt8(ascii: "."), letterWs >= 3 { return false }  // www.
                if byte == UInt8(ascii: "/"), previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return false }  // ://
            case 0x80...:
                beyondASCII = true
            default:
                return false
            }
            letterWs = byte | 0x20 == UInt8(ascii: "w") ? letterWs + 1 : 0
            previous = (previous.1, byte)
        }
        return !beyondASCII || !MarkdownEscaping.holdsAlteredScalar(text)
    }

    /// The HTML cmark-gfm renders ``table(_:_:)`` of these cells to, without its last line feed
    /// (the page body adds it), or nil when a cell or a column title is not proven to render as
    /// itself.
    static func cellTableHTML(_ columns: [Column], _ rows: [[Cell]]) -> TextBuffer? {
        // Titles are written by HTML.text, which escapes `'` (cmark-gfm does not).
        for column in columns {
            guard MarkdownEscaping.rendersAsItself(column.title), !column.title.utf8.contains(UInt8(ascii: "'")) else { return nil }
        }
        var size = 128 + 32 * columns.count
        for row in rows {
            size += 16 + 24 * columns.count
            for cell in row.prefix(columns.count) {
                guard cell.rendersAsItself else { return nil }
                size += cell.textBytes
            }
        }
        var out = TextBuffer(capacity: size)
        HTML.tableStart(columns, hasRows: !rows.isEmpty, datesLeft: true, to: &out)
        for row in rows {
            out.append("<tr>\n")
            for (index, column) in columns.enumerated() {
                HTML.cellStart(column, datesLeft: true, to: &out)
                if index < row.count { row[index].writeHTML(to: &out) }
                out.append("</td>\n")
            }
            out.append("</tr>\n")
        }
        out.append(rows.isEmpty ? "</table>" : "</tbody>\n</table>")
        return out
    }
}

extension PageComposer {
    /// Adds a table of typed cells to `body`: as the HTML cmark-gfm renders its Markdown to
    /// (``MD/cellTableHTML(_:_:)``) when ``tablesAsHTML`` and every cell and column title is
    /// proven to render as itself, otherwise as the Markdown of ``MD/table(_:_:)``. The page's
    /// bytes are the same either way (tested against cmark-gfm with random tables, and page by
    /// page); the HTML form spares cmark-gfm the long tables of workouts, records and rep maxes.
    func table(_ columns: [MD.Column], _ rows: [[MD.Cell]], into body: inout PageBody) {
        if tablesAsHTML, let html = MD.cellTableHTML(columns, rows) {
            body.html(html)
        } else {
            body.markdown(MD.table(columns, rows.map { $0.map(\.markdown) }))
        }
    }
}
