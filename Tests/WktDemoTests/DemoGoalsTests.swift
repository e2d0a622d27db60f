import Testing
import WktCore
@testable import WktDemo

/// The demo's two goals (docs/product.md "Goals on the dashboard and exercise pages"): for any
/// seed and length, one reached and one in progress with a projection its `by` day meets.
@Suite("Demo goals")
struct DemoGoalsTests {
    @Test("one reached goal and one projected goal", arguments: [(1, UInt64(42)), (3, 42), (2, 7), (10, 1)])
    func twoKinds(years: Int, seed: UInt64) throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: 25))
        let batch = DemoHistory.generate(DemoOptions(years: years, seed: seed, endDay: day))
        let settings = Settings(timezone: "UTC")
        let goals = DemoGoals.choose(workouts: batch.workouts, settings: settings, today: day)
        #expect(goals.count == 2)
        var withGoals = settings
        withGoals.goals = goals
        let stored = batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        let report = StatsEngine.compute(history: WorkoutHistory(workouts: stored), settings: withGoals, today: day)
        #expect(report.goals.count == 2)
        #expect(report.goals.first?.reached != nil)
        let projected = try #require(report.goals.last)
        #expect(projected.reached == nil)
        #expect(projected.projection.day != nil)
        #expect(projected.deadline == .onTrack)
        // Deterministic: the same input gives the same goals.
        #expect(DemoGoals.choose(workouts: batch.workouts, settings: settings, today: day) == goals)
    }

    @Test("an empty history has no goals")
    func empty() throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: 25))
        #expect(DemoGoals.choose(workouts: [], settings: Settings(timezone: "UTC"), today: day).isEmpty)
        #expect(DemoGoals.firstOfMonth(after: day, months: 2) == CivilDate(year: 2027, month: 1, day: 1))
    }
}
