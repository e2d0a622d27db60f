import Testing
import WktCore
@testable import WktSite

/// `muscles.html` and the dashboard's body map (docs/product.md "The Muscles page").
@Suite("Muscles page")
struct MusclesPageTests {
    static func site(settings: Settings = SiteFixture.settings(), baseURL: String? = nil) throws -> [String: String] {
        let input = SiteBuildInput(history: SiteFixture.history, settings: settings, today: SiteFixture.today, baseURL: baseURL)
        return SiteFixture.textFiles(try SiteBuilder.build(input))
    }

    @Test("the page: body map with role, title, summary, legend and table; weekly table; untrained; unmapped")
    func page() throws {
        var settings = SiteFixture.settings()
        settings.muscleSetsTarget = MuscleSetsTarget(low: 2, high: 2.5)
        let files = try Self.site(settings: settings, baseURL: "https://example.org/")
        let page = try #require(files["muscles.html"])
        #expect(page.contains("<title>Muscles · Test Log</title>"))
        // W47 (Nov 16–22): bench 2 sets (chest 2, triceps and shoulders 1 each), deadlift 1 set.
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg body-map\""))
        #expect(page.contains("role=\"img\" aria-labelledby=\"muscle-map-title muscle-map-desc\""))
        #expect(page.contains("<title id=\"muscle-map-title\">Sets per muscle this week (2026-W47)</title>"))
        #expect(page.contains("chest 2, glutes 0.5, hamstrings 1, lower back 0.5, shoulders 1, triceps 1; none for abdominals,"))
        #expect(page.contains("<title>chest: 2 sets (under 5 sets)</title>"))
        #expect(page.contains("<title>neck: 0 sets (0 sets)</title>"))
        for range in BodyMap.rangeTexts { #expect(page.contains("</svg> \(range)</li>")) }
        #expect(page.contains("<tr><th scope=\"row\">lower back</th><td class=\"num\">0.5</td><td>under 5 sets</td></tr>"))
        // Both figures draw a region for every muscle between them.
        let regions = Set(page.matches(of: /<title>([a-z ]+): [0-9.]+ sets? \(/).map { String($0.output.1) })
        #expect(regions.count == 17)
        // Weekly table: W46 had bench 3, pull-ups 2, squats 2 and planks 2; 4-week average over W43–W46.
        #expect(page.contains("<th align=\"right\">4-week avg.</th>"))
        #expect(page.contains("<td>chest</td>\n<td align=\"right\">2</td>\n<td align=\"right\">3</td>\n<td align=\"right\">1.5</td>\n<td>under</td>"))
        #expect(page.contains("<td>lats</td>\n<td align=\"right\">0</td>\n<td align=\"right\">2</td>\n<td align=\"right\">0.5</td>\n<td>under</td>"))
        #expect(page.contains("<th>Target 2–2.5</th>"))
        // Not trained in 14 days: Nov 9–22.
        #expect(page.contains("<ul class=\"muscle-list\"><li>abductors</li><li>calves</li><li>forearms</li><li>neck</li><li>traps</li></ul>"))
        // Unmapped: the treadmill (distance and time only) counts nowhere; the warm-up-only pull-apart has no working set.
        #expect(page.contains("<a href=\"exercises/"))
        #expect(!page.contains("Treadmill"))
        #expect(!page.contains("Band Pull Apart"))
        #expect(page.contains(">Café</a></td>\n<td align=\"right\">1</td>"))
        #expect(!page.contains("<svg onload"))
        #expect(files["sitemap.xml"]?.contains("<loc>https://example.org/muscles.html</loc>") == true)
    }

    @Test("the dashboard's small body map links to the page; the exercise list links to it too")
    func links() throws {
        let files = try Self.site()
        let dashboard = try #require(files["index.html"])
        #expect(dashboard.contains("class=\"chart-svg body-map body-map-small\""))
        #expect(dashboard.contains("<h2 id=\"muscles-card\">Sets per muscle this week</h2>"))
        #expect(dashboard.contains("<ul class=\"top-sets\"><li>chest: 2 sets</li><li>hamstrings: 1 set</li><li>shoulders: 1 set</li>"
            + "<li>triceps: 1 set</li><li>glutes: 0.5 sets</li></ul>"))
        #expect(dashboard.contains("<a href=\"muscles.html\">Sets per muscle, week by week →</a>"))
        #expect(dashboard.contains("<p>5 muscles without a set in 14 days.</p>"))
        #expect(files["exercises/index.html"]?.contains("<a href=\"../muscles.html\">Sets per muscle →</a>") == true)
    }

    @Test("an empty store still has the page, saying there are no workouts")
    func empty() throws {
        let input = SiteBuildInput(history: WorkoutHistory(workouts: []), settings: SiteFixture.settings(), today: SiteFixture.today)
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        #expect(files["muscles.html"]?.contains("No workouts yet.") == true)
    }

    @Test("at most 100 unmapped exercises are listed, the rest counted")
    func manyUnmapped() throws {
        let blocks = (1...130).map { ExerciseBlock(name: "Odd Lift \($0)", sets: [WorkoutSet(weightKg: 10, reps: 5)]) }
        let workout = StoredWorkout(id: 1, workout: Workout(
            source: .wkt, sourceKey: "k1", start: try #require(WallTime.parse("2026-11-20 18:00")), utcOffsetSeconds: nil,
            name: "Odd", activity: "strength", exercises: blocks))
        let input = SiteBuildInput(history: WorkoutHistory(workouts: [workout]), settings: SiteFixture.settings(), today: SiteFixture.today)
        let page = try #require(SiteFixture.textFiles(try SiteBuilder.build(input))["muscles.html"])
        #expect(page.matches(of: /Odd Lift \d+<\/a>/).count == 100)
        #expect(page.contains("And 30 more exercises with 30 working sets; <a href=\"data/stats.json\">stats.json</a> lists them all."))
    }

    @Test("the shading ranges: 0, under 5, 5–9.5, 10–20, over 20")
    func levels() {
        #expect([0, 0.5, 4.5, 5, 9.5, 10, 20, 20.5, 1e9, -1, .nan].map(BodyMap.level) == [0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0])
    }
}
