import Foundation
import Testing
@testable import WktApp

/// Share tags and cards through the commands (docs/product.md "Share metadata", "Share cards").
@Suite("Share tags and cards on disk")
struct ShareOutputTests {
    @Test("the templates `init` writes carry the share tags, take the fast path, and the build writes the cards")
    func initTemplatesAndCards() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(InitRunner.run(InitRequest(), env: box.env).exitCode == 0)
        let layout = String(decoding: try box.bytes("templates/layout.mustache"), as: UTF8.self)
        #expect(layout.contains("\n{{{shareMeta}}}\n"))

        let build = BuildRunner.run(
            BuildRequest(today: "2026-11-21", baseURL: "https://example.org/log", templates: "templates"), env: box.env)
        #expect(build.exitCode == 0, "\(build.stderr)")
        #expect(!build.stderr.contains { $0.contains("warning") }, "\(build.stderr)")
        let page = String(decoding: try box.bytes("site/exercises/bench-press-barbell.html"), as: UTF8.self)
        #expect(page.contains("<meta property=\"og:url\" content=\"https://example.org/log/exercises/bench-press-barbell.html\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/log/exercises/bench-press-barbell.html\">"))
        #expect(page.contains("<meta name=\"description\" content=\"Bench Press (Barbell): best e1RM 96.3 kg, heaviest 85 kg × 3, 2 sessions\">"))
        for card in ["heatmap", "lifts", "streaks"] {
            let svg = String(decoding: try box.bytes("site/cards/\(card).svg"), as: UTF8.self)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("role=\"img\""), "\(card)")
        }

        // A second build with nothing changed stops early and leaves the cards as they are.
        let cards = try box.bytes("site/cards/lifts.svg")
        let again = BuildRunner.run(
            BuildRequest(today: "2026-11-21", baseURL: "https://example.org/log", templates: "templates"), env: box.env)
        #expect(again.exitCode == 0)
        #expect(try box.bytes("site/cards/lifts.svg") == cards)
    }
}
