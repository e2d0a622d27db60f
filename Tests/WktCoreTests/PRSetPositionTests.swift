import Testing
@testable import WktCore

@Suite("PR events point to their sets")
struct PRSetPositionTests {
    /// W1 bench warm-up 60×10, 100×5, 100×5; W2 squat 140×5 | bench 60×12, 105×3, 105×3 (the
    /// second block: indices count warm-ups and other blocks).
    static let history: [StoredWorkout] = [
        H.w(1, "2026-11-02 18:00", "Push", [H.ex("Bench", [H.warm(60, 10), H.s(100, 5), H.s(100, 5)])]),
        H.w(2, "2026-11-04 18:00", "Push", [
            H.ex("Squat", [H.s(140, 5)]),
            H.ex("Bench", [H.s(60, 12), H.s(105, 3), H.s(105, 3)]),
        ]),
    ]

    @Test("each event names the first set that reached the new best; session volume names none")
    func positions() {
        let report = H.report(Self.history, today: "2026-11-10")
        let marks = report.prEvents.map { "\($0.metric.name) \($0.set.map { "\($0.block).\($0.set)" } ?? "-")" }
        // 60×12 = 720 beats 500 (set volume); 105×3 (first of the two) is heaviest and rep max
        // 1–3; session volume 720 + 315 + 315 = 1,350 beats 1,000.
        #expect(marks == ["heaviest 1.1", "set_volume 1.0", "session_volume -", "rep_max_1 1.1", "rep_max_2 1.1", "rep_max_3 1.1"])
    }

    @Test("the set position is not part of stats.json")
    func notInStatsJSON() {
        let report = H.report(Self.history, today: "2026-11-10")
        var moved = report.prEvents
        for index in moved.indices { moved[index].set = SetPosition(block: 9, set: 9) }
        let settings = H.settings()
        let today = H.d("2026-11-10")
        var other = StatsReport(
            today: report.today, calendar: report.calendar, e1rmFormula: report.e1rmFormula, schedule: report.schedule,
            totals: report.totals, weeks: report.weeks, streaks: report.streaks, exercises: report.exercises,
            prEvents: moved, workouts: report.workouts, futureWorkoutsIgnored: report.futureWorkoutsIgnored)
        other.muscleSets = report.muscleSets
        #expect(StatsJSON.encode(report, settings: settings, today: today, slugs: [:])
            == StatsJSON.encode(other, settings: settings, today: today, slugs: [:]))
    }
}
