import Foundation
import WktCore

/// Reads Gym-Baazi `BackupData` JSON backups (`exportAllData`, docs/formats.md §5) into an
/// ``ImportBatch``.
///
/// A backup is `JSONEncoder()` output with default strategies of the seed's types:
/// `{userProfile?, workoutLogs, customRoutines, userSettings, exportedAt}`, a `WorkoutLog` being
/// `{id, date, type, completed, duration, sets}` and an `ExerciseSet`
/// `{id, exerciseId, exerciseName, setNumber, reps, weight, completed}`.
///
/// * Strictness: the document is first checked by ``JSONDocumentCheck`` (duplicate keys, keys the
///   seed's types do not have, syntax, nesting), then decoded by `JSONDecoder` into private mirror
///   types (a weight written as a string is a type error). Every error is
///   ``ImportError/badData(file:line:message:)`` with no line and the JSON path in the message
///   (`$.workoutLogs[3].sets[0].weight: …`). `customRoutines` and `userSettings` are not
///   imported (the routines are templates, not work done); only their syntax and duplicate keys
///   are checked. Only `workoutLogs` is required.
/// * Bodyweight: `userProfile.weightKg` (a number, kg) above 0 is a bodyweight measurement on the
///   local day of `exportedAt` (seconds since 2001-01-01, in ``ImportOptions/timeZone``), source
///   `gym-baazi`: the weight the profile held when the backup was made. 0 is "not set". Without
///   `exportedAt` the weight has no day and is a warning, as is an implausible weight
///   (``BodyLog``); the rest of `userProfile` (name, age, height) is not read.
/// * Values: every log and set is validated, imported or not: `id` a UUID (unique among logs),
///   `type` `PUSH`/`PULL`/`LEGS`/`REST`, `duration`, `setNumber` and `reps` whole numbers ≥ 0,
///   `weight` (kg) ≥ 0, `exerciseName` not empty, `date` within the years 1970–9999.
/// * Time: `date` is seconds since 2001-01-01T00:00:00Z; the workout starts at its wall time in
///   ``ImportOptions/timeZone`` (fractions of a second dropped), and ``Workout/utcOffsetSeconds``
///   is that zone's offset at the instant, so the instant is kept exactly. The app stamps `date`
///   when the workout is completed; it is used as the start anyway, so the training day is the
///   day the app itself files the log under (one log per calendar day).
/// * Done work: only logs with `completed` true are workouts, and only their sets with
///   `completed` true are sets (docs/formats.md §5: "only completed sets of completed logs are done work").
///   `REST` logs are rest days, not workouts. What is left out is counted in the warnings.
/// * A workout is keyed by `WorkoutLog.id` (§6, upper-case UUID text) and named `Push`, `Pull` or
///   `Legs`; `duration` (0 is none) is its duration. Its blocks are contiguous runs of one
///   `exerciseId` and `exerciseName` whose `setNumber` grows; a `setNumber` that does not grow
///   starts a new block. Sets keep array order; weight 0 is bodyweight (nil), reps 0 none (nil).
/// * The batch is sorted oldest first (the app writes newest first) and carries the app's fixed
///   schedule (`WorkoutScheduler`): Monday and Thursday Legs, Tuesday and Friday Push, Wednesday
///   and Saturday Pull, Sunday rest.
enum GymBaaziImporter {
    /// The `WorkoutScheduler` plan.
    static let schedule = Schedule(days: [
        .monday: "Legs", .tuesday: "Push", .wednesday: "Pull", .thursday: "Legs", .friday: "Push", .saturday: "Pull",
    ])

    /// The keys of the seed's types, for the unknown-key check.
    static let shape: JSONShape = .object([
        "userProfile": .any, "customRoutines": .any, "userSettings": .any, "exportedAt": .any,
        "workoutLogs": .array(.object([
            "id": .any, "date": .any, "type": .any, "completed": .any, "duration": .any,
            "sets": .array(.object([
                "id": .any, "exerciseId": .any, "exerciseName": .any, "setNumber": .any, "reps": .any,
                "weight": .any, "completed": .any,
            ])),
        ])),
    ])

    /// Whether the bytes are a JSON object whose top level has a `workoutLogs` key.
    static func matches(bytes: [UInt8]) -> Bool {
        JSONDocumentCheck.topLevelKeys(bytes).contains("workoutLogs")
    }

    /// Imports a backup.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the path to name in messages.
    ///   - options: the time zone and today.
    /// - Throws: ``ImportError/badData(file:line:message:)`` (exit 65) naming the JSON path.
    static func read(bytes: [UInt8], file: String, options: ImportOptions) throws(ImportError) -> ImportBatch {
        func fail(_ message: String) -> ImportError { .badData(file: file, line: nil, message: message) }
        guard let zone = ReferenceDateTime.zone(named: options.timeZone) else {
            throw fail("the time zone '\(options.timeZone)' is not a known IANA zone name")
        }
        do {
            try JSONDocumentCheck.check(bytes, shape: shape)
        } catch {
            throw fail(error.text)
        }
        let backup: BackupMirror
        do {
            backup = try JSONDecoder().decode(BackupMirror.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw fail(describe(error))
        } catch {
            throw fail("$: not a Gym-Baazi backup: \(error)")
        }
        var logs = LogFolder(zone: zone)
        do {
            for (index, log) in backup.workoutLogs.enumerated() { try logs.add(log, index: index) }
        } catch {
            throw fail(error.text)
        }
        var batch = logs.batch(file: file, today: options.today)
        var body = BodyLog(source: .gymBaazi)
        if let kg = backup.userProfile?.weightKg, kg != 0 {
            let place = "\(file): $.userProfile.weightKg"
            if let exported = backup.exportedAt {
                guard let day = ReferenceDateTime.wallTime(referenceSeconds: exported, in: zone)?.time.date else {
                    throw fail("$.exportedAt: \(NumberText.plain(exported)) seconds after 2001-01-01 is outside the years 1970–9999")
                }
                body.add(day: day, kg: kg, place: place)
            } else {
                batch.warnings.append("\(place): body weight \(NumberText.plain(kg)) kg has no day (no exportedAt); not imported")
            }
        }
        batch.body = body.perDay
        batch.warnings += body.warnings
        return batch
    }

    /// A `DecodingError` as `PATH: MESSAGE`.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return JSONPath(codingPath: context.codingPath).description + ": expected \(kind(type)) ("
                + context.debugDescription + ")"
        case .valueNotFound(let type, let context):
            return JSONPath(codingPath: context.codingPath).description + ": expected \(kind(type)), found null"
        case .keyNotFound(let key, let context):
            return JSONPath(codingPath: context.codingPath + [key]).description + ": the key is missing"
        case .dataCorrupted(let context):
            return JSONPath(codingPath: context.codingPath).description + ": " + context.debugDescription
                + (context.underlyingError.map { " (\($0))" } ?? "")
        @unknown default:
            return "$: \(error)"
        }
    }

    /// `a number`, `a string`, … for the mirror types.
    private static func kind(_ type: Any.Type) -> String {
        if type == Double.self { return "a number" }
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == [Any].self { return "an array" }
        if type == [String: Any].self { return "an object" }
        return "another kind of value"
    }
}

/// `BackupData`, the parts read.
private struct BackupMirror: Decodable {
    let workoutLogs: [LogMirror]
    let userProfile: ProfileMirror?
    let exportedAt: Double?
}

/// `UserProfile`, the part read: the weight in kg. A profile that is not an object has no
/// weight (the rest of the profile was never read, so it is not checked now either); a weight
/// that is not a number is an error.
private struct ProfileMirror: Decodable {
    let weightKg: Double?

    private enum Keys: String, CodingKey { case weightKg }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            weightKg = nil
            return
        }
        weightKg = try container.decodeIfPresent(Double.self, forKey: .weightKg)
    }
}

/// `WorkoutLog`. Whole numbers are decoded as `Double` and checked here, because `JSONDecoder`
/// reports `60.5` for an `Int` without its coding path.
private struct LogMirror: Decodable {
    let id: String
    let date: Double
    let type: String
    let completed: Bool
    let duration: Double
    let sets: [SetMirror]
}

/// `ExerciseSet`.
private struct SetMirror: Decodable {
    let id: String
    let exerciseId: String
    let exerciseName: String
    let setNumber: Double
    let reps: Double
    let weight: Double
    let completed: Bool
}

/// A set after its checks.
private struct CheckedSet {
    let exerciseId: String
    let exerciseName: String
    let setNumber: Int
    let set: WorkoutSet
}

/// A number of a `Double` mirror field that the seed declares `Int`: whole and not negative.
private func wholeNumber(_ value: Double, at path: String) throws(JSONProblem) -> Int {
    guard value >= 0 else { throw JSONProblem(path: path, message: "\(NumberText.plain(value)) is negative") }
    guard value == value.rounded(.towardZero), value < 1e12 else {
        throw JSONProblem(path: path, message: "\(NumberText.plain(value)) is not a whole number")
    }
    return Int(value)
}

/// Validates logs and folds the done ones into workouts.
private struct LogFolder {
    let zone: TimeZone
    var workouts: [(workout: Workout, path: String)] = []
    var indexOfID: [String: Int] = [:]
    var openLogs = 0
    var restLogs = 0
    var openSets = 0

    /// The workout names of the trained `WorkoutType`s.
    static let names = ["PUSH": "Push", "PULL": "Pull", "LEGS": "Legs"]

    init(zone: TimeZone) { self.zone = zone }

    mutating func add(_ log: LogMirror, index: Int) throws(JSONProblem) {
        let path = "$.workoutLogs[\(index)]"
        func fail(_ key: String, _ message: String) -> JSONProblem { JSONProblem(path: path + "." + key, message: message) }
        guard let uuid = UUID(uuidString: log.id) else { throw fail("id", "'\(log.id)' is not a UUID") }
        let key = uuid.uuidString
        if let earlier = indexOfID[key] { throw fail("id", "\(key) is also the id of $.workoutLogs[\(earlier)]") }
        indexOfID[key] = index
        guard log.type == "REST" || LogFolder.names[log.type] != nil else {
            throw fail("type", "'\(log.type)' is not PUSH, PULL, LEGS or REST")
        }
        let duration = try wholeNumber(log.duration, at: path + ".duration")
        guard let start = ReferenceDateTime.wallTime(referenceSeconds: log.date, in: zone) else {
            throw fail("date", "\(NumberText.plain(log.date)) seconds after 2001-01-01 is outside the years 1970–9999")
        }
        let blocks = try fold(log.sets, path: path)
        guard let name = LogFolder.names[log.type] else {
            restLogs += 1
            return
        }
        guard log.completed else {
            openLogs += 1
            return
        }
        openSets += log.sets.filter { !$0.completed }.count
        let workout = Workout(
            source: .gymBaazi, sourceKey: key, start: start.time, utcOffsetSeconds: start.offsetSeconds,
            durationSeconds: duration == 0 ? nil : duration, name: name, exercises: blocks)
        workouts.append((workout, path))
    }

    /// Validates every set and groups the completed ones into blocks.
    private func fold(_ sets: [SetMirror], path: String) throws(JSONProblem) -> [ExerciseBlock] {
        var blocks: [ExerciseBlock] = []
        var last: CheckedSet?
        for (index, set) in sets.enumerated() {
            let setPath = path + ".sets[\(index)]."
            guard UUID(uuidString: set.id) != nil else {
                throw JSONProblem(path: setPath + "id", message: "'\(set.id)' is not a UUID")
            }
            guard !set.exerciseName.isEmpty else {
                throw JSONProblem(path: setPath + "exerciseName", message: "the exercise name is empty")
            }
            guard set.weight >= 0 else {
                throw JSONProblem(path: setPath + "weight", message: "\(NumberText.plain(set.weight)) is negative")
            }
            let reps = try wholeNumber(set.reps, at: setPath + "reps")
            let checked = CheckedSet(
                exerciseId: set.exerciseId, exerciseName: set.exerciseName,
                setNumber: try wholeNumber(set.setNumber, at: setPath + "setNumber"),
                set: WorkoutSet(
                    weightKg: set.weight > 0 ? WeightUnit.kg.toKilograms(set.weight) : nil, reps: reps > 0 ? reps : nil))
            guard set.completed else { continue }
            let continues = last.map {
                $0.exerciseId == checked.exerciseId && $0.exerciseName == checked.exerciseName
                    && checked.setNumber > $0.setNumber
            } ?? false
            if !continues { blocks.append(ExerciseBlock(name: checked.exerciseName)) }
            blocks[blocks.count - 1].sets.append(checked.set)
            last = checked
        }
        return blocks
    }

    /// The batch, oldest workout first.
    func batch(file: String, today: CivilDate?) -> ImportBatch {
        let sorted = workouts.sorted { a, b in
            a.workout.start != b.workout.start
                ? a.workout.start < b.workout.start : CanonicalName.precedes(a.workout.sourceKey, b.workout.sourceKey)
        }
        var warnings: [String] = []
        var workoutWarnings = sorted.compactMap { BatchChecks.longDuration($0.workout, place: $0.path) }
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        if openLogs > 0 || openSets > 0 {
            warnings.append(
                "left out what is not marked completed (only completed work is imported): "
                    + "\(count(openLogs, "workout log")), \(count(openSets, "set")) of completed logs")
        }
        if restLogs > 0 {
            warnings.append("left out \(count(restLogs, "REST log")): rest days are not workouts")
        }
        workoutWarnings += sorted.compactMap { BatchChecks.futureDate($0.workout, place: $0.path, today: today) }
        return ImportBatch(
            file: file, format: ImportFormat.gymBaazi.rawValue, workouts: sorted.map(\.workout), carried: [.duration],
            warnings: warnings, workoutWarnings: workoutWarnings, schedule: GymBaaziImporter.schedule)
    }
}
