/// Every number of docs/statistics.md for one history, settings and day; produced by ``StatsEngine``.
///
/// The site, `wkt-site stats` and `stats.json` all read this one value, so they never disagree.
public struct StatsReport: Sendable {
    /// The day the report was computed for.
    public let today: CivilDate
    /// Week start and day cutoff in force.
    public let calendar: TrainingCalendar
    /// The e1RM formula in force.
    public let e1rmFormula: E1RMFormula
    /// The schedule that drives ○ and ✗ (config wins over the stored one), nil when none.
    public let schedule: Schedule?
    /// Totals.
    public let totals: StatsTotals
    /// Weeks from the first workout's week through the week containing today, oldest first, zero
    /// weeks included; empty without workouts.
    public let weeks: [WeekStats]
    /// Week and day streaks.
    public let streaks: StreakReport
    /// Every exercise of a counted workout, sorted by code points of the NFC name.
    public let exercises: [ExerciseStats]
    /// PR events in walk order (start, name, id; within a workout: exercise order, then
    /// ``RecordMetric/allInEventOrder``).
    public let prEvents: [PREvent]
    /// Counted workouts in walk order.
    public let workouts: [WorkoutInfo]
    /// Workouts whose training day is after today: ignored by every statistic.
    public let futureWorkoutsIgnored: Int
    // The insights (docs/statistics.md): each a `var` with an empty default, assigned once at the
    // end of ``StatsEngine/compute(history:settings:today:)``.
    /// Bodyweight, relative strength and DOTS (docs/statistics.md "Bodyweight on a day").
    public var body = BodyReport()
    /// `[[goals]]` with their progress, reached day and projection, in config order
    /// (docs/statistics.md "Goals"); empty without goals.
    public var goals: [GoalProgress] = []
    /// Sets per muscle (docs/statistics.md "Sets per muscle").
    public var muscleSets: MuscleSets = .empty
    /// Workouts per training day, keyed by ``CivilDate/dayNumber`` (looked up, never iterated).
    private let workoutsByDay: [Int: Int]

    /// Creates a report (``StatsEngine/compute(history:settings:today:)`` is the usual way).
    public init(
        today: CivilDate, calendar: TrainingCalendar, e1rmFormula: E1RMFormula, schedule: Schedule?,
        totals: StatsTotals, weeks: [WeekStats], streaks: StreakReport, exercises: [ExerciseStats],
        prEvents: [PREvent], workouts: [WorkoutInfo], futureWorkoutsIgnored: Int
    ) {
        self.today = today
        self.calendar = calendar
        self.e1rmFormula = e1rmFormula
        self.schedule = schedule
        self.totals = totals
        self.weeks = weeks
        self.streaks = streaks
        self.exercises = exercises
        self.prEvents = prEvents
        self.workouts = workouts
        self.futureWorkoutsIgnored = futureWorkoutsIgnored
        var byDay: [Int: Int] = [:]
        for workout in workouts { byDay[workout.trainingDay.dayNumber, default: 0] += 1 }
        self.workoutsByDay = byDay
    }

    /// Counted workouts on a training day.
    public func workouts(on day: CivilDate) -> Int { workoutsByDay[day.dayNumber] ?? 0 }

    /// The week containing today (the last element of ``weeks``), nil without workouts.
    public var thisWeek: WeekStats? { weeks.last }

    /// Workouts in the week containing today.
    public var workoutsThisWeek: Int { thisWeek?.workouts ?? 0 }

    /// Counted workouts in the week containing `day` (0 outside the series).
    public func workouts(inWeekContaining day: CivilDate) -> Int { week(containing: day)?.workouts ?? 0 }

    /// The week (of ``weeks``) containing `day`, nil outside the series.
    public func week(containing day: CivilDate) -> WeekStats? {
        guard let first = weeks.first else { return nil }
        let index = calendar.weeks(from: first.start, to: day)
        return weeks.indices.contains(index) ? weeks[index] : nil
    }

    /// The seven marks of the week containing `day` (docs/statistics.md "The weekly calendar").
    ///
    /// A day is ✓ done when it has a workout; else ● today when it is today; else, when the schedule
    /// plans its weekday (and the day is not before the schedule's `since`), ○ planned if after
    /// today or ✗ missed if before; else · rest.
    public func weekCalendar(weekContaining day: CivilDate) -> [DayMark] {
        calendar.days(ofWeekContaining: day).map { date in
            let count = workouts(on: date)
            let routine = schedule?.routine(on: date)
            let state: DayState
            if count > 0 {
                state = .done
            } else if date == today {
                state = .today
            } else if routine != nil {
                state = date > today ? .planned : .missed
            } else {
                state = .rest
            }
            return DayMark(date: date, state: state, workouts: count, routine: routine)
        }
    }
}
