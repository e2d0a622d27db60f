import Foundation
import Testing
import WktCore
@testable import WktImport

/// `Fixtures/gymbaazi/backup.json`: a whole backup as the app's `exportAllData()` writes it with
/// `JSONEncoder()` (004_…: `BackupData` with `userProfile`, `workoutLogs`, `customRoutines`, `userSettings`,
/// `exportedAt`): `Date` as seconds since 2001-01-01, `UUID` as upper-case text, nil optionals left out,
/// keys in the encoder's order, no white space. Ids are `00000000-0000-4000-8000-0000000000NN`.
/// Four logs, newest first as the app keeps them, at instants from python3 (`datetime` − 2001-01-01 UTC):
/// LEGS 2025-03-31 05:00:00Z (one set), PUSH 2025-03-30 00:45:30.75Z (six sets of which one is not
/// completed, 3725 s), PULL 2025-03-29 17:00:00Z (not completed), REST 2025-03-28 09:00:00Z. One custom
/// PUSH routine; the profile's name is `Asha`.
func gymBaaziBackup() throws -> [UInt8] {
    try fixture("gymbaazi/backup.json")
}

@Suite("Gym-Baazi BackupData JSON (docs/formats.md §5)")
struct GymBaaziImporterTests {
    private func importBackup(_ bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportBatch {
        try FileImporter.read(bytes: bytes, file: "backup.json", options: options)
    }

    private func error(_ json: String, options: ImportOptions = ImportOptions()) -> ImportError? {
        do {
            _ = try importBackup(Array(json.utf8), options: options)
            return nil
        } catch {
            return error
        }
    }

    private func message(_ json: String) -> String? { error(json)?.message }

    /// One log with one set; `set` replaces the set's fields after `"exerciseName": "Squat"`.
    private func oneSet(_ fields: String = #""setNumber": 1, "reps": 5, "weight": 100, "completed": true"#) -> String {
        #"{"workoutLogs": [{"id": "00000000-0000-4000-8000-000000000001", "date": 765090000, "type": "LEGS", "#
            + #""completed": true, "duration": 60, "sets": [{"id": "00000000-0000-4000-8000-000000000065", "#
            + #""exerciseId": "squat", "exerciseName": "Squat", "# + fields + "}]}]}"
    }

    @Test("a backup from JSONEncoder: done work only, oldest first, wall time in UTC, the PPL schedule")
    func backupInUTC() throws {
        let batch = try importBackup(try gymBaaziBackup())
        #expect(batch.format == "gym-baazi")
        #expect(batch.file == "backup.json")
        #expect(batch.carried == [.duration])
        #expect(batch.skipped == [])
        #expect(batch.schedule == Schedule(days: [
            .monday: "Legs", .tuesday: "Push", .wednesday: "Pull", .thursday: "Legs", .friday: "Push", .saturday: "Pull",
        ]))
        #expect(batch.workouts.map(\.sourceKey) == [
            "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
        ])
        #expect(batch.workouts.map(\.name) == ["Push", "Legs"])
        #expect(batch.workouts.map(\.source) == [.gymBaazi, .gymBaazi])
        #expect(batch.workouts.map(\.start) == [wall(2025, 3, 30, 0, 45, 30), wall(2025, 3, 31, 5, 0, 0)])
        #expect(batch.workouts.map(\.utcOffsetSeconds) == [0, 0])
        #expect(batch.workouts.map(\.durationSeconds) == [3725, nil])
        let push = try #require(batch.workouts.first)
        #expect(push.exercises.map(\.name) == ["Bench Press", "Dips", "Bench Press", "Bench Press"])
        #expect(push.exercises.map(\.sets) == [
            [WorkoutSet(weightKg: 60, reps: 8), WorkoutSet(weightKg: 62.5, reps: 6)],
            [WorkoutSet(reps: 10)],
            [WorkoutSet(weightKg: 50, reps: 5)],
            [WorkoutSet(weightKg: 42.123, reps: 5)],
        ])
        #expect(batch.workouts.last?.exercises == [ExerciseBlock(name: "Back Squat", sets: [WorkoutSet(weightKg: 100, reps: 5)])])
        #expect(batch.warnings == [
            "left out what is not marked completed (only completed work is imported): 1 workout log, 1 set of completed logs",
            "left out 1 REST log: rest days are not workouts",
        ])
    }

    @Test("instants become wall times in the configured zone, across a DST change and a date line")
    func zones() throws {
        let berlin = try importBackup(try gymBaaziBackup(), options: ImportOptions(timeZone: "Europe/Berlin"))
        // python3 zoneinfo: 2025-03-30 01:45:30+01:00 and 2025-03-31 07:00:00+02:00.
        #expect(berlin.workouts.map(\.start) == [wall(2025, 3, 30, 1, 45, 30), wall(2025, 3, 31, 7, 0, 0)])
        #expect(berlin.workouts.map(\.utcOffsetSeconds) == [3600, 7200])
        // 2025-03-31 05:00:00Z is 2025-03-30 22:00:00-07:00; 00:45:30Z is 2025-03-29 17:45:30-07:00.
        let angeles = try importBackup(try gymBaaziBackup(), options: ImportOptions(timeZone: "America/Los_Angeles"))
        #expect(angeles.workouts.map(\.start) == [wall(2025, 3, 29, 17, 45, 30), wall(2025, 3, 30, 22, 0, 0)])
        #expect(angeles.workouts.map(\.utcOffsetSeconds) == [-25200, -25200])
        #expect(error("{\"workoutLogs\": []}", options: ImportOptions(timeZone: "Mars/Olympus")) == .badData(
            file: "backup.json", line: nil, message: "the time zone 'Mars/Olympus' is not a known IANA zone name"))
    }

    @Test("detection: a JSON object with workoutLogs, even damaged further on; other JSON stays unknown")
    func detection() throws {
        #expect(GymBaaziImporter.matches(bytes: Array("\u{FEFF} \n{\"workoutLogs\": []}".utf8)))
        #expect(GymBaaziImporter.matches(bytes: Array("{\"a\": {\"workoutLogs\": 1}, \"workoutLogs\": [".utf8)))
        #expect(!GymBaaziImporter.matches(bytes: Array("{\"a\": {\"workoutLogs\": 1}}".utf8)))
        #expect(!GymBaaziImporter.matches(bytes: Array("Date,Exercise\n".utf8)))
        #expect(!GymBaaziImporter.matches(bytes: Array("[{\"workoutLogs\": []}]".utf8)))
        let empty = try importBackup(Array("{\"workoutLogs\": []}".utf8))
        #expect(empty.workouts.isEmpty)
        #expect(empty.warnings == [])
        #expect(empty.schedule?.days.count == 6)
        #expect(error("{\"format\": \"other\", \"version\": 1}")
            == .unknownFormat(
                file: "backup.json", supported: ["strong", "hevy", "fitnotes", "fitbod", "stronglifts", "gym-baazi", "wkt", "apple-health"]))
        let forced = error("Date,Exercise\n", options: ImportOptions(format: .gymBaazi))
        #expect(forced == .badData(file: "backup.json", line: nil, message: "$: unexpected 'D' where a value should be"))
        let future = try importBackup(try gymBaaziBackup(), options: ImportOptions(today: CivilDate(year: 2025, month: 3, day: 30)))
        #expect(future.workoutWarnings.count == 1)
        #expect(future.workoutWarnings.last?.message.hasPrefix("$.workoutLogs[") == true)
        #expect(future.workoutWarnings.last?.message.hasSuffix("starts after today (2025-03-30); imported as written") == true)
        #expect(future.workoutWarnings.last?.workout == future.workouts.last.map(WorkoutIdentity.init(of:)))
    }

    @Test("I-28: duplicate and unknown keys, wrong types, lone surrogates, 1e400, deep nesting — errors with the JSON path")
    func strictness() throws {
        let dup = error(#"{"workoutLogs": [], "workoutLogs": []}"#)
        #expect(dup == .badData(
            file: "backup.json", line: nil,
            message: "$.workoutLogs: duplicate key (a JSON reader would silently keep only one of the values)"))
        #expect(dup?.exitCode == 65)
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "reps": 6, "weight": 100, "completed": true"#))
            == "$.workoutLogs[0].sets[0].reps: duplicate key (a JSON reader would silently keep only one of the values)")
        #expect(message(#"{"workoutLogs": [], "customRoutines": {"PUSH": {"a": 1, "a": 2}}}"#)
            == "$.customRoutines.PUSH.a: duplicate key (a JSON reader would silently keep only one of the values)")
        #expect(message(#"{"workoutLogs": [], "version": 2}"#)
            == "$.version: unknown key (known here: customRoutines, exportedAt, userProfile, userSettings, workoutLogs)")
        #expect(message(#"{"workoutLogs": [], "odd key": 2}"#)?.hasPrefix(#"$["odd key"]: unknown key"#) == true)
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "weight": 100, "completed": true, "rpe": 8"#))
            == "$.workoutLogs[0].sets[0].rpe: unknown key (known here: completed, exerciseId, exerciseName, id, reps, "
            + "setNumber, weight)")
        let asString = message(oneSet(#""setNumber": 1, "reps": 5, "weight": "100", "completed": true"#))
        #expect(asString?.hasPrefix("$.workoutLogs[0].sets[0].weight: expected a number (") == true, "\(asString ?? "")")
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "weight": null, "completed": true"#))
            == "$.workoutLogs[0].sets[0].weight: expected a number, found null")
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "weight": 1e400, "completed": true"#))
            == "$.workoutLogs[0].sets[0].weight: the number 1e400 is out of range")
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "weight": 100"#))
            == "$.workoutLogs[0].sets[0].completed: the key is missing")
        #expect(message(#"{"workoutLogs": [], "userProfile": {"name": "\ud800x"}}"#)
            == "$.userProfile.name: lone surrogate \\uD800 in a string (not a character)")
        #expect(message(#"{"workoutLogs": [], "userProfile": {"name": "\udc00"}}"#)
            == "$.userProfile.name: lone surrogate \\uDC00 in a string (not a character)")
        let deep = "{\"workoutLogs\": [], \"customRoutines\": " + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        #expect(message(deep) == "$.customRoutines" + String(repeating: "[0]", count: 63) + ": nested more than 64 levels deep")
        #expect(message(#"{"workoutLogs": []} x"#) == "$: unexpected 'x' after the end of the JSON document")
        #expect(message(#"{"workoutLogs": [{"id": "00000000-0000-4000-8000-00000000"#)
            == "$.workoutLogs[0].id: the document ends inside a string (truncated file?)")
        #expect(message(#"{"workoutLogs": [01]}"#) == "$.workoutLogs[0]: '01' is not a JSON number")
        #expect(message("{\"workoutLogs\": [], \"userProfile\": {\"name\": \"a\tb\"}}")
            == "$.userProfile.name: control character 0x09 inside a string must be escaped")
        #expect(message("{\"workoutLogs\": [], \"userProfile\": \"\u{FC}\"}") == nil)
        let latin1: [UInt8] = Array("{\"workoutLogs\": [], \"userProfile\": \"".utf8) + [0xFC, 0x22, 0x7D]
        let invalid = #expect(throws: ImportError.self) { try importBackup(latin1) }
        #expect(invalid?.message.hasPrefix("$: invalid UTF-8 (byte 0xFC at byte offset 36)") == true)
    }

    @Test("values: UUIDs, log types, negative numbers, dates out of range, duplicate log ids")
    func values() throws {
        let log = #"{"id": "ID", "date": DATE, "type": "TYPE", "completed": true, "duration": DURATION, "sets": []}"#
        func logs(_ entries: [(id: String, date: String, type: String, duration: String)]) -> String {
            let items = entries.map { entry in
                log.replacingOccurrences(of: "ID", with: entry.id).replacingOccurrences(of: "DATE", with: entry.date)
                    .replacingOccurrences(of: "TYPE", with: entry.type).replacingOccurrences(of: "DURATION", with: entry.duration)
            }
            return "{\"workoutLogs\": [" + items.joined(separator: ", ") + "]}"
        }
        let id1 = "00000000-0000-4000-8000-000000000001"
        #expect(message(logs([("abc", "0", "PUSH", "0")])) == "$.workoutLogs[0].id: 'abc' is not a UUID")
        #expect(message(logs([(id1, "0", "CARDIO", "0")])) == "$.workoutLogs[0].type: 'CARDIO' is not PUSH, PULL, LEGS or REST")
        #expect(message(logs([(id1, "0", "PUSH", "-5")])) == "$.workoutLogs[0].duration: -5 is negative")
        #expect(message(logs([(id1, "1000000000000", "PUSH", "0")]))
            == "$.workoutLogs[0].date: 1000000000000 seconds after 2001-01-01 is outside the years 1970–9999")
        #expect(message(logs([(id1, "0", "PUSH", "0"), (id1.lowercased(), "86400", "PULL", "0")]))
            == "$.workoutLogs[1].id: 00000000-0000-4000-8000-000000000001 is also the id of $.workoutLogs[0]")
        #expect(message(oneSet(#""setNumber": 1, "reps": -1, "weight": 100, "completed": true"#))
            == "$.workoutLogs[0].sets[0].reps: -1 is negative")
        #expect(message(oneSet(#""setNumber": 1, "reps": 5, "weight": 2.5e1, "completed": true"#)) == nil)
        #expect(message(oneSet(#""setNumber": 1.5, "reps": 5, "weight": 100, "completed": true"#))
            == "$.workoutLogs[0].sets[0].setNumber: 1.5 is not a whole number")
        #expect(message(logs([(id1, "0", "PUSH", "60.5")])) == "$.workoutLogs[0].duration: 60.5 is not a whole number")
        #expect(message(#"{"workoutLogs": {}}"#)?.hasPrefix("$.workoutLogs: expected an array (") == true)
        // Reference date 0 is 2001-01-01 00:00:00 UTC, a Monday; a set written with a lower-case id is accepted.
        let batch = try importBackup(Array(logs([(id1.lowercased(), "0", "PUSH", "0")]).utf8))
        #expect(batch.workouts.map(\.sourceKey) == [id1])
        #expect(batch.workouts.first?.start == wall(2001, 1, 1, 0, 0, 0))
        #expect(batch.workouts.first?.exercises == [])
    }
}

