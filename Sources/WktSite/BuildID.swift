import WktCore

/// The build ID written to `<meta name="wkt-build">` (RELIABILITY.md P3, C-07): a hash of the
/// inputs, never a random value.
///
/// It covers every stored workout (all fields, in walk order), the settings, the base URL and
/// the templates. It deliberately leaves out "today": the pages that do not depend on the day
/// (workouts, exercises, records) must stay byte-identical when only the day changes (T-15),
/// and the pages that do (dashboard, history, `stats.json`) differ by their content anyway.
enum BuildID {
    /// Hex digits in the ID.
    static let length = 16

    /// The ID for one build.
    static func compute(history: WorkoutHistory, settings: Settings, baseURL: String?, templates: String) -> String {
        var digest = InputDigest()
        for stored in history.workouts {
            digest.add(stored.id)
            digest.add(stored.workout)
        }
        let text = "workouts \(history.workouts.count) \(digest.hex)\n"
            + configuration(history: history, settings: settings, baseURL: baseURL, templates: templates)
        return String(SHA256.hex(text).prefix(length))
    }

    /// Every setting, the schedule in force, the base URL and the templates' fingerprint as text:
    /// the part of the inputs that is not the workouts.
    static func configuration(history: WorkoutHistory, settings: Settings, baseURL: String?, templates: String) -> String {
        var text = "timezone \(settings.timezone)\nweek_start \(settings.weekStart.name)\n"
        text += "day_cutoff_hour \(settings.dayCutoffHour)\nweekly_target \(settings.weeklyTarget)\n"
        text += "unit \(settings.unit.rawValue)\ne1rm_formula \(settings.e1rmFormula.rawValue)\n"
        let schedule = settings.effectiveSchedule(stored: history.storedSchedule)
        text += "schedule " + (schedule?.sortedEntries.map { "\($0.weekday.name)=\($0.routine)" }.joined(separator: "\u{1F}") ?? "-") + "\n"
        text += "title \(settings.title ?? "-")\nauthor \(settings.author ?? "-")\nbase_url \(baseURL ?? "-")\n"
        text += "templates \(templates)\n"
        return text
    }
}

/// FNV-1a (64-bit) over a canonical byte encoding of workouts: fast enough to cover 40,000 sets
/// in a few milliseconds. Strings end with a 0 byte, numbers are fixed-width, absent values
/// have their own marker, so different inputs cannot encode to the same bytes.
struct InputDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The digest so far.
    var value: UInt64 { state }

    /// The digest as 16 hex digits.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: (0..<16).map { digits[Int((state >> UInt64(60 - 4 * $0)) & 0xF)] }, as: UTF8.self)
    }

    /// Feeds one byte.
    mutating func byte(_ value: UInt8) {
        state = (state ^ UInt64(value)) &* 0x0000_0100_0000_01B3
    }

    /// Feeds 8 bytes, least significant first.
    mutating func add(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Feeds a signed integer as 8 bytes.
    mutating func add(_ value: Int64) { add(UInt64(bitPattern: value)) }
    /// Feeds an integer as 8 bytes.
    mutating func add(_ value: Int) { add(Int64(value)) }

    /// Feeds a string's UTF-8 and a terminating 0.
    mutating func add(_ text: String) {
        for value in text.utf8 { byte(value) }
        byte(0)
    }

    /// Feeds 0 for nil, else 1 and the bit pattern.
    mutating func add(_ value: Double?) {
        guard let value else { return byte(0) }
        byte(1)
        add(value.bitPattern)
    }

    /// Feeds 0 for nil, else 1 and the value.
    mutating func add(_ value: Int?) {
        guard let value else { return byte(0) }
        byte(1)
        add(value)
    }

    /// Feeds 0 for nil, else 1 and the string.
    mutating func add(_ text: String?) {
        guard let text else { return byte(0) }
        byte(1)
        add(text)
    }

    /// Feeds a wall time as day number and second of day.
    mutating func add(_ time: WallTime) {
        add(time.date.dayNumber)
        add(time.secondOfDay)
    }

    /// Feeds every field of a workout, its blocks and sets in order.
    mutating func add(_ workout: Workout) {
        add(workout.source.rawValue)
        add(workout.sourceKey)
        add(workout.start)
        add(workout.utcOffsetSeconds)
        add(workout.durationSeconds)
        add(workout.name)
        add(workout.notes)
        add(workout.activity)
        add(workout.energyKcal)
        add(workout.rating)
        add(workout.checkIns.count)
        for checkIn in workout.checkIns {
            add(checkIn.name)
            add(checkIn.value)
        }
        add(workout.exercises.count)
        for block in workout.exercises {
            add(block.name)
            add(block.notes)
            add(block.supersetID)
            byte(block.painFlag ? 1 : 0)
            add(block.plannedSets)
            add(block.sets.count)
            for set in block.sets {
                add(set.kind.rawValue)
                add(set.weightKg)
                add(set.reps)
                add(set.seconds)
                add(set.distanceM)
                add(set.rpe)
                add(set.notes)
            }
        }
    }
}
