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

    @Test("an indented partial blames both the layout that indents it and the partial; several fields are listed in order")
    func indentedPartial() throws {
        let layout = try LayoutRenderer(overrides: [
            (name: "layout", source: "<title>{{documentTitle}}</title>\n<div>\n  {{> partials/wrap}}\n</div>\n"),
            (name: "partials/wrap", source: "{{{body}}}\n{{description}}\n"),
        ])
        let fallbacks = layout.fastPathFallbacks()
        #expect(fallbacks == [
            TemplateFallback(template: "layout", file: "layout", fields: ["description", "body"]),
            TemplateFallback(template: "partials/wrap", file: "partials/wrap", fields: ["description", "body"]),
        ])
        #expect(fallbacks.first?.description.hasPrefix("layout: uses the page fields `description` and `body` in a way") == true)
        #expect(Self.renderer(layout).skeletons.isEmpty)
    }

    @Test("two user partials that break the same field are both named; a section on a field still splices")
    func twoPartialsSameField() throws {
        let layout = try LayoutRenderer(overrides: [
            (name: "partials/header", source: "<header>{{lowercased(title)}}</header>\n"),
            (name: "partials/footer", source: "<footer>{{uppercased(title)}}{{#description}}[{{description}}]{{/description}}</footer>\n"),
        ])
        #expect(layout.fastPathFallbacks() == [
            TemplateFallback(template: "partials/header", file: "partials/header", fields: ["title"]),
            TemplateFallback(template: "partials/footer", file: "partials/footer", fields: ["title"]),
        ])
        let plain = try LayoutRenderer(overrides: [(name: "partials/footer", source: "<footer>{{#description}}[{{description}}]{{/description}}</footer>\n")])
        #expect(plain.fastPathFallbacks() == [])
        #expect(Self.renderer(plain).skeletons.count == Self.allSkeletons)
    }
}
