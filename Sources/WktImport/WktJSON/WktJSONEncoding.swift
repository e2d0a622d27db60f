import WktCore

/// A JSON value to write, with object members in the order given.
enum WktJSONOutput {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number, written in decimal digits.
    case integer(Int)
    /// Written by ``WktJSONNumber/format(_:)``.
    case decimal(Double)
    /// A string, escaped as RFC 8259 requires.
    case string(String)
    /// Elements, one per line.
    case array([WktJSONOutput])
    /// Members in this order, one per line.
    case object([(key: String, value: WktJSONOutput)])

    /// `.integer` or `.null`.
    static func integer(_ value: Int?) -> WktJSONOutput { value.map { .integer($0) } ?? .null }
    /// `.decimal` or `.null`.
    static func decimal(_ value: Double?) -> WktJSONOutput { value.map { .decimal($0) } ?? .null }
    /// `.string` or `.null`.
    static func string(_ value: String?) -> WktJSONOutput { value.map { .string($0) } ?? .null }

    /// Pretty-printed text: two-space indentation, `"key": value`, one member or element per
    /// line, `[]` and `{}` when empty.
    func text(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .decimal(let value): out += WktJSONNumber.format(value)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let elements):
            Self.container("[", "]", elements.map { (nil, $0) }, into: &out, indent: indent)
        case .object(let members):
            Self.container("{", "}", members.map { ($0.key, $0.value) }, into: &out, indent: indent)
        }
    }

    private static func container(
        _ open: String, _ close: String, _ items: [(String?, WktJSONOutput)], into out: inout String, indent: Int
    ) {
        guard !items.isEmpty else {
            out += open + close
            return
        }
        let inner = String(repeating: "  ", count: indent + 1)
        out += open + "\n"
        for (position, (key, value)) in items.enumerated() {
            out += inner
            if let key {
                quote(key, into: &out)
                out += ": "
            }
            value.write(into: &out, indent: indent + 1)
            out += position == items.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: "  ", count: indent) + close
    }

    /// RFC 8259 string: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`;
    /// everything else written as UTF-8.
    private static func quote(_ text: String, into out: inout String) {
        out += JSONValue.quote(text)
    }
}

/// Builds the ``WktJSONOutput`` of a wkt document (see ``WktJSON/encode(workouts:schedule:)``).
enum WktJSONEncoding {
    /// The whole document: `format`, `version`, `schedule` (when given), `workouts`.
    static func document(workouts: [Workout], schedule: Schedule?) -> WktJSONOutput {
        var members: [(key: String, value: WktJSONOutput)] = [("format", .string("wkt")), ("version", .integer(WktJSON.version))]
        if let schedule {
            members.append(("schedule", .object(schedule.sortedEntries.map { ($0.weekday.name, .string($0.routine)) })))
        }
        members.append(("workouts", .array(workouts.map(workout))))
        return .object(members)
    }

    /// The `id` of a workout: its `sourceKey` for a wkt workout, else `<source>:<sourceKey>`.
    static func id(of workout: Workout) -> String {
        workout.source == .wkt ? workout.sourceKey : "\(workout.source.rawValue):\(workout.sourceKey)"
    }

    private static func workout(_ workout: Workout) -> WktJSONOutput {
        let checkIns = workout.checkIns.sorted { CanonicalName.precedes($0.name, $1.name) }
        return .object([
            ("id", .string(id(of: workout))),
            ("start", .string(WktJSONTime.format(workout.start, offsetSeconds: workout.utcOffsetSeconds))),
            ("duration_s", .integer(workout.durationSeconds)),
            ("name", .string(workout.name)),
            ("notes", .string(workout.notes)),
            ("activity", .string(workout.activity)),
            ("energy_kcal", .decimal(workout.energyKcal)),
            ("rating", .integer(workout.rating)),
            ("check_in", .object(checkIns.map { ($0.name, .integer($0.value)) })),
            ("exercises", .array(workout.exercises.map(block))),
        ])
    }

    private static func block(_ block: ExerciseBlock) -> WktJSONOutput {
        .object([
            ("name", .string(block.name)),
            ("notes", .string(block.notes)),
            ("pain_flag", .bool(block.painFlag)),
            ("planned_sets", .integer(block.plannedSets)),
            ("sets", .array(block.sets.map(set))),
        ])
    }

    private static func set(_ set: WorkoutSet) -> WktJSONOutput {
        .object([
            ("kind", .string(set.kind.rawValue)),
            ("weight_kg", .decimal(set.weightKg)),
            ("reps", .integer(set.reps)),
            ("seconds", .decimal(set.seconds)),
            ("distance_m", .decimal(set.distanceM)),
            ("rpe", .decimal(set.rpe)),
        ])
    }
}
