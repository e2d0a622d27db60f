import WktCore

/// The content fingerprint of a workout: SHA-256 over a canonical serialisation.
///
/// Two workouts have the same fingerprint exactly when their content (everything except the
/// identity `source` + `sourceKey`) is equal after normalisation: names NFC, weights rounded to
/// 0.001 kg, check-ins sorted by name, `-0.0` written as `0.0`. Numbers are written in Swift's
/// shortest round-trip form (locale-free); strings are length-prefixed, so no text can imitate a
/// field boundary.
enum WorkoutFingerprint {
    /// The lower-case hex fingerprint of `workout`'s content.
    static func of(_ workout: Workout) -> String {
        var out = CanonicalWriter()
        out.field("start", workout.start.description)
        out.field("utc_offset_s", workout.utcOffsetSeconds)
        out.field("duration_s", workout.durationSeconds)
        out.field("name", CanonicalName.normalize(workout.name))
        out.field("notes", workout.notes)
        out.field("activity", workout.activity)
        out.field("energy_kcal", workout.energyKcal)
        out.field("rating", workout.rating)
        let checkIns = workout.checkIns.sorted { CanonicalName.precedes($0.name, $1.name) }
        out.field("check_ins", checkIns.count)
        for checkIn in checkIns {
            out.field("check_in", checkIn.name)
            out.field("value", checkIn.value)
        }
        out.field("blocks", workout.exercises.count)
        for block in workout.exercises {
            out.field("exercise", CanonicalName.normalize(block.name))
            out.field("notes", block.notes)
            out.field("superset", block.supersetID)
            out.field("pain", block.painFlag ? 1 : 0)
            out.field("planned", block.plannedSets)
            out.field("sets", block.sets.count)
            for set in block.sets {
                out.field("kind", set.kind.rawValue)
                out.field("weight_kg", set.weightKg.map(Measure.roundKg))
                out.field("reps", set.reps)
                out.field("seconds", set.seconds)
                out.field("distance_m", set.distanceM)
                out.field("rpe", set.rpe)
                out.field("notes", set.notes)
            }
        }
        return SHA256.hex(out.bytes)
    }
}

/// Builds the canonical byte serialisation: one `tag=value\n` line per field.
private struct CanonicalWriter {
    var bytes: [UInt8] = []

    mutating func field(_ tag: String, _ value: String?) {
        guard let value else { return line(tag, "-") }
        line(tag, "s\(value.utf8.count):\(value)")
    }

    mutating func field(_ tag: String, _ value: Int?) {
        guard let value else { return line(tag, "-") }
        line(tag, "i\(value)")
    }

    mutating func field(_ tag: String, _ value: Double?) {
        guard let value else { return line(tag, "-") }
        line(tag, "d\(value == 0 ? 0.0 : value)")
    }

    private mutating func line(_ tag: String, _ text: String) {
        bytes.append(contentsOf: tag.utf8)
        bytes.append(UInt8(ascii: "="))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }
}
