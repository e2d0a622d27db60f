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

/// The work handed to the background holds the render's only reference: once it has run, the
/// model and composer are freed, even when it runs before ``SiteRender/releaseInBackground(_:run:)``
/// returns (the race that left the freeing to the calling thread).
@Suite("The background release is the render's last holder")
struct SiteRenderLastHolderTests {
    @Test("the model and composer are gone as soon as the release work has run, before the call returns")
    func lastHolder() throws {
        var render: SiteRender? = try SiteRender(SiteFixture.input())
        weak let site = render?.site
        weak let composer = render?.composer
        #expect(site != nil && composer != nil)
        nonisolated(unsafe) var freedByWork: Bool?
        if let taken = render.take() {
            SiteRender.releaseInBackground(taken) { work in
                work()
                freedByWork = site == nil && composer == nil
            }
        }
        #expect(freedByWork == true)
    }
}
