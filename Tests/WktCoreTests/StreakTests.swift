import Testing
@testable import WktCore

@Suite("Streaks")
struct StreakTests {
    /// Workouts on the given days at 18:00.
    private func on(_ days: [String]) -> [StoredWorkout] {
        days.enumerated().map { H.w(Int64($0.offset + 1), "\($0.element) 18:00") }
    }

    @Test("week streak: this week in progress does not break it; meeting the target extends it")
    func weekStreakInProgress() {
        // Target 3. W45 (11-02): 3, W46 (11-09): 3, W47 (11-16, this week): 1 so far.
        let base = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-16"]
        let settings = H.settings(target: 3)
        let inProgress = H.report(on(base), today: "2026-11-18", settings: settings)
        #expect(inProgress.streaks.weeklyTarget == 3)
        #expect(inProgress.streaks.weeks.current == 2)
        #expect(inProgress.streaks.weeks.currentStart == H.d("2026-11-02"))
        #expect(inProgress.streaks.weeks.currentEnd == H.d("2026-11-09"))
        #expect(inProgress.streaks.weeks.longest == 2)
        let met = H.report(on(base + ["2026-11-17", "2026-11-18"]), today: "2026-11-18", settings: settings)
        #expect(met.streaks.weeks.current == 3)
        #expect(met.streaks.weeks.longestEnd == H.d("2026-11-16"))
        // Last week short of the target: broken, even though this week is in progress.
        let broken = H.report(on(Array(base.prefix(5)) + ["2026-11-16"]), today: "2026-11-18", settings: settings)
        #expect(broken.streaks.weeks.current == 0)
        #expect(broken.streaks.weeks.currentStart == nil)
        #expect(broken.streaks.weeks.longest == 1)
        #expect(broken.streaks.weeks.longestStart == H.d("2026-11-02"))
    }

    @Test("week streak: the longest run is reported with its first and last week; ties pick the latest")
    func longestWeeks() {
        // Runs: W01–W02 (2 weeks), gap W03, W04–W05 (2 weeks), gap W06–W07, today in W08.
        let days = ["2026-01-01", "2026-01-05", "2026-01-19", "2026-01-26"]
        let report = H.report(on(days), today: "2026-02-16")
        #expect(report.weeks.map(\.workouts) == [1, 1, 0, 1, 1, 0, 0, 0])
        #expect(report.streaks.weeks.longest == 2)
        #expect(report.streaks.weeks.longestStart == H.d("2026-01-19"))
        #expect(report.streaks.weeks.longestEnd == H.d("2026-01-26"))
        #expect(report.streaks.weeks.current == 0)
    }

    @Test("day streak: current ends today when done, else yesterday; longest with dates")
    func dayStreaks() {
        let days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-10", "2026-03-11"]
        let afterYesterday = H.report(on(days), today: "2026-03-12")
        #expect(afterYesterday.streaks.days.current == 2)
        #expect(afterYesterday.streaks.days.currentStart == H.d("2026-03-10"))
        #expect(afterYesterday.streaks.days.longest == 4)
        #expect(afterYesterday.streaks.days.longestStart == H.d("2026-03-01"))
        #expect(afterYesterday.streaks.days.longestEnd == H.d("2026-03-04"))
        let gap = H.report(on(days), today: "2026-03-13")
        #expect(gap.streaks.days.current == 0)
        let doneToday = H.report(on(days + ["2026-03-12"]), today: "2026-03-12")
        #expect(doneToday.streaks.days.current == 3)
        #expect(doneToday.streaks.days.currentEnd == H.d("2026-03-12"))
        // Two workouts on one day count once.
        let twice = H.report(on(["2026-03-01", "2026-03-01", "2026-03-02"]), today: "2026-03-02")
        #expect(twice.streaks.days.current == 2 && twice.totals.workouts == 3)
    }

    @Test("Streak.compute on raw units")
    func computeRaw() {
        let date = { (n: Int) in CivilDate(dayNumber: n) }
        let s = Streak.compute(qualifying: [1, 2, 3, 7, 8, 9, 12], anchor: 13, date: date)
        #expect(s.current == 1 && s.currentStart == date(12))
        #expect(s.longest == 3 && s.longestStart == date(7) && s.longestEnd == date(9))
        #expect(Streak.compute(qualifying: [], anchor: 5, date: date) == Streak())
        #expect(Streak.compute(qualifying: [4, 5, 6], anchor: 5, date: date).current == 2)  // 6 is after the anchor
    }
}
