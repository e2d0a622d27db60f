import GRDB
import Testing
import WktCore
@testable import WktStore

/// The history loader reads sets in table order (a plain scan, cheaper than the index walk) and
/// falls back to the indexed, ordered query when the rows are not block by block in position
/// order: the loaded history never depends on the order of the rows.
@Suite("Sets load in position order whatever the order of the rows")
struct SetOrderTests {
    /// Four workouts of several blocks and sets each, every set distinct (weight and reps), in
    /// date order (the order the store walks them).
    private static func workouts() -> [Workout] {
        (1...3).map { day in
            var workout = StoreFixtures.simpleWorkout(day: day, sets: 4, weight: Double(100 + day))
            workout.exercises.append(
                ExerciseBlock(
                    name: "Bench Press", notes: nil,
                    sets: (1...5).map { WorkoutSet(kind: $0 == 1 ? .warmup : .normal, weightKg: Double(50 + day * 10 + $0), reps: $0) }))
            for s in workout.exercises[0].sets.indices { workout.exercises[0].sets[s].reps = 10 - s }
            return workout
        } + [StoreFixtures.richWorkout()]
    }

    /// The store holding `workouts`, with `scramble` run on it afterwards, loaded back.
    private static func load(after scramble: String?, check: (WorkoutStore) throws -> Void = { _ in }) throws -> [Workout] {
        var loaded: [Workout] = []
        try TempFolder.withStore { folder, _ in
            let path = folder.file("order.sqlite")
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch(workouts())), dryRun: false)
            if let scramble { try store.queue.inDatabase { db in try db.execute(sql: scramble) } }
            try check(store)
            loaded = try WorkoutStore.open(path: path, mode: .readOnly).loadHistory().workouts.map(\.workout)
        }
        return loaded
    }

    /// Whether the table-order pass takes the rows as they are (true) or gives up (false).
    private static func tableOrderPass(_ store: WorkoutStore) throws -> Bool {
        try store.queue.read { db in
            let loader = HistoryLoader(storePath: store.path)
            var heads = try loader.loadAll(db).map { (id: $0.id, workout: $0.workout) }
            var locations: [Int64: (workout: Int, block: Int)] = [:]
            let blocks = try Row.fetchAll(db, sql: "SELECT id, workout_id FROM workout_block ORDER BY workout_id, position")
            var perWorkout: [Int64: Int] = [:]
            for row in blocks {
                let workoutID: Int64 = row[1]
                let w = try #require(heads.firstIndex { $0.id == workoutID })
                locations[row[0]] = (w, perWorkout[workoutID, default: 0])
                perWorkout[workoutID, default: 0] += 1
            }
            for w in heads.indices {
                for b in heads[w].workout.exercises.indices { heads[w].workout.exercises[b].sets = [] }
            }
            return try loader.loadSets(db, ordered: false, into: &heads, blockLocation: locations)
        }
    }

    @Test("sets written by an import come in table order and load as written")
    func importedOrder() throws {
        var fastPath = false
        let loaded = try Self.load(after: nil) { fastPath = try Self.tableOrderPass($0) }
        #expect(fastPath)
        #expect(loaded == Self.workouts().map { $0.normalizedForStore() })
    }

    @Test(
        "rows out of table order load in position order (the ordered query takes over)",
        arguments: [
            // Every block's first set moves to the end of the table.
            "UPDATE workout_set SET id = id + 1000000 WHERE position = 1",
            // The whole table reversed.
            "UPDATE workout_set SET id = -id",
            // One set of the last block moves to the very front.
            "UPDATE workout_set SET id = -1 WHERE id = (SELECT max(id) FROM workout_set)",
            // Two blocks' rows swapped: each block contiguous and in order, the blocks not.
            """
            UPDATE workout_set SET id = id + 1000000 WHERE block_id = (SELECT min(block_id) FROM workout_set);
            """,
        ])
    func scrambled(scramble: String) throws {
        var fastPath = true
        let loaded = try Self.load(after: scramble) { fastPath = try Self.tableOrderPass($0) }
        #expect(!fastPath)
        #expect(loaded == Self.workouts().map { $0.normalizedForStore() })
    }
}
