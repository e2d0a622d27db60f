import Testing
import WktCore
@testable import WktSite

/// An exercise's sessions and PR events in the site model are read from the stored workouts and
/// the report (not copied): what they give must be what the copies gave.
@Suite("Exercise entries: sets and PR events read in place")
struct ExerciseEntryTests {
    /// Bench in two blocks of one workout (the first with a warm-up), a block of only warm-ups,
    /// and a later workout with one block; a second exercise between the bench blocks.
    static let history = WorkoutHistory(workouts: [
        SiteFixture.workout(1, "2026-11-02 07:00:00", "Push", [
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(40, 10)], kind: .warmup) + SiteFixture.sets([(80, 5), (82.5, 3)])),
            ExerciseBlock(name: "OHP", sets: SiteFixture.sets([(50, 5)])),
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(60, 12)], kind: .warmup)),
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(70, 8)]) + SiteFixture.sets([(20, 20)], kind: .warmup)),
        ]),
        SiteFixture.workout(2, "2026-11-04 07:00:00", "Push", [
            ExerciseBlock(name: "OHP", sets: SiteFixture.sets([(55, 5)])),
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(90, 3)])),
        ]),
        SiteFixture.workout(3, "2026-11-05 07:00:00", "Rest", [ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(30, 5)], kind: .warmup))]),
    ])

    @Test("a session's sets are the working sets of all its blocks in logging order")
    func sessionSets() throws {
        let site = SiteModel(history: Self.history, settings: SiteFixture.settings(), today: CivilDate(year: 2026, month: 11, day: 8)!)
        let bench = try #require(site.exercise(named: "Bench"))
        #expect(bench.sessions.map(\.workoutIndex) == [0, 1])
        #expect(bench.sessions[0].sets == SiteFixture.sets([(80, 5), (82.5, 3), (70, 8)]))
        #expect(bench.sessions[1].sets == SiteFixture.sets([(90, 3)]))
        let ohp = try #require(site.exercise(named: "OHP"))
        #expect(ohp.sessions.map(\.sets) == [SiteFixture.sets([(50, 5)]), SiteFixture.sets([(55, 5)])])
    }

    @Test("walking a session's sets gives its sets, numbered in order, for one block and several")
    func walkedSets() throws {
        let site = SiteModel(history: Self.history, settings: SiteFixture.settings(), today: CivilDate(year: 2026, month: 11, day: 8)!)
        for name in ["Bench", "OHP"] {
            for session in try #require(site.exercise(named: name)).sessions {
                var walked: [WorkoutSet] = []
                var indices: [Int] = []
                session.forEachSet { index, set in
                    indices.append(index)
                    walked.append(set)
                }
                #expect(walked == session.sets)
                #expect(indices == Array(session.sets.indices))
            }
        }
    }

    @Test("an exercise's PR events are the report's events of that exercise, in walk order")
    func prEvents() throws {
        let site = SiteModel(history: Self.history, settings: SiteFixture.settings(), today: CivilDate(year: 2026, month: 11, day: 8)!)
        for name in ["Bench", "OHP"] {
            let entry = try #require(site.exercise(named: name))
            let expected = site.report.prEvents.filter { $0.exercise == name }
            #expect(!expected.isEmpty)
            #expect(entry.prEvents == expected)
        }
    }
}
