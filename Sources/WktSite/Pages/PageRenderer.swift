import Foundation
import WktMarkdown

/// Turns a composed ``Page`` into its HTML file: each block through its own renderer, then the
/// Mustache layout. Immutable and safe to use from several threads at once.
///
/// cmark-gfm is not: while it parses inlines it adds its extensions' special characters (`~` for
/// strikethrough, `:`/`w` for autolinks) to a process-wide table and removes them when done, so
/// a parse on another thread that finishes first switches strikethrough off under this one
/// (seen as `~~x~~` left as text in one build of the 10-year demo). Every cmark-gfm call
/// therefore holds ``CmarkGate/lock``, one lock for the whole process (two builds in one process,
/// as in the tests, race just the same); composing pages and the Mustache layout stay parallel.
struct PageRenderer: Sendable {
    /// The templates.
    let layout: LayoutRenderer
    /// The note renderer with the caps of RELIABILITY.md P6.
    let notes: NoteRenderer
    /// The site title (raw text).
    let siteTitle: String
    /// The build ID written to every page.
    let buildID: String
    /// The footer line (raw text).
    let footer: String
    /// The validated base URL (ending in `/`), used as the root of `404.html`, which hosts serve
    /// at any depth; nil keeps that page's links relative.
    let baseURL: String?

    /// Runs one cmark-gfm call while holding ``CmarkGate/lock``.
    private func withCmark<Output>(_ call: () throws(MarkdownError) -> Output) throws(MarkdownError) -> Output {
        CmarkGate.lock.lock()
        defer { CmarkGate.lock.unlock() }
        return try call()
    }

    /// Renders one page.
    func render(_ page: Page) throws(SiteError) -> SiteFile {
        var body = ""
        for block in page.blocks {
            switch block {
            case .markdown(let markdown):
                do {
                    body += try withCmark { () throws(MarkdownError) in try MarkdownRenderer.pages.render(markdown) }
                } catch {
                    throw .markdownFailed(path: page.path, message: error.description)
                }
            case .note(let note):
                do {
                    body += try withCmark { () throws(MarkdownError) in try notes.render(note) }.html
                } catch {
                    throw .markdownFailed(path: page.path, message: error.description)
                }
            case .html(let html):
                body += html
            }
        }
        let root = page.path == SitePaths.notFound ? baseURL ?? "" : String(repeating: "../", count: page.depth)
        let context = PageContext(
            title: page.title, description: page.description, root: root, current: page.section, body: body,
            siteTitle: siteTitle, buildID: buildID, footer: footer)
        if let template = page.bodyTemplate {
            return SiteFile(path: page.path, text: try layout.renderPage(context, bodyTemplate: template))
        }
        return SiteFile(path: page.path, text: try layout.renderPage(context))
    }
}

/// The process-wide guard of cmark-gfm's shared special-character table (see ``PageRenderer``):
/// a C library global, so its lock is one per process too.
enum CmarkGate {
    /// Held for the whole of every cmark-gfm parse and render that WktSite starts.
    static let lock = NSLock()
}
