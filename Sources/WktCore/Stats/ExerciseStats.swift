/// A record value with the first training day (and workout) on which it was reached.
public struct Reached<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value: kg (rounded to 0.001) for weights and volumes, a count for reps.
    public var value: Value
    /// The first training day the value was reached.
    public var day: CivilDate
    /// The workout that first reached it.
    public var workoutID: Int64

    /// Creates a reached value.
    public init(_ value: Value, day: CivilDate, workoutID: Int64) {
        self.value = value
        self.day = day
        self.workoutID = workoutID
    }
}

/// A weight or volume record in kg.
public typealias RecordValue = Reached<Double>

/// A reps record.
public typealias RepsRecord = Reached<Int>

/// An exercise's records (docs/statistics.md "Records"), over its working sets with weight > 0 and
/// reps ≥ 1 (``maxReps``: any weight). A record that does not exist is nil.
public struct ExerciseRecords: Sendable, Equatable {
    /// Greatest weight for at least 1 rep.
    public var heaviest: RecordValue?
    /// Greatest estimated one-rep max over sets of 1…12 reps, by the configured formula.
    public var e1rm: RecordValue?
    /// Greatest weight × reps in one set.
    public var bestSetVolume: RecordValue?
    /// Greatest Σ weight × reps within one workout.
    public var bestSessionVolume: RecordValue?
    /// Most reps in one working set, any weight.
    public var maxReps: RepsRecord?
    /// Rep maxes: element `n − 1` is the greatest weight lifted for at least `n` reps, n = 1…12.
    public var repMaxes: [RecordValue?]

    /// Creates records; `repMaxes` is padded or cut to 12 entries.
    public init(
        heaviest: RecordValue? = nil, e1rm: RecordValue? = nil, bestSetVolume: RecordValue? = nil,
        bestSessionVolume: RecordValue? = nil, maxReps: RepsRecord? = nil, repMaxes: [RecordValue?] = []
    ) {
        self.heaviest = heaviest
        self.e1rm = e1rm
        self.bestSetVolume = bestSetVolume
        self.bestSessionVolume = bestSessionVolume
        self.maxReps = maxReps
        self.repMaxes = Array((repMaxes + Array(repeating: nil, count: 12)).prefix(12))
    }

    /// The greatest weight lifted for at least `reps` reps (1…12), nil when none or out of range.
    public func repMax(_ reps: Int) -> RecordValue? {
        guard (1...12).contains(reps) else { return nil }
        return repMaxes[reps - 1]
    }

    /// The value of a PR metric.
    public func value(of metric: RecordMetric) -> RecordValue? {
        switch metric {
        case .heaviest: heaviest
        case .e1rm: e1rm
        case .setVolume: bestSetVolume
        case .sessionVolume: bestSessionVolume
        case .repMax(let n): repMax(n)
        }
    }
}

/// One workout's work on one exercise (all its blocks in that workout together).
public struct ExerciseSession: Sendable, Equatable {
    /// The workout's store id.
    public var workoutID: Int64
    /// The workout's training day.
    public var day: CivilDate
    /// Working sets of the exercise in the workout.
    public var workingSets: Int
    /// Reps of those sets.
    public var reps: Int
    /// Σ weight × reps, kg rounded to 0.001.
    public var volumeKg: Double
    /// Heaviest weight for ≥ 1 rep in the workout, nil without weighted sets.
    public var heaviestKg: Double?
    /// Best e1RM in the workout, nil without weighted sets of 1…12 reps.
    public var e1rmKg: Double?
    /// The workout's rep maxes: element `n − 1` is the greatest weight lifted for at least `n`
    /// reps in one set, n = 1…12 (nil when none; empty when not computed). Rep maxes never rise
    /// with `n`, so the nils at the end (beyond the session's most reps) are left out: an index
    /// past the end reads as nil. Goals on `rep_max_N` follow it week by week
    /// (docs/statistics.md "Goals").
    public var repMaxesKg: [Double?]

    /// Creates a session.
    public init(
        workoutID: Int64, day: CivilDate, workingSets: Int, reps: Int, volumeKg: Double,
        heaviestKg: Double?, e1rmKg: Double?, repMaxesKg: [Double?] = []
    ) {
        self.workoutID = workoutID
        self.day = day
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
        self.heaviestKg = heaviestKg
        self.e1rmKg = e1rmKg
        self.repMaxesKg = repMaxesKg
    }
}

/// Aggregates and records of one exercise (docs/statistics.md "Aggregates", "Records").
public struct ExerciseStats: Sendable, Equatable {
    /// NFC name.
    public var name: String
    /// Workouts with ≥ 1 working set of it.
    public var workouts: Int
    /// Its working sets.
    public var workingSets: Int
    /// Reps of its working sets.
    public var reps: Int
    /// Its volume, kg rounded to 0.001.
    public var volumeKg: Double
    /// Its records.
    public var records: ExerciseRecords
    /// The workouts with ≥ 1 working set of it, in walk order (for progression charts).
    public var sessions: [ExerciseSession]

    /// Creates exercise statistics.
    public init(
        name: String, workouts: Int = 0, workingSets: Int = 0, reps: Int = 0, volumeKg: Double = 0,
        records: ExerciseRecords = ExerciseRecords(), sessions: [ExerciseSession] = []
    ) {
        self.name = name
        self.workouts = workouts
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
        self.records = records
        self.sessions = sessions
    }
}
