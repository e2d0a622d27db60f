/// One `[[ignore]]` entry of `wkt-site.toml` (docs/statistics.md "Data quality: [[ignore]]").
///
/// - `workout` only: the whole workout is excluded: it no longer counts as a workout at all (no
///   page, no week, no streak, no total), and the Data quality page lists every set it had.
/// - `workout` and `exercise`: every set of that exercise in that workout (all its blocks).
/// - `workout`, `exercise` and `set`: that one set; `set` is its 1-based position among all sets
///   of the exercise in the workout, in logging order across blocks, warm-ups included (the
///   numbering `wkt-site check` prints).
///
/// `workout` is the local start wall time to the minute; it names every workout starting in that
/// minute (seconds are not compared). `exercise` is compared with the exercise name exactly (after
/// Unicode NFC normalisation).
public struct IgnoreEntry: Sendable, Hashable, Encodable {
    /// The start minute (seconds always 0).
    public var workout: WallTime
    /// The exercise, nil for the whole workout.
    public var exercise: String?
    /// The 1-based set position within the exercise, nil for every set.
    public var set: Int?
    /// The line of `wkt-site.toml` the entry starts on (its `[[ignore]]` header), 0 when unknown.
    public var line: Int

    /// Creates an entry; the start is cut to the minute and the exercise NFC-normalised.
    public init(workout: WallTime, exercise: String? = nil, set: Int? = nil, line: Int = 0) {
        self.workout = WallTime(date: workout.date, hour: workout.hour, minute: workout.minute) ?? workout
        self.exercise = exercise.map(CanonicalName.normalize)
        self.set = set
        self.line = line
    }

    /// `workout = "…", exercise = "…", set = n` as written in the config.
    public var summary: String {
        var parts = ["workout \(minuteText)"]
        if let exercise { parts.append("exercise \(MessageText.quoted(exercise))") }
        if let set { parts.append("set \(set)") }
        return parts.joined(separator: ", ")
    }

    /// `YYYY-MM-DD HH:MM`.
    public var minuteText: String {
        "\(workout.date) \(ASCIIDigits.pad(workout.hour, 2)):\(ASCIIDigits.pad(workout.minute, 2))"
    }

    private enum CodingKeys: String, CodingKey { case workout, exercise, set, line }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(minuteText, forKey: .workout)
        try container.encodeIfPresent(exercise, forKey: .exercise)
        try container.encodeIfPresent(set, forKey: .set)
        try container.encode(line, forKey: .line)
    }
}

/// One set an `[[ignore]]` entry excluded, as the Data quality page lists it.
public struct IgnoredSet: Sendable, Hashable {
    /// The config line of the entry that excluded it (the first one, when several do).
    public var line: Int
    /// The workout.
    public var workout: WorkoutReference
    /// Whether the whole workout was excluded.
    public var wholeWorkout: Bool
    /// The exercise; nil only for a whole workout that had no sets.
    public var exercise: String?
    /// The set's 1-based position within the exercise in the workout.
    public var position: Int?
    /// The set; nil only for a whole workout that had no sets.
    public var set: WorkoutSet?
}

/// What applying the `[[ignore]]` entries did.
public struct IgnoreOutcome: Sendable {
    /// The history without the excluded workouts and sets.
    public var history: WorkoutHistory
    /// Every excluded set in walk order (by workout, then exercise, then position).
    public var ignored: [IgnoredSet]
    /// The entries that matched nothing, in config order.
    public var unmatched: [IgnoreEntry]
}

/// Applies `[[ignore]]` entries to a history, once, before any statistic (docs/statistics.md
/// "Data quality: [[ignore]]").
public enum IgnoreList {
    /// The history without what `entries` name.
    ///
    /// An entry matches nothing when no workout starts in its minute, none of them has its
    /// exercise, or none has a set at its position; such entries are returned in ``IgnoreOutcome/unmatched``.
    /// A block that loses every set is dropped; a workout that loses only some exercises still
    /// counts as a workout.
    public static func apply(_ entries: [IgnoreEntry], to history: WorkoutHistory) -> IgnoreOutcome {
        guard !entries.isEmpty else { return IgnoreOutcome(history: history, ignored: [], unmatched: []) }
        var byMinute: [WallTime: [Int]] = [:]
        for (index, entry) in entries.enumerated() { byMinute[entry.workout, default: []].append(index) }
        var matched = [Bool](repeating: false, count: entries.count)
        var result = history
        var kept: [StoredWorkout] = []
        kept.reserveCapacity(history.workouts.count)
        var ignored: [IgnoredSet] = []
        for stored in history.workouts {
            let start = stored.workout.start
            let minute = WallTime(date: start.date, hour: start.hour, minute: start.minute) ?? start
            guard let indices = byMinute[minute] else {
                kept.append(stored)
                continue
            }
            let reference = WorkoutReference(stored)
            let exercises = QualityRules.exerciseSets(of: stored.workout)
            if let whole = indices.first(where: { entries[$0].exercise == nil }) {
                for index in indices where entries[index].exercise == nil { matched[index] = true }
                // Entries naming parts of an excluded workout still match what they name.
                for index in indices { matched[index] = matched[index] || matches(entries[index], exercises) }
                let sets = exercises.flatMap { name, sets in
                    sets.enumerated().map { IgnoredSet(
                        line: entries[whole].line, workout: reference, wholeWorkout: true, exercise: name,
                        position: $0.offset + 1, set: $0.element) }
                }
                ignored += sets.isEmpty
                    ? [IgnoredSet(line: entries[whole].line, workout: reference, wholeWorkout: true)] : sets
                continue
            }
            // Positions to drop per exercise, with the entry line that drops each.
            var drop: [String: [Int: Int]] = [:]
            for index in indices {
                let entry = entries[index]
                guard let name = entry.exercise, let sets = exercises.first(where: { $0.name == name })?.sets else { continue }
                let positions = entry.set.map { [$0] } ?? Array(sets.indices.map { $0 + 1 })
                for position in positions where position >= 1 && position <= sets.count {
                    matched[index] = true
                    if drop[name]?[position] == nil { drop[name, default: [:]][position] = entry.line }
                }
            }
            guard !drop.isEmpty else {
                kept.append(stored)
                continue
            }
            for (name, sets) in exercises {
                guard let positions = drop[name] else { continue }
                for position in positions.keys.sorted() {
                    ignored.append(IgnoredSet(
                        line: positions[position] ?? 0, workout: reference, wholeWorkout: false, exercise: name,
                        position: position, set: sets[position - 1]))
                }
            }
            kept.append(StoredWorkout(id: stored.id, workout: removing(drop, from: stored.workout)))
        }
        result.workouts = kept
        let unmatched = entries.indices.filter { !matched[$0] }.map { entries[$0] }
        return IgnoreOutcome(history: result, ignored: ignored, unmatched: unmatched)
    }

    /// Whether `entry` (with an exercise) names something in `exercises`.
    private static func matches(_ entry: IgnoreEntry, _ exercises: [(name: String, sets: [WorkoutSet])]) -> Bool {
        guard let name = entry.exercise else { return true }
        guard let sets = exercises.first(where: { $0.name == name })?.sets else { return false }
        guard let position = entry.set else { return true }
        return position >= 1 && position <= sets.count
    }

    /// `workout` without the set positions of `drop` (per exercise, 1-based across its blocks);
    /// blocks left without sets are removed.
    private static func removing(_ drop: [String: [Int: Int]], from workout: Workout) -> Workout {
        var result = workout
        var seen: [String: Int] = [:]
        var blocks: [ExerciseBlock] = []
        for block in workout.exercises {
            let name = CanonicalName.normalize(block.name)
            let before = seen[name] ?? 0
            seen[name] = before + block.sets.count
            guard let positions = drop[name] else {
                blocks.append(block)
                continue
            }
            var trimmed = block
            trimmed.sets = block.sets.enumerated().filter { positions[before + $0.offset + 1] == nil }.map(\.element)
            if !trimmed.sets.isEmpty || block.sets.isEmpty { blocks.append(trimmed) }
        }
        result.exercises = blocks
        return result
    }
}
