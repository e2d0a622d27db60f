/// One exercise's share of a workout (all its blocks together).
public struct WorkoutExerciseInfo: Sendable, Equatable {
    /// NFC name.
    public var name: String
    /// Working sets.
    public var workingSets: Int
    /// Reps of working sets.
    public var reps: Int
    /// Σ weight × reps, kg rounded to 0.001.
    public var volumeKg: Double

    /// Creates the info.
    public init(name: String, workingSets: Int, reps: Int, volumeKg: Double) {
        self.name = name
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
    }
}

/// What the site needs to know about one counted workout.
public struct WorkoutInfo: Sendable, Equatable {
    /// Store id.
    public var id: Int64
    /// Workout name.
    public var name: String
    /// Local wall-clock start.
    public var start: WallTime
    /// The training day (start date adjusted by the cutoff).
    public var trainingDay: CivilDate
    /// The first day of its week.
    public var weekStart: CivilDate
    /// Working sets.
    public var workingSets: Int
    /// Reps of working sets.
    public var reps: Int
    /// Σ weight × reps, kg rounded to 0.001.
    public var volumeKg: Double
    /// Exercises in order of first appearance in the workout, blocks of one exercise merged.
    public var exercises: [WorkoutExerciseInfo]
    /// PR events set in this workout, in event order.
    public var prEvents: [PREvent]

    /// Creates the info.
    public init(
        id: Int64, name: String, start: WallTime, trainingDay: CivilDate, weekStart: CivilDate,
        workingSets: Int, reps: Int, volumeKg: Double, exercises: [WorkoutExerciseInfo], prEvents: [PREvent]
    ) {
        self.id = id
        self.name = name
        self.start = start
        self.trainingDay = trainingDay
        self.weekStart = weekStart
        self.workingSets = workingSets
        self.reps = reps
        self.volumeKg = volumeKg
        self.exercises = exercises
        self.prEvents = prEvents
    }
}
