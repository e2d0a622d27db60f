import GRDB
import Testing
import WktCore
@testable import WktStore

/// The history loader reads blocks and sets in table order (a plain scan, cheaper than the index
/// walk) and falls back to the indexed, ordered query when the rows are not workout by workout
/// (blocks) or block by block (sets) in position order: the loaded history never depends on the
/// order of the rows.
@Suite("Blocks and sets load in position order whatever the order of the rows")
struct RowOrderTests {
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

    /// Whether the table-order passes take the rows as they are (true) or give up (false), for
    /// the blocks and for the sets.
    private static func tableOrderPasses(_ store: WorkoutStore) throws -> (blocks: Bool, sets: Bool) {
        try store.queue.read { db in
            let loader = HistoryLoader(storePath: store.path)
            let loaded = try loader.loadAll(db)
            var heads = loaded.map { (id: $0.id, workout: $0.workout) }
            var workoutIndex: [Int64: Int] = [:]
            for (index, head) in heads.enumerated() {
                workoutIndex[head.id] = index
                heads[index].workout.exercises = []
            }
            let names = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM exercise").map { row -> (Int64, String) in (row[0], row[1]) })
            var tableOrder: [Int64: (workout: Int, block: Int)] = [:]
            let blocksInOrder = try loader.loadBlocks(
                db, ordered: false, into: &heads, workoutIndex: workoutIndex, names: names, blockLocation: &tableOrder)
            // The sets' pass gets the block locations of the complete, ordered history.
            var locations: [Int64: (workout: Int, block: Int)] = [:]
            let blocks = try Row.fetchAll(db, sql: "SELECT id, workout_id FROM workout_block ORDER BY workout_id, position")
            var perWorkout: [Int64: Int] = [:]
            for row in blocks {
                let workoutID: Int64 = row[1]
                let w = try #require(workoutIndex[workoutID])
                locations[row[0]] = (w, perWorkout[workoutID, default: 0])
                perWorkout[workoutID, default: 0] += 1
            }
            heads = loaded.map { (id: $0.id, workout: $0.workout) }
            for w in heads.indices {
                for b in heads[w].workout.exercises.indices { heads[w].workout.exercises[b].sets = [] }
            }
            return (blocksInOrder, try loader.loadSets(db, ordered: false, into: &heads, blockLocation: locations))
        }
    }

    @Test("blocks and sets written by an import come in table order and load as written")
    func importedOrder() throws {
        var fastPaths = (blocks: false, sets: false)
        let loaded = try Self.load(after: nil) { fastPaths = try Self.tableOrderPasses($0) }
        #expect(fastPaths.blocks)
        #expect(fastPaths.sets)
        #expect(loaded == Self.workouts().map { $0.normalizedForStore() })
    }

    @Test(
        "sets out of table order load in position order (the ordered query takes over)",
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
    func scrambledSets(scramble: String) throws {
        var fastPaths = (blocks: false, sets: true)
        let loaded = try Self.load(after: scramble) { fastPaths = try Self.tableOrderPasses($0) }
        #expect(fastPaths.blocks)
        #expect(!fastPaths.sets)
        #expect(loaded == Self.workouts().map { $0.normalizedForStore() })
    }

    @Test(
        "blocks out of table order load in position order (the ordered query takes over)",
        arguments: [
            // Every workout's first block moves to the end of the table.
            "id + 1000000 AS new FROM workout_block WHERE position = 1",
            // The whole table reversed.
            "-id AS new FROM workout_block",
            // The last block moves to the very front.
            "-1 AS new FROM workout_block WHERE id = (SELECT max(id) FROM workout_block)",
            // The first workout's blocks after all others: each workout contiguous and in order,
            // the workouts not.
            "id + 1000000 AS new FROM workout_block WHERE workout_id = (SELECT min(workout_id) FROM workout_block)",
        ])
    func scrambledBlocks(newIDs: String) throws {
        // The blocks get new ids (`SELECT id AS old, <newIDs>`), carried to their sets; foreign
        // keys are off while both tables change.
        let scramble = """
            PRAGMA foreign_keys = OFF;
            CREATE TEMP TABLE renumber AS SELECT id AS old, \(newIDs);
            UPDATE workout_set SET block_id = (SELECT new FROM renumber WHERE old = block_id)
                WHERE block_id IN (SELECT old FROM renumber);
            UPDATE workout_block SET id = (SELECT new FROM renumber WHERE old = id)
                WHERE id IN (SELECT old FROM renumber);
            DROP TABLE renumber;
            PRAGMA foreign_keys = ON;
            """
        var fastPaths = (blocks: true, sets: false)
        let loaded = try Self.load(after: scramble) { fastPaths = try Self.tableOrderPasses($0) }
        #expect(!fastPaths.blocks)
        #expect(loaded == Self.workouts().map { $0.normalizedForStore() })
    }

    @Test(
        "a row that points at a missing workout, exercise or block is an error naming it, never left out",
        arguments: [
            ("UPDATE check_in SET workout_id = 999999 WHERE rowid = (SELECT min(rowid) FROM check_in)",
             "check_in", "row of unknown workout 999999"),
            ("UPDATE workout_block SET workout_id = 999999 WHERE id = (SELECT min(id) FROM workout_block)",
             "workout_block", "row of unknown workout 999999"),
            ("UPDATE workout_block SET exercise_id = 999999 WHERE id = (SELECT min(id) FROM workout_block)",
             "workout_block", "block of unknown exercise 999999"),
            ("UPDATE workout_set SET block_id = 999999 WHERE id = (SELECT max(id) FROM workout_set)",
             "workout_set", "set of unknown block 999999"),
        ])
    func danglingReference(update: String, table: String, detail: String) throws {
        let scramble = "PRAGMA foreign_keys = OFF; \(update); PRAGMA foreign_keys = ON;"
        #expect {
            _ = try Self.load(after: scramble)
        } throws: { error in
            guard case let .invalidStoredValue(_, errorTable, _, errorDetail) = error as? StoreError else { return false }
            return errorTable == table && errorDetail.contains(detail)
        }
    }

    @Test(
        "a set kind the model does not know is an error naming it; the known kinds load as stored",
        arguments: [("bogus", "unknown set kind bogus"), ("Normal", "unknown set kind Normal"), ("warm-up", "unknown set kind warm-up")])
    func unknownSetKind(kind: String, detail: String) throws {
        // The table's CHECK refuses such a value; a store written by other software may hold it.
        let scramble = "PRAGMA ignore_check_constraints = ON; "
            + "UPDATE workout_set SET kind = '\(kind)' WHERE id = (SELECT max(id) FROM workout_set); "
            + "PRAGMA ignore_check_constraints = OFF;"
        #expect {
            _ = try Self.load(after: scramble)
        } throws: { error in
            guard case let .invalidStoredValue(_, table, _, errorDetail) = error as? StoreError else { return false }
            return table == "workout_set" && errorDetail.contains(detail)
        }
        let kinds = try Self.load(after: nil).flatMap { $0.exercises.flatMap { $0.sets.map(\.kind) } }
        #expect(kinds == Self.workouts().flatMap { $0.normalizedForStore().exercises.flatMap { $0.sets.map(\.kind) } })
        #expect(Set(kinds).isSuperset(of: [.normal, .warmup]))
    }
}
