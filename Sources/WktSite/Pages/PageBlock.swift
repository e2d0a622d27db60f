/// One piece of a page body, rendered by the route that is safe for its content (ARCHITECTURE.md "Rendering a page").
///
/// Rendered blocks are concatenated in order and placed in the layout with `{{{body}}}`.
public enum PageBlock: Sendable, Equatable {
    /// Generated GitHub-flavoured Markdown (headings, paragraphs, record tables). Database text in it is
    /// escaped with `MarkdownEscaping.escapeMarkdown(_:)`; rendered by `MarkdownRenderer.pages`.
    case markdown(String)
    /// A user's note as stored; rendered by `NoteRenderer` (safe mode, caps, no tables) inside
    /// `<div class="note">`, never inside a Markdown table.
    case note(String)
    /// HTML our code produced (charts, calendars, cards), as UTF-8 bytes; never passes through
    /// cmark. Bytes, not a `String`: the byte buffers that write the longest of it (tables,
    /// calendars, the comparison) hand it over without a UTF-8 check of every byte, and the
    /// renderer copies it into the page as it is.
    case html([UInt8])
}

/// One page before rendering: where it goes, what it is called and its body.
struct Page: Sendable {
    /// Output path below the site root (`exercises/squat.html`).
    let path: String
    /// What produced the page, for error messages (`exercise "Squat"`).
    let source: String
    /// The page title (raw text).
    let title: String
    /// The meta description (raw text).
    let description: String
    /// The navigation section the page belongs to.
    let section: NavSection?
    /// The body.
    let blocks: [PageBlock]
    /// A body template (`not-found`, `empty-store`) rendered instead of ``blocks``, if any.
    let bodyTemplate: String?
    /// The page's Open Graph type (``ShareMeta``).
    let shareKind: ShareMeta.Kind

    /// Creates a page; `bodyTemplate` replaces the blocks when set.
    init(
        path: String, source: String, title: String, description: String, section: NavSection?,
        blocks: [PageBlock], bodyTemplate: String? = nil, shareKind: ShareMeta.Kind = .website
    ) {
        self.path = path
        self.source = source
        self.title = title
        self.description = description
        self.section = section
        self.blocks = blocks
        self.bodyTemplate = bodyTemplate
        self.shareKind = shareKind
    }

    /// Directories between the site root and the page (`index.html` 0, `workouts/x.html` 1).
    var depth: Int { path.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
}

/// Collects the blocks of a page body, merging neighbours of the same kind so that each page
/// makes as few cmark-gfm calls as its notes allow.
struct PageBody {
    private(set) var blocks: [PageBlock] = []

    /// Bytes a new HTML block reserves.
    static let htmlBlockCapacity = 4096

    /// Appends generated Markdown (a paragraph, heading or table).
    mutating func markdown(_ text: String) {
        if case .markdown(var merged)? = blocks.last {
            blocks.removeLast()  // leaves `merged` the only reference, so it grows in place
            merged.append("\n")
            merged.append(text)
            merged.append("\n")
            blocks.append(.markdown(merged))
        } else {
            blocks.append(.markdown(text + "\n"))
        }
    }

    /// Appends HTML our code produced.
    mutating func html(_ text: String) {
        appendHTML { merged in
            if text.utf8.withContiguousStorageIfAvailable({ merged.append(contentsOf: $0) }) == nil {
                merged.append(contentsOf: text.utf8)
            }
        }
    }

    /// Appends HTML our code wrote into a byte buffer, as it is.
    mutating func html(_ buffer: borrowing TextBuffer) {
        appendHTML { buffer.write(to: &$0) }
    }

    /// Appends a chart's `<figure>` (``RenderedChart/html``), written once into the body's bytes.
    mutating func html(_ chart: RenderedChart) {
        html(chart.written())
    }

    /// Appends what `write` adds and a line feed to the last block when it is HTML, else to a
    /// new HTML block.
    private mutating func appendHTML(_ write: (inout [UInt8]) -> Void) {
        var merged: [UInt8] = []
        if case .html(let last)? = blocks.last {
            merged = last
            blocks.removeLast()  // leaves `merged` the only reference, so it grows in place
        } else {
            // A new block starts with room for a page's usual HTML: grown from the first
            // piece's size, a block was copied a dozen times on its way to 10–20 KB (30,000
            // copies a full build).
            merged.reserveCapacity(Self.htmlBlockCapacity)
        }
        write(&merged)
        merged.append(UInt8(ascii: "\n"))
        blocks.append(.html(merged))
    }

    /// Appends a user's note in a `<div class="note …">`, with an optional plain-text label.
    mutating func note(_ note: String, label: String? = nil, extraClass: String? = nil) {
        html("<div class=\"note\(extraClass.map { " " + $0 } ?? "")\">"
            + (label.map { "<p class=\"note-label\">\(HTML.text($0))</p>" } ?? ""))
        blocks.append(.note(note))
        html("</div>")
    }
}
