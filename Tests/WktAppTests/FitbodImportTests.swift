import Foundation
import Testing
import WktCore
import WktStore
@testable import WktApp

/// Fitbod `WorkoutExport.csv` through the store and the site (docs/formats.md §8).
@Suite("Fitbod import, end to end")
struct FitbodImportTests {
    /// Three workouts, newest first, as Fitbod writes them (UTC instants, spaces before numbers).
    static let export = """
        Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier
        2021-01-17 22:14:35 +0000,Back Squat, 4,20.41168092460379,0.0,0.0,0.0,0.0,true,, 1.0
        2021-01-17 22:14:35 +0000,Back Squat, 8,45.35929094356398,0.0,0.0,0.0,0.0,false,, 1.0
        2021-01-17 22:14:35 +0000,Dumbbell Bicep Curl, 8,10.205840462301895,0.0,0.0,0.0,0.0,false,"last set, slow", 2.0
        2021-01-15 00:06:05 +0000,Dumbbell Row, 10,13.607787283069193,0.0,0.0,0.0,0.0,false,, 2.0
        2020-12-07 14:42:34 +0000,Walking, 0,0.0,611.478059053421,927.2343740220953,0.0,0.0,false,, 0.0

        """

    /// A sandbox whose `timezone` is America/New_York, with ``export`` written and imported once.
    static func importedOnce() throws -> (box: Sandbox, file: String) {
        let box = try Sandbox()
        try box.write("wkt-site.toml", "timezone = \"America/New_York\"\n")
        let file = try box.write("WorkoutExport.csv", Self.export)
        let first = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout == "WorkoutExport.csv: fitbod — 3 workouts added, 0 updated, 0 unchanged; 5 sets\n")
        return (box, file)
    }

    @Test("importing the same export twice: the second run adds, updates and changes nothing")
    func importTwice() throws {
        let (box, file) = try Self.importedOnce()
        defer { box.remove() }
        let storePath = box.directory + "/workouts.sqlite"
        let before = try WorkoutStore.open(path: storePath, mode: .readOnly).loadHistory()
        let second = ImportRunner.run(ImportRequest(files: [file], json: true), env: box.env)
        #expect(second.exitCode == 0)
        #expect(second.stdout == """
            {"file": "WorkoutExport.csv", "format": "fitbod", "unit_assumed": null, "workouts_added": 0, \
            "workouts_updated": 0, "workouts_unchanged": 3, "sets": 0, "measurements_added": 0, \
            "measurements_updated": 0, "rows_skipped": 0, "errors": [], "warnings": []}

            """)
        let after = try WorkoutStore.open(path: storePath, mode: .readOnly).loadHistory()
        #expect(after.workouts == before.workouts, "same rows, same ids, same content")
        let stored = after.workouts.map(\.workout)
        #expect(stored.map(\.sourceKey).sorted() == [
            "2020-12-07 14:42:34 +0000", "2021-01-15 00:06:05 +0000", "2021-01-17 22:14:35 +0000",
        ])
        let late = try #require(stored.first { $0.sourceKey == "2021-01-15 00:06:05 +0000" })
        #expect(late.start.description == "2021-01-14 19:06:05")
        #expect(late.utcOffsetSeconds == -18_000)
        #expect(late.allSets == [WorkoutSet(weightKg: 13.608, reps: 10)])
    }

    @Test("a new configured timezone moves the starts on re-import: updated in place, never a second copy")
    func zoneChange() throws {
        let (box, file) = try Self.importedOnce()
        defer { box.remove() }
        try box.write("wkt-site.toml", "timezone = \"Asia/Tokyo\"\n")
        let again = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(again.exitCode == 0)
        #expect(again.stdout == "WorkoutExport.csv: fitbod — 0 workouts added, 3 updated, 0 unchanged; 5 sets\n")
        let stored = try WorkoutStore.open(path: box.directory + "/workouts.sqlite", mode: .readOnly).loadHistory()
        #expect(stored.workouts.count == 3)
        let newest = try #require(stored.workouts.first { $0.workout.sourceKey == "2021-01-17 22:14:35 +0000" })
        #expect(newest.workout.start.description == "2021-01-18 07:14:35")
    }

    @Test("the real excerpt: import → build → a workout page with its exercises, in the configured zone",
          .enabled(if: SharedSamples.available))
    func sampleSite() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("wkt-site.toml", "timezone = \"America/New_York\"\n")
        let sample = SharedSamples.root + "/fitbod/fitbod-2019-21-chrsilvi-excerpt.csv"
        let imported = ImportRunner.run(ImportRequest(files: [sample]), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasSuffix(": fitbod — 23 workouts added, 0 updated, 0 unchanged; 552 sets\n"))
        let built = BuildRunner.run(BuildRequest(today: "2021-01-20"), env: box.env)
        #expect(built.exitCode == 0, "\(built.stderr)")
        // 2021-01-17 22:14:35 UTC is 17:14 in New York.
        let page = String(decoding: try box.bytes("site/workouts/2021-01-17-1714.html"), as: UTF8.self)
        for name in ["Back Squat", "Barbell Decline Bench Press", "Dumbbell Bicep Curl", "Dumbbell Lunge", "Sit Up"] {
            #expect(page.contains(name), "\(name)")
        }
        #expect(page.contains("Fitbod workout"))
        #expect(page.contains("Fitbod"))
        #expect(page.contains("warm-up"))
        // 00:06 UTC on the 15th is the evening of the 14th in New York.
        #expect(box.exists("site/workouts/2021-01-14-1906.html"))
    }
}
