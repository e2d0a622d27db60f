import GRDB
import WktCore

/// A row of `workout_block`: one exercise block of a workout, at a 1-based position.
struct BlockRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "workout_block"

    /// The table's columns.
    enum Columns {
        static let id = Column("id")
        static let workoutID = Column("workout_id")
        static let position = Column("position")
        static let exerciseID = Column("exercise_id")
        static let notes = Column("notes")
        static let supersetID = Column("superset_id")
        static let painFlag = Column("pain_flag")
        static let plannedSets = Column("planned_sets")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    var workoutID: Int64
    /// 1-based position in the workout.
    var position: Int
    var exerciseID: Int64
    var notes: String?
    var supersetID: Int?
    var painFlag: Bool
    var plannedSets: Int?

    /// The row for `block` at `position` of workout `workoutID`, naming exercise `exerciseID`.
    init(block: ExerciseBlock, workoutID: Int64, position: Int, exerciseID: Int64) {
        self.workoutID = workoutID
        self.position = position
        self.exerciseID = exerciseID
        notes = block.notes
        supersetID = block.supersetID
        painFlag = block.painFlag
        plannedSets = block.plannedSets
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        workoutID = try row.decode(forColumn: Columns.workoutID)
        position = try row.decode(forColumn: Columns.position)
        exerciseID = try row.decode(forColumn: Columns.exerciseID)
        notes = try row.decode(forColumn: Columns.notes)
        supersetID = try row.decode(forColumn: Columns.supersetID)
        painFlag = try row.decode(forColumn: Columns.painFlag)
        plannedSets = try row.decode(forColumn: Columns.plannedSets)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.workoutID] = workoutID
        container[Columns.position] = position
        container[Columns.exerciseID] = exerciseID
        container[Columns.notes] = notes
        container[Columns.supersetID] = supersetID
        container[Columns.painFlag] = painFlag
        container[Columns.plannedSets] = plannedSets
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The model block named `name`, without sets.
    func block(name: String) -> ExerciseBlock {
        ExerciseBlock(name: name, notes: notes, supersetID: supersetID, painFlag: painFlag, plannedSets: plannedSets)
    }
}
