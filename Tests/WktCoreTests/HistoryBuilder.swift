@testable import WktCore

/// Small builders for hand-made histories.
enum H {
    /// A date from `YYYY-MM-DD` (test literals only).
    static func d(_ text: String) -> CivilDate {
        guard let day = CivilDate.parse(text) else { preconditionFailure("bad test date \(text)") }
        return day
    }

    /// A wall time from `YYYY-MM-DD HH:MM`.
    static func t(_ text: String) -> WallTime {
        guard let time = WallTime.parse(text) else { preconditionFailure("bad test time \(text)") }
        return time
    }

    /// A normal set of `kg` × `reps` (kg nil for bodyweight).
    static func s(_ kg: Double?, _ reps: Int?, _ kind: SetKind = .normal) -> WorkoutSet {
        WorkoutSet(kind: kind, weightKg: kg, reps: reps)
    }

    /// A warm-up set.
    static func warm(_ kg: Double?, _ reps: Int) -> WorkoutSet { s(kg, reps, .warmup) }

    /// A block.
    static func ex(_ name: String, _ sets: [WorkoutSet]) -> ExerciseBlock { ExerciseBlock(name: name, sets: sets) }

    /// A stored workout.
    static func w(
        _ id: Int64, _ start: String, _ name: String = "Workout", offset: Int? = nil,
        activity: String = "strength", _ exercises: [ExerciseBlock] = []
    ) -> StoredWorkout {
        StoredWorkout(
            id: id,
            workout: Workout(
                source: .wkt, sourceKey: "k\(id)", start: t(start), utcOffsetSeconds: offset, name: name,
                activity: activity, exercises: exercises
            )
        )
    }

    /// A stored workout named "Workout".
    static func w(_ id: Int64, _ start: String, _ exercises: [ExerciseBlock]) -> StoredWorkout {
        w(id, start, "Workout", exercises)
    }

    /// One set-less running workout per day from `first` through `last`, at `hour`:00.
    static func daily(from first: String, through last: String, hour: Int = 18, idBase: Int64 = 1) -> [StoredWorkout] {
        let a = d(first), b = d(last)
        return (0...a.days(to: b)).map { offset in
            let day = a.adding(days: offset)
            return w(idBase + Int64(offset), "\(day) \(ASCIIDigits.pad(hour, 2)):00", "Run", activity: "running")
        }
    }

    /// Settings in Europe/Berlin with overrides.
    static func settings(
        weekStart: Weekday = .monday, cutoff: Int = 0, target: Int = 1, formula: E1RMFormula = .epley,
        schedule: Schedule? = nil
    ) -> Settings {
        Settings(
            timezone: "Europe/Berlin", weekStart: weekStart, dayCutoffHour: cutoff, weeklyTarget: target,
            e1rmFormula: formula, schedule: schedule
        )
    }

    /// Computes a report.
    static func report(
        _ workouts: [StoredWorkout], today: String, settings: Settings = H.settings(), stored: Schedule? = nil
    ) -> StatsReport {
        StatsEngine.compute(
            history: WorkoutHistory(workouts: workouts, storedSchedule: stored), settings: settings, today: d(today)
        )
    }
}
