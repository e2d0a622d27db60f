import Foundation
import Testing
@testable import WktCore
import WktTestSupport

/// A deliberately naive reference: Foundation `Calendar` in an explicit zone with explicit week
/// rules, walking day by day and week by week. It shares no code with `TrainingCalendar`,
/// `Streak` or `StatsEngine`.
private struct Reference {
    let calendar: Calendar
    let iso: Calendar

    init(zone: TimeZone, weekStart: Weekday) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = weekStart.rawValue % 7 + 1  // Foundation: 1 = Sunday
        calendar.minimumDaysInFirstWeek = 4
        self.calendar = calendar
        var iso = calendar
        iso.firstWeekday = 2
        self.iso = iso
    }

    func noon(_ day: CivilDate) -> Date {
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        guard let date = calendar.date(from: parts) else { preconditionFailure("no noon on \(day)") }
        return date
    }

    func civil(_ date: Date) -> CivilDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let day = CivilDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0) else {
            preconditionFailure("bad components")
        }
        return day
    }

    func adding(days: Int, to day: CivilDate) -> CivilDate {
        guard let date = calendar.date(byAdding: .day, value: days, to: noon(day)) else { preconditionFailure() }
        return civil(date)
    }

    func weekStart(_ day: CivilDate) -> CivilDate {
        guard let interval = calendar.dateInterval(of: .weekOfYear, for: noon(day)) else { preconditionFailure() }
        return civil(interval.start)
    }

    func nextWeek(_ weekStart: CivilDate, by weeks: Int = 1) -> CivilDate {
        guard let date = calendar.date(byAdding: .weekOfYear, value: weeks, to: noon(weekStart)) else {
            preconditionFailure()
        }
        return civil(date)
    }

    func isoLabel(_ day: CivilDate) -> String {
        let parts = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: noon(day))
        let week = parts.weekOfYear ?? 0
        return "\(parts.yearForWeekOfYear ?? 0)-W\(week < 10 ? "0" : "")\(week)"
    }

    func trainingDay(_ start: WallTime, cutoff: Int) -> CivilDate {
        start.hour < cutoff ? adding(days: -1, to: start.date) : start.date
    }

    /// Runs over a walk of units in order: the longest (latest on ties) with its bounds.
    func longest(_ units: [(date: CivilDate, qualifies: Bool)]) -> (Int, CivilDate?, CivilDate?) {
        var best = (0, CivilDate?.none, CivilDate?.none)
        var length = 0
        var start: CivilDate?
        for unit in units {
            if unit.qualifies {
                if length == 0 { start = unit.date }
                length += 1
                if length >= best.0 { best = (length, start, unit.date) }
            } else {
                length = 0
            }
        }
        return best
    }
}

@Suite("Property: week bucketing and streaks agree with a naive reference")
struct ReferencePropertyTests {
    static let zones = [
        "UTC", "Europe/Berlin", "America/New_York", "America/Sao_Paulo", "Pacific/Kiritimati",
        "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns",
    ]

    @Test("random histories, days, week starts, cutoffs, targets and zones (seeded, 250 cases)")
    func randomHistories() throws {
        var rng = SplitMix64(seed: 20_261_121)
        let minDay = H.d("2012-01-01").dayNumber, maxDay = H.d("2032-12-31").dayNumber
        for index in 0..<250 {
            let zone = try #require(TimeZone(identifier: Self.zones[rng.int(in: 0...(Self.zones.count - 1))]))
            let weekStart = Weekday.allCases[rng.int(in: 0...6)]
            let cutoff = [0, 0, 0, 3, 4, 5, 12, 23][rng.int(in: 0...7)]
            let target = rng.int(in: 1...3)
            let today = CivilDate(dayNumber: rng.int(in: minDay...maxDay))
            let gaps = [0, 0, 1, 1, 1, 1, 2, 3, 6, 8, 15]
            var dayNumber = today.dayNumber - rng.int(in: 0...160)
            var workouts: [StoredWorkout] = []
            for id in 0..<rng.int(in: 0...45) {
                dayNumber += gaps[rng.int(in: 0...(gaps.count - 1))]
                let day = CivilDate(dayNumber: dayNumber)
                let start = try #require(WallTime(date: day, hour: rng.int(in: 0...23), minute: rng.int(in: 0...59)))
                workouts.append(
                    StoredWorkout(id: Int64(id), workout: Workout(source: .demo, sourceKey: "\(id)", start: start, name: "W"))
                )
            }
            let settings = Settings(timezone: zone.identifier, weekStart: weekStart, dayCutoffHour: cutoff, weeklyTarget: target)
            let report = StatsEngine.compute(history: WorkoutHistory(workouts: workouts), settings: settings, today: today)
            let context = "case \(index): \(zone.identifier) \(weekStart) cutoff \(cutoff) target \(target) today \(today)"
            check(report: report, workouts: workouts, settings: settings, today: today, reference: Reference(zone: zone, weekStart: weekStart), context: context)
        }
    }

    @Test("week start and ISO labels of random days in random zones")
    func randomDays() throws {
        var rng = SplitMix64(seed: 47)
        for _ in 0..<400 {
            let zone = try #require(TimeZone(identifier: Self.zones[rng.int(in: 0...(Self.zones.count - 1))]))
            let weekStart = Weekday.allCases[rng.int(in: 0...6)]
            let day = CivilDate(dayNumber: rng.int(in: H.d("1990-01-01").dayNumber...H.d("2060-12-31").dayNumber))
            let reference = Reference(zone: zone, weekStart: weekStart)
            #expect(TrainingCalendar(weekStart: weekStart).weekStart(of: day) == reference.weekStart(day), "\(day) \(weekStart)")
            #expect(TrainingCalendar.isoWeekLabel(of: day) == reference.isoLabel(day), "\(day)")
        }
    }

    private func check(
        report: StatsReport, workouts: [StoredWorkout], settings: Settings, today: CivilDate, reference: Reference,
        context: String
    ) {
        let todayNoon = reference.noon(today)
        let days = workouts.map { reference.trainingDay($0.workout.start, cutoff: settings.dayCutoffHour) }
        let counted = days.filter { reference.noon($0) <= todayNoon }
        #expect(report.futureWorkoutsIgnored == days.count - counted.count, "\(context)")
        #expect(report.totals.workouts == counted.count, "\(context)")

        // Weeks: walk week by week from the first workout's week through today's week.
        var perWeek: [String: Int] = [:]
        for day in counted { perWeek[reference.weekStart(day).description, default: 0] += 1 }
        var expectedWeeks: [(start: CivilDate, label: String, workouts: Int)] = []
        if let first = counted.min() {
            var week = reference.weekStart(first)
            let last = reference.weekStart(today)
            while reference.noon(week) <= reference.noon(last) {
                let label = settings.weekStart == .monday ? reference.isoLabel(week) : week.description
                expectedWeeks.append((week, label, perWeek[week.description] ?? 0))
                week = reference.nextWeek(week)
            }
        }
        #expect(report.weeks.map(\.start) == expectedWeeks.map(\.start), "\(context)")
        #expect(report.weeks.map(\.label) == expectedWeeks.map(\.label), "\(context)")
        #expect(report.weeks.map(\.workouts) == expectedWeeks.map(\.workouts), "\(context)")

        // Week streak: walk back from this week (or last week while this one is in progress).
        let target = settings.weeklyTarget
        let count = { (week: CivilDate) in perWeek[week.description] ?? 0 }
        var weekCurrent = 0
        if !counted.isEmpty {
            var week = reference.weekStart(today)
            if count(week) < target { week = reference.nextWeek(week, by: -1) }
            while count(week) >= target {
                weekCurrent += 1
                week = reference.nextWeek(week, by: -1)
            }
        }
        let weekLongest = reference.longest(expectedWeeks.map { ($0.start, $0.workouts >= target) })
        #expect(report.streaks.weeks.current == weekCurrent, "\(context)")
        #expect(report.streaks.weeks.longest == weekLongest.0, "\(context)")
        #expect(report.streaks.weeks.longestStart == weekLongest.1, "\(context)")
        #expect(report.streaks.weeks.longestEnd == weekLongest.2, "\(context)")

        // Day streak: walk back day by day from today (or yesterday).
        let doneDays = Set(counted.map(\.description))
        var dayCurrent = 0
        var day = doneDays.contains(today.description) ? today : reference.adding(days: -1, to: today)
        while doneDays.contains(day.description) {
            dayCurrent += 1
            day = reference.adding(days: -1, to: day)
        }
        var walk: [(date: CivilDate, qualifies: Bool)] = []
        if let first = counted.min() {
            var cursor = first
            while reference.noon(cursor) <= todayNoon {
                walk.append((cursor, doneDays.contains(cursor.description)))
                cursor = reference.adding(days: 1, to: cursor)
            }
        }
        let dayLongest = reference.longest(walk)
        #expect(report.streaks.days.current == dayCurrent, "\(context)")
        #expect(report.streaks.days.longest == dayLongest.0, "\(context)")
        #expect(report.streaks.days.longestStart == dayLongest.1, "\(context)")
        #expect(report.streaks.days.longestEnd == dayLongest.2, "\(context)")
    }
}
