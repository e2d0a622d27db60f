/// Where a workout came from.
public enum WorkoutSource: String, Sendable, Hashable, CaseIterable, Codable {
    case strong, hevy, fitnotes, fitbod
    case stronglifts
    case appleHealth = "apple-health"
    case wkt
    case gymBaazi = "gym-baazi"
    case demo
}

/// A named check-in value on a workout (wkt JSON `check_in`, e.g. `energy` 3, `knee_pain` 1).
public struct CheckIn: Sendable, Hashable {
    /// The key as written in the source (`energy`, `knee_pain`).
    public var name: String
    /// The value, usually on a 0–5 scale.
    public var value: Int

    /// Creates a check-in value.
    public init(name: String, value: Int) {
        self.name = name
        self.value = value
    }
}

/// One workout, as imported: the unit the store keeps and statistics read.
public struct Workout: Sendable, Hashable {
    /// The app that wrote it.
    public var source: WorkoutSource
    /// Stable identity within the source that survives re-export (docs/formats.md §6), e.g. the
    /// Strong `Date` text. Together with ``source`` it is unique in the store.
    public var sourceKey: String
    /// Start as local wall-clock time.
    public var start: WallTime
    /// The start's UTC offset in seconds when the source gives one (Apple Health, wkt JSON).
    public var utcOffsetSeconds: Int?
    /// Duration in seconds, when known.
    public var durationSeconds: Int?
    /// Workout name (NFC).
    public var name: String
    /// Workout note (Markdown), nil when none.
    public var notes: String?
    /// HealthKit-style activity without prefix: `strength`, `running`, `cycling`, `hiit`, …
    public var activity: String
    /// Active energy in kcal, when known.
    public var energyKcal: Double?
    /// 1–5 star rating, when given.
    public var rating: Int?
    /// Check-in values, sorted by name.
    public var checkIns: [CheckIn]
    /// The exercises in order.
    public var exercises: [ExerciseBlock]

    /// Creates a workout; the name is NFC-normalised and check-ins are sorted by name.
    public init(
        source: WorkoutSource, sourceKey: String, start: WallTime, utcOffsetSeconds: Int? = nil,
        durationSeconds: Int? = nil, name: String, notes: String? = nil, activity: String = "strength",
        energyKcal: Double? = nil, rating: Int? = nil, checkIns: [CheckIn] = [],
        exercises: [ExerciseBlock] = []
    ) {
        self.source = source
        self.sourceKey = sourceKey
        self.start = start
        self.utcOffsetSeconds = utcOffsetSeconds
        self.durationSeconds = durationSeconds
        self.name = CanonicalName.normalize(name)
        self.notes = notes
        self.activity = activity
        self.energyKcal = energyKcal
        self.rating = rating
        self.checkIns = checkIns.sorted { $0.name < $1.name }
        self.exercises = exercises
    }

    /// All sets of all blocks, in order.
    public var allSets: [WorkoutSet] { exercises.flatMap(\.sets) }
}

/// A workout as loaded from the store, with its row id (used to break ordering ties).
public struct StoredWorkout: Sendable, Hashable {
    /// The store's row id.
    public var id: Int64
    /// The workout.
    public var workout: Workout

    /// Creates a stored workout.
    public init(id: Int64, workout: Workout) {
        self.id = id
        self.workout = workout
    }
}

/// A planned routine per weekday (`[schedule]` in `wkt-site.toml`, a wkt JSON `schedule`, or the
/// Gym-Baazi PPL plan).
public struct Schedule: Sendable, Hashable {
    /// Planned routine names by weekday; days without an entry are rest days.
    public var days: [Weekday: String]
    /// The first day the plan is in force (`[schedule] since`), nil for always: before it no day
    /// is planned or missed (docs/statistics.md "The weekly calendar").
    public var since: CivilDate?

    /// Creates a schedule.
    public init(days: [Weekday: String] = [:], since: CivilDate? = nil) {
        self.days = days
        self.since = since
    }

    /// Whether nothing is planned.
    public var isEmpty: Bool { days.isEmpty }

    /// The routine planned on `date`: the weekday's entry, nil on rest weekdays and on every day
    /// before ``since``.
    public func routine(on date: CivilDate) -> String? {
        if let since, date < since { return nil }
        return days[date.weekday]
    }

    /// Entries sorted Monday first.
    public var sortedEntries: [(weekday: Weekday, routine: String)] {
        days.sorted { $0.key < $1.key }.map { (weekday: $0.key, routine: $0.value) }
    }
}

/// Everything statistics and the site need from the store: all workouts, oldest first.
public struct WorkoutHistory: Sendable {
    /// Workouts sorted by start wall time, then name, then id.
    public var workouts: [StoredWorkout]
    /// The schedule stored with imported data (wkt JSON, Gym-Baazi); `wkt-site.toml` wins over it.
    public var storedSchedule: Schedule?
    /// Whether starts carry the time of day they were logged at. False once a publish profile hid
    /// `times` (``PublishProfile/redact(_:calendar:)``): every start is then its training day at a
    /// fixed hour, which pages and feeds must not show as a clock time.
    public var timesOfDay = true
    /// Bodyweight measurements from the store, oldest first (by day, then source); empty when
    /// none were imported (docs/statistics.md "Bodyweight").
    public var body: [BodyMeasurement] = []

    /// Creates a history; workouts are sorted into walk order.
    public init(workouts: [StoredWorkout], storedSchedule: Schedule? = nil) {
        self.workouts = workouts.sorted { a, b in
            if a.workout.start != b.workout.start { return a.workout.start < b.workout.start }
            if a.workout.name != b.workout.name {
                return a.workout.name.unicodeScalars.lexicographicallyPrecedes(b.workout.name.unicodeScalars)
            }
            return a.id < b.id
        }
        self.storedSchedule = storedSchedule
    }
}
