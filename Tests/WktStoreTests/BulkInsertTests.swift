import Foundation
import Testing
import WktCore
@testable import WktStore

/// The import's inserts through SQLite's C API (``BulkInsert``), with a block's sets in statements
/// of up to ``ImportWriter/setsPerInsert`` rows.
@Suite("bulk inserts: every column and set position, failures in words, statements reusable")
struct BulkInsertTests {
    /// A workout with one block per entry of `setCounts`, every set different in every column.
    private static func workout(day: Int, setCounts: [Int]) -> Workout {
        var workout = StoreFixtures.simpleWorkout(day: day)
        workout.exercises = setCounts.enumerated().map { b, count in
            ExerciseBlock(
                name: "Lift \(b)", notes: b.isMultiple(of: 2) ? "block \(b)" : nil, supersetID: b == 1 ? 3 : nil,
                painFlag: b == 2, plannedSets: b == 0 ? count : nil,
                sets: (0..<count).map { s in
                    WorkoutSet(
                        kind: SetKind.allCases[s % SetKind.allCases.count], weightKg: 20 + Double(s) * 2.5,
                        reps: s % 7, seconds: s.isMultiple(of: 3) ? Double(s) + 0.5 : nil,
                        distanceM: s.isMultiple(of: 5) ? Double(s) * 10 : nil, rpe: s.isMultiple(of: 4) ? 8.5 : nil,
                        notes: s.isMultiple(of: 6) ? "set \(s)" : nil)
                })
        }
        workout.checkIns = [CheckIn(name: "sleep", value: day)]
        return workout
    }

    @Test("blocks of 1, 7, 8, 9, 16 and 23 sets round-trip field by field, positions 1…n in order")
    func roundTrip() throws {
        let store = try WorkoutStore.inMemory()
        let workouts = [Self.workout(day: 1, setCounts: [1, 7, 8]), Self.workout(day: 2, setCounts: [9, 16, 23])]
        let outcomes = try store.apply(StoreFixtures.entries(StoreFixtures.batch(workouts)), dryRun: false)
        #expect(outcomes.map(\.added) == [2])
        #expect(outcomes.map(\.sets) == [64])
        #expect(try store.loadHistory().workouts.map(\.workout) == workouts.map { $0.normalizedForStore() })
        let positions = try store.tableRows("workout_set").count
        #expect(positions == 64)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a bad value in the middle of a multi-row statement names the rule in words, imports nothing; the next import works")
    func failureMidStatement() throws {
        let store = try WorkoutStore.inMemory()
        var bad = Self.workout(day: 3, setCounts: [20])
        bad.exercises[0].sets[11].rpe = 11
        #expect {
            _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([bad], file: "bad.csv")), dryRun: false)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("RPE must be 0 to 10") && text.contains("bad.csv") && !text.contains("CHECK")
        }
        #expect(try store.loadHistory().workouts.isEmpty)
        // The statements that failed are not left half-bound: the same shapes insert cleanly now.
        let good = Self.workout(day: 4, setCounts: [20, 1])
        let outcomes = try store.apply(StoreFixtures.entries(StoreFixtures.batch([good])), dryRun: false)
        #expect(outcomes.map(\.added) == [1])
        #expect(try store.loadHistory().workouts.map(\.workout) == [good.normalizedForStore()])
    }
}
