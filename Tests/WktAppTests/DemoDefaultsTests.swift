import Testing
import WktConfig
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

    /// A demo store can hold any names (a wkt JSON export of one, edited and imported again):
    /// the goals the build derives pass the goal check, which the separate pass's goals had to
    /// pass before the build, even beside a name that differs only in case.
    @Test("derived goals pass the goal check, even beside names that differ only in case")
    func derivedGoalsPassTheCheck() throws {
        let settings = Settings(timezone: "UTC")
        let (built, derive) = DemoDefaults.forBuild(settings, history: Self.demo, today: Self.today)
        let rule = try #require(derive)
        let goals = rule(StatsEngine.compute(history: Self.demo, settings: built, today: Self.today))
        #expect(goals.count == 2)
        var history = Self.demo
        for goal in goals {
            let index = try #require(history.workouts.firstIndex { $0.workout.exercises.contains { $0.name == goal.exercise } })
            history.workouts[index].workout.exercises.append(ExerciseBlock(name: goal.exercise.lowercased(), sets: [WorkoutSet(weightKg: 20, reps: 5)]))
        }
        #expect(throws: Never.self) { try GoalCheck.verify(goals, history: history) }
        let first = try #require(goals.first)
        let variant = Goal(exercise: first.exercise.uppercased(), metric: .heaviest, targetKg: 100)
        #expect(throws: ConfigError.self, "a name that matches only case variants is refused") {
            try GoalCheck.verify([variant], history: history)
        }
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
