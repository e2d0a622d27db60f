import WktMarkdown

/// Pieces of GitHub-flavoured Markdown for generated pages. Every piece of database text goes
/// through `MarkdownEscaping.escapeMarkdown(_:)`; link destinations are generated paths only.
enum MD {
    /// A column of a generated table.
    struct Column: Sendable {
        /// Heading text (raw; escaped when written).
        let title: String
        /// Right-aligned numbers.
        let numeric: Bool
        /// A column of dates (its title is one of ``dateTitles``), not numeric.
        let holdsDates: Bool

        /// Headings of columns that hold dates: written left-aligned (`:---`, `align="left"`),
        /// which the style sheet keeps on one line (docs/product.md "Exercise progress chart").
        static let dateTitles: Set<String> = ["Date", "Reached on", "Last done"]

        /// Creates a column.
        init(_ title: String, numeric: Bool = false) {
            self.title = title
            self.numeric = numeric
            self.holdsDates = !numeric && Self.dateTitles.contains(title)
        }

        /// The delimiter cell of the column: `---:` numbers, `:---` dates, `---` the rest.
        var delimiter: StaticString { numeric ? " ---: |" : holdsDates ? " :--- |" : " --- |" }
    }

    /// Database text as Markdown that renders as exactly that text; `(unnamed)` when nothing
    /// printable is left.
    static func text(_ raw: String) -> String {
        let escaped = MarkdownEscaping.escapeMarkdown(raw)
        return escaped.isEmpty ? "\\(unnamed\\)" : escaped
    }

    /// A link with database text to `root` + `path` (the page's way to the site root and a
    /// site path we made), the two written one after the other rather than joined first.
    static func link(_ raw: String, root: String, path: String) -> String {
        // As bytes (``TextBuffer``): pages are full of links, and each piece appended to a
        // string cost more than the link's text.
        var out = TextBuffer(capacity: raw.utf8.count * 2 + root.utf8.count + path.utf8.count + 4)
        link(raw, root: root, path: path, to: &out)
        return out.text
    }

    /// Writes ``link(_:root:path:)`` into `out`.
    static func link(_ raw: String, root: String, path: String, to out: inout TextBuffer) {
        out.append("[")
        out.append(text(raw))
        out.append("](")
        out.append(root)
        out.append(path)
        out.append(")")
    }

    /// The heading row and the delimiter row of ``table(_:_:)``, for writers of its rows.
    static func tableHeader(_ columns: [Column], to out: inout TextBuffer) {
        out.append("|")
        for column in columns {
            out.append(" ")
            out.append(text(column.title))
            out.append(" |")
        }
        out.append("\n|")
        for column in columns { out.append(column.delimiter) }
        out.append("\n")
    }

    /// A table; cells are Markdown already (escaped text, links, numbers). Every row is written
    /// with exactly the header's column count, so cmark-gfm never has to complete a row.
    static func table(_ columns: [Column], _ rows: [[String]]) -> String {
        // Written as bytes (``TextBuffer``): the long set-history and workout tables are
        // thousands of cells, and a string append per piece cost more than the cells.
        var size = 64 + 16 * columns.count * 2
        for row in rows {
            size += 2 + 3 * columns.count
            for cell in row { size += cell.utf8.count }
        }
        var out = TextBuffer(capacity: size)
        tableHeader(columns, to: &out)
        for row in rows {
            out.append("|")
            for index in columns.indices {
                out.append(" ")
                if index < row.count { out.append(row[index]) }
                out.append(" |")
            }
            out.append("\n")
        }
        return out.text
    }
}

/// Pieces of HTML our code writes around rendered Markdown (cards, headings, pagers).
enum HTML {
    /// Database text as element content: escaped, and wrapped in `<bdi>` when it holds a bidi
    /// control; `(unnamed)` when nothing printable is left.
    static func text(_ raw: String) -> String {
        let escaped = HTMLEscaping.escapeHTMLIsolatingBidi(raw)
        return escaped.isEmpty ? "(unnamed)" : escaped
    }

    /// Text for a double-quoted attribute value (`title`, `aria-label`).
    static func attribute(_ raw: String) -> String { HTMLEscaping.escapeHTML(raw) }

    /// Writes text for which ``WktMarkdown/MarkdownEscaping/rendersAsItself(_:)`` holds as
    /// cmark-gfm renders its escaped Markdown (``MD/text(_:)``): `&`, `<`, `>` and `"` as
    /// entities, every other byte as it is (cmark-gfm leaves `'` alone, unlike ``text(_:)``).
    static func appendRendered(_ raw: String, to out: inout TextBuffer) {
        var raw = raw
        raw.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                default: continue
                }
                out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                out.append(entity)
                run = index + 1
            }
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    /// Whether cmark-gfm writes `path` into an `href` as it is: only ASCII letters, digits,
    /// `-`, `.`, `_` and `/` (the paths we make of slugs and dates).
    static func isVerbatimHref(_ path: String) -> Bool {
        path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"):
                true
            default:
                false
            }
        }
    }

    /// A link with database text and a generated destination.
    static func link(_ raw: String, to href: String, rel: String? = nil) -> String {
        link(raw, root: "", path: href, rel: rel)
    }

    /// A link to `root` + `path`, as ``MD/link(_:root:path:)`` writes them.
    static func link(_ raw: String, root: String, path: String, rel: String? = nil) -> String {
        // As bytes (``TextBuffer``), like ``MD/link(_:root:path:)``.
        var out = TextBuffer(capacity: raw.utf8.count * 2 + root.utf8.count + path.utf8.count + (rel?.utf8.count ?? 0) + 24)
        link(raw, root: root, path: path, rel: rel, to: &out)
        return out.text
    }

    /// Writes ``link(_:root:path:rel:)`` into `out`: a page written as bytes takes its links
    /// without a `String` made and checked for each (a workout page has one per exercise twice).
    static func link(_ raw: String, root: String, path: String, rel: String? = nil, to out: inout TextBuffer) {
        out.append("<a href=\"")
        out.append(root)
        out.append(path)
        if let rel {
            out.append("\" rel=\"")
            out.append(rel)
        }
        out.append("\">")
        out.append(text(raw))
        out.append("</a>")
    }

    /// A page's lead line from its parts (`Tuesday 2026-11-24 · 18:47 · 45 min`): each part kept
    /// on one line (a date never breaks at its hyphens on a phone), the line breaking only
    /// between parts.
    /// Bytes, handed to the page body as they are: a `String` of them was checked for UTF-8
    /// byte by byte first (the middle dot is not ASCII, which sends the check down its slow path).
    static func lead(_ parts: [String]) -> TextBuffer {
        // As bytes (``TextBuffer``): a map, a join and an interpolation per part cost more than
        // the line (every workout and exercise page has one).
        var out = TextBuffer(capacity: 32 + parts.reduce(0) { $0 + $1.utf8.count + 40 })
        out.append("<p class=\"lead\">")
        for (index, part) in parts.enumerated() {
            if index > 0 { out.append(" · ") }
            out.append("<span class=\"nowrap\">")
            out.append(text(part))
            out.append("</span>")
        }
        out.append("</p>")
        return out
    }

    /// A key number: label, value and an optional note, as a dashboard card.
    static func statCard(label: String, value: String, note: String?) -> String {
        "<section class=\"card\"><div class=\"stat\"><span class=\"stat-label\">\(text(label))</span>"
            + "<span class=\"stat-value\">\(text(value))</span>"
            + (note.map { "<span class=\"stat-note\">\(text($0))</span>" } ?? "") + "</div></section>"
    }

    /// Links to every page of a list split over `count` pages, the current one marked
    /// `aria-current="page"`: `<nav class="page-list"><ol><li><a …>1</a></li>…</ol></nav>`.
    static func pageList(label: String, current: Int, count: Int, href: (Int) -> String) -> String {
        var out = "<nav class=\"page-list\" aria-label=\"\(attribute(label))\"><ol>"
        for page in 1...max(1, count) {
            out += "<li><a href=\"\(href(page))\"" + (page == current ? " aria-current=\"page\"" : "") + ">\(page)</a></li>"
        }
        return out + "</ol></nav>"
    }

    /// Previous / up / next links between pages of a series (years, workouts), as bytes for the
    /// page body (``lead(_:)`` says why).
    static func pager(label: String, previous: (text: String, href: String)?, up: (text: String, href: String)?,
                      next: (text: String, href: String)?) -> TextBuffer {
        // As bytes (``TextBuffer``): an interpolation per link and the joins cost 15,000
        // instructions a workout page.
        var out = TextBuffer(capacity: 512)
        out.append("<nav class=\"pager\" aria-label=\"")
        out.append(attribute(label))
        out.append("\">")
        pagerSide(previous, open: "<a class=\"pager-prev\" rel=\"prev\" href=\"", before: "← ", after: "", empty: "pager-prev", to: &out)
        pagerSide(up, open: "<a class=\"pager-up\" href=\"", before: "", after: "", empty: "pager-up", to: &out)
        pagerSide(next, open: "<a class=\"pager-next\" rel=\"next\" href=\"", before: "", after: " →", empty: "pager-next", to: &out)
        out.append("</nav>")
        return out
    }

    /// One link of ``pager(label:previous:up:next:)``: `open`, the destination, `">"`, `before`,
    /// the escaped text, `after` and `</a>`; without a link an empty `<span>` of class `empty`
    /// keeps the other links in place.
    private static func pagerSide(
        _ link: (text: String, href: String)?, open: StaticString, before: StaticString, after: StaticString,
        empty: StaticString, to out: inout TextBuffer
    ) {
        guard let link else {
            out.append("<span class=\"")
            out.append(empty)
            out.append("\"></span>")
            return
        }
        out.append(open)
        out.append(link.href)
        out.append("\">")
        out.append(before)
        out.append(text(link.text))
        out.append(after)
        out.append("</a>")
    }
}
