import Foundation
import Testing
import WktCore
@testable import WktImport

/// The seed's types (004_…: `BackupData`, `UserProfile`, `WorkoutLog`, `ExerciseSet`, `WorkoutRoutine`,
/// `Exercise`, `UserSettings`), so fixtures are what the app's `JSONEncoder()` writes: `Date` as
/// seconds since 2001-01-01, `UUID` as upper-case text, nil optionals left out.
enum GymBaaziSeed {
    enum WorkoutType: String, Codable { case push = "PUSH", pull = "PULL", legs = "LEGS", rest = "REST" }

    struct UserProfile: Codable {
        var id: UUID
        var name: String
        var age: Int
        var heightCm: Double
        var weightKg: Double
        var createdAt: Date
    }

    struct ExerciseSet: Codable {
        var id: UUID
        var exerciseId: String
        var exerciseName: String
        var setNumber: Int
        var reps: Int
        var weight: Double
        var completed: Bool
    }

    struct WorkoutLog: Codable {
        var id: UUID
        var date: Date
        var type: WorkoutType
        var completed: Bool
        var duration: Int
        var sets: [ExerciseSet]
    }

    struct Exercise: Codable {
        var id: String
        var name: String
        var sets: Int
        var reps: String
        var isCompound: Bool
        var restTime: String
        var restSeconds: Int
        var muscleWikiId: Int?
    }

    struct WorkoutRoutine: Codable {
        var id: String { type.rawValue }
        var type: WorkoutType
        var title: String
        var subtitle: String
        var exercises: [Exercise]
        var warmup: [String]
        var cooldown: [String]
    }

    struct UserSettings: Codable {
        var notificationsEnabled = true
        var restTimerSound = true
        var hapticFeedback = true
        var darkModeOverride: Bool?
    }

    struct BackupData: Codable {
        let userProfile: UserProfile?
        let workoutLogs: [WorkoutLog]
        let customRoutines: [String: WorkoutRoutine]
        let userSettings: UserSettings
        let exportedAt: Date
    }

    /// `00000000-0000-4000-8000-0000000000NN`.
    static func uuid(_ n: UInt8) -> UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n)) }

    static func set(
        _ n: UInt8, _ exercise: String, _ name: String, number: Int, reps: Int, weight: Double, done: Bool = true
    ) -> ExerciseSet {
        ExerciseSet(
            id: uuid(100 + n), exerciseId: exercise, exerciseName: name, setNumber: number, reps: reps, weight: weight,
            completed: done)
    }

    /// Instants from python3 (`datetime` − 2001-01-01 UTC): 2025-03-31 05:00:00Z, 2025-03-30 00:45:30.75Z,
    /// 2025-03-29 17:00:00Z, 2025-03-28 09:00:00Z. Newest first, as the app keeps them.
    static let logs = [
        WorkoutLog(
            id: uuid(2), date: Date(timeIntervalSinceReferenceDate: 765_090_000), type: .legs, completed: true,
            duration: 0, sets: [set(10, "squat", "Back Squat", number: 1, reps: 5, weight: 100)]),
        WorkoutLog(
            id: uuid(1), date: Date(timeIntervalSinceReferenceDate: 764_988_330.75), type: .push, completed: true,
            duration: 3725,
            sets: [
                set(1, "bench", "Bench Press", number: 1, reps: 8, weight: 60),
                set(2, "bench", "Bench Press", number: 2, reps: 6, weight: 62.5),
                set(3, "bench", "Bench Press", number: 3, reps: 0, weight: 62.5, done: false),
                set(4, "dips", "Dips", number: 1, reps: 10, weight: 0),
                set(5, "bench", "Bench Press", number: 1, reps: 5, weight: 50),
                set(6, "bench", "Bench Press", number: 1, reps: 5, weight: 42.1234),
            ]),
        WorkoutLog(
            id: uuid(3), date: Date(timeIntervalSinceReferenceDate: 764_960_400), type: .pull, completed: false,
            duration: 600, sets: [set(20, "row", "Barbell Row", number: 1, reps: 8, weight: 70)]),
        WorkoutLog(
            id: uuid(4), date: Date(timeIntervalSinceReferenceDate: 764_845_200), type: .rest, completed: true,
            duration: 0, sets: []),
    ]

    static let routine = WorkoutRoutine(
        type: .push, title: "Push Day", subtitle: "Chest, shoulders, triceps",
        exercises: [
            Exercise(
                id: "bench", name: "Bench Press", sets: 4, reps: "6-8", isCompound: true, restTime: "2-4 min",
                restSeconds: 180, muscleWikiId: 12),
            Exercise(
                id: "dips", name: "Dips", sets: 3, reps: "8-12", isCompound: false, restTime: "1-2 min",
                restSeconds: 90, muscleWikiId: nil),
        ],
        warmup: ["Arm circles"], cooldown: ["Chest stretch"])

    /// A whole backup as `exportAllData()` writes it.
    static func backup(logs: [WorkoutLog] = logs) throws -> [UInt8] {
        let data = BackupData(
            userProfile: UserProfile(
                id: uuid(99), name: "Asha", age: 29, heightCm: 172, weightKg: 68.5,
                createdAt: Date(timeIntervalSinceReferenceDate: 760_000_000)),
            workoutLogs: logs, customRoutines: ["PUSH": routine], userSettings: UserSettings(),
            exportedAt: Date(timeIntervalSinceReferenceDate: 765_100_000))
        return Array(try JSONEncoder().encode(data))
    }
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
        let batch = try importBackup(try GymBaaziSeed.backup())
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
        let berlin = try importBackup(try GymBaaziSeed.backup(), options: ImportOptions(timeZone: "Europe/Berlin"))
        // python3 zoneinfo: 2025-03-30 01:45:30+01:00 and 2025-03-31 07:00:00+02:00.
        #expect(berlin.workouts.map(\.start) == [wall(2025, 3, 30, 1, 45, 30), wall(2025, 3, 31, 7, 0, 0)])
        #expect(berlin.workouts.map(\.utcOffsetSeconds) == [3600, 7200])
        // 2025-03-31 05:00:00Z is 2025-03-30 22:00:00-07:00; 00:45:30Z is 2025-03-29 17:45:30-07:00.
        let angeles = try importBackup(try GymBaaziSeed.backup(), options: ImportOptions(timeZone: "America/Los_Angeles"))
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
                file: "backup.json", supported: ["strong", "hevy", "fitnotes", "gym-baazi", "wkt", "apple-health"]))
        let forced = error("Date,Exercise\n", options: ImportOptions(format: .gymBaazi))
        #expect(forced == .badData(file: "backup.json", line: nil, message: "$: unexpected 'D' where a value should be"))
        let future = try importBackup(try GymBaaziSeed.backup(), options: ImportOptions(today: CivilDate(year: 2025, month: 3, day: 30)))
        #expect(future.warnings.last == "1 workout starts after today (2025-03-30); imported as written")
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
