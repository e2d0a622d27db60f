import Foundation
import Testing
import WktCore
import WktMarkdown
@testable import WktSite

@Suite("Parallel rendering")
struct ParallelRenderTests {
    /// A page whose Markdown and note use extensions with special inline characters
    /// (strikethrough `~`, autolinks `:`/`w`), which cmark-gfm registers process-wide per parse.
    static let page = Page(
        path: "workouts/x.html", source: "test", title: "T", description: "D", section: .workouts,
        blocks: [
            .markdown("~~gone~~ and www.example.com\n\n| a |\n| --- |\n| ~~b~~ |\n"),
            .note("~~old~~ new https://example.org"),
        ])

    @Test("pages rendered on all cores equal the same pages rendered one by one (cmark-gfm calls are serialised)")
    func parallelEqualsSerial() throws {
        let renderer = PageRenderer(
            layout: try LayoutRenderer(), notes: NoteRenderer(), siteTitle: "S", buildID: "b", footer: "F", baseURL: nil)
        let expected = try renderer.render(Self.page)
        let text = String(decoding: expected.bytes, as: UTF8.self)
        #expect(text.contains("<del>gone</del>") && text.contains("<del>b</del>") && text.contains("<del>old</del>"))
        #expect(text.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
        let results = ParallelMap.map(Array(0..<2000)) { _ in
            Result { () throws(SiteError) in try renderer.render(Self.page) }
        }
        let differing = results.filter { (try? $0.get()) != expected }.count
        #expect(differing == 0, "\(differing) of \(results.count) parallel renders differ")
    }

    @Test("ParallelMap keeps the input order")
    func order() {
        let items = Array(0..<1000)
        #expect(ParallelMap.map(items) { $0 * 3 } == items.map { $0 * 3 })
        #expect(ParallelMap.map([Int]()) { $0 } == [])
    }
}
