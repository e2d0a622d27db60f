import GRDB
import WktCore

/// A row of `check_in`: one named check-in value of a workout.
struct CheckInRecord: PersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "check_in"

    /// The table's columns.
    enum Columns {
        /// The owning workout (cascade delete).
        static let workoutID = Column("workout_id")
        /// Check-in key (`energy`).
        static let name = Column("name")
        /// Its value.
        static let value = Column("value")
    }

    /// The owning workout.
    var workoutID: Int64
    /// The check-in.
    var checkIn: CheckIn

    /// The row for `checkIn` of workout `workoutID`.
    init(checkIn: CheckIn, workoutID: Int64) {
        self.workoutID = workoutID
        self.checkIn = checkIn
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.workoutID] = workoutID
        container[Columns.name] = checkIn.name
        container[Columns.value] = checkIn.value
    }
}
