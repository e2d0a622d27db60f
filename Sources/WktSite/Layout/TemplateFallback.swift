/// A template that keeps pages off the fast layout path: the layout, with this template as it is,
/// cannot be spliced (``LayoutSkeleton``) for some page, so those pages are rendered by Mustache
/// instead. The output is the same; only the build is slower. Found by
/// ``LayoutRenderer/fastPathFallbacks()``.
public struct TemplateFallback: Sendable, Hashable, CustomStringConvertible {
    /// The template's name (`layout`, `partials/header`).
    public let template: String
    /// Where it was read from: the file's path, the override's name, or `built-in layout.mustache`.
    public let file: String
    /// The page fields it uses in a way splicing cannot reproduce (`documentTitle`, `title`,
    /// `description`, `body`), in that order.
    public let fields: [String]

    /// One line for the build's output, e.g. `templates/layout.mustache: uses the page field
    /// title in a way the fast layout renderer cannot reproduce (…); pages are rendered with
    /// Mustache instead (slower, same output)`.
    public var description: String {
        let names = fields.map { "`\($0)`" }
        let list = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        return "\(file): uses the page field\(fields.count == 1 ? "" : "s") \(list) in a way the fast layout renderer "
            + "cannot reproduce (a transform such as uppercased(title), or a partial indented on a line of its own); "
            + "pages are rendered with Mustache instead (slower, same output)"
    }

    /// A field that keeps the layout from being spliced for one root prefix and section.
    struct Failure: Hashable {
        /// The pages' depth below the site root.
        let depth: Int
        /// The pages' navigation section.
        let section: NavSection?
        /// The field.
        let field: LayoutSkeleton.Field
    }

    /// Every root prefix and section the site renders pages with, as ``PageRenderer`` makes its
    /// skeletons, checked with placeholder site title, build ID and footer (splicing depends on
    /// how the templates use the per-page fields, not on these values).
    static func failures(of layout: LayoutRenderer) -> Set<Failure> {
        var failures = Set<Failure>()
        for depth in PageRenderer.skeletonDepths {
            for section in [nil] + NavSection.allCases.map(Optional.some) {
                let fields = LayoutSkeleton.unsupportedFields(
                    layout: layout, root: String(repeating: "../", count: depth), section: section,
                    siteTitle: "wkt-site", buildID: "0123456789abcdef", footer: "Built by wkt-site")
                for field in fields { failures.insert(Failure(depth: depth, section: section, field: field)) }
            }
        }
        return failures
    }

    /// The templates to blame when `layout` (made from `sources`) cannot always be spliced.
    ///
    /// A template given by the user is to blame for a failure when taking it away (so the
    /// built-in template of the same name is used, or none) removes the failure, or when it alone
    /// on top of the built-in templates fails the same way (two templates that each break the
    /// same field). Built-in templates always splice and are never blamed; when no user template
    /// is, the layout template is named with every failing field.
    static func find(in layout: LayoutRenderer, sources: [LayoutRenderer.Source]) -> [TemplateFallback] {
        let failures = Self.failures(of: layout)
        guard !failures.isEmpty else { return [] }
        func failing(with sources: [LayoutRenderer.Source]) -> Set<Failure> {
            guard let renderer = try? LayoutRenderer(sources: sources) else { return [] }
            return Self.failures(of: renderer)
        }
        let builtIn = sources.filter(\.builtIn)
        var blamed: [TemplateFallback] = []
        for (index, source) in sources.enumerated() where !source.builtIn {
            var others = sources
            others.remove(at: index)
            let caused = failures.subtracting(failing(with: others))
                .union(failures.intersection(failing(with: builtIn + [source])))
            if !caused.isEmpty { blamed.append(TemplateFallback(source, fields: caused.map(\.field))) }
        }
        if blamed.isEmpty, let layoutSource = sources.last(where: { $0.name == LayoutRenderer.layoutTemplate }) {
            blamed.append(TemplateFallback(layoutSource, fields: failures.map(\.field)))
        }
        return blamed
    }

    /// The fallback blaming `source` for `fields` (in any order, repeated).
    init(_ source: LayoutRenderer.Source, fields: [LayoutSkeleton.Field]) {
        self.template = source.name
        self.file = source.file
        self.fields = Set(fields).sorted { $0.rawValue < $1.rawValue }.map { String(describing: $0) }
    }

    /// A fallback with the given parts (for tests).
    init(template: String, file: String, fields: [String]) {
        self.template = template
        self.file = file
        self.fields = fields
    }
}
