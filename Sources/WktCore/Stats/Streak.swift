/// One streak kind (weeks or days): the current run and the longest run (docs/statistics.md "Streaks").
///
/// For week streaks every date is the first day of its week. When several runs share the longest
/// length, the most recent one is reported (so a lifter matching their best sees the run they are
/// on). Without any qualifying unit every count is 0 and every date nil.
public struct Streak: Sendable, Equatable {
    /// Length of the current run (0 when broken).
    public var current: Int
    /// First unit of the current run, nil when `current` is 0.
    public var currentStart: CivilDate?
    /// Last unit of the current run (today/this week, or yesterday/last week), nil when 0.
    public var currentEnd: CivilDate?
    /// Length of the longest run.
    public var longest: Int
    /// First unit of the longest run, nil when `longest` is 0.
    public var longestStart: CivilDate?
    /// Last unit of the longest run, nil when `longest` is 0.
    public var longestEnd: CivilDate?

    /// Creates a streak.
    public init(
        current: Int = 0, currentStart: CivilDate? = nil, currentEnd: CivilDate? = nil, longest: Int = 0,
        longestStart: CivilDate? = nil, longestEnd: CivilDate? = nil
    ) {
        self.current = current
        self.currentStart = currentStart
        self.currentEnd = currentEnd
        self.longest = longest
        self.longestStart = longestStart
        self.longestEnd = longestEnd
    }

    /// Computes a streak over units numbered by consecutive integers (day numbers, week indices).
    ///
    /// - Parameters:
    ///   - qualifying: the units that qualify, strictly ascending; units after `anchor` are ignored.
    ///   - anchor: the in-progress unit (today, this week). The current run ends at `anchor` when it
    ///     qualifies, else at `anchor − 1` (the unit is still in progress, so it does not break the
    ///     run yet).
    ///   - date: maps a unit back to its date.
    /// - Returns: the current and longest runs.
    public static func compute(qualifying: [Int], anchor: Int, date: (Int) -> CivilDate) -> Streak {
        var streak = Streak()
        var runStart = 0
        var previous: Int?
        var runs: [(start: Int, end: Int)] = []
        for unit in qualifying where unit <= anchor {
            if let p = previous, unit != p + 1 {
                runs.append((runStart, p))
                runStart = unit
            } else if previous == nil {
                runStart = unit
            }
            previous = unit
        }
        if let p = previous { runs.append((runStart, p)) }
        for run in runs {
            let length = run.end - run.start + 1
            if length >= streak.longest {
                streak.longest = length
                streak.longestStart = date(run.start)
                streak.longestEnd = date(run.end)
            }
            // Runs are maximal, so at most one ends at `anchor` or at `anchor − 1`.
            if run.end == anchor || run.end == anchor - 1 {
                streak.current = length
                streak.currentStart = date(run.start)
                streak.currentEnd = date(run.end)
            }
        }
        return streak
    }
}

/// Both streaks and the weekly target they used.
public struct StreakReport: Sendable, Equatable {
    /// Workouts a week needs to keep the week streak.
    public var weeklyTarget: Int
    /// Consecutive weeks with ≥ `weeklyTarget` workouts; dates are week first days.
    public var weeks: Streak
    /// Consecutive training days with ≥ 1 workout.
    public var days: Streak

    /// Creates a streak report.
    public init(weeklyTarget: Int, weeks: Streak, days: Streak) {
        self.weeklyTarget = weeklyTarget
        self.weeks = weeks
        self.days = days
    }
}
