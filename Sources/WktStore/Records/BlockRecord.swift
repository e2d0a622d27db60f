import GRDB
import WktCore

/// A row of `workout_block`: one exercise block of a workout, at a 1-based position.
struct BlockRecord: MutablePersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "workout_block"

    /// The table's columns.
    enum Columns {
        /// Row id.
        static let id = Column("id")
        /// The owning workout (cascade delete).
        static let workoutID = Column("workout_id")
        /// 1-based position in the workout.
        static let position = Column("position")
        /// The exercise.
        static let exerciseID = Column("exercise_id")
        /// Exercise note for this workout.
        static let notes = Column("notes")
        /// Superset id within the workout.
        static let supersetID = Column("superset_id")
        /// 0 or 1: "irritated my knees".
        static let painFlag = Column("pain_flag")
        /// Planned number of sets.
        static let plannedSets = Column("planned_sets")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    /// The owning workout.
    var workoutID: Int64
    /// 1-based position in the workout.
    var position: Int
    /// The exercise row.
    var exerciseID: Int64
    /// The block (its sets are stored in `workout_set`).
    var block: ExerciseBlock

    /// The row for `block` at `position` of workout `workoutID`, naming exercise `exerciseID`.
    init(block: ExerciseBlock, workoutID: Int64, position: Int, exerciseID: Int64) {
        self.block = block
        self.workoutID = workoutID
        self.position = position
        self.exerciseID = exerciseID
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.workoutID] = workoutID
        container[Columns.position] = position
        container[Columns.exerciseID] = exerciseID
        container[Columns.notes] = block.notes
        container[Columns.supersetID] = block.supersetID
        container[Columns.painFlag] = block.painFlag
        container[Columns.plannedSets] = block.plannedSets
    }

    /// Keeps the id SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
