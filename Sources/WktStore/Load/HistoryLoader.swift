import Dispatch
import GRDB
import Synchronization
import WktCore

/// Reads stored workouts back into the model with five bulk queries (workouts, check-ins,
/// exercise names, blocks, sets) and assembles them in Swift; never one query per workout.
///
/// The workouts and check-ins come ordered by an indexed key. Blocks and sets come in table
/// order, with the ordered query as the fallback (see ``scanInOrder(_:)``), and a block's
/// exercise name is looked up in the exercise table read once: SQLite then walks no index and
/// joins nothing (the sqlite3 shell: blocks 15 → 7 ms, sets 39 → 22 ms for the 10-year demo),
/// and the 11,873 blocks share their exercises' 126 name strings instead of holding a copy each.
///
/// Columns are selected explicitly and read by index through ``StoredRows`` (SQLite's C API,
/// every type checked), so a value of the wrong type is an error, never a trap.
///
/// The sets, two thirds of the load, can be shared with another thread (``tailReader``): see
/// ``loadAll(_:)``.
struct HistoryLoader {
    /// The store path, for error messages.
    let storePath: String
    /// Reads sets on another connection of the same store, on the thread it is called on: the
    /// spans `take` hands out (``SetSpans/takeBack()``), until it gives nil, each in table order;
    /// nil when it could not (the store busy, an error, rows out of order), and the loader then
    /// reads the sets itself. Nil: no second reader.
    var tailReader: (@Sendable (_ take: () -> SetSpans.Span?) -> TailRead?)? = nil
    /// Runs the second reader's work: on a thread of its own by default (``SecondSetReader``).
    var secondStart: @Sendable (_ work: @escaping @Sendable () -> Void) -> Void = SecondSetReader.ownThread
    /// The smallest span of set ids worth a second reader (its connection costs about 2 ms).
    var tailMinimumSpan: Int64 = 8_192
    /// About how many set ids one span of ``SetSpans`` covers (at least 2 spans, at most
    /// ``maximumSpans``): small enough that the side that finishes first waits at most a few
    /// milliseconds for the other's last span, large enough that the 10-year demo's 41,651
    /// sets take 20 queries, not thousands.
    var spanLength: Int64 = 2_048
    /// The most spans the set ids are cut into.
    var maximumSpans = 64

    /// The sets of one block that follow each other in a range of set ids, in position order.
    struct SetRun: Sendable, Equatable {
        /// The block the sets belong to.
        let blockID: Int64
        /// The positions of the first and last of them.
        let firstPosition: Int64
        let lastPosition: Int64
        /// The sets.
        var sets: [WorkoutSet]
    }

    /// What a ``tailReader`` read: the sets, and the landmarks of the store it read them from.
    struct TailRead: Sendable {
        /// The store's ``Landmarks`` in the reader's transaction.
        let landmarks: Landmarks
        /// The sets of each span it took, as ``setRuns(_:_:)`` returns them.
        var parts: [Part]

        /// The runs of the span with index `span` (``SetSpans/Span/index``).
        struct Part: Sendable {
            let span: Int
            var runs: [SetRun]
        }
    }

    /// Values both connections read in their own transactions and must agree on before the
    /// second one's sets are used: the ends of the sets' ids, the largest block and workout ids
    /// and the number of workouts. A different file at the store's path (a backup moved over it
    /// while a build ran, say) differs in them: every import that adds or changes a workout
    /// writes new block ids.
    struct Landmarks: Sendable, Equatable {
        let lowestSet: Int64?
        let highestSet: Int64?
        let highestBlock: Int64?
        let highestWorkout: Int64?
        let workouts: Int64

        /// The landmarks in `db`'s current transaction. Subqueries: SQLite looks a lone min() or
        /// max() of the row id up at the end of the table, but answers `SELECT min(id), max(id)`
        /// by scanning every row; the count walks the workout table's pages only.
        init(_ db: Database) throws {
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT min(id) FROM workout_set), (SELECT max(id) FROM workout_set),
                           (SELECT max(id) FROM workout_block), (SELECT max(id) FROM workout),
                           (SELECT count(*) FROM workout)
                    """)
            lowestSet = row?[0]
            highestSet = row?[1]
            highestBlock = row?[2]
            highestWorkout = row?[3]
            workouts = row?[4] ?? 0
        }
    }

    /// A second connection of the store at `path` (read-only, failing at once rather than
    /// waiting when the store is locked) reading the spans of set ids it is handed: ``tailReader``.
    static func secondConnection(path: String) -> @Sendable (_ take: () -> SetSpans.Span?) -> TailRead? {
        { take in
            guard let store = try? WorkoutStore.open(path: path, mode: .readOnly, busyTimeout: 0) else { return nil }
            return try? store.queue.read { db in
                // The first read of this transaction: its shared lock is held from here on.
                let landmarks = try Landmarks(db)
                let loader = HistoryLoader(storePath: path)
                var parts: [TailRead.Part] = []
                while let span = take() {
                    guard let runs = try loader.setRuns(db, span) else { return nil }
                    parts.append(TailRead.Part(span: span.index, runs: runs))
                }
                return TailRead(landmarks: landmarks, parts: parts)
            }
        }
    }

    /// Every stored workout, in row-id order.
    ///
    /// With a ``tailReader``, the sets are cut into spans of ids (``SetSpans``): this connection
    /// reads the workouts and blocks and then takes spans from the lowest ids up, while the
    /// second reader, on another thread through a second connection, takes them from the
    /// highest down, until they meet (the 10-year demo's load goes from one core for its whole
    /// length to two, however late the second reader starts). Both see the same rows: the second
    /// connection takes a span only while this read transaction is still taking spans, so this
    /// transaction's shared lock was held when the second one took its own, and in
    /// `journal_mode=DELETE` no writer can commit while a shared lock is held, so nothing can
    /// change between the two (a writer waiting to commit makes the second connection fail at
    /// once instead, and this one reads the rest). A store in WAL mode, where readers do not
    /// hold writers back, is read by this connection alone, and the second connection's sets are
    /// used only when it read the same ``Landmarks`` (the same file). The runs are placed exactly as the
    /// plain pass places the rows; anything unusual (rows out of order, a set of an unknown
    /// block, an unreadable value, the second reader failing) and the sets are read the plain
    /// way, which handles or reports it as it always has.
    func loadAll(_ db: Database) throws -> [StoredWorkout] {
        // The spans both connections take from, and what this one saw of the store.
        var split: (spans: SetSpans, landmarks: Landmarks)?
        if let tailReader {
            let landmarks = try Landmarks(db)
            if let spans = try setSpans(db, landmarks) {
                split = (spans, landmarks)
                secondStart {
                    // Nothing left to take: no connection opened for nothing.
                    guard spans.isTaking else { return spans.backFinished(nil) }
                    spans.backFinished(tailReader { spans.takeBack() })
                }
            }
        }
        // Never left reading past this read transaction, whatever happens below.
        defer { _ = split?.spans.close() }
        var heads: [(id: Int64, workout: Workout)] = []
        var workoutIndex: [Int64: Int] = [:]
        let workoutRows = try rows(db, "workout", """
            SELECT id, source, source_key, start, utc_offset_s, duration_s, name, notes, activity,
                   energy_kcal, rating
            FROM workout ORDER BY id
            """)
        while try workoutRows.next() {
            let id = try workoutRows.integer(0, row: 0)
            let rawSource = try workoutRows.text(1, row: id)
            let rawStart = try workoutRows.text(3, row: id)
            guard let source = WorkoutSource(rawValue: rawSource) else {
                throw invalid("workout", id, "unknown source \(rawSource)")
            }
            guard let start = WallTime.parse(rawStart) else {
                throw invalid("workout", id, "start \(rawStart) is not a wall time")
            }
            let workout = Workout(
                source: source, sourceKey: try workoutRows.text(2, row: id), start: start,
                utcOffsetSeconds: try workoutRows.optionalInt(4, row: id),
                durationSeconds: try workoutRows.optionalInt(5, row: id),
                name: try workoutRows.text(6, row: id), notes: try workoutRows.optionalText(7, row: id),
                activity: try workoutRows.text(8, row: id), energyKcal: try workoutRows.optionalReal(9, row: id),
                rating: try workoutRows.optionalInt(10, row: id))
            workoutIndex[id] = heads.count
            heads.append((id, workout))
        }

        let checkInRows = try rows(db, "check_in", "SELECT rowid, workout_id, name, value FROM check_in ORDER BY workout_id, name")
        while try checkInRows.next() {
            let rowID = try checkInRows.integer(0, row: 0)
            let w = try index(of: try checkInRows.integer(1, row: rowID), in: workoutIndex, table: "check_in")
            heads[w].workout.checkIns.append(
                CheckIn(name: try checkInRows.text(2, row: rowID), value: Int(try checkInRows.integer(3, row: rowID))))
        }

        var exerciseNames: [Int64: String] = [:]
        let exerciseRows = try rows(db, "exercise", "SELECT id, name FROM exercise")
        while try exerciseRows.next() {
            let id = try exerciseRows.integer(0, row: 0)
            exerciseNames[id] = try exerciseRows.text(1, row: id)
        }

        var blockLocation: [Int64: (workout: Int, block: Int)] = [:]
        try scanInOrder { ordered in
            blockLocation.removeAll(keepingCapacity: true)
            for w in heads.indices { heads[w].workout.exercises = [] }
            return try loadBlocks(db, ordered: ordered, into: &heads, workoutIndex: workoutIndex, names: exerciseNames, blockLocation: &blockLocation)
        }
        if let split, let parts = splitRuns(db, split.spans, landmarks: split.landmarks),
           place(parts, into: &heads, blockLocation: blockLocation)
        {
            return heads.map { StoredWorkout(id: $0.id, workout: $0.workout) }
        }
        try scanInOrder { ordered in
            for w in heads.indices {
                for b in heads[w].workout.exercises.indices { heads[w].workout.exercises[b].sets = [] }
            }
            return try loadSets(db, ordered: ordered, into: &heads, blockLocation: blockLocation)
        }
        return heads.map { StoredWorkout(id: $0.id, workout: $0.workout) }
    }

    /// The spans the set ids in `landmarks` (read in this transaction) are cut into, when their
    /// span is at least ``tailMinimumSpan`` and the store is not in WAL mode; nil otherwise.
    /// ``loadAll(_:)`` reads the landmarks first in its transaction, so the shared lock is held
    /// before the second connection starts.
    func setSpans(_ db: Database, _ landmarks: Landmarks) throws -> SetSpans? {
        guard let lowest = landmarks.lowestSet, let highest = landmarks.highestSet else { return nil }
        guard try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() != "wal" else { return nil }
        let (width, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, width >= tailMinimumSpan else { return nil }
        let count = min(Int64(maximumSpans), max(2, width / max(spanLength, 1)))
        return SetSpans(lowest: lowest, highest: highest, count: Int(count))
    }

    /// Takes spans from the front until none is left, then stops the second reader and collects
    /// its spans: every span's runs in id order, or nil when a span could not be read here, the
    /// second reader failed or read another file (``Landmarks``), or a span was left unread.
    func splitRuns(_ db: Database, _ spans: SetSpans, landmarks: Landmarks) -> [[SetRun]]? {
        var parts = [[SetRun]?](repeating: nil, count: spans.spans.count)
        while let span = spans.takeFront() {
            guard let runs = try? setRuns(db, span) else { return nil }
            parts[span.index] = runs
        }
        if let back = spans.close() {
            guard back.landmarks == landmarks else { return nil }
            for part in back.parts {
                guard parts.indices.contains(part.span), parts[part.span] == nil else { return nil }
                parts[part.span] = part.runs
            }
        }
        var all: [[SetRun]] = []
        all.reserveCapacity(parts.count)
        for part in parts {
            guard let part else { return nil }
            all.append(part)
        }
        return all
    }

    /// The sets whose ids are in `span`, in table order, as runs of one block each; nil when a
    /// row does not follow its predecessor in (block, position) order.
    ///
    /// The same walk as ``loadSets(_:ordered:into:blockLocation:)`` but without the blocks: the
    /// second connection reads before they are known, so a run's block is looked up when it is
    /// placed, and the plain pass, which looks each block up at its first set, keeps the order
    /// in which a broken store's errors are found.
    func setRuns(_ db: Database, _ span: SetSpans.Span) throws -> [SetRun]? {
        let setRows = try rows(db, "workout_set", """
            SELECT id, block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes
            FROM workout_set WHERE id BETWEEN \(span.first) AND \(span.last)
            """)
        var runs: [SetRun] = []
        var scratch: [WorkoutSet] = []
        var current: (blockID: Int64, first: Int64, last: Int64)?
        func close() {
            guard let current else { return }
            // An exact-size copy, as in ``loadSets(_:ordered:into:blockLocation:)``.
            var sets: [WorkoutSet] = []
            sets += scratch
            runs.append(SetRun(blockID: current.blockID, firstPosition: current.first, lastPosition: current.last, sets: sets))
            scratch.removeAll(keepingCapacity: true)
        }
        while try setRows.next() {
            let id = try setRows.integer(0, row: 0)
            let blockID = try setRows.integer(1, row: id)
            let position = try setRows.integer(2, row: id)
            if let current, blockID < current.blockID || (blockID == current.blockID && position <= current.last) {
                return nil
            }
            if current?.blockID == blockID {
                current?.last = position
            } else {
                close()
                current = (blockID, position, position)
            }
            scratch.append(try workoutSet(setRows, id))
        }
        close()
        return runs
    }

    /// Puts `parts` (runs of consecutive id ranges, in id order) into their blocks; false, with
    /// the blocks' sets partly filled, when the runs are not in (block, position) order across
    /// the parts or name an unknown block.
    func place(
        _ parts: consuming [[SetRun]], into heads: inout [(id: Int64, workout: Workout)],
        blockLocation: [Int64: (workout: Int, block: Int)]
    ) -> Bool {
        var previous: (blockID: Int64, position: Int64)?
        for part in parts {
            for run in part {
                if let previous,
                   run.blockID < previous.blockID || (run.blockID == previous.blockID && run.firstPosition <= previous.position)
                {
                    return false
                }
                guard let location = blockLocation[run.blockID] else { return false }
                // The run's array itself, already exact-size, unless the block began in the
                // part before (it then continues there).
                if heads[location.workout].workout.exercises[location.block].sets.isEmpty {
                    heads[location.workout].workout.exercises[location.block].sets = run.sets
                } else {
                    heads[location.workout].workout.exercises[location.block].sets += run.sets
                }
                previous = (run.blockID, run.lastPosition)
            }
        }
        return true
    }

    /// Runs `pass` in table order (`ordered` false) and, when it gives up because the rows were
    /// not in key order, again with the ordered query. `pass` starts from nothing each time.
    ///
    /// Table order first: a plain scan costs SQLite less than half of the walk through the
    /// unique index with one row lookup per row. Imports write a workout's blocks and a block's
    /// sets together and in order, so the rows nearly always come in key order already; when
    /// they do not (SQLite promises no order without ORDER BY), what was read is dropped and the
    /// indexed query runs instead, so the result never depends on the row order.
    private func scanInOrder(_ pass: (_ ordered: Bool) throws -> Bool) throws {
        if try !pass(false) { _ = try pass(true) }
    }

    /// Reads every block into its workout, each workout's blocks in position order, and records
    /// where each block went. With `ordered` false the rows are read in table order and the
    /// reading stops, returning false, at the first row that does not follow its predecessor in
    /// (workout, position) order; with `ordered` true they come sorted and it returns true.
    func loadBlocks(
        _ db: Database, ordered: Bool, into heads: inout [(id: Int64, workout: Workout)], workoutIndex: [Int64: Int],
        names: [Int64: String], blockLocation: inout [Int64: (workout: Int, block: Int)]
    ) throws -> Bool {
        let blockRows = try rows(db, "workout_block", """
            SELECT id, workout_id, position, exercise_id, notes, superset_id, pain_flag, planned_sets, category
            FROM workout_block\(ordered ? " ORDER BY workout_id, position" : "")
            """)
        var previous: (workoutID: Int64, position: Int64)?
        while try blockRows.next() {
            let id = try blockRows.integer(0, row: 0)
            let workoutID = try blockRows.integer(1, row: id)
            let position = try blockRows.integer(2, row: id)
            if let previous, workoutID < previous.workoutID || (workoutID == previous.workoutID && position <= previous.position) {
                // Only possible in table order: (workout_id, position) is unique and sorted otherwise.
                guard !ordered else { throw invalid("workout_block", id, "block out of (workout, position) order") }
                return false
            }
            previous = (workoutID, position)
            let w = try index(of: workoutID, in: workoutIndex, table: "workout_block")
            let exerciseID = try blockRows.integer(3, row: id)
            guard let name = names[exerciseID] else {
                throw invalid("workout_block", id, "block of unknown exercise \(exerciseID)")
            }
            blockLocation[id] = (w, heads[w].workout.exercises.count)
            heads[w].workout.exercises.append(
                ExerciseBlock(
                    name: name, notes: try blockRows.optionalText(4, row: id),
                    supersetID: try blockRows.optionalInt(5, row: id), painFlag: try blockRows.integer(6, row: id) != 0,
                    plannedSets: try blockRows.optionalInt(7, row: id), category: try blockRows.optionalText(8, row: id)))
        }
        return true
    }

    /// Reads every set into its block, each block's sets in position order. With `ordered` false
    /// the rows are read in table order and the reading stops, returning false, at the first row
    /// that does not follow its predecessor in (block, position) order (the blocks filled so far
    /// are then incomplete); with `ordered` true they come sorted and it always returns true.
    func loadSets(
        _ db: Database, ordered: Bool, into heads: inout [(id: Int64, workout: Workout)],
        blockLocation: [Int64: (workout: Int, block: Int)]
    ) throws -> Bool {
        let setRows = try rows(db, "workout_set", """
            SELECT id, block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes
            FROM workout_set\(ordered ? " ORDER BY block_id, position" : "")
            """)
        // The rows come block by block, so each block's sets are gathered in one scratch array
        // and stored as an exact-size copy when the block ends: appending to each block's own
        // array left up to half of every array unused (about 1 MB of the 10-year demo's 41,651
        // sets, held for the whole build).
        var scratch: [WorkoutSet] = []
        var current: (blockID: Int64, position: Int64, location: (workout: Int, block: Int))?
        func store() {
            guard let current, !scratch.isEmpty else { return }
            heads[current.location.workout].workout.exercises[current.location.block].sets += scratch
            scratch.removeAll(keepingCapacity: true)
        }
        while try setRows.next() {
            let id = try setRows.integer(0, row: 0)
            let blockID = try setRows.integer(1, row: id)
            let position = try setRows.integer(2, row: id)
            if let current, blockID < current.blockID || (blockID == current.blockID && position <= current.position) {
                // Only possible in table order: (block_id, position) is unique and sorted otherwise.
                guard !ordered else { throw invalid("workout_set", id, "set out of (block, position) order") }
                return false
            }
            if current?.blockID != blockID {
                store()
                guard let location = blockLocation[blockID] else {
                    throw invalid("workout_set", id, "set of unknown block \(blockID)")
                }
                current = (blockID, position, location)
            } else {
                current?.position = position
            }
            scratch.append(try workoutSet(setRows, id))
        }
        store()
        return true
    }

    /// The set in the current row of `setRows` (columns 3… of the sets' query), row `id`.
    /// Inlined into both loops: as a call it cost 6 million instructions more per load (callgrind).
    @inline(__always)
    private func workoutSet(_ setRows: StoredRows, _ id: Int64) throws -> WorkoutSet {
        // The common case compared as bytes; anything else read as text, as before.
        let kind: SetKind
        if let matched = setRows.matching(3, in: Self.setKinds) {
            kind = matched
        } else {
            let rawKind = try setRows.text(3, row: id)
            guard let parsed = SetKind(rawValue: rawKind) else {
                throw invalid("workout_set", id, "unknown set kind \(rawKind)")
            }
            kind = parsed
        }
        return WorkoutSet(
            kind: kind, weightKg: try setRows.optionalReal(4, row: id), reps: try setRows.optionalInt(5, row: id),
            seconds: try setRows.optionalReal(6, row: id), distanceM: try setRows.optionalReal(7, row: id),
            rpe: try setRows.optionalReal(8, row: id), notes: try setRows.optionalText(9, row: id))
    }

    /// Every set kind with the UTF-8 bytes it is stored as.
    static let setKinds = SetKind.allCases.map { (bytes: Array($0.rawValue.utf8), value: $0) }

    /// The stored schedule, nil when none is stored.
    func loadSchedule(_ db: Database) throws -> Schedule? {
        let records = try ScheduleRecord.order(ScheduleRecord.Columns.weekday).fetchAll(db)
        guard !records.isEmpty else { return nil }
        var days: [Weekday: String] = [:]
        for record in records {
            guard let weekday = Weekday(rawValue: record.weekday) else {
                throw invalid(ScheduleRecord.databaseTableName, Int64(record.weekday), "weekday is not 1–7")
            }
            days[weekday] = record.routine
        }
        return Schedule(days: days)
    }

    /// The stored bodyweight measurements, oldest first (by day, then source): the order of
    /// ``WktCore/WorkoutHistory/body``.
    func loadBody(_ db: Database) throws -> [BodyMeasurement] {
        var body: [BodyMeasurement] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, day, source, weight_kg FROM body_measurement ORDER BY day, source")
        while let row = try rows.next() {
            let index: Int64 = try row.decode(atIndex: 0)
            let rawDay: String = try row.decode(atIndex: 1)
            guard let day = CivilDate.parse(rawDay) else {
                throw invalid("body_measurement", index, "day \(rawDay) is not a date")
            }
            let weight: Double = try row.decode(atIndex: 3)
            if let problem = BodyMeasurement.problem(withKilograms: weight) {
                throw invalid("body_measurement", index, "weight_kg \(problem)")
            }
            body.append(BodyMeasurement(day: day, weightKg: weight, source: try row.decode(atIndex: 2)))
        }
        // SQLite orders text by bytes, which for these ASCII days and UTF-8 sources is scalar order.
        return body
    }

    /// The rows of `sql`, a query over `table`.
    private func rows(_ db: Database, _ table: String, _ sql: String) throws -> StoredRows {
        try StoredRows(db, sql: sql, table: table, storePath: storePath)
    }

    /// The position of workout `workoutID` in the loaded list.
    private func index(of workoutID: Int64, in workoutIndex: [Int64: Int], table: String) throws -> Int {
        guard let index = workoutIndex[workoutID] else {
            throw invalid(table, workoutID, "row of unknown workout \(workoutID)")
        }
        return index
    }

    /// An ``StoreError/invalidStoredValue(path:table:rowID:detail:)`` for this store.
    private func invalid(_ table: String, _ rowID: Int64, _ detail: String) -> StoreError {
        .invalidStoredValue(path: storePath, table: table, rowID: rowID, detail: detail)
    }
}
