import GRDB
import WktCore

/// Reads stored workouts back into the model with four bulk queries (workouts, check-ins, blocks
/// with their exercise names, sets), the first three ordered by a key that has an index and the
/// sets in table order (with the ordered query as the fallback, see ``loadSets(_:ordered:into:blockLocation:)``),
/// and assembles them in Swift; never one query per workout.
///
/// Columns are selected explicitly and decoded by index (GRDB's fast path, no name lookups); the
/// decoders are throwing, so a value of the wrong type is an error, never a trap.
struct HistoryLoader {
    /// The store path, for error messages.
    let storePath: String

    /// Every stored workout, in row-id order.
    func loadAll(_ db: Database) throws -> [StoredWorkout] {
        var heads: [(id: Int64, workout: Workout)] = []
        var workoutIndex: [Int64: Int] = [:]
        let workoutRows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, source, source_key, start, utc_offset_s, duration_s, name, notes, activity,
                       energy_kcal, rating
                FROM workout ORDER BY id
                """)
        while let row = try workoutRows.next() {
            let id: Int64 = try row.decode(atIndex: 0)
            let rawSource: String = try row.decode(atIndex: 1)
            let rawStart: String = try row.decode(atIndex: 3)
            guard let source = WorkoutSource(rawValue: rawSource) else {
                throw invalid("workout", id, "unknown source \(rawSource)")
            }
            guard let start = WallTime.parse(rawStart) else {
                throw invalid("workout", id, "start \(rawStart) is not a wall time")
            }
            let workout = Workout(
                source: source, sourceKey: try row.decode(atIndex: 2), start: start,
                utcOffsetSeconds: try row.decode(atIndex: 4), durationSeconds: try row.decode(atIndex: 5),
                name: try row.decode(atIndex: 6), notes: try row.decode(atIndex: 7),
                activity: try row.decode(atIndex: 8), energyKcal: try row.decode(atIndex: 9),
                rating: try row.decode(atIndex: 10))
            workoutIndex[id] = heads.count
            heads.append((id, workout))
        }

        let checkInRows = try Row.fetchCursor(
            db, sql: "SELECT workout_id, name, value FROM check_in ORDER BY workout_id, name")
        while let row = try checkInRows.next() {
            let w = try index(of: try row.decode(atIndex: 0), in: workoutIndex, table: "check_in")
            heads[w].workout.checkIns.append(CheckIn(name: try row.decode(atIndex: 1), value: try row.decode(atIndex: 2)))
        }

        var blockLocation: [Int64: (workout: Int, block: Int)] = [:]
        let blockRows = try Row.fetchCursor(
            db,
            sql: """
                SELECT b.id, b.workout_id, e.name, b.notes, b.superset_id, b.pain_flag, b.planned_sets, b.category
                FROM workout_block b JOIN exercise e ON e.id = b.exercise_id
                ORDER BY b.workout_id, b.position
                """)
        while let row = try blockRows.next() {
            let w = try index(of: try row.decode(atIndex: 1), in: workoutIndex, table: "workout_block")
            blockLocation[try row.decode(atIndex: 0)] = (w, heads[w].workout.exercises.count)
            heads[w].workout.exercises.append(
                ExerciseBlock(
                    name: try row.decode(atIndex: 2), notes: try row.decode(atIndex: 3),
                    supersetID: try row.decode(atIndex: 4), painFlag: try row.decode(atIndex: 5),
                    plannedSets: try row.decode(atIndex: 6), category: try row.decode(atIndex: 7)))
        }

        // Table order first: a plain scan of `workout_set` costs SQLite less than half of the
        // walk through its (block_id, position) index with one row lookup per set (18 vs 43 ms
        // for the 10-year demo's 41,651 sets). Imports write a block's sets together and in
        // order, so the rows nearly always come block by block already; when they do not (SQLite
        // promises no order without ORDER BY), everything read is dropped and the indexed query
        // runs instead, so the result never depends on the row order.
        if try !loadSets(db, ordered: false, into: &heads, blockLocation: blockLocation) {
            for w in heads.indices {
                for b in heads[w].workout.exercises.indices { heads[w].workout.exercises[b].sets = [] }
            }
            _ = try loadSets(db, ordered: true, into: &heads, blockLocation: blockLocation)
        }
        return heads.map { StoredWorkout(id: $0.id, workout: $0.workout) }
    }

    /// Reads every set into its block, each block's sets in position order. With `ordered` false
    /// the rows are read in table order and the reading stops, returning false, at the first row
    /// that does not follow its predecessor in (block, position) order (the blocks filled so far
    /// are then incomplete); with `ordered` true they come sorted and it always returns true.
    func loadSets(
        _ db: Database, ordered: Bool, into heads: inout [(id: Int64, workout: Workout)],
        blockLocation: [Int64: (workout: Int, block: Int)]
    ) throws -> Bool {
        let setRows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, block_id, kind, weight_kg, reps, seconds, distance_m, rpe, notes, position
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
        while let row = try setRows.next() {
            let id: Int64 = try row.decode(atIndex: 0)
            let blockID: Int64 = try row.decode(atIndex: 1)
            let position: Int64 = try row.decode(atIndex: 9)
            let rawKind: String = try row.decode(atIndex: 2)
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
            guard let kind = SetKind(rawValue: rawKind) else {
                throw invalid("workout_set", id, "unknown set kind \(rawKind)")
            }
            scratch.append(
                WorkoutSet(
                    kind: kind, weightKg: try row.decode(atIndex: 3), reps: try row.decode(atIndex: 4),
                    seconds: try row.decode(atIndex: 5), distanceM: try row.decode(atIndex: 6),
                    rpe: try row.decode(atIndex: 7), notes: try row.decode(atIndex: 8)))
        }
        store()
        return true
    }

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
