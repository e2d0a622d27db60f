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

    /// The statistics a site build computes for a demo store: stored ids, the bodyweight
    /// measurements and the demo's `sex`.
    static func buildReport(_ workouts: [Workout], body: [BodyMeasurement], settings: Settings, today: CivilDate) -> StatsReport {
        var history = WorkoutHistory(
            workouts: workouts.enumerated().map { StoredWorkout(id: Int64(2 * $0.offset + 7), workout: $0.element) })
        history.body = body
        var built = settings
        built.body.sex = .male
        return StatsEngine.compute(history: history, settings: built, today: today)
    }

    @Test(
        "the build's own statistics choose the goals of the separate pass",
        arguments: [(1, UInt64(42), 25), (3, 42, 1), (2, 7, 14), (10, 1, 25), (1, 99, 3), (5, 5, 30)])
    func fromBuildReport(years: Int, seed: UInt64, day: Int) throws {
        let today = try #require(CivilDate(year: 2026, month: 11, day: day))
        let batch = DemoHistory.generate(DemoOptions(years: years, seed: seed, endDay: today))
        #expect(!batch.body.isEmpty, "the demo has bodyweight measurements, which only the build's pass sees")
        let settings = Settings(timezone: "UTC")
        #expect(DemoGoals.canChoose(fromBuildReportWith: settings))
        let separate = DemoGoals.choose(workouts: batch.workouts, settings: settings, today: today)
        let report = Self.buildReport(batch.workouts, body: batch.body, settings: settings, today: today)
        #expect(DemoGoals.choose(fromBuildReport: report, settings: settings, today: today) == separate)
    }

    /// An assisted exercise has records in the build's statistics (which see the bodyweight) and
    /// none in the separate pass: left out, it cannot win in one and not the other.
    @Test("an assisted exercise the build has records for is no candidate")
    func assistedLeftOut() throws {
        let today = try #require(CivilDate(year: 2026, month: 11, day: 25))
        let start = today.adding(days: -120)
        var workouts: [Workout] = []
        var body: [BodyMeasurement] = []
        for week in 0..<16 {
            let day = start.adding(days: 7 * week)
            body.append(BodyMeasurement(day: day, weightKg: 80, source: "demo"))
            let pullUps = (0..<8).map { _ in WorkoutSet(weightKg: Double(30 - week), reps: 8) }
            let squats = [WorkoutSet(weightKg: 100 + Double(week) * 2.5, reps: 5)]
            workouts.append(
                Workout(
                    source: .demo, sourceKey: "w\(week)", start: try #require(WallTime.parse("\(day) 07:00")), name: "Day",
                    exercises: [ExerciseBlock(name: "Pull Up (Assisted)", sets: pullUps), ExerciseBlock(name: "Squat (Barbell)", sets: squats)]))
        }
        let settings = Settings(timezone: "UTC")
        let separate = DemoGoals.choose(workouts: workouts, settings: settings, today: today)
        #expect(separate.first?.exercise == "Squat (Barbell)")
        let report = Self.buildReport(workouts, body: body, settings: settings, today: today)
        let assisted = try #require(report.exercises.first { $0.name == "Pull Up (Assisted)" })
        #expect(assisted.records.heaviest != nil && assisted.workingSets > 16, "it would rank first")
        #expect(DemoGoals.choose(fromBuildReport: report, settings: settings, today: today) == separate)
        // Flagged not assisted in `[muscles]`, it has records in both passes and wins in both.
        var flagged = settings
        flagged.muscles = MuscleOverrides([("Pull Up (Assisted)", MuscleOverride(assisted: false))])
        let flaggedSeparate = DemoGoals.choose(workouts: workouts, settings: flagged, today: today)
        #expect(flaggedSeparate.first?.exercise == "Pull Up (Assisted)")
        let flaggedReport = Self.buildReport(workouts, body: body, settings: flagged, today: today)
        #expect(DemoGoals.choose(fromBuildReport: flaggedReport, settings: flagged, today: today) == flaggedSeparate)
    }

    @Test("only settings that leave the exercises' statistics alone let the build choose")
    func whenTheBuildChooses() {
        let plain = Settings(timezone: "UTC")
        #expect(DemoGoals.canChoose(fromBuildReportWith: plain))
        var goals = plain
        goals.goals = [Goal(exercise: "Squat (Barbell)", metric: .heaviest, targetKg: 100)]
        var ignore = plain
        ignore.ignore = [IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, exercise: nil, set: nil, line: 3)]
        var publish = plain
        publish.publish = PublishProfile()
        var bodyweight = plain
        bodyweight.body.bodyweightKg = 80
        for settings in [goals, ignore, publish, bodyweight] {
            #expect(!DemoGoals.canChoose(fromBuildReportWith: settings))
        }
    }

    @Test("an empty history has no goals")
    func empty() throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: 25))
        #expect(DemoGoals.choose(workouts: [], settings: Settings(timezone: "UTC"), today: day).isEmpty)
        #expect(DemoGoals.firstOfMonth(after: day, months: 2) == CivilDate(year: 2027, month: 1, day: 1))
    }
}
