import Foundation
import GRDB
import Synchronization
import Testing
import WktCore
@testable import WktStore

/// The history load with the sets' ids cut into spans that the loading connection takes from
/// the lowest ids up and a second connection (``HistoryLoader/tailReader``) from the highest
/// down (``SetSpans``): the same history as the plain load, whatever the shape of the rows and
/// however the two meet; anything unusual read the plain way; the second connection sees what
/// the first does; a second reader that starts late takes nothing and is not waited for.
@Suite("History load on two connections: the same history, the plain pass for anything unusual")
struct SplitLoadTests {
    /// The second reader's type.
    typealias Reader = @Sendable (_ take: () -> SetSpans.Span?) -> HistoryLoader.TailRead?
    /// How the second reader is started (``HistoryLoader/secondStart``).
    typealias Start = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

    /// Runs the second reader at once on the loading thread, inside its transaction and before
    /// it reads anything: the second reader takes every span it wants, in a known order.
    static let first: Start = { work in work() }
    /// The starts every property must hold for: the second reader first, or on its own thread.
    static let starts: [Start] = [first, SecondSetReader.ownThread]

    /// `read` taking at most `limit` spans.
    static func taking(_ limit: Int, _ read: @escaping Reader) -> Reader {
        { take in
            var taken = 0
            return read {
                guard taken < limit else { return nil }
                taken += 1
                return take()
            }
        }
    }

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

    /// The load with `tailReader` started by `start` (any span split, spans of 4 ids) and the
    /// plain load of the same store.
    private static func loads(
        _ store: WorkoutStore, tailReader: @escaping Reader, start: @escaping Start = first
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
        let split = HistoryLoader(storePath: store.path, tailReader: tailReader, secondStart: start, tailMinimumSpan: 1, spanLength: 4)
        return (load(split), load(HistoryLoader(storePath: store.path)))
    }

    /// The spans of `store`'s set ids for ``loads(_:tailReader:start:)``'s loader.
    private static func spans(_ store: WorkoutStore) throws -> [SetSpans.Span] {
        let loader = HistoryLoader(storePath: store.path, tailMinimumSpan: 1, spanLength: 4)
        return try #require(try store.queue.read { db in try loader.setSpans(db, HistoryLoader.Landmarks(db)) }).spans
    }

    @Test("the split load equals the plain one for every shape, and the plain one is what was stored", arguments: shapes)
    func sameHistory(shape: [[Int]]) throws {
        let workouts = Self.workouts(shape)
        try Self.withStore(workouts) { store in
            for start in Self.starts {
                for limit in [1, 2, 1_000] {
                    let reader = Self.taking(limit, HistoryLoader.secondConnection(path: store.path))
                    let (split, plain) = try Self.loads(store, tailReader: reader, start: start)
                    #expect(try split.get() == plain.get())
                    #expect(try plain.get().map(\.workout) == workouts.map { $0.normalizedForStore() })
                }
            }
        }
    }

    @Test("the spans the second connection reads are the ones the load places, the first connection's the rest", arguments: shapes)
    func tailIsUsed(shape: [[Int]]) throws {
        try Self.withStore(Self.workouts(shape)) { store in
            let spans = try Self.spans(store)
            #expect(spans.count > 1)
            let setIDs = try store.queue.read { db in
                try Int64.fetchAll(db, sql: "SELECT id FROM workout_set ORDER BY block_id, position")
            }
            for limit in [1, 2, spans.count - 1, spans.count] {
                // Every set the second reader delivers one rep heavier: those and only those show it.
                let read = Self.taking(limit, HistoryLoader.secondConnection(path: store.path))
                let (split, plain) = try Self.loads(store, tailReader: { take in
                    read(take).map { tail in
                        var tail = tail
                        for p in tail.parts.indices {
                            for r in tail.parts[p].runs.indices {
                                for s in tail.parts[p].runs[r].sets.indices { tail.parts[p].runs[r].sets[s].reps! += 1000 }
                            }
                        }
                        return tail
                    }
                })
                // Started first, it took the last `limit` spans.
                let lowestTaken = spans[spans.count - min(limit, spans.count)].first
                let expected = setIDs.map { $0 >= lowestTaken }
                let marked = try split.get().flatMap { $0.workout.exercises.flatMap { $0.sets.map { ($0.reps ?? 0) >= 1000 } } }
                #expect(marked == expected, "limit \(limit)")
                #expect(expected.contains(true))
                #expect(expected.contains(false) == (limit < spans.count))
                #expect(try plain.get().allSatisfy { $0.workout.exercises.allSatisfy { $0.sets.allSatisfy { ($0.reps ?? 0) < 1000 } } })
            }
        }
    }

    @Test(
        "rows out of order, a dangling set, a bad value or no second reader: the plain pass's history or error",
        arguments: [
            // Out of order inside the last span, inside the first, and across spans.
            "UPDATE workout_set SET id = -id WHERE id = (SELECT max(id) FROM workout_set)",
            "UPDATE workout_set SET id = id + 1000000 WHERE id = (SELECT min(id) FROM workout_set)",
            "UPDATE workout_set SET id = id + 1000000 WHERE block_id = (SELECT min(block_id) FROM workout_set)",
            "UPDATE workout_set SET position = position + 100 WHERE id = (SELECT min(id) + 3 FROM workout_set)",
            // One block on both sides of a span's end (spans of 4 ids from the lowest), its
            // positions going back across it: 200 last in one span, 100 first in the next.
            """
            UPDATE workout_set SET position = 200 WHERE id = (SELECT min(id) + 11 FROM workout_set);
            UPDATE workout_set SET position = 100,
                block_id = (SELECT block_id FROM workout_set WHERE id = (SELECT min(id) + 11 FROM workout_set))
                WHERE id = (SELECT min(id) + 12 FROM workout_set)
            """,
            // A set of an unknown block in the last span and in the first.
            "UPDATE workout_set SET block_id = 999999 WHERE id = (SELECT max(id) FROM workout_set)",
            "UPDATE workout_set SET block_id = 999999 WHERE id = (SELECT min(id) FROM workout_set)",
            // A kind the model does not know, in the last span and in the first.
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
            let readers: [Reader] = [second, Self.taking(2, second), { _ in nil }]
            for start in Self.starts {
                for reader in readers {
                    let (split, plain) = try Self.loads(store, tailReader: reader, start: start)
                    switch (split, plain) {
                    case let (.success(a), .success(b)): #expect(a == b)
                    case let (.failure(a), .failure(b)): #expect(a.description == b.description)
                    default: Issue.record("split \(split) but plain \(plain)")
                    }
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
            let older = HistoryLoader.secondConnection(path: copy)
            let delivered = Mutex(0)
            let (split, plain) = try Self.loads(reading) { take in
                let read = older(take)
                delivered.withLock { $0 = read?.parts.count ?? 0 }
                return read
            }
            #expect(delivered.withLock { $0 } == (try Self.spans(reading).count))
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
            let (split, plain) = try Self.loads(store) { take in
                // While the first connection reads, a writer cannot commit a new workout.
                let writer = try? WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 0)
                let extra = StoreFixtures.simpleWorkout(day: 40)
                let wrote = (try? writer?.apply(StoreFixtures.entries(StoreFixtures.batch([extra])), dryRun: false)) != nil
                let runs = read(take)
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
        func spans() throws -> [SetSpans.Span]? {
            try queue.read { db in try loader.setSpans(db, HistoryLoader.Landmarks(db)) }?.spans
        }
        func insert(_ ids: String) throws {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO workout_set (id) VALUES \(ids)") }
        }
        #expect(try spans() == nil)
        try insert("(1), (100)")
        #expect(try spans() == nil)
        try insert("(101)")
        // Two spans at least, split at the middle of the ids.
        #expect(try spans() == [.init(index: 0, first: 1, last: 50), .init(index: 1, first: 51, last: 101)])
        try insert("(5000), (9000)")
        #expect(try spans()?.count == 4)
        try insert("(\(Int64.min)), (\(Int64.max))")
        #expect(try spans() == nil)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM workout_set WHERE id < 0") }
        // The widest span there can be: at most 64 spans, one after the other, up to the last id.
        let widest = try #require(try spans())
        #expect(widest.count == 64)
        #expect(widest.first?.first == 1)
        #expect(widest.last?.last == Int64.max)
        #expect(zip(widest, widest.dropFirst()).allSatisfy { $0.last + 1 == $1.first && $0.first <= $0.last })
        #expect(widest.indices.allSatisfy { widest[$0].index == $0 })
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        #expect(try spans() == nil)
    }

    @Test("spans cover the ids once, however the two ends take them; a back that took nothing is not waited for")
    func spansTakenFromBothEnds() throws {
        for (lowest, highest, count) in [(1, 2, 5), (1, 100, 7), (-50, 50, 64), (0, 1_000_000, 3), (7, 8, 1)] as [(Int64, Int64, Int)] {
            let spans = SetSpans(lowest: lowest, highest: highest, count: count)
            #expect(spans.spans.first?.first == lowest && spans.spans.last?.last == highest)
            #expect(zip(spans.spans, spans.spans.dropFirst()).allSatisfy { $0.last + 1 == $1.first && $0.first <= $0.last })
            #expect(spans.spans.count == min(count, Int(highest - lowest)))
        }
        // Alternating, the back twice as often: every span once, front ones first in order.
        let spans = SetSpans(lowest: 0, highest: 999, count: 10)
        var front: [Int] = []
        var back: [Int] = []
        while spans.isTaking {
            if let span = spans.takeBack() { back.append(span.index) }
            if let span = spans.takeBack() { back.append(span.index) }
            if let span = spans.takeFront() { front.append(span.index) }
        }
        #expect(front == [0, 1, 2] && back == [9, 8, 7, 6, 5, 4, 3])
        #expect(spans.takeFront() == nil && spans.takeBack() == nil)
        let read = HistoryLoader.TailRead(landmarks: try Self.noLandmarks(), parts: [])
        spans.backFinished(read)
        #expect(spans.close() != nil)
        // A back that never took a span: closing returns at once, and the back gets nothing after.
        let untouched = SetSpans(lowest: 0, highest: 99, count: 4)
        #expect(untouched.takeFront()?.index == 0)
        #expect(untouched.close() == nil)
        #expect(untouched.takeBack() == nil && untouched.takeFront() == nil && !untouched.isTaking)
    }

    @Test("closing waits for the span the back is reading and gets what it read")
    func closeWaitsForTheBack() throws {
        let spans = SetSpans(lowest: 0, highest: 99, count: 4)
        let taken = DispatchSemaphore(value: 0)
        let finished = Atomic<Bool>(false)
        let landmarks = try Self.noLandmarks()
        DispatchQueue.global().async {
            let span = spans.takeBack()
            taken.signal()
            usleep(50_000)
            finished.store(true, ordering: .sequentiallyConsistent)
            spans.backFinished(HistoryLoader.TailRead(landmarks: landmarks, parts: span.map { [.init(span: $0.index, runs: [])] } ?? []))
        }
        taken.wait()
        let closed = spans.close()
        let backWasDone = finished.load(ordering: .sequentiallyConsistent)
        #expect(backWasDone)
        #expect(closed?.parts.map(\.span) == [3])
    }

    @Test("a second reader that starts after the load took every span opens no connection and is not waited for")
    func lateSecondReader() throws {
        let workouts = Self.workouts([[3, 9], [12], [2, 2, 2], [8, 5]])
        try Self.withStore(workouts) { store in
            let stashed = Mutex<[@Sendable () -> Void]>([])
            let called = Mutex(false)
            let second = HistoryLoader.secondConnection(path: store.path)
            let (split, plain) = try Self.loads(
                store,
                tailReader: { take in
                    called.withLock { $0 = true }
                    return second(take)
                },
                start: { work in stashed.withLock { $0.append(work) } })
            #expect(try split.get() == plain.get())
            // Run after the load returned: nothing left to take, so no reader is called.
            for work in stashed.withLock({ $0 }) { work() }
            #expect(stashed.withLock { $0.count } == 1)
            #expect(!called.withLock { $0 })
        }
    }

    /// Landmarks of an empty store, for the tests that only pass them along.
    private static func noLandmarks() throws -> HistoryLoader.Landmarks {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            for table in ["workout_set", "workout_block", "workout"] { try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY)") }
            return try HistoryLoader.Landmarks(db)
        }
    }
}
