import Testing
import WktCore
import WktDemo
@testable import WktApp

/// `build` lets its own statistics choose the demo's goals where that gives the goals `stats`
/// chooses in a pass of its own (`DemoDefaults.forBuild`), and falls back to that pass elsewhere.
@Suite("Demo defaults")
struct DemoDefaultsTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// A 2-year demo history as the store gives it back: stored ids and the bodyweight measurements.
    static let demo: WorkoutHistory = {
        let batch = DemoHistory.generate(DemoOptions(years: 2, seed: 42, endDay: today))
        var history = WorkoutHistory(workouts: batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) })
        history.body = batch.body
        return history
    }()

    @Test("a demo store with a plain configuration: the build's report chooses the goals stats chooses")
    func chosenByTheBuild() throws {
        let settings = Settings(timezone: "UTC")
        let applied = DemoDefaults.applied(to: settings, history: Self.demo, today: Self.today)
        #expect(applied.goals.count == 2)
        let (built, derive) = DemoDefaults.forBuild(settings, history: Self.demo, today: Self.today)
        let rule = try #require(derive)
        #expect(built.goals.isEmpty)
        #expect(built.body.sex == .male)
        let report = StatsEngine.compute(history: Self.demo, settings: built, today: Self.today)
        #expect(rule(report) == applied.goals)
    }

    @Test("settings that change the build's statistics take the separate pass", arguments: [0, 1, 2, 3])
    func separatePass(kind: Int) throws {
        var settings = Settings(timezone: "UTC")
        switch kind {
        case 0: settings.body.bodyweightKg = 82
        case 1: settings.publish = PublishProfile(hide: [.notes])
        case 2: settings.ignore = [IgnoreEntry(workout: try #require(Self.demo.workouts.first?.workout.start), exercise: nil, set: nil, line: 2)]
        default: settings.goals = [Goal(exercise: "Squat (Barbell)", metric: .heaviest, targetKg: 100)]
        }
        let (built, derive) = DemoDefaults.forBuild(settings, history: Self.demo, today: Self.today)
        #expect(derive == nil)
        #expect(built == DemoDefaults.applied(to: settings, history: Self.demo, today: Self.today))
        #expect(built.goals.count == (kind == 3 ? 1 : 2))
    }

    @Test("a store with one workout of its own gets no demo defaults")
    func notDemo() throws {
        var history = Self.demo
        history.workouts[0].workout.source = .strong
        let settings = Settings(timezone: "UTC")
        let (built, derive) = DemoDefaults.forBuild(settings, history: history, today: Self.today)
        #expect(derive == nil)
        #expect(built == settings)
    }
}
