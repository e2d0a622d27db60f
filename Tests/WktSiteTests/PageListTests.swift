import Testing
@testable import WktSite

@Suite("page lists of split tables")
struct PageListTests {
    @Test("the lists above and below a table are landmarks with different names (axe landmark-unique)")
    func distinctLabels() {
        let lists = PageComposer.pageList("Pages of 2026", page: 2, count: 3, first: "records/2026.html")
        #expect(lists.top.contains("aria-label=\"Pages of 2026\""))
        #expect(lists.bottom.contains("aria-label=\"Pages of 2026, after the table\""))
        #expect(lists.top.contains("aria-current=\"page\">2<") && lists.bottom.contains("aria-current=\"page\">2<"))
        let single = PageComposer.pageList("Pages of 2026", page: 1, count: 1, first: "records/2026.html")
        #expect(single.top.isEmpty && single.bottom.isEmpty)
    }
}
