import GRDB
import WktCore

/// A row of `check_in`: one named check-in value of a workout.
struct CheckInRecord: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "check_in"

    /// The table's columns.
    enum Columns {
        static let workoutID = Column("workout_id")
        static let name = Column("name")
        static let value = Column("value")
    }

    var workoutID: Int64
    var name: String
    var value: Int

    /// The row for `checkIn` of workout `workoutID`.
    init(checkIn: CheckIn, workoutID: Int64) {
        self.workoutID = workoutID
        name = checkIn.name
        value = checkIn.value
    }

    init(row: Row) throws {
        workoutID = try row.decode(forColumn: Columns.workoutID)
        name = try row.decode(forColumn: Columns.name)
        value = try row.decode(forColumn: Columns.value)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.workoutID] = workoutID
        container[Columns.name] = name
        container[Columns.value] = value
    }

    /// The model check-in.
    var checkIn: CheckIn { CheckIn(name: name, value: value) }
}
