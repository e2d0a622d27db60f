import Foundation
import WktMarkdown

/// Turns a composed ``Page`` into its HTML file: each block through its own renderer, then the
/// Mustache layout. Immutable and safe to use from several threads at once (``MarkdownRenderer``
/// serialises the cmark-gfm calls themselves; composing pages and the layout stay parallel).
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

    /// Renders one page.
    func render(_ page: Page) throws(SiteError) -> SiteFile {
        var body = ""
        for block in page.blocks {
            switch block {
            case .markdown(let markdown):
                do {
                    body += try MarkdownRenderer.pages.render(markdown)
                } catch {
                    throw .markdownFailed(path: page.path, message: error.description)
                }
            case .note(let note):
                do {
                    body += try notes.render(note).html
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
