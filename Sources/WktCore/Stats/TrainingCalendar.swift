/// Training days and weeks (docs/statistics.md "Calendar model", docs/reliability.md P9).
///
/// Everything here is integer arithmetic on ``CivilDate/dayNumber``: no seconds, no `/86400`, no
/// locale calendar, no time zone. A workout's wall time is already local (a naive Strong/Hevy time
/// is the logger's wall time; a time with an offset is stored as the wall time in that offset), so
/// the zone never enters bucketing and DST days cannot shift a date.
public struct TrainingCalendar: Sendable, Hashable {
    /// The first weekday of every week.
    public let weekStart: Weekday
    /// Workouts starting before this hour (0–23) belong to the previous training day.
    public let dayCutoffHour: Int

    /// Creates a calendar; a cutoff outside 0–23 is clamped into that range.
    public init(weekStart: Weekday = .monday, dayCutoffHour: Int = 0) {
        self.weekStart = weekStart
        self.dayCutoffHour = min(max(dayCutoffHour, 0), 23)
    }

    /// The calendar of `settings` (week start and day cutoff).
    public init(settings: Settings) {
        self.init(weekStart: settings.weekStart, dayCutoffHour: settings.dayCutoffHour)
    }

    /// Whether weeks are ISO weeks (they start on Monday).
    public var isISO: Bool { weekStart == .monday }

    /// The training day of a workout that started at local wall time `start`: its date, or the day
    /// before when it started before the cutoff hour (01:30 with cutoff 4 → previous day).
    public func trainingDay(of start: WallTime) -> CivilDate {
        start.hour < dayCutoffHour ? start.date.adding(days: -1) : start.date
    }

    /// The training day of `workout` (its ``Workout/start`` is the wall time in its own offset).
    public func trainingDay(of workout: Workout) -> CivilDate { trainingDay(of: workout.start) }

    /// The first day of the week containing `day`: the latest ``weekStart`` weekday on or before it.
    public func weekStart(of day: CivilDate) -> CivilDate {
        day.adding(days: -daysIntoWeek(day))
    }

    /// 0 for the first day of its week, 6 for the last.
    public func daysIntoWeek(_ day: CivilDate) -> Int {
        (day.weekday.rawValue - weekStart.rawValue + 7) % 7
    }

    /// The seven days of the week containing `day`, in order.
    public func days(ofWeekContaining day: CivilDate) -> [CivilDate] {
        let first = weekStart(of: day)
        return (0..<7).map { first.adding(days: $0) }
    }

    /// Whole weeks from the week containing `a` to the week containing `b` (positive when later).
    public func weeks(from a: CivilDate, to b: CivilDate) -> Int {
        weekStart(of: a).days(to: weekStart(of: b)) / 7
    }

    /// The week's label in `stats.json` (`label`): the ISO label (`2026-W47`) for Monday weeks,
    /// otherwise the week's first day (`2026-11-15`).
    public func weekKey(weekContaining day: CivilDate) -> String {
        isISO ? TrainingCalendar.isoWeekLabel(of: day) : weekStart(of: day).description
    }

    /// The week's label for people: `2026-W47` for Monday weeks, otherwise `week of 2026-11-15`.
    public func weekLabel(weekContaining day: CivilDate) -> String {
        isISO ? TrainingCalendar.isoWeekLabel(of: day) : "week of \(weekStart(of: day))"
    }

    /// ISO 8601 week-year and week number of `day` (2021-01-03 → 2020, 53; 2018-12-31 → 2019, 1).
    ///
    /// The week belongs to the year of its Thursday; week 1 is the week holding the year's first
    /// Thursday, so the number is the Thursday's day of year divided by 7, plus 1.
    public static func isoWeek(of day: CivilDate) -> (year: Int, week: Int) {
        let isoWeekday = day.weekday.rawValue  // Monday = 1 … Sunday = 7
        let thursday = day.adding(days: 4 - isoWeekday)
        return (thursday.year, dayOfYearIndex(thursday) / 7 + 1)
    }

    /// `YYYY-Www` with the ISO week-year (`2026-W53`, `2019-W01`).
    public static func isoWeekLabel(of day: CivilDate) -> String {
        let (year, week) = isoWeek(of: day)
        // Written straight into the string's bytes: joining three strings cost three times the
        // label, and the pages ask for 19,000 of them (chart tooltips and data tables).
        guard (0...9999).contains(year) else { return ASCIIDigits.pad(year, 4) + "-W" + ASCIIDigits.pad(week, 2) }
        return String(unsafeUninitializedCapacity: 8) { bytes in
            ASCIIDigits.write(year, width: 4, into: bytes, at: 0)
            bytes[4] = UInt8(ascii: "-")
            bytes[5] = UInt8(ascii: "W")
            ASCIIDigits.write(week, width: 2, into: bytes, at: 6)
            return 8
        }
    }

    /// The number of ISO weeks (52 or 53) in ISO week-year `year`: 53 when 28 December, always in
    /// the year's last week, is in week 53.
    public static func isoWeeksInYear(_ year: Int) -> Int {
        guard let lastWeekDay = CivilDate(year: year, month: 12, day: 28) else { return 52 }
        return isoWeek(of: lastWeekDay).week
    }

    /// "The same day last year" for year-over-year views: the same month and day one year earlier;
    /// 29 February maps to 28 February (the last day of that month), never to 1 March.
    public static func sameDayLastYear(of day: CivilDate) -> CivilDate {
        let year = day.year - 1
        let lastDay = CivilDate.daysInMonth(year: year, month: day.month)
        return CivilDate(year: year, month: day.month, day: min(day.day, lastDay))
            ?? CivilDate(dayNumber: day.dayNumber - 365)
    }

    /// 0-based day of the year of `day`.
    private static func dayOfYearIndex(_ day: CivilDate) -> Int {
        guard let first = CivilDate(year: day.year, month: 1, day: 1) else { return 0 }
        return first.days(to: day)
    }
}
