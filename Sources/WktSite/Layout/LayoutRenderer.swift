import Foundation
import Mustache
import WktCore

/// Renders pages with the Mustache layout: the built-in templates (``EmbeddedResources``),
/// optionally overridden file by file from a templates directory (`--templates DIR`).
///
/// Template names are paths relative to the templates folder without `.mustache`
/// (`layout`, `partials/header`). `{{x}}` escapes `& < > " '`; `{{{x}}}` is only for HTML our
/// code produced (``PageContext/body``).
public struct LayoutRenderer: Sendable {
    /// The page layout; renders a ``PageContext``.
    public static let layoutTemplate = "layout"
    /// The body of `404.html`.
    public static let notFoundTemplate = "not-found"
    /// The body of the dashboard when the store has no workouts.
    public static let emptyStoreTemplate = "empty-store"
    /// The file extension of template files.
    public static let templateExtension = ".mustache"

    private let library: MustacheLibrary
    /// The names of all available templates, sorted.
    public let templateNames: [String]
    /// SHA-256 (hex) of every template source in load order, built-ins first: part of the build
    /// ID, so a changed template changes the ID of every page.
    public let fingerprint: String
    /// Every template source in load order (for ``fastPathFallbacks()``).
    private let sources: [Source]
    /// `noindex = true` in `[publish]`: every page gets ``robotsMeta`` before its `</head>`
    /// (docs/product.md "Publishing: what a public site reveals"), whatever the templates say.
    public var robotsNoindex = false

    /// The tag that asks search engines not to index a page or follow its links.
    public static let robotsMeta = "<meta name=\"robots\" content=\"noindex, nofollow\">\n"

    /// One template source in load order.
    struct Source: Sendable {
        /// What error messages and warnings call it: the file's path, the override's name, or
        /// `built-in layout.mustache`.
        let file: String
        /// Its path relative to the templates folder (`partials/header.mustache`).
        let path: String
        /// The template text.
        let source: String
        /// Whether it is one of ``EmbeddedResources/templates``.
        let builtIn: Bool

        /// The template's name: its path without `.mustache` (`partials/header`).
        var name: String {
            path.hasSuffix(templateExtension) ? String(path.dropLast(templateExtension.count)) : path
        }
    }

    /// The built-in templates as sources.
    static var builtInSources: [Source] {
        EmbeddedResources.templates.map { Source(file: "built-in " + $0.path, path: $0.path, source: $0.contents, builtIn: true) }
    }

    /// Loads the built-in templates, then every `*.mustache` file below `templatesDirectory`
    /// (in sorted path order), each replacing the built-in template of the same name or adding
    /// a new one.
    /// - Parameter templatesDirectory: A directory of user templates, or nil for the built-ins.
    /// - Throws: ``SiteError/templateUnreadable(path:reason:)`` when the directory or a file
    ///   cannot be read or is not UTF-8; ``SiteError/templateSyntax(file:line:column:message:)``
    ///   when a template does not parse.
    public init(templatesDirectory: String? = nil) throws(SiteError) {
        var sources = Self.builtInSources
        if let directory = templatesDirectory {
            sources += try Self.readTemplates(in: directory)
        }
        try self.init(sources: sources)
    }

    /// Builds a renderer from the built-in templates plus templates given as strings (for
    /// tests and programmatic overrides).
    /// - Parameter overrides: `(name, source)` pairs; a name is a path without `.mustache`.
    /// - Throws: ``SiteError/templateSyntax(file:line:column:message:)`` for a bad template.
    public init(overrides: [(name: String, source: String)]) throws(SiteError) {
        let given = overrides.map { Source(file: $0.name, path: $0.name + Self.templateExtension, source: $0.source, builtIn: false) }
        try self.init(sources: Self.builtInSources + given)
    }

    /// Parses `sources` in order, a later template replacing an earlier one of the same name.
    init(sources: [Source]) throws(SiteError) {
        var library = MustacheLibrary()
        var names = Set<String>()
        var hash = SHA256()
        for entry in sources {
            hash.update(Array(entry.path.utf8) + [0] + Array(entry.source.utf8) + [0])
            do {
                library.register(try MustacheTemplate(string: entry.source), named: entry.name)
            } catch let error as MustacheTemplate.ParserError {
                throw .templateSyntax(
                    file: entry.file, line: error.context.lineNumber, column: error.context.columnNumber,
                    message: String(describing: error.error))
            } catch {
                throw .templateSyntax(file: entry.file, line: 0, column: 0, message: String(describing: error))
            }
            names.insert(entry.name)
        }
        self.library = library
        self.templateNames = names.sorted()
        self.fingerprint = SHA256.hexString(hash.finalize())
        self.sources = sources
    }

    /// The templates that keep pages off the fast layout path (``LayoutSkeleton``), so those
    /// pages are rendered by Mustache: the same bytes, only slower. One entry per template to
    /// blame, in load order; empty for the built-in templates (a test keeps it so). Print each
    /// entry's `description` as a warning.
    ///
    /// Computed on each call: it renders the layout a few dozen times (about as often as
    /// making a ``PageRenderer``), and more when a template is to blame.
    public func fastPathFallbacks() -> [TemplateFallback] {
        TemplateFallback.find(in: self, sources: sources)
    }

    /// Renders the template `name` with `context`.
    /// - Parameters:
    ///   - context: A typed context (struct); Mustache reads its stored properties.
    ///   - name: Template name, e.g. `layout` or `not-found`.
    /// - Returns: The rendered text.
    /// - Throws: ``SiteError/missingTemplate(name:)`` when no template has that name.
    public func render(_ context: Any, template name: String) throws(SiteError) -> String {
        guard let text = library.render(context, withTemplate: name) else { throw .missingTemplate(name: name) }
        return text
    }

    /// Renders a complete HTML page: the layout around `context.body`.
    /// - Parameter context: The page.
    /// - Returns: The HTML document.
    /// - Throws: ``SiteError/missingTemplate(name:)`` if the layout is missing.
    public func renderPage(_ context: PageContext) throws(SiteError) -> String {
        let page = try render(context, template: Self.layoutTemplate)
        return robotsNoindex ? try Self.addingRobotsMeta(to: page) : page
    }

    /// `page` with ``robotsMeta`` inserted before its first `</head>` (any case).
    /// - Throws: ``SiteError/noHeadForRobots(template:)`` when the page has no `</head>`.
    static func addingRobotsMeta(to page: String) throws(SiteError) -> String {
        guard let end = page.range(of: "</head>", options: .caseInsensitive) else {
            throw .noHeadForRobots(template: layoutTemplate)
        }
        var result = page
        result.insert(contentsOf: robotsMeta, at: end.lowerBound)
        return result
    }

    /// Renders the body template `bodyTemplate` with `context`, then the layout around it.
    /// - Parameters:
    ///   - context: The page (its `body` is replaced by the rendered body template).
    ///   - bodyTemplate: E.g. ``notFoundTemplate`` or ``emptyStoreTemplate``.
    /// - Returns: The HTML document.
    /// - Throws: ``SiteError/missingTemplate(name:)`` if either template is missing.
    public func renderPage(_ context: PageContext, bodyTemplate: String) throws(SiteError) -> String {
        let body = try render(context, template: bodyTemplate)
        return try renderPage(context.replacingBody(body))
    }

    /// Reads every `*.mustache` file below `directory`, sorted by relative path.
    private static func readTemplates(in directory: String) throws(SiteError) -> [Source] {
        let manager = FileManager()
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let paths: [String]
        do {
            paths = try manager.subpathsOfDirectory(atPath: base)
        } catch {
            throw .templateUnreadable(path: directory, reason: "not a readable directory")
        }
        var result: [Source] = []
        for path in paths.filter({ $0.hasSuffix(templateExtension) }).sorted() {
            let file = base + path
            guard let data = manager.contents(atPath: file) else {
                throw .templateUnreadable(path: file, reason: "cannot read the file")
            }
            guard let source = String(validating: data, as: UTF8.self) else {
                throw .templateUnreadable(path: file, reason: "not valid UTF-8")
            }
            result.append(Source(file: file, path: path, source: source, builtIn: false))
        }
        return result
    }
}
