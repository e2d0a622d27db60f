import WktCore

/// Canonical encodings of the statistics types for page keys (``PageKeys``): every stored
/// property of each type, in declaration order. `StatsDigestTests` counts each type's stored
/// properties with `Mirror` against ``fieldCounts``, so a property added to a type without
/// being added here fails a test instead of leaving a stale page in place.
extension InputDigest {
    /// The number of stored properties each encoding below covers, by type name.
    static let fieldCounts: [String: Int] = [
        "WorkoutInfo": 10, "WorkoutExerciseInfo": 4, "PREvent": 10, "ExerciseStats": 7, "ExerciseRecords": 6,
        "ExerciseSession": 8, "Reached<Double>": 3, "Reached<Int>": 3, "Workout": 12, "ExerciseBlock": 7,
        "WorkoutSet": 7, "CheckIn": 2,
    ]

    /// Feeds a non-optional number's bit pattern.
    mutating func add(_ value: Double) { add(value.bitPattern) }

    /// Feeds a day as its day number.
    mutating func add(_ day: CivilDate) { add(day.dayNumber) }

    /// Feeds everything the statistics say about one workout.
    mutating func add(_ info: WorkoutInfo) {
        add(info.id)
        add(info.name)
        add(info.start)
        add(info.trainingDay)
        add(info.weekStart)
        add(info.workingSets)
        add(info.reps)
        add(info.volumeKg)
        add(info.exercises.count)
        for exercise in info.exercises {
            add(exercise.name)
            add(exercise.workingSets)
            add(exercise.reps)
            add(exercise.volumeKg)
        }
        add(info.prEvents.count)
        for event in info.prEvents { add(event) }
    }

    /// Feeds one PR event.
    mutating func add(_ event: PREvent) {
        add(event.day)
        add(event.workoutID)
        add(event.workoutName)
        add(event.workoutStart)
        add(event.exercise)
        add(event.metric.name)
        add(event.valueKg)
        add(event.previousKg)
        add(event.formula.rawValue)
        if let set = event.set {
            byte(1)
            add(set.block)
            add(set.set)
        } else {
            byte(0)
        }
    }

    /// Feeds an exercise's aggregates, records and sessions.
    mutating func add(_ stats: ExerciseStats) {
        add(stats.name)
        add(stats.workouts)
        add(stats.workingSets)
        add(stats.reps)
        add(stats.volumeKg)
        let records = stats.records
        for record in [records.heaviest, records.e1rm, records.bestSetVolume, records.bestSessionVolume] { add(record) }
        add(records.maxReps)
        add(records.repMaxes.count)
        for record in records.repMaxes { add(record) }
        add(stats.sessions.count)
        for session in stats.sessions {
            add(session.workoutID)
            add(session.day)
            add(session.workingSets)
            add(session.reps)
            add(session.volumeKg)
            add(session.heaviestKg)
            add(session.e1rmKg)
            add(session.repMaxesKg.count)
            for value in session.repMaxesKg { add(value) }
        }
    }

    /// Feeds 0 for no record, else 1, the value, the day and the workout.
    mutating func add(_ record: RecordValue?) {
        guard let record else { return byte(0) }
        byte(1)
        add(record.value)
        add(record.day)
        add(record.workoutID)
    }

    /// Feeds a reps record like a weight record, the count as the value (its place in the
    /// encoding tells the two apart).
    mutating func add(_ record: RepsRecord?) {
        add(record.map { RecordValue(Double($0.value), day: $0.day, workoutID: $0.workoutID) })
    }
}
