import WktCore
import Foundation
import WktMarkdown

/// Turns a composed ``Page`` into its HTML file: each block through its own renderer, then the
/// Mustache layout. Immutable and safe to use from several threads at once (``MarkdownRenderer``
/// serialises the cmark-gfm calls themselves; composing pages and the layout stay parallel).
struct PageRenderer: Sendable {
    /// The templates.
    let layout: LayoutRenderer
    /// The note renderer with the caps of docs/reliability.md P6.
    let notes: NoteRenderer
    /// What every page's layout shows around its content.
    let chrome: PageChrome
    /// The layout pre-rendered per root prefix and section (``LayoutSkeleton``); a page whose
    /// combination is missing (its skeleton could not be proven exact) is rendered by Mustache.
    let skeletons: [SkeletonKey: LayoutSkeleton]

    /// Root prefix and navigation section: what the layout of a page depends on besides its
    /// title, description, share tags and body.
    struct SkeletonKey: Hashable, Sendable {
        /// `""` or `../`.
        let root: String
        /// The page's section.
        let section: NavSection?
    }

    /// Directories below the site root at which pages live (`index.html`, `workouts/x.html`);
    /// skeletons are made for these depths.
    static let skeletonDepths = 0...1

    /// Creates a renderer and its layout skeletons.
    /// - Parameters:
    ///   - layout: The templates.
    ///   - notes: The note renderer.
    ///   - siteTitle: The site title (raw text).
    ///   - buildID: The build ID.
    ///   - footer: The footer line (raw text).
    ///   - baseURL: The validated base URL, or nil.
    ///   - dataQuality: Whether the footer links to the Data quality page.
    init(
        layout: LayoutRenderer, notes: NoteRenderer, siteTitle: String, buildID: String, footer: String, baseURL: String?,
        dataQuality: Bool = false
    ) {
        self.layout = layout
        self.notes = notes
        self.chrome = PageChrome(siteTitle: siteTitle, buildID: buildID, footer: footer, baseURL: baseURL, dataQuality: dataQuality)
        // The skeleton context goes through the same cleaning as every page's (PageContext.init).
        let clean = PageContext(
            title: "", description: "", root: "", current: nil, body: "", siteTitle: siteTitle, buildID: buildID, footer: footer)
        var skeletons: [SkeletonKey: LayoutSkeleton] = [:]
        for depth in Self.skeletonDepths {
            let root = String(repeating: "../", count: depth)
            for section in [nil] + NavSection.allCases.map(Optional.some) {
                skeletons[SkeletonKey(root: root, section: section)] = LayoutSkeleton(
                    layout: layout, root: root, section: section, siteTitle: clean.siteTitle, buildID: clean.buildID,
                    footer: clean.footer, dataQuality: dataQuality)
            }
        }
        self.skeletons = skeletons
    }

    /// A paragraph placed between a page's Markdown blocks when they are rendered together; the
    /// private-use characters keep it from being anything the page's text could produce.
    static let blockSeparator = "wkt\u{E000}block\u{E000}separator"
    /// ``blockSeparator`` as cmark-gfm renders it, as UTF-8.
    static let renderedBlockSeparator = Array("<p>\(blockSeparator)</p>\n".utf8)

    /// The HTML of the page's Markdown blocks, in order.
    ///
    /// One cmark-gfm call per page instead of one per block (a workout page has a table per
    /// exercise between HTML headings): the blocks are joined with ``blockSeparator`` paragraphs
    /// between blank lines and the HTML is cut at the rendered separators. Generated Markdown
    /// holds only headings, paragraphs and tables, with database text escaped (no raw HTML,
    /// fences or reference definitions), so a blank line closes every block and each part is
    /// the HTML the block renders to alone. If the separator does not come out exactly once
    /// between each pair of blocks, each block is rendered on its own.
    /// The parts are UTF-8 bytes, slices of cmark-gfm's output (no `String` is made of them).
    func renderedMarkdown(of page: Page) throws(SiteError) -> [ArraySlice<UInt8>] {
        var sources: [String] = []
        for case .markdown(let text) in page.blocks { sources.append(text) }
        if sources.count > 1 {
            let separator = "\n\n" + Self.blockSeparator + "\n\n"
            let html = try renderMarkdown(sources.joined(separator: separator), page: page)
            if let parts = Self.cut(html, into: sources.count) { return parts }
        }
        var rendered: [ArraySlice<UInt8>] = []
        for source in sources { rendered.append(try renderMarkdown(source, page: page)[...]) }
        return rendered
    }

    /// One cmark-gfm call with the page profile.
    private func renderMarkdown(_ markdown: String, page: Page) throws(SiteError) -> [UInt8] {
        do {
            return try MarkdownRenderer.pages.renderBytes(markdown)
        } catch {
            throw .markdownFailed(path: page.path, message: error.description)
        }
    }

    /// `html` cut at ``renderedBlockSeparator`` into exactly `count` parts, or nil when the
    /// separator occurs another number of times.
    static func cut(_ html: [UInt8], into count: Int) -> [ArraySlice<UInt8>]? {
        let separator = renderedBlockSeparator
        guard !html.isEmpty else { return count == 1 ? [html[...]] : nil }
        var parts: [ArraySlice<UInt8>] = []
        parts.reserveCapacity(count)
        // The separator's first byte is found with memchr and the rest compared with memcmp
        // (element by element, the search took 3.5 instructions a byte of every page).
        html.withUnsafeBufferPointer { bytes in
            separator.withUnsafeBufferPointer { separator in
                guard let base = bytes.baseAddress, let mark = separator.baseAddress else { return }
                var start = 0
                var index = 0
                while index + separator.count <= bytes.count {
                    guard let found = memchr(base + index, Int32(mark.pointee), bytes.count - separator.count + 1 - index) else { break }
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, mark, separator.count) == 0 {
                        parts.append(html[start..<index])
                        index += separator.count
                        start = index
                    } else {
                        index += 1
                    }
                }
                parts.append(html[start...])
            }
        }
        return parts.count == count ? parts : nil
    }

    /// Renders one page.
    func render(_ page: Page) throws(SiteError) -> OutputFile {
        try renderRecordingSlots(page).file
    }

    /// Renders one page; `slots` are the byte ranges of its layout fields when it was made from a
    /// skeleton (what the next build needs to reuse it), nil when Mustache rendered it.
    func renderRecordingSlots(_ page: Page) throws(SiteError) -> (file: OutputFile, slots: [Range<Int>]?) {
        let markdown = try renderedMarkdown(of: page)
        var markdownIndex = 0
        // The body's parts in order, each copied once into the page (a skeleton lays it out) or
        // joined for Mustache. They stay UTF-8 bytes up to the file; only Mustache needs a `String`.
        var body: [ArraySlice<UInt8>] = []
        body.reserveCapacity(page.blocks.count)
        for block in page.blocks {
            switch block {
            case .markdown:
                body.append(markdown[markdownIndex])
                markdownIndex += 1
            case .note(let note):
                do {
                    body.append(Array(try notes.render(note).html.utf8)[...])
                } catch {
                    throw .markdownFailed(path: page.path, message: error.description)
                }
            case .html(let html):
                body.append(html[...])
            }
        }
        let root = page.path == SitePaths.notFound ? chrome.baseURL ?? "" : String(repeating: "../", count: page.depth)
        func context(body: String) -> PageContext {
            PageContext(
                title: page.title, description: page.description, root: root, current: page.section, body: body,
                siteTitle: chrome.siteTitle, buildID: chrome.buildID, footer: chrome.footer, shareMeta: shareMeta(page),
                dataQuality: chrome.dataQuality)
        }
        if page.bodyTemplate == nil, let skeleton = skeletons[SkeletonKey(root: root, section: page.section)] {
            var slots: [Range<Int>] = []
            let bytes = skeleton.render(context(body: ""), bodyParts: body, slots: &slots)
            return (OutputFile(path: page.path, bytes: bytes), slots)
        }
        let full = context(body: String(decoding: Array(body.joined()), as: UTF8.self))
        if let template = page.bodyTemplate {
            return (OutputFile(path: page.path, text: try layout.renderPage(full, bodyTemplate: template)), nil)
        }
        return (OutputFile(path: page.path, text: try layout.renderPage(full)), nil)
    }

    /// The share tags of `page` (``ShareMeta``): its absolute URL only with a base URL, and never
    /// for `404.html`, which hosts serve at any address.
    func shareMeta(_ page: Page) -> String {
        let url = page.path == SitePaths.notFound ? nil : chrome.baseURL.map { Sitemap.absoluteURL(page.path, baseURL: $0) }
        return ShareMeta.tags(
            title: page.title, description: page.description, siteTitle: chrome.siteTitle, kind: page.shareKind, url: url)
    }

    /// The skeleton of pages at `depth` below the root in `section`, if it could be made.
    func skeleton(depth: Int, section: NavSection?) -> LayoutSkeleton? {
        skeletons[SkeletonKey(root: String(repeating: "../", count: depth), section: section)]
    }
}

/// What the layout shows on every page around the page's own title, description, share tags and
/// body: the same for all pages of a build, so ``LayoutSkeleton`` bakes it into its pre-rendered
/// parts.
struct PageChrome: Sendable {
    /// The site title (raw text).
    let siteTitle: String
    /// The build ID written to every page.
    let buildID: String
    /// The footer line (raw text).
    let footer: String
    /// The validated base URL (ending in `/`), used as the root of `404.html`, which hosts serve
    /// at any depth, and for the pages' absolute URLs in their share tags; nil keeps that page's
    /// links relative and leaves the absolute URLs out.
    let baseURL: String?
    /// Whether the footer links to the Data quality page (docs/product.md "The Data quality page").
    var dataQuality = false
}
