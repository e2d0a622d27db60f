import Foundation
import GRDB
import Testing
import WktCore
@testable import WktStore

/// The import's inserts through SQLite's C API (``BulkInsert``), with a workout's blocks in
/// statements of up to ``ImportWriter/blocksPerInsert`` rows and its sets, across blocks, in
/// statements of up to ``ImportWriter/setsPerInsert`` rows; the blocks' ids are the ones SQLite
/// would have chosen (``ImportWriter/BlockIDs``).
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

    /// The store's blocks as (id, workout id, position), in row-id order.
    private static func blocks(_ store: WorkoutStore) throws -> [[Int64]] {
        try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, workout_id, position FROM workout_block ORDER BY rowid").map {
                [$0[0], $0[1], $0[2]]
            }
        }
    }

    @Test("blocks and sets across the statement sizes (16 blocks, 32 sets) round-trip; ids run 1…n in order")
    func statementSizes() throws {
        let store = try WorkoutStore.inMemory()
        let workouts = [
            Self.workout(day: 5, setCounts: [32]),
            Self.workout(day: 6, setCounts: [16, 17]),
            Self.workout(day: 7, setCounts: Array(repeating: 1, count: 16)),
            Self.workout(day: 8, setCounts: Array(repeating: 2, count: 17)),
            Self.workout(day: 9, setCounts: (0..<40).map { $0 % 5 }),
        ]
        let outcomes = try store.apply(StoreFixtures.entries(StoreFixtures.batch(workouts)), dryRun: false)
        let setCount = workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } }
        #expect(outcomes.map(\.sets) == [setCount])
        #expect(try store.loadHistory().workouts.map(\.workout) == workouts.map { $0.normalizedForStore() })
        let blocks = try Self.blocks(store)
        #expect(blocks.map { $0[0] } == Array(1...Int64(blocks.count)))
        #expect(blocks.map { [$0[1], $0[2]] } == workouts.enumerated().flatMap { w, workout in
            workout.exercises.indices.map { [Int64(w + 1), Int64($0 + 1)] }
        })
        let setIDs = try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT s.id FROM workout_set s JOIN workout_block b ON b.id = s.block_id ORDER BY b.id, s.position")
                .map { $0[0] as Int64 }
        }
        #expect(setIDs == Array(1...Int64(setCount)))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("an update that deletes the largest block ids: the new blocks, and those after them, get the ids SQLite would")
    func idsAfterUpdate() throws {
        let first = Self.workout(day: 1, setCounts: [2, 3])
        let second = Self.workout(day: 2, setCounts: [1, 1, 1])
        // The second workout again with one block fewer (its blocks held ids 3…5), then a new one.
        var changed = second
        changed.exercises.removeLast()
        let third = Self.workout(day: 3, setCounts: [4])
        let batches = (StoreFixtures.batch([first, second]), StoreFixtures.batch([changed, third], file: "again.csv"))
        // In one import and in two (the next id is known from the first file's blocks, or read).
        for together in [true, false] {
            let store = try WorkoutStore.inMemory()
            if together {
                let outcomes = try store.apply(StoreFixtures.entries(batches.0, batches.1), dryRun: false)
                #expect(outcomes.map(\.added) == [2, 1])
                #expect(outcomes.map(\.updated) == [0, 1])
            } else {
                _ = try store.apply(StoreFixtures.entries(batches.0), dryRun: false)
                #expect(try Self.blocks(store).map { $0[0] } == [1, 2, 3, 4, 5])
                _ = try store.apply(StoreFixtures.entries(batches.1), dryRun: false)
            }
            // As row by row: after the delete the largest id is 2, so 3 and 4, then 5 for the new one.
            #expect(try Self.blocks(store) == [[1, 1, 1], [2, 1, 2], [3, 2, 1], [4, 2, 2], [5, 3, 1]])
            #expect(try store.loadHistory().workouts.map(\.workout) == [first, changed, third].map { $0.normalizedForStore() })
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test(
        "blocks at the largest id SQLite allows still all go in (SQLite picks the ids past it)",
        arguments: [Int64.max - 5, Int64.max - 3, Int64.max - 2, Int64.max - 1, Int64.max])
    func idsAtTheTop(largest: Int64) throws {
        let store = try WorkoutStore.inMemory()
        let first = Self.workout(day: 1, setCounts: [2, 3])
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([first])), dryRun: false)
        // The last block moves to `largest`, its sets with it (a store edited by hand).
        try store.queue.inDatabase { db in
            try db.execute(
                sql: """
                    PRAGMA foreign_keys = OFF;
                    UPDATE workout_set SET block_id = ? WHERE block_id = 2;
                    UPDATE workout_block SET id = ? WHERE id = 2;
                    PRAGMA foreign_keys = ON;
                    """, arguments: [largest, largest])
        }
        // Two blocks fit up to Int64.max from `Int64.max - 2`, none from higher; from
        // `Int64.max - 3` the second workout's three do not, and the third's one must not take an
        // id SQLite gave them.
        let more = [
            Self.workout(day: 2, setCounts: [1, 2]), Self.workout(day: 3, setCounts: [3, 1, 2]),
            Self.workout(day: 4, setCounts: [2]),
        ]
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch(more)), dryRun: false)
        #expect(try store.loadHistory().workouts.map(\.workout) == ([first] + more).map { $0.normalizedForStore() })
        let ids = try Self.blocks(store).map { $0[0] }
        #expect(Set(ids).count == 8)
        if largest <= Int64.max - 2 {
            #expect(ids.contains(largest + 1) && ids.contains(largest + 2))
        }
        #expect(try store.integrityCheck() == "ok")
        let violations = try store.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(violations.isEmpty)
    }
}
