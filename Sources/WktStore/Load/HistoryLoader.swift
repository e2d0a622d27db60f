import GRDB
import WktCore

/// Reads stored workouts back into the model with four bulk queries (workouts, check-ins,
/// blocks with their exercise names, sets), each ordered by keys that have an index, and
/// assembles them in Swift; never one query per workout.
struct HistoryLoader {
    /// The store path, for error messages.
    let storePath: String

    /// Every stored workout, keyed by nothing: in row-id order.
    func loadAll(_ db: Database) throws -> [StoredWorkout] {
        var workouts: [StoredWorkout] = []
        var workoutIndex: [Int64: Int] = [:]
        let workoutRows = try WorkoutRecord.fetchCursor(db, sql: "SELECT * FROM workout ORDER BY id")
        var records: [WorkoutRecord] = []
        while let record = try workoutRows.next() {
            guard let id = record.id else { continue }
            workoutIndex[id] = records.count
            records.append(record)
        }

        var checkIns = [[CheckIn]](repeating: [], count: records.count)
        let checkInRows = try CheckInRecord.fetchCursor(db, sql: "SELECT * FROM check_in ORDER BY workout_id, name")
        while let record = try checkInRows.next() {
            let w = try index(of: record.workoutID, in: workoutIndex, table: CheckInRecord.databaseTableName)
            checkIns[w].append(record.checkIn)
        }

        var blocks = [[ExerciseBlock]](repeating: [], count: records.count)
        var blockLocation: [Int64: (workout: Int, block: Int)] = [:]
        let blockRows = try Row.fetchCursor(
            db,
            sql: """
                SELECT b.*, e.name AS exercise_name
                FROM workout_block b JOIN exercise e ON e.id = b.exercise_id
                ORDER BY b.workout_id, b.position
                """)
        while let row = try blockRows.next() {
            let record = try BlockRecord(row: row)
            let name: String = try row.decode(forColumn: "exercise_name")
            let w = try index(of: record.workoutID, in: workoutIndex, table: BlockRecord.databaseTableName)
            if let id = record.id { blockLocation[id] = (w, blocks[w].count) }
            blocks[w].append(record.block(name: name))
        }

        let setRows = try SetRecord.fetchCursor(db, sql: "SELECT * FROM workout_set ORDER BY block_id, position")
        while let record = try setRows.next() {
            guard let location = blockLocation[record.blockID] else {
                throw StoreError.invalidStoredValue(
                    path: storePath, table: SetRecord.databaseTableName, rowID: record.blockID,
                    detail: "set of unknown block \(record.blockID)")
            }
            guard let set = record.workoutSet else {
                throw StoreError.invalidStoredValue(
                    path: storePath, table: SetRecord.databaseTableName, rowID: record.blockID,
                    detail: "unknown set kind \(record.kind)")
            }
            blocks[location.workout][location.block].sets.append(set)
        }

        workouts.reserveCapacity(records.count)
        for (w, record) in records.enumerated() {
            let workout = try record.workout(checkIns: checkIns[w], exercises: blocks[w], storePath: storePath)
            workouts.append(StoredWorkout(id: record.id ?? 0, workout: workout))
        }
        return workouts
    }

    /// The stored schedule, nil when none is stored.
    func loadSchedule(_ db: Database) throws -> Schedule? {
        let records = try ScheduleRecord.order(ScheduleRecord.Columns.weekday).fetchAll(db)
        guard !records.isEmpty else { return nil }
        var days: [Weekday: String] = [:]
        for record in records {
            guard let weekday = Weekday(rawValue: record.weekday) else {
                throw StoreError.invalidStoredValue(
                    path: storePath, table: ScheduleRecord.databaseTableName, rowID: Int64(record.weekday),
                    detail: "weekday \(record.weekday) is not 1–7")
            }
            days[weekday] = record.routine
        }
        return Schedule(days: days)
    }

    private func index(of workoutID: Int64, in workoutIndex: [Int64: Int], table: String) throws -> Int {
        guard let index = workoutIndex[workoutID] else {
            throw StoreError.invalidStoredValue(
                path: storePath, table: table, rowID: workoutID, detail: "row of unknown workout \(workoutID)")
        }
        return index
    }
}
