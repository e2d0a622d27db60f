import Foundation
import Testing
import WktCore
import WktStore
@testable import WktApp

@Suite("wkt-site export and the JSON/XML formats")
struct ExportAndFormatsTests {
    static let wktDocument = """
        {
          "format": "wkt", "version": 1,
          "schedule": {"monday": "Push", "wednesday": "Pull", "friday": "Legs"},
          "workouts": [{
            "id": "fit-2026-11-18",
            "start": "2026-11-18T06:00:00+01:00",
            "duration_s": 2640, "name": "Push Day", "notes": "**felt strong**",
            "activity": "strength", "energy_kcal": 320,
            "rating": 4, "check_in": {"energy": 3, "knee_pain": 1},
            "exercises": [{
              "name": "Bench Press (Barbell)", "notes": "", "pain_flag": true,
              "planned_sets": 4,
              "sets": [{"kind": "warmup", "weight_kg": 40, "reps": 10, "seconds": null, "distance_m": null, "rpe": null},
                       {"kind": "normal", "weight_kg": 100, "reps": 5, "seconds": null, "distance_m": null, "rpe": 8}]
            }]
          }, {
            "id": "run-1", "start": "2026-11-19T18:00:00", "duration_s": 1800, "name": "Evening run",
            "activity": "running", "energy_kcal": 250.5
          }]
        }

        """

    @Test("export → import into an empty store → export gives identical bytes; re-import changes nothing")
    func roundTrip() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let strong = try box.write("strong.csv", SameHistory.strongComma)
        let wkt = try box.write("seed.json", Self.wktDocument)
        let imported = ImportRunner.run(ImportRequest(files: [strong, wkt], unit: .kg), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("seed.json: wkt/1 — 2 workouts added"))

        let first = ExportRunner.run(ExportRequest(), env: box.env)
        #expect(first.exitCode == 0)
        #expect(first.stdout.contains("\"id\": \"strong:2026-11-02 07:00:00\""))
        #expect(first.stdout.contains("\"id\": \"fit-2026-11-18\""))
        #expect(first.stdout.contains("\"knee_pain\": 1"))
        #expect(first.stdout.contains("\"pain_flag\": true"))
        #expect(first.stdout.contains("\"friday\": \"Legs\""))

        let file = try box.write("export.json", first.stdout)
        let again = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(again.stdout.contains("0 workouts added, 0 updated, 5 unchanged"), "\(again.stdout)")

        let other = try Sandbox()
        defer { other.remove() }
        try other.write("export.json", first.stdout)
        #expect(ImportRunner.run(ImportRequest(files: ["export.json"]), env: other.env).exitCode == 0)
        let second = ExportRunner.run(ExportRequest(output: "again.json"), env: other.env)
        #expect(second.exitCode == 0)
        #expect(String(decoding: try other.bytes("again.json"), as: UTF8.self) == first.stdout)
    }

    @Test("the stored schedule from a wkt file drives planned days unless wkt-site.toml has one")
    func scheduleFromFile() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let wkt = try box.write("seed.json", Self.wktDocument)
        #expect(ImportRunner.run(ImportRequest(files: [wkt]), env: box.env).exitCode == 0)
        // 2026-11-16 is a Monday; Wednesday 18 was done, Friday 20 is still ahead on Thursday 19.
        let stats = StatsRunner.run(StatsRequest(today: "2026-11-19"), env: box.env)
        #expect(stats.stdout.contains("Mon ✗"), "\(stats.stdout)")
        #expect(stats.stdout.contains("Wed ✓"))
        #expect(stats.stdout.contains("Fri ○"))
        try box.write("wkt-site.toml", "[schedule]\ntuesday = \"Run\"\n")
        let overridden = StatsRunner.run(StatsRequest(today: "2026-11-19"), env: box.env)
        #expect(overridden.stdout.contains("Mon ·"), "\(overridden.stdout)")
        #expect(overridden.stdout.contains("Tue ✗"))
        #expect(overridden.stdout.contains("Fri ·"))
    }

    @Test("a wkt file with an unknown key names its JSON path (I-28)")
    func strictJSON() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let bad = try box.write("bad.json", """
            {"format": "wkt", "version": 1, "workouts": [{"id": "a", "start": "2026-11-18T06:00:00", "name": "x", "colour": "red"}]}
            """)
        let result = ImportRunner.run(ImportRequest(files: [bad]), env: box.env)
        #expect(result.exitCode == 65)
        #expect(result.stderr.first?.contains("$.workouts[0].colour") == true, "\(result.stderr)")
    }

    @Test("an Apple Health export.xml is detected and imported; a truncated one is rejected (I-24)")
    func appleHealth() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ATTLIST Workout startDate CDATA #REQUIRED>
            ]>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" value="10"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-06-02 23:30:00 -0400" endDate="2024-06-03 00:00:00 -0400" totalEnergyBurned="250" totalEnergyBurnedUnit="kcal"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min" sourceName="Watch" startDate="2024-06-04 07:00:00 +0200" endDate="2024-06-04 07:45:00 +0200"/>
            </HealthData>

            """
        let file = try box.write("export.xml", xml)
        let result = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 workouts added"))
        let history = try WorkoutStore.open(path: box.directory + "/workouts.sqlite", mode: .readOnly).loadHistory()
        #expect(history.workouts.map(\.workout.source) == [.appleHealth, .appleHealth])
        #expect(history.workouts[0].workout.start.description == "2024-06-02 23:30:00")  // T-01: Sunday, local
        #expect(history.workouts[0].workout.utcOffsetSeconds == -4 * 3600)
        #expect(history.workouts[1].workout.activity == "strength")
        let again = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(again.stdout.contains("0 workouts added, 0 updated, 2 unchanged"))

        let cut = try box.write("cut.xml", String(xml.prefix(xml.count - 60)))
        let truncated = ImportRunner.run(ImportRequest(files: [cut]), env: box.env)
        #expect(truncated.exitCode == 65)
        #expect(truncated.stderr.first?.contains("cut.xml") == true)
    }

    @Test("a Strong workout synced to Apple Health counts once; a Health-only workout still counts; bodyweight stays")
    func syncedCopy() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let strong = try box.write("strong.csv", SameHistory.strongComma)
        let xml = try box.write("export.xml", """
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="kg" startDate="2026-11-02 06:30:00 +0100" endDate="2026-11-02 06:30:00 +0100" value="81.5"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" durationUnit="min" sourceName="Strong" startDate="2026-11-02 07:00:30 +0100" endDate="2026-11-02 08:00:30 +0100"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2026-11-03 18:00:00 +0100" endDate="2026-11-03 18:30:00 +0100"/>
            </HealthData>

            """)
        #expect(ImportRunner.run(ImportRequest(files: [strong, xml], unit: .kg), env: box.env).exitCode == 0)
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        // 3 Strong workouts + the run; the synced copy counts once (week 2026-W45: 2 + the run).
        #expect(stats.stdout.contains("\"totals\": {\n    \"workouts\": 4,"), "\(stats.stdout.prefix(300))")
        #expect(stats.stdout.contains("\"label\": \"2026-W45\",\n      \"workouts\": 3,"))
        #expect(stats.stderr.contains { $0.contains("1 Apple Health workouts overlap") })
        // Leaving the copy out once dropped every bodyweight measurement with it.
        #expect(stats.stdout.contains("\"body\": [\n    {\n      \"day\": \"2026-11-02\",\n      \"weight_kg\": 81.5"), "\(stats.stdout)")
    }
}
