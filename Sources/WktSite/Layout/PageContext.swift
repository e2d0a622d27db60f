import Mustache
import WktMarkdown

/// The sections in the site's main navigation, in display order.
public enum NavSection: String, Sendable, Hashable, CaseIterable {
    /// `index.html`.
    case dashboard
    /// `history/index.html`.
    case history
    /// `records/index.html`.
    case records
    /// `exercises/index.html`.
    case exercises
    /// `workouts/index.html`.
    case workouts

    /// The link text (`Dashboard`).
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The section's page relative to the site root (`history/index.html`).
    public var path: String { self == .dashboard ? "index.html" : rawValue + "/index.html" }
}

/// One link of the main navigation as the layout template sees it.
public struct NavItem: Sendable, Hashable {
    /// Link text.
    public let title: String
    /// Relative URL from the current page (`../records/index.html`).
    public let href: String
    /// Whether this is the current page's section (`aria-current="page"`).
    public let current: Bool
}

/// Everything the layout template needs for one page (read by Mustache through `Mirror`).
///
/// Text fields are raw and get HTML-escaped by `{{…}}`; C0 controls and U+FFFE/U+FFFF are
/// removed here, because Mustache only escapes `& < > " '`. ``body`` is HTML our code produced
/// (rendered Markdown, charts) and is inserted unescaped with `{{{body}}}`.
public struct PageContext: Sendable, Hashable {
    /// The page title (`Bench Press (Barbell)`).
    public let title: String
    /// The `<title>` text: `title · siteTitle`, or just the site title when they are equal.
    public let documentTitle: String
    /// The meta description.
    public let description: String
    /// Prefix from this page to the site root: empty, `../`, `../../` ….
    public let root: String
    /// The main navigation with the current section flagged.
    public let nav: [NavItem]
    /// The page content as HTML (raw, ours).
    public let body: String
    /// The Open Graph and Twitter tags and the canonical link, one a line, as HTML our code
    /// wrote with every value escaped (``ShareMeta``); inserted unescaped with `{{{shareMeta}}}`.
    public let shareMeta: String
    /// The site's title (`wkt-site.toml` `title`).
    public let siteTitle: String
    /// The build ID written to `<meta name="wkt-build">`: a hash of the inputs.
    public let buildID: String
    /// The footer line (plain text).
    public let footer: String
    /// Whether the site has a Data quality page the footer links to (docs/product.md "The Data
    /// quality page"); the same on every page of a build.
    public let dataQuality: Bool

    /// Creates a page context.
    /// - Parameters:
    ///   - title: Page title (raw text).
    ///   - description: Meta description (raw text).
    ///   - depth: How many directories below the site root the page lives (`index.html` 0,
    ///     `exercises/bench-press.html` 1); negative counts as 0.
    ///   - current: The navigation section this page belongs to, if any.
    ///   - body: The page content as trusted HTML.
    ///   - siteTitle: The site title (raw text).
    ///   - buildID: The build ID (a hash).
    ///   - footer: Footer text (raw text).
    ///   - shareMeta: The share tags as trusted HTML (``ShareMeta``), empty for none.
    ///   - dataQuality: Whether the footer links to the Data quality page.
    public init(
        title: String, description: String, depth: Int, current: NavSection?, body: String,
        siteTitle: String, buildID: String, footer: String, shareMeta: String = "", dataQuality: Bool = false
    ) {
        self.init(
            title: title, description: description, root: String(repeating: "../", count: max(0, depth)),
            current: current, body: body, siteTitle: siteTitle, buildID: buildID, footer: footer, shareMeta: shareMeta,
            dataQuality: dataQuality)
    }

    /// Creates a page context with an explicit root prefix, e.g. the absolute base URL for
    /// `404.html`, which hosts serve at any depth.
    /// - Parameters:
    ///   - title: Page title (raw text).
    ///   - description: Meta description (raw text).
    ///   - root: Prefix from this page to the site root, ending in `/` unless empty; generated
    ///     by our code (a validated base URL or `../` repeated), never user text.
    ///   - current: The navigation section this page belongs to, if any.
    ///   - body: The page content as trusted HTML.
    ///   - siteTitle: The site title (raw text).
    ///   - buildID: The build ID (a hash).
    ///   - footer: Footer text (raw text).
    ///   - shareMeta: The share tags as trusted HTML (``ShareMeta``), empty for none.
    ///   - dataQuality: Whether the footer links to the Data quality page.
    public init(
        title: String, description: String, root: String, current: NavSection?, body: String,
        siteTitle: String, buildID: String, footer: String, shareMeta: String = "", dataQuality: Bool = false
    ) {
        let cleanTitle = HTMLEscaping.stripControlCharacters(title)
        let cleanSite = HTMLEscaping.stripControlCharacters(siteTitle)
        self.title = cleanTitle
        self.documentTitle = cleanTitle == cleanSite || cleanTitle.isEmpty ? cleanSite : cleanTitle + " · " + cleanSite
        self.description = HTMLEscaping.stripControlCharacters(description)
        self.root = root
        self.nav = Self.navigation(root: root, current: current)
        self.body = body
        self.siteTitle = cleanSite
        self.buildID = HTMLEscaping.stripControlCharacters(buildID)
        self.footer = HTMLEscaping.stripControlCharacters(footer)
        self.shareMeta = shareMeta
        self.dataQuality = dataQuality
    }

    /// The same context with another body (used to wrap a rendered body template).
    /// - Parameter body: The new body HTML.
    /// - Returns: A copy with `body` replaced.
    public func replacingBody(_ body: String) -> PageContext {
        PageContext(copying: self, body: body)
    }

    /// Creates a context with every text field taken as given (no control characters removed,
    /// `documentTitle` not derived from the title): the sentinel and probe pages of
    /// ``LayoutSkeleton``.
    init(
        documentTitle: String, title: String, description: String, root: String, current: NavSection?, body: String,
        siteTitle: String, buildID: String, footer: String, shareMeta: String, dataQuality: Bool = false
    ) {
        self.title = title
        self.documentTitle = documentTitle
        self.description = description
        self.root = root
        self.nav = Self.navigation(root: root, current: current)
        self.body = body
        self.siteTitle = siteTitle
        self.buildID = buildID
        self.footer = footer
        self.shareMeta = shareMeta
        self.dataQuality = dataQuality
    }

    /// The main navigation seen from a page with root prefix `root` in section `current`. The
    /// navigations of the page depths the site has (`""` and `../`) are made once: every page
    /// needs one, and making it cost 15,000 instructions a page.
    private static func navigation(root: String, current: NavSection?) -> [NavItem] {
        if let byRoot = madeNavigations[root] {
            return byRoot[current.flatMap { NavSection.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0]
        }
        return makeNavigation(root: root, current: current)
    }

    /// The main navigation for `root` and `current`, made.
    private static func makeNavigation(root: String, current: NavSection?) -> [NavItem] {
        NavSection.allCases.map { NavItem(title: $0.title, href: root + $0.path, current: $0 == current) }
    }

    /// ``makeNavigation(root:current:)`` for the roots `""` and `../`: no section first, then
    /// each section in ``NavSection/allCases`` order.
    private static let madeNavigations: [String: [[NavItem]]] = Dictionary(uniqueKeysWithValues: ["", "../"].map { root in
        (root, ([nil] + NavSection.allCases.map(Optional.some)).map { makeNavigation(root: root, current: $0) })
    })

    private init(copying other: PageContext, body: String) {
        self.title = other.title
        self.documentTitle = other.documentTitle
        self.description = other.description
        self.root = other.root
        self.nav = other.nav
        self.body = body
        self.siteTitle = other.siteTitle
        self.buildID = other.buildID
        self.footer = other.footer
        self.shareMeta = other.shareMeta
        self.dataQuality = other.dataQuality
    }
}

/// Direct field lookup for the templates: Mustache would otherwise find each `{{name}}` by
/// reflecting over the struct (`Mirror`), which costs more than rendering the Markdown of a page.
extension PageContext: MustacheParent {
    /// The field named `name`, or nil for an unknown name (which renders as empty).
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "documentTitle": documentTitle
        case "description": description
        case "root": root
        case "nav": nav
        case "body": body
        case "siteTitle": siteTitle
        case "buildID": buildID
        case "footer": footer
        case "shareMeta": shareMeta
        case "dataQuality": dataQuality
        default: nil
        }
    }
}

/// Direct field lookup for the navigation items (see ``PageContext``).
extension NavItem: MustacheParent {
    /// The field named `name`, or nil for an unknown name.
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "current": current
        default: nil
        }
    }
}
