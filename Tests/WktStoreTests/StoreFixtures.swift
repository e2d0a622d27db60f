import Foundation
import WktCore
@testable import WktStore

/// Builders for workouts, batches and temporary store files shared by the store tests.
enum StoreFixtures {
    /// A wall time from its text; the fixtures only use valid literals.
    static func time(_ text: String) -> WallTime {
        guard let time = WallTime.parse(text) else { preconditionFailure("bad fixture time \(text)") }
        return time
    }

    /// A workout using every field: offset, duration, notes, energy, rating, check-ins, a pain flag,
    /// planned sets, a superset, every set kind, timed and distance sets, RPE and set notes. Its
    /// first block names the exercise in NFD (`Cafe\u{301} Curl`), the last in NFC.
    static func richWorkout(key: String = "bf-2026-11-18") -> Workout {
        var workout = Workout(
            source: .wkt, sourceKey: key, start: time("2026-11-18 06:00:00"), utcOffsetSeconds: 3600,
            durationSeconds: 2640, name: "Push Day", notes: "**felt good**\nline two", activity: "strength",
            energyKcal: 320.5, rating: 4,
            checkIns: [CheckIn(name: "knee_pain", value: 1), CheckIn(name: "energy", value: 3)],
            exercises: [
                ExerciseBlock(
                    name: "Curl", notes: "slow eccentric", supersetID: 1, painFlag: true, plannedSets: 4,
                    sets: [
                        WorkoutSet(kind: .warmup, weightKg: 10, reps: 12),
                        WorkoutSet(kind: .normal, weightKg: 22.68, reps: 8, rpe: 8.5, notes: "grindy"),
                        WorkoutSet(kind: .drop, weightKg: 15, reps: 10),
                        WorkoutSet(kind: .failure, weightKg: 15, reps: 0),
                    ]),
                ExerciseBlock(name: "Plank", supersetID: 1, sets: [WorkoutSet(seconds: 60.5)]),
                ExerciseBlock(name: "Rowing Machine", sets: [WorkoutSet(seconds: 600, distanceM: 2000.25)]),
                ExerciseBlock(name: "Caf\u{e9} Curl", sets: [WorkoutSet(weightKg: 12.5, reps: 15)]),
            ])
        // Bypass the initialiser's NFC step, as a careless importer could: the store must normalise.
        workout.exercises[0].name = "Cafe\u{301} Curl"
        return workout
    }

    /// A plain strength workout on day `day` (1-based) of 2024, with `sets` sets of one exercise.
    static func simpleWorkout(day: Int, source: WorkoutSource = .strong, sets: Int = 3, weight: Double = 100) -> Workout {
        let date = CivilDate(dayNumber: CivilDate(year: 2024, month: 1, day: 1).map { $0.dayNumber + day - 1 } ?? 0)
        guard let start = WallTime(date: date, hour: 18, minute: 30) else { preconditionFailure("bad fixture time") }
        return Workout(
            source: source, sourceKey: "\(start)", start: start, durationSeconds: 3600, name: "Day \(day)",
            notes: "note \(day)",
            exercises: [
                ExerciseBlock(
                    name: "Squat", notes: "depth ok",
                    sets: Array(repeating: WorkoutSet(weightKg: weight, reps: 5, rpe: 8), count: sets)),
            ])
    }

    /// A batch of `workouts` from `file`.
    static func batch(
        _ workouts: [Workout], file: String = "strong.csv", format: String = "strong/C",
        carried: CarriedFields = .all, schedule: Schedule? = nil
    ) -> ImportBatch {
        ImportBatch(file: file, format: format, workouts: workouts, carried: carried, schedule: schedule)
    }

    /// A log entry for `batch`, with the SHA-256 of the file name standing in for the file bytes.
    static func log(for batch: ImportBatch, at time: String = "2026-11-21T10:00:00Z") -> ImportLogEntry {
        ImportLogEntry(
            file: batch.file, sha256: SHA256.hex(batch.file), format: batch.format, importedAt: time,
            rowsSkipped: batch.skipped.count)
    }

    /// The pairs `apply` takes, one log entry per batch.
    static func entries(_ batches: ImportBatch...) -> [(batch: ImportBatch, log: ImportLogEntry)] {
        batches.map { (batch: $0, log: log(for: $0)) }
    }
}

/// A temporary folder; call ``remove()`` in a `defer` (it restores permissions first).
struct TempFolder {
    /// The folder's path.
    let path: String

    /// Creates a fresh folder under the system temp directory.
    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/wkt-store-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    /// `name` inside the folder.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The bytes of `name` inside the folder.
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file(name))) }

    /// Runs `body` with a fresh folder and the path of a store file `w.sqlite` inside it (not yet
    /// created), then deletes the folder.
    static func withStore(_ body: (TempFolder, String) throws -> Void) throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try body(folder, folder.file("w.sqlite"))
    }

    /// Deletes the folder and everything in it.
    func remove() {
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs the `sqlite3` command-line shell, when installed (independent of GRDB).
enum SQLiteShell {
    /// The shell's path, nil when it is not installed.
    static let path: String? = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether the shell is available.
    static var available: Bool { path != nil }

    /// Starts `sqlite3 database` reading commands from a pipe.
    static func start(_ database: String) throws -> (process: Process, input: FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/sqlite3")
        process.arguments = [database]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, pipe.fileHandleForWriting)
    }

    /// Runs one command and waits for it; returns the exit status.
    static func run(_ database: String, _ sql: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
