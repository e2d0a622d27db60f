/// Where a goal stands (docs/statistics.md "Goals"): the current best, the progress, the day it
/// was first reached, and the projection.
public struct GoalProgress: Sendable, Equatable {
    /// Why there is no projected day.
    public enum NoProjection: Sendable, Equatable {
        /// The goal is reached: nothing to project.
        case reached
        /// Fewer than ``GoalProgress/minimumPoints`` of the last 12 complete weeks have a value
        /// of the metric (the count found).
        case tooFewWeeks(Int)
        /// The trend line is flat or falling (slope ≤ 0).
        case notRising
        /// The line reaches the target only after ``GoalProgress/horizonYears`` years from today.
        case beyondHorizon
    }

    /// A projected day, or why there is none.
    public enum Projection: Sendable, Equatable {
        /// The first day the trend line is at or above the target.
        case day(CivilDate)
        /// No projection, with the reason.
        case none(NoProjection)

        /// The projected day, nil without one.
        public var day: CivilDate? {
            if case .day(let day) = self { return day }
            return nil
        }
    }

    /// The goal against its `by` day.
    public enum Deadline: Sendable, Equatable {
        /// Reached on or before the `by` day.
        case reachedInTime
        /// Reached, but after the `by` day.
        case reachedLate
        /// Not reached and the `by` day is before today.
        case passed
        /// The projected day is on or before the `by` day.
        case onTrack
        /// The projected day is after the `by` day.
        case behind
        /// No projection to compare with.
        case unknown
    }

    /// The weeks the trend looks back over: the last 12 complete weeks.
    public static let windowWeeks = 12
    /// The fewest weekly points a line is drawn through.
    public static let minimumPoints = 4
    /// How far ahead a projection may lie, in years from today.
    public static let horizonYears = 3

    /// The goal as configured.
    public var goal: Goal
    /// The history's name of the exercise (``GoalMatch``); the goal's name when no counted
    /// workout has it.
    public var exercise: String
    /// The current best value of the metric, kg; nil when the exercise has none.
    public var bestKg: Double?
    /// best ÷ target, 0…1 (capped at 1); 0 without a best.
    public var progress: Double
    /// The first training day (and workout) the metric was ≥ the target; nil when not reached.
    public var reached: RecordValue?
    /// The projected day or why there is none.
    public var projection: Projection
    /// The goal against its `by` day; nil without one.
    public var deadline: Deadline?

    /// Creates a result (``GoalEngine/compute(goals:exercises:calendar:today:)`` is the usual way).
    public init(
        goal: Goal, exercise: String, bestKg: Double?, progress: Double, reached: RecordValue?,
        projection: Projection, deadline: Deadline?
    ) {
        self.goal = goal
        self.exercise = exercise
        self.bestKg = bestKg
        self.progress = progress
        self.reached = reached
        self.projection = projection
        self.deadline = deadline
    }

    /// Progress in whole percent, rounded down so that 100 % means reached (`80`).
    public var percent: Int { Int((progress * 100).rounded(.down)) }

    /// The reason for no projection, in words (`fewer than 4 weeks of data in the last 12
    /// complete weeks (2)`); nil with a projection.
    public var noProjectionText: String? {
        guard case .none(let reason) = projection else { return nil }
        switch reason {
        case .reached: return "already reached"
        case .tooFewWeeks(let count):
            return "fewer than \(Self.minimumPoints) weeks of data in the last \(Self.windowWeeks) complete weeks (\(count))"
        case .notRising: return "the trend of the last \(Self.windowWeeks) complete weeks is flat or falling"
        case .beyondHorizon: return "at the current trend, more than \(Self.horizonYears) years away"
        }
    }

    /// The goal against its `by` day in words (`by 2027-06-01: on track`), nil without `by`.
    public var deadlineText: String? {
        guard let by = goal.by, let deadline else { return nil }
        let state = switch deadline {
        case .reachedInTime: "reached in time"
        case .reachedLate: "reached after it"
        case .passed: "passed, not reached"
        case .onTrack: "the projection meets it"
        case .behind: "the projection is later"
        case .unknown: "no projection to compare"
        }
        return "by \(by): \(state)"
    }
}

/// Computes ``GoalProgress`` for the configured goals (docs/statistics.md "Goals"). Pure: the
/// report's exercises, the calendar and today are all it reads.
public enum GoalEngine {
    /// One result per goal, in config order.
    public static func compute(goals: [Goal], exercises: [ExerciseStats], calendar: TrainingCalendar, today: CivilDate) -> [GoalProgress] {
        guard !goals.isEmpty else { return [] }
        var byName: [String: ExerciseStats] = [:]
        for exercise in exercises { byName[exercise.name] = exercise }
        return goals.map { goal in
            let stats: ExerciseStats?
            if case .found(let name) = GoalMatch.match(goal.exercise, among: exercises.map(\.name)) {
                stats = byName[name]
            } else {
                stats = nil
            }
            return progress(goal, stats: stats, calendar: calendar, today: today)
        }
    }

    /// The progress of one goal on `stats` (nil: the exercise has no counted working set).
    public static func progress(_ goal: Goal, stats: ExerciseStats?, calendar: TrainingCalendar, today: CivilDate) -> GoalProgress {
        let target = goal.targetMilli
        let best = stats?.records.value(of: goal.metric)?.value
        let ratio = best.map { target > 0 ? min(1, max(0, ($0 * 1000).rounded() / target)) : 0 } ?? 0
        var reached: RecordValue?
        for session in stats?.sessions ?? [] {
            guard let value = value(of: goal.metric, in: session), (value * 1000).rounded() >= target else { continue }
            reached = RecordValue(value, day: session.day, workoutID: session.workoutID)
            break
        }
        let projection: GoalProgress.Projection = reached != nil
            ? .none(.reached)
            : project(goal, sessions: stats?.sessions ?? [], calendar: calendar, today: today)
        return GoalProgress(
            goal: goal, exercise: stats?.name ?? goal.exercise, bestKg: best, progress: reached != nil ? 1 : ratio,
            reached: reached, projection: projection,
            deadline: deadline(by: goal.by, reached: reached?.day, projected: projection.day, today: today))
    }

    /// The session's value of a goal metric, kg.
    static func value(of metric: RecordMetric, in session: ExerciseSession) -> Double? {
        switch metric {
        case .heaviest: session.heaviestKg
        case .e1rm: session.e1rmKg
        case .repMax(let n): session.repMaxesKg.indices.contains(n - 1) ? session.repMaxesKg[n - 1] : nil
        case .setVolume, .sessionVolume: nil
        }
    }

    /// The weekly points of the trend: for each of the last ``GoalProgress/windowWeeks`` complete
    /// weeks (the weeks before the one containing today) with a value, the week's best value
    /// (grams) and the first day it was lifted, oldest first.
    static func weeklyPoints(_ metric: RecordMetric, sessions: [ExerciseSession], calendar: TrainingCalendar, today: CivilDate)
        -> [(day: CivilDate, milli: Double)] {
        let thisWeek = calendar.weekStart(of: today)
        let first = thisWeek.adding(days: -7 * GoalProgress.windowWeeks)
        var points: [(week: CivilDate, day: CivilDate, milli: Double)] = []
        for session in sessions where session.day >= first && session.day < thisWeek {
            guard let kg = value(of: metric, in: session), kg.isFinite else { continue }
            let milli = (kg * 1000).rounded()
            let week = calendar.weekStart(of: session.day)
            if let last = points.last, last.week == week {
                if milli > last.milli { points[points.count - 1] = (week, session.day, milli) }
            } else {
                points.append((week, session.day, milli))
            }
        }
        return points.map { ($0.day, $0.milli) }
    }

    /// The least-squares line through the weekly points and the first day it reaches the target
    /// (never today or earlier: the history up to today has not reached it).
    static func project(_ goal: Goal, sessions: [ExerciseSession], calendar: TrainingCalendar, today: CivilDate) -> GoalProgress.Projection {
        let points = weeklyPoints(goal.metric, sessions: sessions, calendar: calendar, today: today)
        guard points.count >= GoalProgress.minimumPoints, let origin = points.first else {
            return .none(.tooFewWeeks(points.count))
        }
        // Days and grams relative to the first point: whole numbers, so equal values give a
        // slope of exactly 0 (flat), not a rounding error's tiny rise.
        let n = Double(points.count)
        var sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
        for point in points {
            let x = Double(origin.day.days(to: point.day))
            let y = point.milli - origin.milli
            sx += x
            sy += y
            sxx += x * x
            sxy += x * y
        }
        let numerator = n * sxy - sx * sy
        let denominator = n * sxx - sx * sx
        guard denominator > 0, numerator.isFinite, numerator > 0 else { return .none(.notRising) }
        // The line is y = ȳ + (N / D)(x − x̄); it meets the target T at
        // x = (sx·N + (n·T − sy)·D) / (n·N): whole numbers up to the one division, so a line
        // that meets the target on a whole day gives exactly that day.
        let target = goal.targetMilli - origin.milli
        let crossing = (sx * numerator + (n * target - sy) * denominator) / (n * numerator)
        let horizon = today.addingYears(GoalProgress.horizonYears)
        let limit = Double(origin.day.days(to: horizon))
        guard crossing.isFinite, crossing <= limit else { return .none(.beyondHorizon) }
        let day = origin.day.adding(days: Int(crossing.rounded(.up)))
        return .day(max(day, today.adding(days: 1)))
    }

    /// The goal against its `by` day: a reached goal by its reached day, else `passed` once the
    /// day is before today, else by the projected day.
    static func deadline(by: CivilDate?, reached: CivilDate?, projected: CivilDate?, today: CivilDate) -> GoalProgress.Deadline? {
        guard let by else { return nil }
        if let reached { return reached <= by ? .reachedInTime : .reachedLate }
        if by < today { return .passed }
        guard let projected else { return .unknown }
        return projected <= by ? .onTrack : .behind
    }
}

extension CivilDate {
    /// The same month and day `years` later; 29 February becomes 28 February in a common year.
    func addingYears(_ years: Int) -> CivilDate {
        let year = self.year + years
        return CivilDate(year: year, month: month, day: min(day, CivilDate.daysInMonth(year: year, month: month)))
            ?? adding(days: 365 * years)
    }
}
