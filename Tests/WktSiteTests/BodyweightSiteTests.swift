import Testing
import WktCore
@testable import WktSite

/// Bodyweight on the site (docs/product.md "Bodyweight, relative strength and DOTS"): the records
/// page's section and chart, `× BW`, DOTS, assisted sets' effective load, and nothing of it on a
/// public site that hides `bodyweight`.
@Suite("Bodyweight on the site")
struct BodyweightSiteTests {
    static func input(body: [BodyMeasurement], configured: Double? = nil, hide: Bool) -> SiteBuildInput {
        var input = SiteFixture.input()
        var workouts = input.history.workouts
        workouts.append(SiteFixture.workout(12, "2026-11-10 07:00:00", "Pull", [
            ExerciseBlock(name: "Pull Up (Assisted)", sets: SiteFixture.sets([(20, 8), (30, 8)])),
        ]))
        input.history = WorkoutHistory(workouts: workouts)
        input.history.body = body
        input.settings.body = BodySettings(bodyweightKg: configured, sex: .male)
        if hide { input.settings.publish = PublishProfile(hide: [.bodyweight]) }
        return input
    }

    static let measured = [
        BodyMeasurement(day: CivilDate(year: 2026, month: 11, day: 1)!, weightKg: 81.3, source: "wkt-json"),
        BodyMeasurement(day: CivilDate(year: 2026, month: 11, day: 15)!, weightKg: 82.7, source: "apple-health"),
    ]

    static func files(_ input: SiteBuildInput) throws -> [String: String] {
        SiteFixture.textFiles(try SiteBuilder.build(input))
    }

    static func around(_ needle: String, in text: String) -> String {
        guard let range = text.range(of: needle) else { return "" }
        let start: String.Index = text.index(range.lowerBound, offsetBy: -120, limitedBy: text.startIndex) ?? text.startIndex
        return String(text[start..<range.upperBound])
    }

    @Test("a private build shows the bodyweight section, chart, × BW, DOTS and effective loads")
    func privateShowsEverything() throws {
        let files = try Self.files(Self.input(body: Self.measured, hide: false))
        let records = try #require(files["records/index.html"])
        #expect(records.contains("id=\"bodyweight\"") && records.contains("82.7 kg") && records.contains("role=\"img\""))
        #expect(records.contains("× BW") && records.contains("DOTS") && records.contains("estimated from e1RM"))
        #expect(records.contains("Bodyweight from 81.3 kg (2026-11-01) to 82.7 kg (2026-11-15), lowest 81.3 kg, highest 82.7 kg"))
        #expect(!records.contains("Bodyweight 81.3 kg on 2026-11-01 to"), "no “best” wording for bodyweight")
        let workout = try #require(files.first { $0.key.hasPrefix("workouts/2026-11-10") }?.value)
        // 81.3 − 20 = 61.3 kg effective load, 61.3 × 8 = 490.4 kg volume (shown whole: 490); the
        // block: 490.4 + 51.3 × 8 = 900.8 kg.
        #expect(workout.contains("−20 assist → 61.3") && workout.contains(">490<") && workout.contains("volume 901 kg"))
        let exercise = try #require(files["exercises/pull-up-assisted.html"])
        #expect(exercise.contains("× BW") && exercise.contains("−30 assist → 51.3"))
        let stats = try #require(files[SitePaths.statsJSON])
        #expect(stats.contains("\"weight_kg\": 82.7") && stats.contains("\"score\": ") && stats.contains("\"e1rm_bw\": 0."))
    }

    @Test("the dashboard's top set of an assisted exercise is the one with the least assistance")
    func dashboardTopSet() throws {
        var input = Self.input(body: Self.measured, hide: false)
        var workouts = input.history.workouts
        workouts.append(SiteFixture.workout(13, "2026-11-21 07:00:00", "Dips", [
            ExerciseBlock(name: "Dip (Assisted)", sets: SiteFixture.sets([(40, 5), (10, 5)])),
        ]))
        let body = input.history.body
        input.history = WorkoutHistory(workouts: workouts)
        input.history.body = body
        let dashboard = try #require(try Self.files(input)["index.html"])
        #expect(dashboard.contains("−10 assist → 72.7 × 5") && !dashboard.contains("−40 assist"))
    }

    @Test("hide = [\"bodyweight\"]: no weight, chart, × BW, DOTS or effective load anywhere; assisted sets count reps only")
    func publicHidesEverything() throws {
        for (body, configured) in [(Self.measured, nil), ([], 79.9)] as [([BodyMeasurement], Double?)] {
            let plain = try Self.files(Self.input(body: body, configured: configured, hide: false))
            let hidden = try Self.files(Self.input(body: body, configured: configured, hide: true))
            for secret in ["82.7 kg", "81.3 kg", "79.9 kg", "× BW", "DOTS", "id=\"bodyweight\"", "assist →", "→ 61.3", "→ 51.3", ">490<"] {
                let leaks = hidden.filter { $0.value.contains(secret) }.map(\.key)
                #expect(leaks.isEmpty, "\(secret) is still in \(leaks): \(leaks.first.flatMap { hidden[$0] }.map { Self.around(secret, in: $0) } ?? "")")
            }
            #expect(plain["records/index.html"]?.contains("× BW") == true)
            let stats = try #require(hidden[SitePaths.statsJSON])
            #expect(stats.contains("\"body\": []") && stats.contains("\"dots\": null") && !stats.contains("\"e1rm_bw\": 0"))
            let workout = try #require(hidden.first { $0.key.hasPrefix("workouts/2026-11-10") }?.value)
            #expect(workout.contains("−20 assist") && workout.contains("16 reps"))
        }
    }
}
