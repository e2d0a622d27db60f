import Testing
import WktCore
@testable import WktSite

/// `SiteBuildInput.publishedStatistics` runs the quality rules (and then the caller's `beside`
/// work) beside the statistics; it must give exactly what the sequential path gives:
/// ``SiteBuildInput/publishedHistory``, the statistics of that history under the published
/// settings (so a public site that hides `bodyweight` computes no effective load from it), and
/// `beside` of that same published history.
@Suite("Published statistics")
struct PublishedStatisticsTests {
    static func input(hide: Bool) -> SiteBuildInput {
        var input = BodyweightSiteTests.input(body: BodyweightSiteTests.measured, configured: 80, hide: hide)
        input.settings.ignore = [
            IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, exercise: "Bench Press (Barbell)", set: 4, line: 3),
            IgnoreEntry(workout: WallTime.parse("2019-01-01 07:00")!, exercise: nil, set: nil, line: 4),
        ]
        return input
    }

    @Test("the same history, quality report and statistics as the sequential path", arguments: [false, true])
    func sameAsSequential(hide: Bool) {
        let input = Self.input(hide: hide)
        let (history, quality) = input.publishedHistory
        let sequential = StatsEngine.compute(history: history, settings: input.publishedSettings, today: input.today)
        let parallel = input.publishedStatistics { published in
            (published.workouts.map(\.id), published.body, published.workouts.map(\.workout))
        }
        #expect(parallel.quality == quality)
        #expect(!quality.ignored.isEmpty && !quality.unmatched.isEmpty, "the fixture exercises [[ignore]]")
        #expect(parallel.history.workouts.map(\.id) == history.workouts.map(\.id))
        #expect(parallel.history.body == history.body)
        // `beside` saw the published history (ignored sets and hidden bodyweight already gone).
        #expect(parallel.beside.0 == history.workouts.map(\.id))
        #expect(parallel.beside.1 == history.body)
        #expect(parallel.beside.2 == history.workouts.map(\.workout))
        let slugs = SiteBuilder.exerciseSlugs(for: sequential)
        let expected = StatsJSON.encode(sequential, settings: input.publishedSettings, today: input.today, slugs: slugs)
        #expect(StatsJSON.encode(parallel.report, settings: input.publishedSettings, today: input.today, slugs: slugs) == expected)
        // With bodyweight hidden the statistics must not have seen it; without, they must have.
        #expect((parallel.report.body.timeline.weight(on: input.today) == nil) == hide)
    }
}
