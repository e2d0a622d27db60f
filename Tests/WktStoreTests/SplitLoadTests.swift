import Foundation
import GRDB
import Synchronization
import Testing
import WktCore
@testable import WktStore

/// The history load with the sets above the first quarter of their ids read on a second
/// connection (``HistoryLoader/tailReader``): the same history as the plain load, whatever the
/// shape of the rows; anything unusual read the plain way; the second connection sees what the
/// first does.
@Suite("History load on two connections: the same history, the plain pass for anything unusual")
struct SplitLoadTests {
    /// Workouts whose blocks hold `setCounts` sets, one workout per inner array.
    private static func workouts(_ setCounts: [[Int]]) -> [Workout] {
        setCounts.enumerated().map { w, counts in
            var workout = StoreFixtures.simpleWorkout(day: w + 1)
            workout.exercises = counts.enumerated().map { b, count in
                ExerciseBlock(
                    name: "Lift \((w + b) % 5)", notes: nil,
                    sets: (0..<count).map { s in
                        WorkoutSet(kind: s == 0 ? .warmup : .normal, weightKg: Double(20 + w * 7 + b * 3 + s), reps: s + 1)
                    })
            }
            return workout
        }
    }

    /// Shapes whose first quarter of set ids ends at different places: inside one block, at a
    /// block's end, inside a workout, between workouts.
    static let shapes: [[[Int]]] = [
        [[40]], [[3], [5, 2], [9, 1, 4]], [[4, 4], [4, 4]], [[1], [1], [1], [1], [1], [1], [1], [1]],
        [[7, 0, 6], [13], [2, 2, 2, 2]], (1...12).map { [($0 * 5) % 7 + 1, $0 % 3] },
    ]

    /// Runs `body` on a store file holding `workouts`, after `scramble` (SQL) when given.
    private static func withStore(
        _ workouts: [Workout], scramble: String? = nil, _ body: (WorkoutStore) throws -> Void
    ) throws {
        try TempFolder.withStore { _, path in
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch(workouts)), dryRun: false)
            if let scramble { try store.queue.inDatabase { db in try db.execute(sql: scramble) } }
            try body(try WorkoutStore.open(path: path, mode: .readOnly))
        }
    }

    /// The load with `tailReader` (any span split) and the plain load of the same store.
    private static func loads(
        _ store: WorkoutStore, tailReader: @escaping @Sendable (Int64) -> HistoryLoader.TailRead?
    ) throws -> (split: Result<[StoredWorkout], StoreError>, plain: Result<[StoredWorkout], StoreError>) {
        func load(_ loader: HistoryLoader) -> Result<[StoredWorkout], StoreError> {
            do {
                return .success(try store.queue.read { db in try loader.loadAll(db) })
            } catch let error as StoreError {
                return .failure(error)
            } catch {
                return .failure(.sqlite(path: store.path, code: 1, detail: "\(error)"))
            }
        }
        let split = HistoryLoader(storePath: store.path, tailReader: tailReader, tailMinimumSpan: 1)
        return (load(split), load(HistoryLoader(storePath: store.path)))
    }

    @Test("the split load equals the plain one for every shape, and the plain one is what was stored", arguments: shapes)
    func sameHistory(shape: [[Int]]) throws {
        let workouts = Self.workouts(shape)
        try Self.withStore(workouts) { store in
            let (split, plain) = try Self.loads(store, tailReader: HistoryLoader.secondConnection(path: store.path))
            #expect(try split.get() == plain.get())
            #expect(try plain.get().map(\.workout) == workouts.map { $0.normalizedForStore() })
        }
    }

    @Test("the runs the second connection reads are the ones the load places (the split is taken)", arguments: shapes)
    func tailIsUsed(shape: [[Int]]) throws {
        try Self.withStore(Self.workouts(shape)) { store in
            let read = HistoryLoader.secondConnection(path: store.path)
            // Every set the tail delivers one rep heavier: those and only those show it.
            let (split, plain) = try Self.loads(store) { after in
                read(after).map { tail in
                    var tail = tail
                    for r in tail.runs.indices {
                        for s in tail.runs[r].sets.indices { tail.runs[r].sets[s].reps = (tail.runs[r].sets[s].reps ?? 0) + 1000 }
                    }
                    return tail
                }
            }
            let tailIDs = try store.queue.read { db in
                try Int64.fetchAll(db, sql: "SELECT id FROM workout_set ORDER BY block_id, position")
            }
            let lowest = tailIDs.min() ?? 0
            let highest = tailIDs.max() ?? 0
            let splitID = lowest + (highest - lowest) / 4
            let expected = tailIDs.map { $0 > splitID }
            let marked = try split.get().flatMap { $0.workout.exercises.flatMap { $0.sets.map { ($0.reps ?? 0) >= 1000 } } }
            #expect(marked == expected)
            #expect(expected.contains(true))
            #expect(try plain.get().allSatisfy { $0.workout.exercises.allSatisfy { $0.sets.allSatisfy { ($0.reps ?? 0) < 1000 } } })
        }
    }

    @Test(
        "rows out of order, a dangling set, a bad value or no second reader: the plain pass's history or error",
        arguments: [
            // Out of order inside the tail, inside the head, and across the split.
            "UPDATE workout_set SET id = -id WHERE id = (SELECT max(id) FROM workout_set)",
            "UPDATE workout_set SET id = id + 1000000 WHERE id = (SELECT min(id) FROM workout_set)",
            "UPDATE workout_set SET id = id + 1000000 WHERE block_id = (SELECT min(block_id) FROM workout_set)",
            "UPDATE workout_set SET position = position + 100 WHERE id = (SELECT min(id) + 3 FROM workout_set)",
            // One block on both sides of the split (ids 1…45 split after 12), its positions
            // going back across it: 200 last in the head, 100 first in the tail.
            """
            UPDATE workout_set SET position = 200 WHERE id = (SELECT min(id) + 11 FROM workout_set);
            UPDATE workout_set SET position = 100,
                block_id = (SELECT block_id FROM workout_set WHERE id = (SELECT min(id) + 11 FROM workout_set))
                WHERE id = (SELECT min(id) + 12 FROM workout_set)
            """,
            // A set of an unknown block in the tail and in the head.
            "UPDATE workout_set SET block_id = 999999 WHERE id = (SELECT max(id) FROM workout_set)",
            "UPDATE workout_set SET block_id = 999999 WHERE id = (SELECT min(id) FROM workout_set)",
            // A kind the model does not know, in the tail and in the head.
            "UPDATE workout_set SET kind = 'bogus' WHERE id = (SELECT max(id) FROM workout_set)",
            "UPDATE workout_set SET kind = 'bogus' WHERE id = (SELECT min(id) + 1 FROM workout_set)",
            "",
        ])
    func unusualRows(scramble: String) throws {
        let sql = """
            PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON;
            \(scramble);
            PRAGMA ignore_check_constraints = OFF; PRAGMA foreign_keys = ON;
            """
        try Self.withStore(Self.workouts([[3, 9], [12], [2, 2, 2], [8, 5]]), scramble: scramble.isEmpty ? nil : sql) { store in
            let second = HistoryLoader.secondConnection(path: store.path)
            for reader in [second, { _ in nil }] as [@Sendable (Int64) -> HistoryLoader.TailRead?] {
                let (split, plain) = try Self.loads(store, tailReader: reader)
                switch (split, plain) {
                case let (.success(a), .success(b)): #expect(a == b)
                case let (.failure(a), .failure(b)): #expect(a.description == b.description)
                default: Issue.record("split \(split) but plain \(plain)")
                }
            }
        }
    }

    @Test("another file at the store's path (an older copy moved over it): its sets are not used")
    func anotherFile() throws {
        let older = Self.workouts([[3, 9], [12], [2, 2, 2]])
        let newer = older + Self.workouts([[1], [1], [1], [8, 5]]).enumerated().map { i, workout in
            var workout = workout
            workout.start = StoreFixtures.simpleWorkout(day: 10 + i).start
            workout.sourceKey = "\(workout.start)"
            return workout
        }
        try TempFolder.withStore { folder, path in
            let copy = folder.file("older.sqlite")
            let old = try WorkoutStore.open(path: copy, mode: .readWrite)
            _ = try old.apply(StoreFixtures.entries(StoreFixtures.batch(older)), dryRun: false)
            // The same rows, one more set's weight changed: the first three workouts' blocks
            // and sets have the same ids in both files.
            try old.queue.inDatabase { db in try db.execute(sql: "UPDATE workout_set SET weight_kg = 999 WHERE id = (SELECT max(id) FROM workout_set)") }
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch(newer)), dryRun: false)
            let reading = try WorkoutStore.open(path: path, mode: .readOnly)
            // The second connection opens the older file, as if it had been moved over the path.
            let (split, plain) = try Self.loads(reading, tailReader: HistoryLoader.secondConnection(path: copy))
            #expect(try split.get() == plain.get())
            #expect(try plain.get().map(\.workout) == newer.map { $0.normalizedForStore() })
        }
    }

    @Test("no writer commits between the two connections: one waiting makes the second reader give up")
    func sameSnapshot() throws {
        let workouts = Self.workouts([[5, 5], [6], [4, 4, 4]])
        try Self.withStore(workouts) { store in
            let path = store.path
            let outcome = Mutex<(writeFailed: Bool, tailRead: Bool)>((false, false))
            let read = HistoryLoader.secondConnection(path: path)
            let (split, plain) = try Self.loads(store) { after in
                // While the first connection reads, a writer cannot commit a new workout.
                let writer = try? WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 0)
                let extra = StoreFixtures.simpleWorkout(day: 40)
                let wrote = (try? writer?.apply(StoreFixtures.entries(StoreFixtures.batch([extra])), dryRun: false)) != nil
                let runs = read(after)
                outcome.withLock { $0 = (!wrote, runs != nil) }
                return runs
            }
            #expect(outcome.withLock { $0.writeFailed })
            #expect(try split.get() == plain.get())
            #expect(try split.get().map(\.workout) == workouts.map { $0.normalizedForStore() })
            // The same write, once nothing reads: it was the read that held it back.
            let writer = try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 0)
            let added = try writer.apply(StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 40)])), dryRun: false)
            #expect(added.map(\.added) == [1])
        }
    }

    @Test("a store in WAL mode is read by one connection; span and emptiness decide the split")
    func whereToSplit() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let queue = try DatabaseQueue(path: folder.file("raw.sqlite"))
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE workout_set (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE workout_block (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE workout (id INTEGER PRIMARY KEY)")
        }
        let loader = HistoryLoader(storePath: "raw.sqlite", tailMinimumSpan: 100)
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == nil)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO workout_set (id) VALUES (1), (100)") }
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == nil)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO workout_set (id) VALUES (101)") }
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == 26)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO workout_set (id) VALUES (\(Int64.min)), (\(Int64.max))") }
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == nil)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM workout_set WHERE id < 0") }
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == 1 + (Int64.max - 1) / 4)
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        #expect(try queue.read { db in try loader.tailSplit(db, HistoryLoader.Landmarks(db)) } == nil)
    }
}
