import Testing
import WktCore
@testable import WktSite

/// The Data quality page (docs/product.md "The Data quality page").
@Suite("Data quality page")
struct QualityPageTests {
    static func files(_ input: SiteBuildInput) throws -> [String: String] {
        SiteFixture.textFiles(try SiteBuilder.build(input))
    }

    @Test("findings grouped by rule with links to the workout and exercise, ignored sets with their config line, a footer link on every page")
    func page() throws {
        var input = SiteFixture.input()
        input.settings.ignore = [IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, exercise: "Bench Press (Barbell)", set: 4, line: 12)]
        let files = try Self.files(input)
        let page = try #require(files["quality.html"])
        // The fixture's workout after today; "Café" and "CAFE" are one letter (é) apart but shorter
        // than 5 letters, so not Q5.
        #expect(page.contains("<h2>Q7 · Workout after today (1)</h2>"), "\(page)")
        #expect(!page.contains("Q5"))
        #expect(page.contains("href=\"exercises/"))
        #expect(page.contains("Ignored sets (1)"))
        #expect(page.contains("<a href=\"workouts/2026-11-02-0700.html\">Push</a>"))
        #expect(page.contains(">85 kg<") && page.contains(">12<"))
        for (path, text) in files where path.hasSuffix(".html") {
            let root = path.contains("/") && path != "404.html" ? "../" : ""
            #expect(text.contains("<a href=\"\(root)quality.html\">Data quality</a>"), "no footer link on \(path)")
        }
        // The ignored set (85 × 3) is out of the exercise's records and the workout page.
        #expect(files["workouts/2026-11-02-0700.html"]?.contains("85") == false)
    }

    @Test("no findings and no ignored sets: no page, no link; hidden times show no clock time")
    func noPage() throws {
        var input = SiteFixture.input()
        let clean = WorkoutHistory(workouts: [SiteFixture.workout(1, "2026-11-02 07:00:00", "Push", [
            ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(80, 5)])),
        ])])
        input.history = clean
        var files = try Self.files(input)
        #expect(files["quality.html"] == nil)
        #expect(files["index.html"]?.contains("quality.html") == false)
        input.settings.publish = PublishProfile(hide: [.times])
        input.settings.ignore = [IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, line: 3)]
        files = try Self.files(input)
        let page = try #require(files["quality.html"])
        #expect(page.contains("(whole workout)") && !page.contains("07:00"))
        #expect(files["workouts/2026-11-02.html"] == nil && files["workouts/2026-11-02-0700.html"] == nil)
    }

    @Test("[[ignore]] entries that match nothing are listed with their config line; alone they make the page")
    func unmatched() throws {
        var input = SiteFixture.input()
        input.history = WorkoutHistory(workouts: [SiteFixture.workout(1, "2026-11-02 07:00:00", "Push", [
            ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(80, 5)])),
        ])])
        input.settings.ignore = [
            IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, exercise: "Squat", line: 4),
            IgnoreEntry(workout: WallTime.parse("2026-11-03 18:30")!, line: 9),
        ]
        var files = try Self.files(input)
        let page = try #require(files["quality.html"])
        #expect(page.contains("Ignore entries that match nothing (2)"), "\(page)")
        #expect(page.contains("2 [[ignore]] entries matching nothing"))
        #expect(page.contains("<td align=\"right\">4</td>\n<td>workout 2026-11-02 07:00, exercise &quot;Squat&quot;</td>"), "\(page)")
        #expect(page.contains("<td align=\"right\">9</td>\n<td>workout 2026-11-03 18:30</td>"))
        #expect(!page.contains("Ignored sets") && !page.contains("<h2>Q"))
        #expect(files["index.html"]?.contains("<a href=\"quality.html\">Data quality</a>") == true)
        // Hidden times: the day only.
        input.settings.publish = PublishProfile(hide: [.times])
        files = try Self.files(input)
        let hidden = try #require(files["quality.html"])
        #expect(hidden.contains("<td>workout 2026-11-03</td>") && !hidden.contains("18:30") && !hidden.contains("07:00"), "\(hidden)")
    }
}
