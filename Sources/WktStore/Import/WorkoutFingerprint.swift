import WktCore

/// The content fingerprint of a workout: SHA-256 over a canonical serialisation.
///
/// Two workouts have the same fingerprint exactly when their content (everything except the
/// identity `source` + `sourceKey`) is equal after normalisation: names NFC, weights rounded to
/// 0.001 kg, check-ins sorted by code point, `-0.0` written as `0.0`. The serialisation is a fixed
/// sequence of fields, each ended by `;`: `n` for nil, `i` + decimal for integers, `d` + Swift's
/// shortest round-trip form for numbers (locale-free), `s` + UTF-8 length + `:` + bytes for text.
/// Lists are preceded by their counts, and text is length-prefixed, so no content can imitate a
/// field boundary. (Compact on purpose: hashing is most of the cost of re-importing a history.)
/// A block's FitNotes category is written only when it has one (`s…`, where otherwise the set
/// count `i…` follows), so a workout without categories keeps the fingerprint it always had.
enum WorkoutFingerprint {
    /// The lower-case hex fingerprint of `workout`'s content.
    static func of(_ workout: Workout) -> String {
        var out = CanonicalWriter()
        out.text(workout.start.description)
        out.int(workout.utcOffsetSeconds)
        out.int(workout.durationSeconds)
        out.text(CanonicalName.normalize(workout.name))
        out.text(workout.notes)
        out.text(workout.activity)
        out.number(workout.energyKcal)
        out.int(workout.rating)
        let checkIns = workout.checkIns
            .map { CheckIn(name: CanonicalName.normalize($0.name), value: $0.value) }
            .sorted { CanonicalName.precedes($0.name, $1.name) }
        out.int(checkIns.count)
        for checkIn in checkIns {
            out.text(checkIn.name)
            out.int(checkIn.value)
        }
        out.int(workout.exercises.count)
        for block in workout.exercises {
            out.text(CanonicalName.normalize(block.name))
            out.text(block.notes)
            out.int(block.supersetID)
            out.int(block.painFlag ? 1 : 0)
            out.int(block.plannedSets)
            // Only when present, so every fingerprint stored before categories were kept (and every
            // workout of another source) stays the same.
            if let category = block.category { out.text(category) }
            out.int(block.sets.count)
            for set in block.sets {
                out.text(set.kind.rawValue)
                out.number(set.weightKg.map(Measure.roundKg))
                out.int(set.reps)
                out.number(set.seconds)
                out.number(set.distanceM)
                out.number(set.rpe)
                out.text(set.notes)
            }
        }
        return SHA256.hex(out.bytes)
    }
}

/// Builds the canonical byte serialisation described on ``WorkoutFingerprint``.
private struct CanonicalWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1024) }

    mutating func text(_ value: String?) {
        guard let value else { return nothing() }
        bytes.append(UInt8(ascii: "s"))
        bytes.append(contentsOf: String(value.utf8.count).utf8)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: value.utf8)
        bytes.append(UInt8(ascii: ";"))
    }

    mutating func int(_ value: Int?) {
        guard let value else { return nothing() }
        bytes.append(UInt8(ascii: "i"))
        bytes.append(contentsOf: String(value).utf8)
        bytes.append(UInt8(ascii: ";"))
    }

    mutating func number(_ value: Double?) {
        guard let value else { return nothing() }
        bytes.append(UInt8(ascii: "d"))
        bytes.append(contentsOf: String(value == 0 ? 0.0 : value).utf8)
        bytes.append(UInt8(ascii: ";"))
    }

    private mutating func nothing() {
        bytes.append(UInt8(ascii: "n"))
        bytes.append(UInt8(ascii: ";"))
    }
}
