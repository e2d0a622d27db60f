import Testing
@testable import WktCore

@Suite("Weekly calendar")
struct WeekCalendarTests {
    /// Mon Push, Wed Pull, Fri Legs; workouts Mon 2026-11-16 and (unplanned) Thu 2026-11-19.
    private let schedule = Schedule(days: [.monday: "Push", .wednesday: "Pull", .friday: "Legs"])
    private let history = [H.w(1, "2026-11-16 18:00", "Push"), H.w(2, "2026-11-19 18:00", "Extra")]

    @Test("a planned week seen on each of its seven days")
    func eachDay() {
        let expected: [(String, String)] = [
            ("2026-11-16", "✓ · ○ · ○ · ·"),
            ("2026-11-17", "✓ ● ○ · ○ · ·"),
            ("2026-11-18", "✓ · ● · ○ · ·"),
            ("2026-11-19", "✓ · ✗ ✓ ○ · ·"),
            ("2026-11-20", "✓ · ✗ ✓ ● · ·"),
            ("2026-11-21", "✓ · ✗ ✓ ✗ ● ·"),
            ("2026-11-22", "✓ · ✗ ✓ ✗ · ●"),
        ]
        for (today, marks) in expected {
            let report = H.report(history, today: today, settings: H.settings(schedule: schedule))
            let week = report.weekCalendar(weekContaining: H.d(today))
            #expect(week.map(\.symbol).joined(separator: " ") == marks, "today \(today)")
            #expect(week.map(\.date.description).first == "2026-11-16")
        }
        let friday = H.report(history, today: "2026-11-20", settings: H.settings(schedule: schedule))
            .weekCalendar(weekContaining: H.d("2026-11-20"))
        #expect(friday.map(\.name) == ["done", "rest", "missed", "done", "today", "rest", "rest"])
        #expect(friday.map(\.routine) == ["Push", nil, "Pull", nil, "Legs", nil, nil])
        #expect(friday.map(\.workouts) == [1, 0, 0, 1, 0, 0, 0])
    }

    @Test("the config schedule wins over the stored one; the stored one applies otherwise")
    func schedulePrecedence() {
        let stored = Schedule(days: [.tuesday: "Stored"])
        let withConfig = H.report(history, today: "2026-11-18", settings: H.settings(schedule: schedule), stored: stored)
        #expect(withConfig.weekCalendar(weekContaining: H.d("2026-11-18")).map(\.symbol).joined() == "✓·●·○··")
        let storedOnly = H.report(history, today: "2026-11-18", stored: stored)
        #expect(storedOnly.weekCalendar(weekContaining: H.d("2026-11-18")).map(\.symbol).joined() == "✓✗●····")
        let none = H.report(history, today: "2026-11-18")
        #expect(none.weekCalendar(weekContaining: H.d("2026-11-18")).map(\.symbol).joined() == "✓·●····")
        #expect(none.schedule == nil)
        // An empty [schedule] in the config means "no plan" and hides the stored one.
        let off = H.report(history, today: "2026-11-18", settings: H.settings(schedule: Schedule()), stored: stored)
        #expect(off.schedule == nil)
        #expect(off.weekCalendar(weekContaining: H.d("2026-11-18")).map(\.symbol).joined() == "✓·●····")
    }

    @Test("before the schedule's since no day is planned or missed; from it on the plan applies; streaks do not change")
    func since() {
        // since Wednesday 2026-11-18: Monday's ✗ would be before it, Wednesday's and Friday's count.
        let later = Schedule(days: schedule.days, since: H.d("2026-11-18"))
        let report = H.report([H.w(2, "2026-11-19 18:00", "Extra")], today: "2026-11-21", settings: H.settings(schedule: later))
        let week = report.weekCalendar(weekContaining: H.d("2026-11-21"))
        #expect(week.map(\.symbol).joined(separator: " ") == "· · ✗ ✓ ✗ ● ·")
        #expect(week.map(\.routine) == [nil, nil, "Pull", nil, "Legs", nil, nil])
        // A since after today keeps even the future plan off until that day.
        let future = Schedule(days: schedule.days, since: H.d("2026-11-27"))
        let ahead = H.report(history, today: "2026-11-18", settings: H.settings(schedule: future))
        #expect(ahead.weekCalendar(weekContaining: H.d("2026-11-25")).map(\.symbol).joined() == "····○··")
        #expect(ahead.weekCalendar(weekContaining: H.d("2026-11-18")).map(\.symbol).joined() == "✓·●····")
        // since marks days only: the streaks are those of the same history without it.
        let plain = H.report(history, today: "2026-11-18", settings: H.settings(schedule: schedule))
        #expect(ahead.streaks == plain.streaks)
    }

    @Test("Sunday weeks start the row on Sunday")
    func sundayRow() {
        let report = H.report(history, today: "2026-11-18", settings: H.settings(weekStart: .sunday, schedule: schedule))
        let week = report.weekCalendar(weekContaining: H.d("2026-11-18"))
        #expect(week.map(\.date.weekday.shortName) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(week.map(\.symbol).joined() == "·✓·●·○·")
    }
}
