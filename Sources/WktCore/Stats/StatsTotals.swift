/// Totals over every counted workout (docs/statistics.md "Aggregates"). Warm-ups count nowhere.
public struct StatsTotals: Sendable, Equatable {
    /// Workouts on or before today (sets or not: a run without sets is a workout).
    public var workouts: Int
    /// Working (non-warm-up, done) sets.
    public var workingSets: Int
    /// Reps of working sets, bodyweight sets included.
    public var reps: Int
    /// Σ weight × reps of working sets, in kg rounded to 0.001.
    public var volumeKg: Double
    /// The first training day, nil without workouts.
    public var firstDay: CivilDate?
    /// The last training day, nil without workouts.
    public var lastDay: CivilDate?

    /// Creates totals.
    public init(
        workouts: Int = 0, workingSets: Int = 0, reps: Int = 0, volumeKg: Double = 0,
        firstDay: CivilDate? = nil, lastDay: CivilDate? = nil
    ) {
        self.workouts = workouts
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}

/// One week of the weekly series (docs/statistics.md "Workouts per week"); zero weeks are included.
public struct WeekStats: Sendable, Equatable {
    /// The week's first day (a `week_start` weekday).
    public var start: CivilDate
    /// `stats.json` label: `2026-W47` for ISO weeks, else the first day `2026-11-15`.
    public var label: String
    /// Label for people: `2026-W47`, or `week of 2026-11-15` for non-Monday weeks.
    public var displayLabel: String
    /// Workouts whose training day falls in the week.
    public var workouts: Int
    /// Working sets in the week.
    public var workingSets: Int
    /// Reps of working sets in the week.
    public var reps: Int
    /// Volume in kg (rounded to 0.001).
    public var volumeKg: Double

    /// Creates a week.
    public init(
        start: CivilDate, label: String, displayLabel: String, workouts: Int = 0, workingSets: Int = 0,
        reps: Int = 0, volumeKg: Double = 0
    ) {
        self.start = start
        self.label = label
        self.displayLabel = displayLabel
        self.workouts = workouts
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
    }

    /// The week's last day.
    public var end: CivilDate { start.adding(days: 6) }
}
