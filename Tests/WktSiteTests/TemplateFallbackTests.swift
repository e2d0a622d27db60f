import Foundation
import Testing
import WktMarkdown
@testable import WktSite

/// A template the fast layout path (``LayoutSkeleton``) cannot reproduce makes pages render with
/// Mustache; ``LayoutRenderer/fastPathFallbacks()`` says which template and why.
@Suite("Template fallbacks to Mustache")
struct TemplateFallbackTests {
    /// A fresh templates directory with `files` (path → text), removed by the caller.
    static func templatesDirectory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wkt-templates-\(UInt64.random(in: 0...UInt64.max))")
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        return directory
    }

    static func renderer(_ layout: LayoutRenderer) -> PageRenderer {
        PageRenderer(layout: layout, notes: NoteRenderer(), siteTitle: "AT&T Gym", buildID: "b1d", footer: "Built <by> wkt-site", baseURL: nil)
    }

    /// The fallback expected for the template override `name` (as `LayoutRenderer(overrides:)` names it).
    static func override(_ name: String, blamedFor fields: String...) -> TemplateFallback {
        TemplateFallback(template: name, file: name, fields: fields)
    }

    /// How many skeletons ``PageRenderer`` makes when every combination splices.
    static let allSkeletons = PageRenderer.skeletonDepths.count * (NavSection.allCases.count + 1)

    @Test("every built-in template takes the fast path, also when copied into a templates directory as `init` does")
    func builtInTemplatesTakeTheFastPath() throws {
        let builtIn = try LayoutRenderer()
        #expect(builtIn.fastPathFallbacks() == [])
        #expect(TemplateFallback.failures(of: builtIn).isEmpty)
        #expect(Self.renderer(builtIn).skeletons.count == Self.allSkeletons)

        let copies = Dictionary(uniqueKeysWithValues: EmbeddedResources.templates.map { ($0.path, $0.contents) })
        let directory = try Self.templatesDirectory(copies)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copied = try LayoutRenderer(templatesDirectory: directory.path)
        #expect(copied.fastPathFallbacks() == [])
        #expect(Self.renderer(copied).skeletons.count == Self.allSkeletons)
        // The copy carries the share tags, in a slot of every skeleton.
        #expect(Self.renderer(copied).skeletons.values.allSatisfy { skeleton in
            skeleton.pieces.contains { if case .field(.shareMeta, escaped: false) = $0 { true } else { false } }
        })
    }

    @Test("a user partial with a transform of a page field is named with the field; harmless overrides are not")
    func transformInPartial() throws {
        let header = try #require(EmbeddedResources.templates.first { $0.path == "partials/header.mustache" })
        let directory = try Self.templatesDirectory([
            "partials/header.mustache": header.contents + "<p>{{uppercased(title)}}</p>\n",
            "layout.mustache": try #require(EmbeddedResources.templates.first { $0.path == "layout.mustache" }).contents,
            "not-found.mustache": "<h1>{{title}}</h1>\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let layout = try LayoutRenderer(templatesDirectory: directory.path)
        let file = directory.path + "/partials/header.mustache"
        let fallbacks = layout.fastPathFallbacks()
        #expect(fallbacks == [TemplateFallback(template: "partials/header", file: file, fields: ["title"])])
        #expect(fallbacks.map(\.description) == [
            "\(file): uses the page field `title` in a way the fast layout renderer cannot reproduce (a transform such as "
                + "uppercased(title), or a partial indented on a line of its own); pages are rendered with Mustache instead "
                + "(slower, same output)",
        ])
        // What the warning says is what happens: no page of this layout is spliced.
        #expect(Self.renderer(layout).skeletons.isEmpty)
    }

    /// Template overrides and the fallbacks they must give.
    struct OverrideCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let overrides: [Override]
        let expected: [TemplateFallback]

        struct Override: Sendable {
            let name: String
            let source: String
        }
    }

    static let overrideCases: [OverrideCase] = [
        OverrideCase(
            testDescription: "an indented partial: the layout that indents it and the partial, each with every field, in order",
            overrides: [
                .init(name: "layout", source: "<title>{{documentTitle}}</title>\n<div>\n  {{> partials/wrap}}\n</div>\n"),
                .init(name: "partials/wrap", source: "{{{body}}}\n{{description}}\n"),
            ],
            expected: [override("layout", blamedFor: "description", "body"), override("partials/wrap", blamedFor: "description", "body")]),
        OverrideCase(
            testDescription: "two partials that each transform the title: both, though taking one away leaves the other",
            overrides: [
                .init(name: "partials/header", source: "<header>{{lowercased(title)}}</header>\n"),
                .init(name: "partials/footer", source: "<footer>{{uppercased(title)}}{{#description}}[{{description}}]{{/description}}</footer>\n"),
            ],
            expected: [override("partials/header", blamedFor: "title"), override("partials/footer", blamedFor: "title")]),
        OverrideCase(
            testDescription: "a section on a field: still spliced, nothing to blame",
            overrides: [.init(name: "partials/footer", source: "<footer>{{#description}}[{{description}}]{{/description}}</footer>\n")],
            expected: []),
    ]

    @Test("template overrides name the templates to blame, and only those", arguments: overrideCases)
    func overrides(_ testCase: OverrideCase) throws {
        let layout = try LayoutRenderer(overrides: testCase.overrides.map { (name: $0.name, source: $0.source) })
        #expect(layout.fastPathFallbacks() == testCase.expected)
        // What the warning says is what happens: with a fallback, no page of these layouts is spliced.
        #expect(Self.renderer(layout).skeletons.count == (testCase.expected.isEmpty ? Self.allSkeletons : 0))
    }

    @Test("several fields are listed with commas and a final and")
    func fieldList() {
        let fallback = TemplateFallback(template: "layout", file: "t/layout.mustache", fields: ["documentTitle", "title", "body"])
        #expect(fallback.description.hasPrefix("t/layout.mustache: uses the page fields `documentTitle`, `title` and `body` in a way"))
    }
}
