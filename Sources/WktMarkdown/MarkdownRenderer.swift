import Foundation
import CCmarkGFM
import CMarkdownArena

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Markdown → HTML through the system cmark-gfm library (ARCHITECTURE.md "WktMarkdown").
///
/// This file holds every call into cmark-gfm. Rendering is always in safe mode
/// (`CMARK_OPT_UNSAFE` is never set, so raw HTML becomes `<!-- raw HTML omitted -->`) and never
/// sets `CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES` (its `style=` attributes are blocked by the
/// CSP). A renderer is an immutable value and may be used from many tasks at once.
public struct MarkdownRenderer: Sendable {
    /// Markdown that wkt-site generates (database text escaped with
    /// `MarkdownEscaping.escapeMarkdown(_:)` before it enters): GFM tables, strikethrough,
    /// autolinks, tag filter and task lists; links under `LinkPolicy.safeMode`.
    public static let pages = MarkdownRenderer(
        extensions: ["table", "strikethrough", "autolink", "tagfilter", "tasklist"],
        linkPolicy: .safeMode,
        hardBreaks: false
    )

    /// User notes: strikethrough, autolinks and tag filter, **no** table extension, links under
    /// `LinkPolicy.webOnly`, and every line break of the note shown as `<br />`
    /// (`CMARK_OPT_HARDBREAKS`: notes are typed on a phone, one line per thought). Use it through
    /// `NoteRenderer`, which applies the caps of docs/reliability.md P6 before parsing.
    public static let notes = MarkdownRenderer(
        extensions: ["strikethrough", "autolink", "tagfilter"],
        linkPolicy: .webOnly,
        hardBreaks: true
    )

    /// `notes` without the autolink extension, for notes with many `@` characters. Debian's
    /// cmark-gfm 0.29.0.gfm.6 scans a text node once per `@` when looking for e-mail autolinks,
    /// so 4,000 `a@` in an 8 KiB note take 11–30 ms (measured), and 1,000 such notes 20–30 s of a
    /// build, all under the library's one inline-parsing lock. Without the extension the same
    /// note takes well under 1 ms. Everything else (safe mode, link policy, hard breaks) is as
    /// in `notes`; `<https://…>` autolinks are core Markdown and still work.
    public static let notesWithoutAutolinks = MarkdownRenderer(
        extensions: ["strikethrough", "tagfilter"],
        linkPolicy: .webOnly,
        hardBreaks: true
    )

    /// Debian's build has no `CMARK_THREADING`, so the C "registered" guard is a plain int.
    /// A Swift `static let` initialiser runs exactly once, thread-safely.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Serialises the inline-parsing phase of the C library (see ``render(_:)``).
    private static let cmarkLock = NSLock()

    /// The allocator of every parse: this thread's bump arena (`CMarkdownArena`), reset after
    /// each document. cmark-gfm's default allocator called calloc and free once per node,
    /// inline and buffer: about 7 % of a full build's instructions. The HTML itself is rendered
    /// with the default allocator, so the caller's buffer outlives the reset.
    nonisolated(unsafe) private static let arena: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(calloc: wkt_arena_calloc, realloc: wkt_arena_realloc, free: wkt_arena_free))
        return memory
    }()

    /// The cmark-gfm syntax extensions attached to every parser, in attachment order.
    public let extensions: [String]
    /// What happens to link and image destinations after parsing.
    public let linkPolicy: LinkPolicy
    /// The cmark options for parsing and rendering: `CMARK_OPT_VALIDATE_UTF8`, plus
    /// `CMARK_OPT_HARDBREAKS` for notes. Safe mode: never add `CMARK_OPT_UNSAFE`, nor
    /// `CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES`.
    public let options: Int32

    /// Creates one of the two profiles above; the options are fixed here so that no caller can
    /// switch safe mode off.
    private init(extensions: [String], linkPolicy: LinkPolicy, hardBreaks: Bool) {
        self.extensions = extensions
        self.linkPolicy = linkPolicy
        self.options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | (hardBreaks ? CMARK_OPT_HARDBREAKS : 0)
    }

    /// Renders a Markdown document to an HTML fragment.
    ///
    /// Memory is released in the documented order: the HTML buffer, then the document, then the
    /// parser last, because the extension list passed to the HTML renderer belongs to the parser.
    /// - Parameter markdown: the Markdown text; any string is a valid document.
    /// - Returns: the HTML fragment, with `linkPolicy` applied.
    /// - Throws: `MarkdownError.unknownExtension` if the installed library lacks an extension,
    ///   `MarkdownError.renderFailed` if a cmark-gfm call fails.
    public func render(_ markdown: String) throws(MarkdownError) -> String {
        let rendered = try renderedHTML(markdown) { String(cString: $0) }
        return linkPolicy == .webOnly ? Self.addingRel(to: rendered) : rendered
    }

    /// ``render(_:)`` as UTF-8 bytes, copied from cmark-gfm's buffer as they are: no `String` is
    /// made, so its UTF-8 check of every byte is skipped (the pages' HTML goes into files as
    /// bytes). The input is a Swift string, valid UTF-8, which cmark-gfm copies or escapes with
    /// ASCII markup, so the bytes are those of ``render(_:)``; a test holds the two equal.
    public func renderBytes(_ markdown: String) throws(MarkdownError) -> [UInt8] {
        let bytes = try renderedHTML(markdown) { html in
            html.withMemoryRebound(to: UInt8.self, capacity: 1) { Array(UnsafeBufferPointer(start: $0, count: strlen(html))) }
        }
        return linkPolicy == .webOnly ? Array(Self.addingRel(to: String(decoding: bytes, as: UTF8.self)).utf8) : bytes
    }

    /// Parses `markdown` and hands cmark-gfm's HTML (a C string, freed afterwards) to `read`.
    private func renderedHTML<Result>(
        _ markdown: String, _ read: (UnsafeMutablePointer<CChar>) -> Result
    ) throws(MarkdownError) -> Result {
        _ = Self.registerExtensions
        // The arena is this thread's for the outermost parse only; the end, declared first so it
        // runs last (after the HTML is read and the document and parser are freed), resets it.
        let memory = wkt_arena_begin() != 0 ? Self.arena : cmark_get_default_mem_allocator()
        defer { wkt_arena_end() }
        let inputBytes = markdown.utf8.count
        guard let parser = cmark_parser_new_with_mem(options, memory) else {
            throw .renderFailed(stage: .createParser, inputBytes: inputBytes)
        }
        defer { cmark_parser_free(parser) }  // runs last: the parser owns the extension list
        for name in extensions {
            guard let ext = cmark_find_syntax_extension(name) else { throw .unknownExtension(name: name) }
            guard cmark_parser_attach_syntax_extension(parser, ext) != 0 else {
                throw .renderFailed(stage: .attachExtension, inputBytes: inputBytes)
            }
        }
        cmark_parser_feed(parser, markdown, inputBytes)
        // cmark-gfm is not thread-safe in one place: `cmark_parser_finish` parses the inlines,
        // and around that it adds its extensions' special characters (`~` for strikethrough,
        // `:`/`w` for autolinks) to one process-wide table and removes them when done, so a
        // parse finishing on another thread switches strikethrough off under this one (seen as
        // `~~x~~` left as text in a parallel build). That call holds one process-wide lock;
        // block parsing, rendering and freeing use only this parser's own state.
        Self.cmarkLock.lock()
        let finished = cmark_parser_finish(parser)
        Self.cmarkLock.unlock()
        guard let document = finished else {
            throw .renderFailed(stage: .finishDocument, inputBytes: inputBytes)
        }
        defer { cmark_node_free(document) }
        if linkPolicy == .webOnly {
            try Self.restrictToWebDestinations(document, inputBytes: inputBytes)
        }
        guard
            let html = cmark_render_html_with_mem(
                document, options, cmark_parser_get_syntax_extensions(parser), cmark_get_default_mem_allocator())
        else { throw .renderFailed(stage: .renderHTML, inputBytes: inputBytes) }
        defer { free(html) }
        return read(html)
    }

    /// Applies `LinkPolicy.webOnly` to a parsed document: images are replaced by their alt text
    /// and every link whose destination is not a web destination gets an empty destination.
    private static func restrictToWebDestinations(
        _ document: OpaquePointer, inputBytes: Int
    ) throws(MarkdownError) {
        let (links, images) = try linksAndImages(in: document, inputBytes: inputBytes)
        // Outer images come first (pre-order), so an image nested in another's alt text is
        // moved out with the alt text and unwrapped in its own turn.
        for image in images {
            while let child = cmark_node_first_child(image) {
                guard cmark_node_insert_before(image, child) != 0 else {
                    throw .renderFailed(stage: .unwrapImage, inputBytes: inputBytes)
                }
            }
            cmark_node_free(image)  // now childless; freeing also unlinks it
        }
        for link in links {
            let isWeb = cmark_node_get_url(link).map { url in
                url.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                    LinkPolicy.isWebDestination(bytes: UnsafeBufferPointer(start: start, count: strlen(url)))
                }
            } ?? false
            if !isWeb {
                guard cmark_node_set_url(link, "") != 0 else {
                    throw .renderFailed(stage: .rewriteLink, inputBytes: inputBytes)
                }
            }
        }
    }

    /// Collects every link and image node in pre-order. The tree is only changed after the
    /// iterator has been freed, as the cmark iterator API requires.
    private static func linksAndImages(
        in document: OpaquePointer, inputBytes: Int
    ) throws(MarkdownError) -> (links: [OpaquePointer], images: [OpaquePointer]) {
        guard let iterator = cmark_iter_new(document) else {
            throw .renderFailed(stage: .walkDocument, inputBytes: inputBytes)
        }
        defer { cmark_iter_free(iterator) }
        var links: [OpaquePointer] = []
        var images: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK: links.append(node)
            case CMARK_NODE_IMAGE: images.append(node)
            default: break
            }
        }
        return (links, images)
    }

    /// Adds `rel` to every link. In safe mode `<a href="` can only come from a link node: text,
    /// code and attribute values have `<` and `"` escaped, and raw HTML is omitted.
    /// Candidates found with `memchr`, compared with `memcmp`, chunks copied whole: `String.replacing` took ~8 ms for a note of
    /// 1,333 `www.a` links in a debug build, and docs/reliability.md A-04 counts every millisecond of
    /// such notes (1,000 notes under the cap may add at most 10 s to a build).
    private static func addingRel(to html: String) -> String {
        let needle = Array(#"<a href=""#.utf8)
        let replacement = Array(#"<a rel="\#(LinkPolicy.webOnlyRel)" href=""#.utf8)
        var html = html
        return html.withUTF8 { source -> String in
            guard let base = source.baseAddress else { return "" }
            var output: [UInt8] = []
            output.reserveCapacity(source.count + source.count / 2)
            var offset = 0
            while offset < source.count {
                var at = offset
                var found = false
                while let hit = memchr(base + at, Int32(needle[0]), source.count - at) {
                    at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
                    if source.count - at >= needle.count, memcmp(base + at, needle, needle.count) == 0 {
                        found = true
                        break
                    }
                    at += 1
                }
                guard found else { break }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[offset..<at]))
                output.append(contentsOf: replacement)
                offset = at + needle.count
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[offset...]))
            return String(decoding: output, as: UTF8.self)
        }
    }
}
