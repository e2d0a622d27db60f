/// The numbers of one calendar year with workouts (docs/statistics.md "Year in review"), read from
/// a ``StatsReport`` so they agree with every other page: totals, months, the best week, the
/// longest day and week streaks within the year, the most-trained exercises, the year's e1RM and
/// heaviest PRs per exercise, the exercises tried for the first time, and the previous year's
/// totals to compare with.
public struct YearReview: Sendable, Equatable {
    /// Workouts, training days, working sets, reps and volume of a stretch of days.
    public struct Totals: Sendable, Equatable {
        /// Counted workouts.
        public var workouts = 0
        /// Distinct training days with a workout.
        public var trainingDays = 0
        /// Working sets.
        public var workingSets = 0
        /// Reps of working sets.
        public var reps = 0
        /// Volume in kg (summed in whole grams, like every total).
        public var volumeKg = 0.0

        /// Zero totals.
        public init() {}
    }

    /// One month of the year.
    public struct Month: Sendable, Equatable {
        /// 1…12.
        public var month: Int
        /// Its totals.
        public var totals: Totals

        /// Creates a month.
        public init(month: Int, totals: Totals) { (self.month, self.totals) = (month, totals) }
    }

    /// The longest run of a streak kind within the year (``Streak`` semantics, cut at the year's
    /// edges): its length and its first and last day (week streaks: the weeks' first days).
    public struct Run: Sendable, Equatable {
        /// Days or weeks; 0 when nothing qualifies.
        public var length = 0
        /// The first unit, nil when `length` is 0.
        public var first: CivilDate?
        /// The last unit, nil when `length` is 0.
        public var last: CivilDate?

        /// Creates a run (no arguments: none).
        public init(length: Int = 0, first: CivilDate? = nil, last: CivilDate? = nil) {
            (self.length, self.first, self.last) = (length, first, last)
        }
    }

    /// One exercise's work in the year.
    public struct ExerciseShare: Sendable, Equatable {
        /// NFC name.
        public var name: String
        /// Workouts with at least one working set of it.
        public var workouts: Int
        /// Working sets.
        public var workingSets: Int
        /// Reps of those sets.
        public var reps: Int
        /// Volume in kg.
        public var volumeKg: Double

        /// Creates a share.
        public init(name: String, workouts: Int, workingSets: Int, reps: Int, volumeKg: Double) {
            (self.name, self.workouts, self.workingSets, self.reps, self.volumeKg) = (name, workouts, workingSets, reps, volumeKg)
        }
    }

    /// How far one headline record (e1RM or heaviest) moved in the year through its PR events.
    public struct RecordGain: Sendable, Equatable {
        /// The best before the year's first event of this record (the event's previous best).
        public var beforeKg: Double
        /// The best at the year's last event of this record (PR values only rise).
        public var bestKg: Double
        /// The training day of that last event.
        public var day: CivilDate
        /// The workout of that last event.
        public var workoutID: Int64
        /// PR events of this record in the year.
        public var events: Int

        /// Creates a gain.
        public init(beforeKg: Double, bestKg: Double, day: CivilDate, workoutID: Int64, events: Int) {
            (self.beforeKg, self.bestKg, self.day, self.workoutID, self.events) = (beforeKg, bestKg, day, workoutID, events)
        }
    }

    /// One exercise's headline PRs of the year.
    public struct HeadlinePR: Sendable, Equatable {
        /// NFC name.
        public var exercise: String
        /// Its e1RM in the year, nil without an e1RM PR.
        public var e1rm: RecordGain?
        /// Its heaviest weight in the year, nil without a heaviest PR.
        public var heaviest: RecordGain?
        /// PRs of the exercise in the year, every record counted: workouts in which it broke at
        /// least one record (docs/product.md "PRs on pages").
        public var prs: Int

        /// Creates a row.
        public init(exercise: String, e1rm: RecordGain?, heaviest: RecordGain?, prs: Int) {
            (self.exercise, self.e1rm, self.heaviest, self.prs) = (exercise, e1rm, heaviest, prs)
        }
    }

    /// An exercise whose first session with a working set fell in the year.
    public struct NewExercise: Sendable, Equatable {
        /// NFC name.
        public var name: String
        /// The training day of that session.
        public var day: CivilDate
        /// Its workout.
        public var workoutID: Int64

        /// Creates an entry.
        public init(name: String, day: CivilDate, workoutID: Int64) { (self.name, self.day, self.workoutID) = (name, day, workoutID) }
    }

    /// The calendar year.
    public var year: Int
    /// Whether the year holds today: its numbers are "so far".
    public var inProgress: Bool
    /// The last day counted: 31 December, or today for the year in progress.
    public var through: CivilDate
    /// The year's totals.
    public var totals = Totals()
    /// January through the month of ``through``, months without workouts included.
    public var months: [Month] = []
    /// Weeks filed under the year (by their middle day, as the history pages file them).
    public var weeks = 0
    /// Of those, weeks with at least ``weeklyTarget`` workouts.
    public var weeksOnTarget = 0
    /// The weekly target in force.
    public var weeklyTarget = 1
    /// The week of the year with the most workouts (ties: more volume, then the earlier week);
    /// nil when no week filed under the year has a workout.
    public var bestWeek: WeekStats?
    /// The longest run of consecutive training days within the year.
    public var dayStreak = Run()
    /// The longest run of consecutive weeks on target among the weeks filed under the year.
    public var weekStreak = Run()
    /// Every exercise trained in the year: most working sets first, then more volume, then name.
    public var exercises: [ExerciseShare] = []
    /// Exercises with an e1RM or heaviest PR in the year, in the order of ``exercises``.
    public var headlinePRs: [HeadlinePR] = []
    /// PRs of the year: one exercise that broke at least one record in a workout.
    public var prs = 0
    /// PR events (records broken) of the year.
    public var recordsBroken = 0
    /// Exercises tried for the first time in the year, in walk order of that first session.
    public var newExercises: [NewExercise] = []
    /// The previous calendar year's totals: the whole year, or for the year in progress its days
    /// through ``comparedThrough``.
    public var previous = Totals()
    /// The last day of the previous year compared: 31 December, or the same day last year
    /// (``TrainingCalendar/sameDayLastYear(of:)``) for the year in progress.
    public var comparedThrough: CivilDate

    /// The exercises the page ranks first.
    public static let topExerciseCount = 10

    /// The year's most-trained exercises: the first ``topExerciseCount`` of ``exercises``.
    public var topExercises: ArraySlice<ExerciseShare> { exercises.prefix(Self.topExerciseCount) }

    /// Whether the previous year has a workout in the compared days.
    public var hasPrevious: Bool { previous.workouts > 0 }

    /// A difference with its percentage of the earlier value; the percentage is nil when the
    /// earlier value is 0 (no division by zero).
    public struct Change: Sendable, Equatable {
        /// `now − then`.
        public var difference: Double
        /// `(now − then) / then × 100`, nil when `then` is 0.
        public var percent: Double?

        /// The change from `then` to `now`.
        public init(now: Double, then: Double) {
            difference = now - then
            percent = then == 0 ? nil : (now - then) / then * 100
        }
    }

    /// Creates an empty review of `year`, through `through`, compared through `comparedThrough`.
    public init(year: Int, inProgress: Bool, through: CivilDate, comparedThrough: CivilDate) {
        self.year = year
        self.inProgress = inProgress
        self.through = through
        self.comparedThrough = comparedThrough
    }

    /// The years with counted workouts, ascending.
    public static func years(of report: StatsReport) -> [Int] {
        Array(Set(report.workouts.map(\.trainingDay.year))).sorted()
    }

    /// The review of every year with counted workouts, ascending.
    public static func all(report: StatsReport) -> [YearReview] {
        let firstSessions = firstSessions(report.workouts)
        return years(of: report).map { compute(year: $0, report: report, firstSessions: firstSessions) }
    }

    /// The review of `year` (any year; one without workouts gives zeros).
    public static func compute(year: Int, report: StatsReport) -> YearReview {
        compute(year: year, report: report, firstSessions: firstSessions(report.workouts))
    }
}
