import Foundation
import Testing
import WktCore
import WktTestSupport
@testable import WktApp

/// docs/formats.md §6.3: an import warns about the workouts it adds or changes; what it leaves
/// out is warned about every time.
@Suite("import warnings on re-import (formats.md §6.3)")
struct ImportWarningTests {
    /// A Strong file without a unit (kg assumed) whose weights look like pounds, with an unknown
    /// column, a workout over 6 hours and one after the sandbox's today (2026-11-18).
    static func strong(longReps: String = "5", extraRow: String? = nil) -> String {
        ([
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE,Mood",
            "2026-11-02 07:00:00,Push,48h 40m,Bench Press (Barbell),1,135,\(longReps),0,0,,,,good",
            "2026-11-05 07:00:00,Push,55m,Bench Press (Barbell),1,225,5,0,0,,,,good",
            "2027-03-01 07:00:00,Push,50m,Bench Press (Barbell),1,315,5,0,0,,,,ok",
        ] + (extraRow.map { [$0] } ?? [])).joined(separator: "\n") + "\n"
    }

    /// A sandbox whose store holds ``strong()`` as `a.csv`, and that file's name.
    static func importedOnce() throws -> (Sandbox, String) {
        let box = try Sandbox()
        let file = try box.write("a.csv", strong())
        #expect(ImportRunner.run(ImportRequest(files: [file]), env: box.env).exitCode == 0)
        return (box, file)
    }

    static let unknownColumn = "wkt-site: warning: a.csv: ignored the unknown column \"Mood\""

    @Test("the same file twice: the second run repeats only the warning about data left out, and no unit note")
    func sameFileTwice() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", Self.strong())
        let first = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stderr.contains(Self.unknownColumn))
        #expect(first.stderr.contains { $0.contains("look like pounds") })
        #expect(first.stderr.contains { $0.contains("line 2: workout 2026-11-02 07:00:00 lasts 48h 40m") })
        #expect(first.stderr.contains { $0.contains("line 4: workout 2027-03-01 07:00:00 starts after today (2026-11-18)") })
        #expect(first.stdout.contains("kg assumed"))

        let second = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(second.exitCode == 0)
        #expect(second.stderr == [Self.unknownColumn])
        #expect(second.stdout.hasSuffix(" — 0 workouts added, 0 updated, 3 unchanged; 0 sets\n"), "\(second.stdout)")
    }

    @Test("a workout edited in the app re-warns about that workout alone (and how the file was read)")
    func editedWorkout() throws {
        let (box, file) = try Self.importedOnce()
        defer { box.remove() }
        try box.write("a.csv", Self.strong(longReps: "6"))
        let edited = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(edited.exitCode == 0)
        #expect(edited.stdout.contains("0 workouts added, 1 updated, 2 unchanged"), "\(edited.stdout)")
        #expect(edited.stderr.contains(Self.unknownColumn))
        #expect(edited.stderr.contains { $0.contains("48h 40m") })
        #expect(edited.stderr.contains { $0.contains("look like pounds") })
        #expect(!edited.stderr.contains { $0.contains("after today") }, "\(edited.stderr)")
        #expect(edited.stderr.count == 3, "\(edited.stderr)")
    }

    @Test("a skipped bad row is reported on every import, never silently")
    func skippedRowsEveryTime() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", Self.strong(extraRow: "2026-11-09 07:00:00,Push,50m,Bench Press (Barbell),1,nan,5,0,0,,,,ok"))
        for run in 1...2 {
            let result = ImportRunner.run(ImportRequest(files: [file], skipBadRows: true), env: box.env)
            #expect(result.exitCode == 0, "run \(run): \(result.stderr)")
            #expect(result.stderr.contains { $0.hasPrefix("wkt-site: skipped a.csv:5: Weight") }, "run \(run): \(result.stderr)")
            #expect(result.stderr.contains(Self.unknownColumn), "run \(run)")
            #expect(result.stdout.contains("1 rows skipped"), "run \(run): \(result.stdout)")
            #expect(result.stderr.contains { $0.contains("48h 40m") } == (run == 1), "run \(run): \(result.stderr)")
        }
    }

    @Test("--json carries the same warnings as stderr; a dry run reports what it would add or update")
    func jsonAndDryRun() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", Self.strong())
        let planned = ImportRunner.run(ImportRequest(files: [file], dryRun: true, json: true), env: box.env)
        #expect(planned.stdout.contains("48h 40m") && planned.stdout.contains("after today"), "\(planned.stdout)")
        #expect(ImportRunner.run(ImportRequest(files: [file]), env: box.env).exitCode == 0)
        let again = ImportRunner.run(ImportRequest(files: [file], json: true), env: box.env)
        #expect(again.stdout.contains(#""warnings": ["ignored the unknown column \"Mood\""]}"#), "\(again.stdout)")
        #expect(again.stdout.contains(#""unit_assumed": "kg""#), "the data field stays")

        try box.write("a.csv", Self.strong(longReps: "6"))
        let dry = ImportRunner.run(ImportRequest(files: [file], dryRun: true, json: true), env: box.env)
        #expect(dry.stdout.contains("\"workouts_updated\": 1"))
        #expect(dry.stdout.contains("48h 40m") && !dry.stdout.contains("after today"), "\(dry.stdout)")
        // The dry run wrote nothing, so the real run warns about the same workout.
        let real = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(real.stderr.contains { $0.contains("48h 40m") }, "\(real.stderr)")
    }

    @Test("a run rejected because of another file stored nothing and reports every warning of the good file")
    func rejectedRun() throws {
        let (box, file) = try Self.importedOnce()
        defer { box.remove() }
        let bad = try box.write("bad.csv", "not,a,known,header\n1,2,3,4\n")
        let rejected = ImportRunner.run(ImportRequest(files: [file, bad]), env: box.env)
        #expect(rejected.exitCode == 65)
        #expect(rejected.stderr.contains { $0.contains("48h 40m") }, "\(rejected.stderr)")
    }

    @Test("Apple Health through the child process: per-workout warnings tied to their workouts, body data left out every time",
          .enabled(if: Binary.available))
    func appleHealthChild() throws {
        let dir = try temporaryFolder("warn-e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func export(duration: String) -> String {
            let twin = #" <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-11-17 07:00:00 +0100" endDate="2026-11-17 07:30:00 +0100" totalEnergyBurned="300" totalEnergyBurnedUnit="kcal"/>"#
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <HealthData locale="en_US">
                 <Workout workoutActivityType="HKWorkoutActivityTypeHighIntensityIntervalTraining" duration="\(duration)" durationUnit="min" sourceName="Watch" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:20:00 +0100">
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:20:00 +0100" sum="100" unit="kcal"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:20:00 +0100" sum="120" unit="kcal"/>
                 </Workout>
                \(twin)
                \(twin)
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-11-16 06:00:00 +0100" endDate="2026-11-16 06:00:00 +0100" value="8000"/>
                </HealthData>

                """
        }
        try export(duration: "20").write(toFile: dir + "/export.xml", atomically: true, encoding: .utf8)
        let first = try Binary.run(["import", "export.xml"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("2 workouts added"), "\(first.stdout)")
        #expect(first.stderr.contains("a second ActiveEnergyBurned statistic"), "\(first.stderr)")
        #expect(first.stderr.contains("the same <Workout> as line"))
        #expect(first.stderr.contains("8000"))

        let second = try Binary.run(["import", "export.xml"], in: dir)
        #expect(second.status == 0)
        #expect(second.stdout.contains("0 workouts added, 0 updated, 2 unchanged"), "\(second.stdout)")
        #expect(second.stderr.contains("8000"), "data left out is warned about every time: \(second.stderr)")
        #expect(!second.stderr.contains("ActiveEnergyBurned") && !second.stderr.contains("the same <Workout>"), "\(second.stderr)")

        try export(duration: "21").write(toFile: dir + "/export.xml", atomically: true, encoding: .utf8)
        let edited = try Binary.run(["import", "export.xml", "--json"], in: dir)
        #expect(edited.status == 0)
        #expect(edited.stdout.contains("\"workouts_updated\": 1"), "\(edited.stdout)")
        #expect(edited.stdout.contains("a second ActiveEnergyBurned statistic"), "\(edited.stdout)")
        #expect(!edited.stdout.contains("the same <Workout>"), "\(edited.stdout)")
        #expect(edited.stdout.contains("8000"))
    }
}
