import WktCore

/// Builds the ``JSONValue`` of a wkt document (see ``WktJSON/encode(workouts:schedule:)``).
enum WktJSONEncoding {
    /// The whole document: `format`, `version`, `schedule` (when given), `workouts`, `body` (when
    /// there are measurements).
    static func document(workouts: [Workout], schedule: Schedule?, body: [BodyMeasurement] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [("format", .string("wkt")), ("version", .int(WktJSON.version))]
        if let schedule {
            members.append(("schedule", .object(schedule.sortedEntries.map { ($0.weekday.name, .string($0.routine)) })))
        }
        members.append(("workouts", .array(workouts.map(workout))))
        if !body.isEmpty {
            members.append(("body", .array(body.map(measurement))))
        }
        return .object(members)
    }

    /// The `id` of a workout: its `sourceKey` for a wkt workout, else `<source>:<sourceKey>`.
    static func id(of workout: Workout) -> String {
        workout.source == .wkt ? workout.sourceKey : "\(workout.source.rawValue):\(workout.sourceKey)"
    }

    private static func workout(_ workout: Workout) -> JSONValue {
        let checkIns = workout.checkIns.sorted { CanonicalName.precedes($0.name, $1.name) }
        return .object([
            ("id", .string(id(of: workout))),
            ("start", .string(WktJSONTime.format(workout.start, offsetSeconds: workout.utcOffsetSeconds))),
            ("duration_s", .int(workout.durationSeconds)),
            ("name", .string(workout.name)),
            ("notes", .string(workout.notes)),
            ("activity", .string(workout.activity)),
            ("energy_kcal", .decimal(workout.energyKcal)),
            ("rating", .int(workout.rating)),
            ("check_in", .object(checkIns.map { ($0.name, .int($0.value)) })),
            ("exercises", .array(workout.exercises.map(block))),
        ])
    }

    private static func measurement(_ measurement: BodyMeasurement) -> JSONValue {
        .object([
            ("date", .date(measurement.day)),
            ("weight_kg", .decimal(measurement.weightKg)),
            ("source", .string(measurement.source)),
        ])
    }

    private static func block(_ block: ExerciseBlock) -> JSONValue {
        .object([
            ("name", .string(block.name)),
            ("notes", .string(block.notes)),
            ("pain_flag", .bool(block.painFlag)),
            ("planned_sets", .int(block.plannedSets)),
            ("sets", .array(block.sets.map(set))),
        ])
    }

    private static func set(_ set: WorkoutSet) -> JSONValue {
        .object([
            ("kind", .string(set.kind.rawValue)),
            ("weight_kg", .decimal(set.weightKg)),
            ("reps", .int(set.reps)),
            ("seconds", .decimal(set.seconds)),
            ("distance_m", .decimal(set.distanceM)),
            ("rpe", .decimal(set.rpe)),
        ])
    }
}
