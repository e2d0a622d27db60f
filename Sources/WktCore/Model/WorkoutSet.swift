/// One performed set. Units are fixed: kilograms, seconds, metres.
///
/// `nil` means "not given" (a bodyweight set has no weight, a timed set no reps); the importers
/// never turn an empty cell into 0.
public struct WorkoutSet: Sendable, Hashable {
    /// Normal, warm-up, drop or failure.
    public var kind: SetKind
    /// Weight in kg rounded to 0.001, nil for bodyweight/timed/cardio sets. For assisted
    /// movements this is the assistance, as the app wrote it.
    public var weightKg: Double?
    /// Repetitions, nil when not applicable.
    public var reps: Int?
    /// Duration of a timed set in seconds.
    public var seconds: Double?
    /// Distance in metres.
    public var distanceM: Double?
    /// Rate of perceived exertion (6–10, halves allowed).
    public var rpe: Double?
    /// A note on this set.
    public var notes: String?

    /// Creates a set.
    public init(
        kind: SetKind = .normal, weightKg: Double? = nil, reps: Int? = nil, seconds: Double? = nil,
        distanceM: Double? = nil, rpe: Double? = nil, notes: String? = nil
    ) {
        self.kind = kind
        self.weightKg = weightKg
        self.reps = reps
        self.seconds = seconds
        self.distanceM = distanceM
        self.rpe = rpe
        self.notes = notes
    }

    /// docs/statistics.md: a set is done when reps > 0, or seconds > 0, or distance > 0.
    public var isDone: Bool {
        (reps ?? 0) > 0 || (seconds ?? 0) > 0 || (distanceM ?? 0) > 0
    }

    /// A done set that is not a warm-up.
    public var isWorking: Bool { kind.isWorking && isDone }

    /// docs/statistics.md: weight × reps when both are > 0, else 0.
    public var volumeKg: Double {
        guard let w = weightKg, w > 0, let r = reps, r > 0 else { return 0 }
        return w * Double(r)
    }
}
