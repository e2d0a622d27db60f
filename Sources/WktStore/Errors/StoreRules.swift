import Foundation
import GRDB

/// The store's schema rules in our own words (docs/reliability.md A-09: an error message never shows
/// raw SQL text such as "UNIQUE constraint failed: workout.source, workout.source_key").
///
/// SQLite reports a broken constraint as `KIND constraint failed: DETAIL`; ``describe(_:)`` turns
/// that into a sentence naming the rule. A constraint this table does not know is still reported
/// in words ("breaks one of the store's rules"), never as SQL.
enum StoreRules {
    /// The rule a failed constraint broke, in words (one line, no SQL).
    static func describe(_ error: DatabaseError) -> String {
        describe(message: error.message ?? "")
    }

    /// The rule behind SQLite's constraint message `message`, in words.
    static func describe(message: String) -> String {
        let parts = message.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let kind = parts.first ?? ""
        let detail = parts.count > 1 ? parts[1] : ""
        if kind.hasPrefix("UNIQUE") || kind.hasPrefix("PRIMARY KEY") {
            return unique[detail.replacingOccurrences(of: " ", with: "")]
                ?? "a value that must be unique appears twice"
        }
        if kind.hasPrefix("CHECK") {
            // SQLite names the failed expression (3.32+) or, for older versions, the table.
            let column = detail.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if detail.hasPrefix("length(") {
                let inner = detail.dropFirst("length(".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return lengthRules[String(inner)] ?? "a required text value is empty or malformed"
            }
            return checks[String(column)] ?? "a value is outside the range the store accepts"
        }
        if kind.hasPrefix("NOT NULL") {
            let column = detail.split(separator: ".").last.map(String.init) ?? ""
            return "a required value (\(words(forColumn: column))) is missing"
        }
        if kind.hasPrefix("FOREIGN KEY") {
            return "a row refers to a workout, exercise block or exercise that does not exist"
        }
        return "a value breaks one of the store's rules"
    }

    /// UNIQUE and PRIMARY KEY constraints, keyed by SQLite's `table.column,table.column` list.
    private static let unique: [String: String] = [
        "workout.source,workout.source_key":
            "two workouts with the same app and workout key (a workout's identity must be unique)",
        "exercise.name": "two exercises with the same name (exercise names must be unique)",
        "workout_block.workout_id,workout_block.position": "two exercise blocks at the same position in one workout",
        "workout_set.block_id,workout_set.position": "two sets at the same position in one exercise block",
        "check_in.workout_id,check_in.name": "two check-ins with the same name in one workout",
        "schedule.weekday": "two schedule entries for the same weekday",
    ]

    /// CHECK constraints on `length(column)`.
    private static let lengthRules: [String: String] = [
        "source": "the workout's app (source) must not be empty",
        "name": "a name must not be empty",
        "fingerprint": "the workout fingerprint must be 64 hex digits",
        "sha256": "the import-log file digest must be 64 hex digits",
    ]

    /// CHECK constraints, keyed by the column their expression starts with.
    private static let checks: [String: String] = [
        "start": "the start time must be a date and time YYYY-MM-DD HH:MM:SS",
        "utc_offset_s": "the UTC offset must be less than 24 hours",
        "duration_s": "the duration must not be negative",
        "energy_kcal": "the energy (kcal) must not be negative",
        "rating": "the rating must be 1 to 5",
        "position": "positions start at 1",
        "pain_flag": "the pain flag must be 0 or 1",
        "planned_sets": "the number of planned sets must not be negative",
        "kind": "a set's kind must be normal, warmup, drop or failure",
        "reps": "reps must not be negative",
        "seconds": "a set's time must not be negative",
        "distance_m": "a set's distance must not be negative",
        "rpe": "RPE must be 0 to 10",
        "weekday": "a schedule weekday must be 1 (Monday) to 7 (Sunday)",
        "day": "a bodyweight measurement's day must be a date YYYY-MM-DD",
        "weight_kg": "a bodyweight must be 20 to 400 kg",
        "category": "an exercise block's category must not be empty",
        "workouts_added": "import-log counts must not be negative",
        "workouts_updated": "import-log counts must not be negative",
        "workouts_unchanged": "import-log counts must not be negative",
        "sets": "import-log counts must not be negative",
        "rows_skipped": "import-log counts must not be negative",
    ]

    /// A column name as words for "missing" messages (`source_key` → "source key").
    private static func words(forColumn column: String) -> String {
        column.isEmpty ? "a column" : column.replacingOccurrences(of: "_", with: " ")
    }
}
