import Foundation
import Testing
@testable import WktSite

/// The build hands its statistics, site model and composer to a background thread to be freed
/// (``SiteRender/releaseInBackground(_:)``): they must really go, or every rebuild of
/// `wkt-site serve` would keep another history in memory.
@Suite("Releasing a build's model in the background")
struct SiteRenderReleaseTests {
    @Test("the site model and the composer are freed soon after the release")
    func freed() throws {
        var render: SiteRender? = try SiteRender(SiteFixture.input())
        weak let site = render?.site
        weak let composer = render?.composer
        #expect(site != nil && composer != nil)
        if let taken = render.take() { SiteRender.releaseInBackground(taken) }
        for _ in 0..<500 where site != nil || composer != nil { usleep(10_000) }
        #expect(site == nil)
        #expect(composer == nil)
    }
}
