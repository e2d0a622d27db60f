import WktCore

/// The keys of wkt JSON version 1 in their documented order (docs/formats.md §5); the encoder writes them
/// in this order and the decoder accepts no others.
enum WktJSONKeys {
    /// Top-level object.
    static let document = ["format", "version", "schedule", "workouts", "body"]
    /// One bodyweight measurement.
    static let measurement = ["date", "weight_kg", "source"]
    /// One workout.
    static let workout = [
        "id", "start", "duration_s", "name", "notes", "activity", "energy_kcal", "rating", "check_in", "exercises",
    ]
    /// One exercise block.
    static let exercise = ["name", "notes", "pain_flag", "planned_sets", "sets"]
    /// One set.
    static let set = ["kind", "weight_kg", "reps", "seconds", "distance_m", "rpe"]
}

/// Turns a parsed wkt JSON document into an ``ImportBatch`` (see ``WktJSON/decode(bytes:file:)``).
struct WktJSONDecoding {
    /// The file name for messages.
    let file: String

    private static let largestInt = 1 << 53
    private static let largestNumber = 1e15

    /// Checks `version` first, then every key and value, and builds the batch.
    func batch(from root: JSONNode) throws(WktJSONError) -> ImportBatch {
        let fields = try WktJSONFields(root, at: .root, file: file, allowed: nil)
        // The version decides which keys exist, so it is checked before the keys.
        _ = try fields.require("version", expected: "a number")
        let version = try fields.integer("version", in: -Self.largestInt...Self.largestInt) ?? 0
        guard version <= WktJSON.version else {
            throw fields.error(
                .unsupportedVersion, "version",
                "version \(version) is newer than this wkt-site understands (\(WktJSON.version)); update wkt-site")
        }
        guard version == WktJSON.version else {
            throw fields.error(.invalidValue, "version", "version \(version) does not exist; the first version is 1")
        }
        try fields.checkKeys(WktJSONKeys.document)
        guard try fields.requiredString("format") == "wkt" else {
            throw fields.error(.invalidValue, "format", "must be \"wkt\"")
        }
        var schedule: Schedule?
        if let node = fields.node("schedule") {
            let days = try WktJSONFields(
                node, at: JSONPath.root.appending("schedule"), file: file, allowed: Weekday.allCases.map(\.name))
            var entries: [Weekday: String] = [:]
            for weekday in Weekday.allCases where days.keys.contains(weekday.name) {
                entries[weekday] = CanonicalName.normalize(try days.requiredString(weekday.name))
            }
            schedule = Schedule(days: entries)
        }
        _ = try fields.require("workouts", expected: "an array")
        var workouts: [Workout] = []
        var firstUse: [String: Int] = [:]
        for (index, node) in (try fields.array("workouts") ?? []).enumerated() {
            let path = JSONPath.root.appending("workouts").appending(index)
            let workout = try self.workout(node, at: path)
            if let earlier = firstUse[workout.sourceKey] {
                throw WktJSONError(
                    kind: .invalidValue, file: file, line: node.line, path: path.appending("id").description,
                    message: "duplicate id \"\(workout.sourceKey)\" (also $.workouts[\(earlier)].id); ids must be unique")
            }
            firstUse[workout.sourceKey] = index
            workouts.append(workout)
        }
        var batch = ImportBatch(file: file, format: "wkt/\(version)", workouts: workouts, carried: .all, schedule: schedule)
        for (index, node) in (try fields.array("body") ?? []).enumerated() {
            batch.body.append(try measurement(node, at: JSONPath.root.appending("body").appending(index)))
        }
        batch.body = BodyMeasurement.lastPerDay(batch.body)
        return batch
    }

    /// One `body` entry: `date` `YYYY-MM-DD`, `weight_kg` within
    /// ``WktCore/BodyMeasurement/plausibleKg`` (outside it is an error: this is our own format, whose
    /// numbers are range-checked), optional `source` (a known source name, `wkt` when absent).
    private func measurement(_ node: JSONNode, at path: JSONPath) throws(WktJSONError) -> BodyMeasurement {
        let fields = try WktJSONFields(node, at: path, file: file, allowed: WktJSONKeys.measurement)
        let dateText = try fields.requiredString("date")
        guard let day = CivilDate.parse(dateText) else {
            throw fields.error(.invalidValue, "date", "\"\(dateText)\" is not a date YYYY-MM-DD")
        }
        _ = try fields.require("weight_kg", expected: "a number")
        guard let kg = try fields.number("weight_kg", in: -Self.largestNumber...Self.largestNumber) else {
            throw fields.error(.typeMismatch, "weight_kg", "expected a number, found null")
        }
        if let problem = BodyMeasurement.problem(withKilograms: Measure.roundKg(kg)) {
            throw fields.error(.invalidValue, "weight_kg", "body weight \(problem)")
        }
        let sourceText = try fields.string("source") ?? WorkoutSource.wkt.rawValue
        guard let source = WorkoutSource(rawValue: sourceText) else {
            throw fields.error(
                .invalidValue, "source",
                "\"\(sourceText)\" is not a source wkt-site knows (\(WorkoutSource.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return BodyMeasurement(day: day, weightKg: Measure.roundKg(kg), source: source.rawValue)
    }

    private func workout(_ node: JSONNode, at path: JSONPath) throws(WktJSONError) -> Workout {
        let fields = try WktJSONFields(node, at: path, file: file, allowed: WktJSONKeys.workout)
        let id = try fields.requiredString("id")
        let startText = try fields.requiredString("start")
        guard let (start, offset) = WktJSONTime.parse(startText) else {
            throw fields.error(
                .invalidValue, "start",
                "\"\(startText)\" is not an RFC 3339 time such as 2026-11-18T06:00:00+01:00 or 2026-11-18T06:00:00")
        }
        let name = try fields.requiredString("name")
        let activity = try fields.string("activity") ?? "strength"
        guard !activity.isEmpty else { throw fields.error(.invalidValue, "activity", "must not be empty") }
        var checkIns: [CheckIn] = []
        if let node = fields.node("check_in") {
            let values = try WktJSONFields(node, at: path.appending("check_in"), file: file, allowed: nil)
            for key in values.keys {
                guard !key.isEmpty else { throw values.error(.invalidValue, key, "a check-in name must not be empty") }
                guard let value = try values.integer(key, in: -Self.largestInt...Self.largestInt) else {
                    throw values.error(.typeMismatch, key, "expected a whole number, found null")
                }
                checkIns.append(CheckIn(name: CanonicalName.normalize(key), value: value))
            }
        }
        var exercises: [ExerciseBlock] = []
        for (index, exercise) in (try fields.array("exercises") ?? []).enumerated() {
            exercises.append(try block(exercise, at: path.appending("exercises").appending(index)))
        }
        let identity = WktJSON.identity(ofID: id)
        return Workout(
            source: identity.source, sourceKey: identity.key, start: start, utcOffsetSeconds: offset,
            durationSeconds: try fields.integer("duration_s", in: 0...Self.largestInt),
            name: name, notes: Self.nonEmpty(try fields.string("notes")), activity: activity,
            energyKcal: try fields.number("energy_kcal", in: 0...Self.largestNumber).map(WktJSONNumber.round),
            rating: try fields.integer("rating", in: 1...5), checkIns: checkIns, exercises: exercises)
    }

    private func block(_ node: JSONNode, at path: JSONPath) throws(WktJSONError) -> ExerciseBlock {
        let fields = try WktJSONFields(node, at: path, file: file, allowed: WktJSONKeys.exercise)
        var sets: [WorkoutSet] = []
        for (index, set) in (try fields.array("sets") ?? []).enumerated() {
            sets.append(try self.set(set, at: path.appending("sets").appending(index)))
        }
        return ExerciseBlock(
            name: try fields.requiredString("name"), notes: Self.nonEmpty(try fields.string("notes")),
            painFlag: try fields.bool("pain_flag") ?? false,
            plannedSets: try fields.integer("planned_sets", in: 0...Self.largestInt), sets: sets)
    }

    private func set(_ node: JSONNode, at path: JSONPath) throws(WktJSONError) -> WorkoutSet {
        let fields = try WktJSONFields(node, at: path, file: file, allowed: WktJSONKeys.set)
        let kindText = try fields.string("kind") ?? SetKind.normal.rawValue
        guard let kind = SetKind(rawValue: kindText) else {
            throw fields.error(.invalidValue, "kind", "\"\(kindText)\" is not normal, warmup, drop or failure")
        }
        return WorkoutSet(
            kind: kind,
            weightKg: try fields.number("weight_kg", in: 0...Self.largestNumber).map(Measure.roundKg),
            reps: try fields.integer("reps", in: 0...Self.largestInt),
            seconds: try fields.number("seconds", in: 0...Self.largestNumber).map(WktJSONNumber.round),
            distanceM: try fields.number("distance_m", in: 0...Self.largestNumber).map(Measure.roundMetres),
            rpe: try fields.number("rpe", in: 0...10).map(WktJSONNumber.round))
    }

    /// Empty notes are no notes.
    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
