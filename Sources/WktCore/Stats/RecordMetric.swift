/// The records that produce PR events (docs/statistics.md "PR events"), in the order events of one exercise
/// in one workout are listed: heaviest, e1RM, set volume, session volume, rep max 1…12.
public enum RecordMetric: Sendable, Hashable {
    /// Greatest weight for at least 1 rep.
    case heaviest
    /// Greatest estimated one-rep max over sets of 1…12 reps.
    case e1rm
    /// Greatest weight × reps in one set.
    case setVolume
    /// Greatest Σ weight × reps of the exercise within one workout.
    case sessionVolume
    /// Greatest weight lifted for at least `n` reps in one set, n = 1…12.
    case repMax(Int)

    /// Every metric in event order.
    public static let allInEventOrder: [RecordMetric] =
        [.heaviest, .e1rm, .setVolume, .sessionVolume] + (1...12).map { RecordMetric.repMax($0) }

    /// The `stats.json` name: `heaviest`, `e1rm`, `set_volume`, `session_volume`, `rep_max_N`.
    public var name: String {
        switch self {
        case .heaviest: "heaviest"
        case .e1rm: "e1rm"
        case .setVolume: "set_volume"
        case .sessionVolume: "session_volume"
        case .repMax(let n): n >= 1 && n <= Self.repMaxNames.count ? Self.repMaxNames[n - 1] : "rep_max_\(n)"
        }
    }

    /// `rep_max_1` … `rep_max_12`, made once: ``name`` is asked 27,000 times in a 10-year full
    /// build (`stats.json`, page keys), and an interpolation per call cost 150 instructions.
    private static let repMaxNames = (1...12).map { "rep_max_\($0)" }
    /// `1-rep max` … `12-rep max`, made once (``displayName``).
    private static let repMaxDisplayNames = (1...12).map { "\($0)-rep max" }

    /// Short English name for pages and the terminal (`heaviest`, `e1RM`, `5-rep max`).
    public var displayName: String {
        switch self {
        case .heaviest: "heaviest"
        case .e1rm: "e1RM"
        case .setVolume: "set volume"
        case .sessionVolume: "session volume"
        case .repMax(let n): n >= 1 && n <= Self.repMaxDisplayNames.count ? Self.repMaxDisplayNames[n - 1] : "\(n)-rep max"
        }
    }

    /// The rule that defines the metric, in words (e1RM names its formula).
    public func rule(formula: E1RMFormula) -> String {
        switch self {
        case .heaviest: "greatest weight lifted for at least 1 rep"
        case .e1rm: "greatest estimated one-rep max (\(formula.rule))"
        case .setVolume: "greatest weight × reps in one set"
        case .sessionVolume: "greatest sum of weight × reps of the exercise in one workout"
        case .repMax(let n): "greatest weight lifted for at least \(n) rep\(n == 1 ? "" : "s") in one set"
        }
    }
}

/// A personal record: a workout's best value of a record strictly above the best of all earlier
/// workouts (docs/statistics.md "PR events"). Values are kilograms rounded to 0.001; equal values are ties,
/// never PRs.
public struct PREvent: Sendable, Equatable {
    /// The workout's training day.
    public var day: CivilDate
    /// The workout's store id.
    public var workoutID: Int64
    /// The workout's name.
    public var workoutName: String
    /// The workout's start (local wall time).
    public var workoutStart: WallTime
    /// The exercise (NFC name).
    public var exercise: String
    /// Which record.
    public var metric: RecordMetric
    /// The new best, kg.
    public var valueKg: Double
    /// The best of all earlier workouts, kg.
    public var previousKg: Double
    /// The e1RM formula in force (meaningful for ``RecordMetric/e1rm``).
    public var formula: E1RMFormula
    /// The set that reached the new best first (pages mark it); nil for session volume, which
    /// no single set reaches. Not part of `stats.json`.
    public var set: SetPosition?

    /// Creates an event.
    public init(
        day: CivilDate, workoutID: Int64, workoutName: String, workoutStart: WallTime, exercise: String,
        metric: RecordMetric, valueKg: Double, previousKg: Double, formula: E1RMFormula, set: SetPosition? = nil
    ) {
        self.day = day
        self.workoutID = workoutID
        self.workoutName = workoutName
        self.workoutStart = workoutStart
        self.exercise = exercise
        self.metric = metric
        self.valueKg = valueKg
        self.previousKg = previousKg
        self.formula = formula
        self.set = set
    }

    /// What produced the event, in words: the metric's rule and the comparison.
    public var rule: String {
        "\(metric.rule(formula: formula)), strictly above the best of all earlier workouts; "
            + "working sets with weight > 0 and reps ≥ 1 only"
    }

    /// `events` (oldest first, as the engine emits them) with the newest workout first, keeping
    /// the metric order within a workout: how the site's PR tables and the terminal list them.
    public static func newestFirst<Events: Collection<PREvent>>(_ events: Events) -> [PREvent] {
        // The runs of one workout are found by index and copied once, last run first.
        var starts: [Events.Index] = []
        var previous: Int64?
        for index in events.indices where events[index].workoutID != previous {
            starts.append(index)
            previous = events[index].workoutID
        }
        var result: [PREvent] = []
        result.reserveCapacity(events.count)
        var end = events.endIndex
        for start in starts.reversed() {
            result.append(contentsOf: events[start..<end])
            end = start
        }
        return result
    }
}

/// Where a set sits in a stored workout: `workout.exercises[block].sets[set]` (warm-ups and sets
/// not done keep their places, so the numbers match the set tables).
public struct SetPosition: Sendable, Hashable {
    /// Index into ``Workout/exercises``.
    public var block: Int
    /// Index into that block's ``ExerciseBlock/sets``.
    public var set: Int

    /// Creates a position.
    public init(block: Int, set: Int) { (self.block, self.set) = (block, set) }
}
