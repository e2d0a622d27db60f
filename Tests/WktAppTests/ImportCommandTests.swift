import Foundation
import Testing
import WktCore
import WktStore
@testable import WktApp

@Suite("wkt-site import")
struct ImportCommandTests {
    @Test("importing, then importing again, adds nothing the second time (I-14)")
    func reimport() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("strong.csv", SameHistory.strongComma)
        let first = ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env)
        #expect(first.exitCode == 0)
        #expect(first.stdout == "strong.csv: strong/A — 3 workouts added, 0 updated, 0 unchanged; 9 sets\n")
        let storePath = box.directory + "/workouts.sqlite"
        let before = try WorkoutStore.open(path: storePath, mode: .readOnly).loadHistory()
        let second = ImportRunner.run(ImportRequest(files: [file], unit: .kg, json: true), env: box.env)
        #expect(second.exitCode == 0)
        #expect(second.stdout == """
            {"file": "strong.csv", "format": "strong/A", "unit_assumed": null, "workouts_added": 0, \
            "workouts_updated": 0, "workouts_unchanged": 3, "sets": 0, "measurements_added": 0, \
            "measurements_updated": 0, "rows_skipped": 0, "errors": [], "warnings": []}

            """)
        let store = try WorkoutStore.open(path: storePath, mode: .readOnly)
        let after = try store.loadHistory()
        #expect(after.workouts.count == 3)
        #expect(after.workouts == before.workouts, "same rows, same ids, same content")
        #expect(try store.importLog().count == 2)
    }

    @Test("re-importing after the process TZ or the configured timezone changed adds nothing (I-15)")
    func zoneChange() throws {
        var box = try Sandbox()
        defer { box.remove() }
        let strong = try box.write("strong.csv", SameHistory.strongComma)
        let hevy = try box.write("workout_data.csv", SameHistory.hevy)
        #expect(ImportRunner.run(ImportRequest(files: [strong, hevy], unit: .kg), env: box.env).exitCode == 0)
        box.variables["TZ"] = "Pacific/Kiritimati"
        try box.write("wkt-site.toml", "timezone = \"America/Sao_Paulo\"\n")
        let again = ImportRunner.run(ImportRequest(files: [strong, hevy], unit: .kg, json: true), env: box.env)
        #expect(again.exitCode == 0)
        #expect(again.stdout.components(separatedBy: "\"workouts_added\": 0,").count == 3, "\(again.stdout)")
        #expect(again.stdout.components(separatedBy: "\"workouts_updated\": 0,").count == 3)
    }

    @Test("a unit-less Strong file says kg was assumed, in words and in JSON")
    func unitAssumed() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        let human = ImportRunner.run(ImportRequest(files: [file], dryRun: true), env: box.env)
        #expect(human.exitCode == 0)
        #expect(human.stdout.contains("3 workouts would add"))
        #expect(human.stdout.contains("kg assumed (use --unit lb if wrong)"))
        #expect(!box.exists("workouts.sqlite"), "a dry run into a new store creates no file")
        let json = ImportRunner.run(ImportRequest(files: [file], json: true), env: box.env)
        #expect(json.stdout.contains("\"unit_assumed\": \"kg\""))
    }

    @Test("one bad file rejects the whole run and leaves the store unchanged")
    func allOrNothing() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let good = try box.write("good.csv", SameHistory.strongSemicolon)
        let bad = try box.write("bad.csv", """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "Legs","16 Nov 2026, 18:30","16 Nov 2026, 19:40","","Squat (Barbell)",,"",0,"normal",100,5,,,
            "Legs","16 Nov 2026, 18:30","16 Nov 2026, 19:40","","Squat (Barbell)",,"",1,"normal",nan,5,,,

            """)
        let result = ImportRunner.run(ImportRequest(files: [good, bad], json: true), env: box.env)
        #expect(result.exitCode == 65)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("{\"file\": \"bad.csv\", \"format\": \"hevy\", \"unit_assumed\": null, \"workouts_added\": 0"))
        #expect(lines[1].contains("\"errors\": [{\"line\": 3, \"message\": "))
        #expect(result.stderr.contains { $0.hasPrefix("wkt-site: bad.csv:3: ") })
        #expect(!box.exists("workouts.sqlite"))

        let skipped = ImportRunner.run(ImportRequest(files: [good, bad], skipBadRows: true), env: box.env)
        #expect(skipped.exitCode == 0)
        #expect(skipped.stdout.contains("bad.csv: hevy/kg-km — 1 workouts added"))
        #expect(skipped.stderr.contains { $0.hasPrefix("wkt-site: skipped bad.csv:3: ") })
    }

    @Test("missing files are I/O errors (74); unknown formats list the supported ones (65)")
    func missingAndUnknown() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let missing = ImportRunner.run(ImportRequest(files: ["nope.csv"]), env: box.env)
        #expect(missing.exitCode == 74)
        #expect(missing.stderr.first?.contains("nope.csv") == true)
        let odd = try box.write("odd.csv", "a,b,c\n1,2,3\n")
        let unknown = ImportRunner.run(ImportRequest(files: [odd]), env: box.env)
        #expect(unknown.exitCode == 65)
        #expect(unknown.stderr.first?.contains("strong") == true)
        #expect(unknown.stderr.first?.contains("hevy") == true)
    }

    @Test("a file above the size cap is refused with exit 65 and nothing imported (I-20)")
    func sizeCap() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path = box.directory + "/huge.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("Date,Exercise Name\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 65 << 20)  // sparse: 65 MiB on paper, nothing on disk
        try handle.close()
        let result = ImportRunner.run(ImportRequest(files: ["huge.csv"]), env: box.env)
        #expect(result.exitCode == 65)
        #expect(result.stdout.contains("the limit is"), "\(result.stdout)")
        #expect(!box.exists("workouts.sqlite"))
    }

    @Test("a second run while the lock is held exits 75 (busy)")
    func busy() throws {
        let box = try Sandbox(variables: ["WKT_LOCK_WAIT": "0.2"])
        defer { box.remove() }
        let file = try box.write("strong.csv", SameHistory.strongComma)
        let held = try HeldLock.acquire(storePath: box.directory + "/workouts.sqlite", env: box.env)
        let result = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(result.exitCode == 75)
        held.release()
        #expect(ImportRunner.run(ImportRequest(files: [file]), env: box.env).exitCode == 0)
    }

    @Test("the store comes from --store, else WKT_STORE, else ./workouts.sqlite")
    func storeResolution() throws {
        let box = try Sandbox(variables: ["WKT_STORE": "env.sqlite"])
        defer { box.remove() }
        #expect(box.env.storePath(option: nil) == box.directory + "/env.sqlite")
        #expect(box.env.storePath(option: "/x/y.sqlite") == "/x/y.sqlite")
        var plain = box
        plain.variables["WKT_STORE"] = nil
        #expect(plain.env.storePath(option: nil) == box.directory + "/workouts.sqlite")
    }
}
