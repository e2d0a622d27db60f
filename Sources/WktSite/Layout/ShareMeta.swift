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
        // Written as bytes (``TextBuffer``): interpolating and joining the lines cost 14,000
        // instructions a page.
        var out = TextBuffer(capacity: 384 + siteTitle.utf8.count * 2 + title.utf8.count + description.utf8.count)
        property("og:site_name", siteTitle, to: &out)
        out.append("\n")
        property("og:type", kind.rawValue, to: &out)
        out.append("\n")
        property("og:title", title.isEmpty ? siteTitle : title, to: &out)
        out.append("\n")
        property("og:description", description, to: &out)
        if let url {
            out.append("\n")
            property("og:url", url, to: &out)
        }
        out.append("\n<meta name=\"twitter:card\" content=\"summary\">")
        if let url {
            out.append("\n<link rel=\"canonical\" href=\"")
            out.append(HTMLEscaping.escapeHTML(url))
            out.append("\">")
        }
        return out.text
    }

    /// `<meta property="NAME" content="VALUE">` with the value escaped.
    private static func property(_ name: StaticString, _ value: String, to out: inout TextBuffer) {
        out.append("<meta property=\"")
        out.append(name)
        out.append("\" content=\"")
        out.append(HTMLEscaping.escapeHTML(value))
        out.append("\">")
    }
}
