/// The data-quality rules of docs/statistics.md "Data quality": what `wkt-site check` and the Data
/// quality page report. None of them changes the store.
public enum QualityRule: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Reps > 100 on a set with a weight > 0, or > 300 on any set.
    case q1 = "Q1"
    /// A weight > 2.5 × the exercise's previous best heaviest and > 40 kg.
    case q2 = "Q2"
    /// A duration ≤ 0 or > 6 hours.
    case q3 = "Q3"
    /// A run of an exercise's weights 2.2046 × (± 2 %) its neighbours: probable kg/lb mix-up.
    case q4 = "Q4"
    /// Exercise names that differ only by case, spacing, punctuation or one letter.
    case q5 = "Q5"
    /// Two workouts of different sources overlapping in time that were not merged.
    case q6 = "Q6"
    /// A workout dated after today.
    case q7 = "Q7"

    /// A short title for headings and the terminal (`Implausible reps`).
    public var title: String {
        switch self {
        case .q1: "Implausible reps"
        case .q2: "Sudden jump in weight"
        case .q3: "Implausible duration"
        case .q4: "Probable kg/lb mix-up"
        case .q5: "Similar exercise names"
        case .q6: "Overlapping workouts"
        case .q7: "Workout after today"
        }
    }

    public static func < (lhs: QualityRule, rhs: QualityRule) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// One workout as a finding or an ignored set names it: its start (local wall time), name,
/// source and the store's row id (for links and ties).
public struct WorkoutReference: Sendable, Hashable {
    /// The store's row id.
    public var id: Int64
    /// The local start wall time as logged.
    public var start: WallTime
    /// The workout's name.
    public var name: String
    /// The app that wrote it.
    public var source: WorkoutSource

    /// Creates a reference.
    public init(id: Int64, start: WallTime, name: String, source: WorkoutSource) {
        self.id = id
        self.start = start
        self.name = name
        self.source = source
    }

    /// The reference of a stored workout.
    public init(_ stored: StoredWorkout) {
        self.init(id: stored.id, start: stored.workout.start, name: stored.workout.name, source: stored.workout.source)
    }

    /// `YYYY-MM-DD HH:MM`: the day and minute, exactly as an `[[ignore]]` entry's `workout` names it.
    public var minuteText: String {
        "\(start.date) \(ASCIIDigits.pad(start.hour, 2)):\(ASCIIDigits.pad(start.minute, 2))"
    }
}

/// One finding of a ``QualityRule``.
///
/// `set` is the set's 1-based position among all sets of that exercise in that workout, in
/// logging order across the exercise's blocks, warm-ups included (the numbering `[[ignore]]`'s
/// `set` uses). Rules about a whole workout (Q3, Q6, Q7) name no exercise; Q4 and Q5 name no set
/// when they are about an exercise rather than one set.
public struct QualityFinding: Sendable, Hashable {
    /// The rule broken.
    public var rule: QualityRule
    /// The workout.
    public var workout: WorkoutReference
    /// The exercise, when the finding is about one.
    public var exercise: String?
    /// The set's 1-based position within the exercise in the workout, when about one set.
    public var set: Int?
    /// What is suspicious, in one sentence (kg; the page and terminal say it as they are).
    public var explanation: String

    /// Creates a finding.
    public init(rule: QualityRule, workout: WorkoutReference, exercise: String? = nil, set: Int? = nil, explanation: String) {
        self.rule = rule
        self.workout = workout
        self.exercise = exercise
        self.set = set
        self.explanation = MessageText.oneLine(explanation)
    }

    /// The order every listing uses: by workout start, name and id, then exercise (code-point
    /// order, none first), set (none first), rule and explanation.
    public static func precedes(_ a: QualityFinding, _ b: QualityFinding) -> Bool {
        if a.workout.start != b.workout.start { return a.workout.start < b.workout.start }
        if a.workout.name != b.workout.name { return CanonicalName.precedes(a.workout.name, b.workout.name) }
        if a.workout.id != b.workout.id { return a.workout.id < b.workout.id }
        if a.exercise != b.exercise {
            guard let x = a.exercise else { return true }
            guard let y = b.exercise else { return false }
            return CanonicalName.precedes(x, y)
        }
        if a.set != b.set { return (a.set ?? 0) < (b.set ?? 0) }
        if a.rule != b.rule { return a.rule < b.rule }
        return CanonicalName.precedes(a.explanation, b.explanation)
    }
}
