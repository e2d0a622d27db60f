import Foundation
import Testing
import WktConfig
import WktCore
@testable import WktApp

/// `[[goals]]` through the commands (docs/statistics.md "Goals"): the exercise is checked once
/// the store is read, by `stats` and `build`; goals reach `stats`, `stats --json` and the site.
@Suite("Goals in commands")
struct GoalCommandTests {
    static let goals = """
        title = "Lifts"

        [[goals]]
        exercise = "bench press (barbell)"
        metric = "heaviest"
        target_kg = 85

        [[goals]]
        exercise = "Front Squat"
        metric = "e1rm"
        target_kg = 100

        """

    func box(config: String) throws -> Sandbox {
        let box = try Sandbox()
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        try box.write("wkt-site.toml", config)
        return box
    }

    @Test("a goal on an exercise not in the history: stats and build fail with 65 naming the config line; no site")
    func unknownExercise() throws {
        let box = try box(config: Self.goals)
        defer { box.remove() }
        let message = "wkt-site.toml:9: key `goals[2].exercise`: goal exercise \"Front Squat\" is not in the history"
        let stats = StatsRunner.run(StatsRequest(today: "2026-11-21"), env: box.env)
        #expect(stats.exitCode == 65)
        #expect(stats.stderr.first?.contains(message) == true, "\(stats.stderr)")
        let build = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(build.exitCode == 65)
        #expect(build.stderr.first?.contains(message) == true, "\(build.stderr)")
        #expect(!box.exists("site/index.html"))
    }

    @Test("known goals: the stats block, stats.json equal to the site's, the dashboard card")
    func shown() throws {
        let box = try box(config: Self.goals.replacingOccurrences(of: "Front Squat", with: "SQUAT (Barbell)"))
        defer { box.remove() }
        let stats = StatsRunner.run(StatsRequest(today: "2026-11-21"), env: box.env)
        #expect(stats.exitCode == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("Goals:\n  Bench Press (Barbell) heaviest: 85 / 85 kg (100 %) · reached 2026-11-05\n"))
        #expect(stats.stdout.contains("  Squat (Barbell) e1RM: 122.5 / 100 kg (100 %) · reached 2026-11-16\n"))
        let json = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        let build = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(build.exitCode == 0, "\(build.stderr)")
        #expect(try box.bytes("site/data/stats.json") == Data(json.stdout.utf8))
        let index = String(decoding: try box.bytes("site/index.html"), as: UTF8.self)
        #expect(index.contains("2 of 2 goals reached."))
    }

    @Test("init's config template, its [[goals]] lines uncommented, is a valid config with that goal")
    func initTemplate() throws {
        let box = try box(config: "")
        defer { box.remove() }
        let uncommented = try PublishBuildTests.initTemplate(in: box, uncommenting: "[goals]")
        #expect(uncommented.contains("\n[[goals]]\nexercise = \"Squat (Barbell)\"\nmetric = \"e1rm\"\ntarget_kg = 140\nby = \"2027-06-01\"\n"))
        let settings = try ConfigLoader.parse(toml: uncommented, file: "wkt-site.toml", defaultTimeZone: "UTC")
        #expect(settings.goals == [Goal(exercise: "Squat (Barbell)", metric: .e1rm, targetKg: 140, by: CivilDate.parse("2027-06-01"),
                                        source: Goal.Source(file: "wkt-site.toml", line: settings.goals.first?.source?.line))])
        try box.write("wkt-site.toml", uncommented)
        let stats = StatsRunner.run(StatsRequest(today: "2026-11-21"), env: box.env)
        #expect(stats.exitCode == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("Squat (Barbell) e1RM: 122.5 / 140 kg (87 %) · no projection: fewer than 4 weeks"))
    }
}
