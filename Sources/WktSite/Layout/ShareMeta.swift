import WktMarkdown

/// The share metadata of one page (docs/product.md "Share metadata"): the Open Graph and Twitter
/// tags that link previews read, written by our code into the layout's raw `{{{shareMeta}}}`
/// field, one tag a line, every attribute value escaped here (`& < > " '`, control characters
/// removed).
///
/// `og:site_name`, `og:type` (`article` for workout pages, else `website`), `og:title`,
/// `og:description` and `twitter:card` (`summary`) on every page; `og:url` and
/// `<link rel="canonical">` only when the page has an absolute URL (a base URL is set and the page
/// is not `404.html`, which hosts serve at any address). No `og:image`: link previews do not
/// accept SVG, and the site has no raster image to offer.
enum ShareMeta {
    /// The Open Graph type of a page.
    enum Kind: String, Sendable {
        /// Every page but a workout's.
        case website
        /// A workout page: one dated session.
        case article
    }

    /// The tags of one page.
    /// - Parameters:
    ///   - title: The page title (raw text; the site title when empty).
    ///   - description: The meta description (raw text).
    ///   - siteTitle: The site title (raw text).
    ///   - kind: The Open Graph type.
    ///   - url: The page's absolute URL (``Sitemap/absoluteURL(_:baseURL:)``), or nil.
    /// - Returns: The tags, one a line, without a final line break.
    static func tags(title: String, description: String, siteTitle: String, kind: Kind, url: String?) -> String {
        var lines = [
            property("og:site_name", siteTitle),
            property("og:type", kind.rawValue),
            property("og:title", title.isEmpty ? siteTitle : title),
            property("og:description", description),
        ]
        if let url { lines.append(property("og:url", url)) }
        lines.append("<meta name=\"twitter:card\" content=\"summary\">")
        if let url { lines.append("<link rel=\"canonical\" href=\"\(HTMLEscaping.escapeHTML(url))\">") }
        return lines.joined(separator: "\n")
    }

    /// `<meta property="NAME" content="VALUE">` with the value escaped.
    private static func property(_ name: String, _ value: String) -> String {
        "<meta property=\"\(name)\" content=\"\(HTMLEscaping.escapeHTML(value))\">"
    }
}
