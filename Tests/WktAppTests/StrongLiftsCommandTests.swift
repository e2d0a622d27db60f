import Foundation
import Testing
import WktCore
import WktStore
@testable import WktApp

@Suite("wkt-site import and build with StrongLifts 5×5 exports")
struct StrongLiftsCommandTests {
    /// Two workouts on one day and one on the next, written by hand in the current layout.
    static let export = "\u{FEFF}"
        + """
        Date (yyyy/mm/dd),Workout,Workout Name,Program Name,Body Weight (KG),Exercise,Sets×Reps,Sets×Time,Top Set (Reps×KG),e1RM (KG),Reps,Volume (KG),Workout Volume (KG),Duration (hours),Start Time (h:mm),End Time (h:mm),Notes,Set 1 (Reps),Set 1 (KG),Set 2 (Reps),Set 2 (KG)
        2026/11/02,1,"Workout A","Stronglifts 5×5",80,"Squat",5/5,,5×100,116.7,10,1000,1500,0.75,7:00 AM,7:45 AM,"",5,100,5,100
        2026/11/02,1,"Workout A","Stronglifts 5×5",80,"Bench Press",5/-,,5×100,116.7,5,500,1500,0.75,7:00 AM,7:45 AM,"",5,100,0,100
        2026/11/02,2,"Workout B","Stronglifts 5×5",80,"Overhead Press",5/5,,5×40,46.7,10,400,400,0.25,6:30 PM,6:45 PM,"short one",5,40,5,40
        2026/11/04,3,"Workout A","Stronglifts 5×5",80.5,"Squat",5/5,,5×102.5,119.6,10,1025,1025,,7:00 AM,7:40 AM,"",5,102.5,5,102.5

        """

    @Test("importing a StrongLifts export twice: the second run finds every workout unchanged")
    func reimport() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("stronglifts.csv", Self.export)
        let first = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout == "stronglifts.csv: stronglifts/kg — 3 workouts added, 0 updated, 0 unchanged; 7 sets; "
            + "2 bodyweight measurements added\n")
        #expect(!first.stderr.contains { $0.contains("body weight") })
        let storePath = box.directory + "/workouts.sqlite"
        let before = try WorkoutStore.open(path: storePath, mode: .readOnly).loadHistory()
        #expect(before.workouts.map(\.workout.sourceKey) == ["2026/11/02#1", "2026/11/02#2", "2026/11/04#3"])
        #expect(before.workouts.map(\.workout.source) == [.stronglifts, .stronglifts, .stronglifts])
        #expect(before.workouts[1].workout.notes == "Program: Stronglifts 5×5\n\nshort one")
        let second = ImportRunner.run(ImportRequest(files: [file], json: true), env: box.env)
        #expect(second.exitCode == 0)
        #expect(second.stdout == """
            {"file": "stronglifts.csv", "format": "stronglifts/kg", "unit_assumed": null, "workouts_added": 0, \
            "workouts_updated": 0, "workouts_unchanged": 3, "sets": 0, "measurements_added": 0, \
            "measurements_updated": 0, "rows_skipped": 0, "errors": [], \
            "warnings": []}

            """)
        let store = try WorkoutStore.open(path: storePath, mode: .readOnly)
        #expect(try store.loadHistory().workouts == before.workouts, "same rows, same ids, same content")
        #expect(try store.importLog().count == 2)
    }

    @Test("--format stronglifts forces the importer; a bad row names the file and line, --skip-bad-rows skips it")
    func forcedAndBadRows() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let bad = """
            Date (yyyy/mm/dd),Workout,Exercise,SetsxReps,Set 1 (Reps),Set 1 (KG),Set 2 (Reps),Set 2 (KG),Set 3 (Reps),Set 3 (KG)
            2026/11/02,1,Squat,5/5,5,100,5,100,,
            2026/11/02,1,Overhead Press,5/5,5,40,,,5,40
            2026/11/04,2,Squat,5/5,5,102.5,5,102.5,,

            """
        let file = try box.write("sl.csv", bad)
        let strict = ImportRunner.run(ImportRequest(files: [file], format: .stronglifts), env: box.env)
        #expect(strict.exitCode == 65)
        #expect(strict.stderr.first?.hasPrefix("wkt-site: sl.csv:3: Set 3 (Reps) '5' and Set 3 (KG) '40' follow the "
            + "empty Set 2 (Reps) pair") == true, "\(strict.stderr)")
        #expect(!box.exists("workouts.sqlite"))
        let skipping = ImportRunner.run(ImportRequest(files: [file], skipBadRows: true), env: box.env)
        #expect(skipping.exitCode == 0, "\(skipping.stderr)")
        #expect(skipping.stdout.contains("sl.csv: stronglifts/kg — 2 workouts added"), "\(skipping.stdout)")
        #expect(skipping.stderr.contains { $0.hasPrefix("wkt-site: skipped sl.csv:3: ") })
    }

    @Test("end to end: the real kg export imports and builds; its workout pages show Overhead Press and StrongLifts",
          .enabled(if: SharedSamples.available))
    func endToEnd() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let sample = SharedSamples.root + "/stronglifts/stronglifts-export-kg.csv"
        let imported = ImportRunner.run(ImportRequest(files: [sample]), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasSuffix(
            "stronglifts/kg — 5 workouts added, 0 updated, 0 unchanged; 52 sets; 2 bodyweight measurements added\n"))
        let built = BuildRunner.run(BuildRequest(today: "2026-08-20"), env: box.env)
        #expect(built.exitCode == 0, "\(built.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: box.directory + "/site/workouts")
            .filter { $0.hasPrefix("2026-08-") }.sorted()
        #expect(pages.count == 5, "\(pages)")
        let texts = try pages.map { String(decoding: try box.bytes("site/workouts/" + $0), as: UTF8.self) }
        let withPress = texts.filter { $0.contains("Overhead Press") }
        #expect(withPress.count == 2, "workouts B of 2026/08/11 and 2026/08/13")
        #expect(withPress.allSatisfy { $0.contains("StrongLifts") })
        #expect(texts.contains { $0.contains("Program: Stronglifts 5×5") })
        #expect(box.exists("site/exercises/overhead-press.html"))
    }
}
