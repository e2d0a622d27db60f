/// This week against last week and against the average of the complete weeks before it
/// (docs/product.md "Dashboard: last workout, week comparison, lift trends").
///
/// Read from ``StatsReport/weeks`` (zero weeks included), so the numbers are the ones the weekly
/// charts and `stats.json` show.
public struct WeekComparison: Sendable, Equatable {
    /// Workouts, working sets and volume of one week, or their average over several weeks.
    public struct Numbers: Sendable, Equatable {
        /// Workouts.
        public var workouts: Double
        /// Working sets.
        public var workingSets: Double
        /// Volume in kg.
        public var volumeKg: Double

        /// Creates the numbers.
        public init(workouts: Double, workingSets: Double, volumeKg: Double) {
            (self.workouts, self.workingSets, self.volumeKg) = (workouts, workingSets, volumeKg)
        }

        /// The numbers of one week.
        public init(_ week: WeekStats) {
            self.init(workouts: Double(week.workouts), workingSets: Double(week.workingSets), volumeKg: week.volumeKg)
        }

        /// `self − other`, field by field.
        public func minus(_ other: Numbers) -> Numbers {
            Numbers(workouts: workouts - other.workouts, workingSets: workingSets - other.workingSets,
                    volumeKg: volumeKg - other.volumeKg)
        }
    }

    /// Complete weeks the average covers at most.
    public static let averageWeeks = 4

    /// The week containing today (unfinished).
    public let thisWeek: Numbers
    /// The week before it; nil when the history starts this week. A week without workouts is zeros.
    public let lastWeek: Numbers?
    /// The average of the last ``averageWeekCount`` complete weeks; nil when there is none.
    public let average: Numbers?
    /// Complete weeks in the average: ``averageWeeks``, or fewer when the history is shorter.
    public let averageWeekCount: Int

    /// Compares the last week of `weeks` (the week containing today) with the weeks before it.
    /// - Parameters:
    ///   - weeks: ``StatsReport/weeks``: consecutive weeks, oldest first, ending with this week.
    ///   - averageOver: Complete weeks to average (default ``averageWeeks``).
    /// - Returns: nil when `weeks` is empty (no workouts).
    public static func compute(weeks: [WeekStats], averageOver: Int = averageWeeks) -> WeekComparison? {
        guard let current = weeks.last else { return nil }
        let complete = weeks.dropLast().suffix(max(0, averageOver))
        var average: Numbers?
        if !complete.isEmpty {
            let count = Double(complete.count)
            average = Numbers(
                workouts: Double(complete.reduce(0) { $0 + $1.workouts }) / count,
                workingSets: Double(complete.reduce(0) { $0 + $1.workingSets }) / count,
                volumeKg: complete.reduce(0.0) { $0 + $1.volumeKg } / count)
        }
        return WeekComparison(
            thisWeek: Numbers(current), lastWeek: weeks.count > 1 ? Numbers(weeks[weeks.count - 2]) : nil,
            average: average, averageWeekCount: complete.count)
    }
}

/// The lifts the dashboard charts and their best e1RM per week (docs/product.md "Dashboard: last
/// workout, week comparison, lift trends").
public enum LiftTrends {
    /// Weeks (ending with this week) whose working sets choose the lifts.
    public static let choiceWeeks = 12
    /// Weeks (ending with this week) each lift's chart shows.
    public static let chartWeeks = 16
    /// Lifts shown.
    public static let liftCount = 3

    /// The most-trained lifts: exercises with a weighted set that has an e1RM (1–12 reps) in the
    /// last `weeks` weeks, by working sets in those weeks, then workouts in them, then name order
    /// (their order in `exercises`).
    /// - Parameters:
    ///   - exercises: ``StatsReport/exercises`` (name order).
    ///   - calendar: The training calendar.
    ///   - today: The day the site is built for.
    ///   - weeks: The window, this week included.
    ///   - limit: At most this many lifts.
    /// - Returns: Indices into `exercises`, the most trained first.
    public static func mostTrained(
        _ exercises: [ExerciseStats], calendar: TrainingCalendar, today: CivilDate,
        weeks: Int = choiceWeeks, limit: Int = liftCount
    ) -> [Int] {
        let first = calendar.weekStart(of: today).adding(days: -7 * (max(1, weeks) - 1))
        var ranked: [(index: Int, sets: Int, workouts: Int)] = []
        for (index, exercise) in exercises.enumerated() {
            let recent = exercise.sessions.filter { $0.day >= first && $0.day <= today }
            guard recent.contains(where: { $0.e1rmKg != nil }) else { continue }
            ranked.append((index, recent.reduce(0) { $0 + $1.workingSets }, recent.count))
        }
        ranked.sort { lhs, rhs in
            if lhs.sets != rhs.sets { return lhs.sets > rhs.sets }
            if lhs.workouts != rhs.workouts { return lhs.workouts > rhs.workouts }
            return lhs.index < rhs.index
        }
        return ranked.prefix(max(0, limit)).map(\.index)
    }

    /// The best e1RM (kg) of each of the `weeks` weeks ending with the week containing `today`,
    /// oldest first; nil for a week without a session that has one.
    public static func weeklyBestE1RM(
        _ exercise: ExerciseStats, calendar: TrainingCalendar, today: CivilDate, weeks: Int = chartWeeks
    ) -> [Double?] {
        let count = max(1, weeks)
        let first = calendar.weekStart(of: today).adding(days: -7 * (count - 1))
        var best = [Double?](repeating: nil, count: count)
        for session in exercise.sessions where session.day >= first && session.day <= today {
            guard let e1rm = session.e1rmKg else { continue }
            let week = calendar.weeks(from: first, to: session.day)
            best[week] = max(best[week] ?? e1rm, e1rm)
        }
        return best
    }
}

/// The top set of one exercise in one workout: the heaviest working set (more reps break a tie,
/// then the earlier set); without weighted sets, the set with the most reps; nil when no working
/// set has weight or reps (docs/product.md "Dashboard: last workout, week comparison, lift trends").
public enum TopSet {
    /// The top set among `sets` (non-working sets are ignored).
    public static func pick(_ sets: [WorkoutSet]) -> WorkoutSet? {
        var top: WorkoutSet?
        for set in sets where set.isWorking {
            let weight = set.weightKg ?? 0
            let reps = set.reps ?? 0
            guard weight > 0 || reps > 0 else { continue }
            guard let current = top else {
                top = set
                continue
            }
            let currentWeight = current.weightKg ?? 0
            if weight > currentWeight || (weight == currentWeight && reps > (current.reps ?? 0)) { top = set }
        }
        return top
    }
}
