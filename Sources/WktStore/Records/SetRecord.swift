import GRDB
import WktCore

/// A row of `workout_set`: one set of a block, at a 1-based position.
struct SetRecord: PersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "workout_set"

    /// The table's columns.
    enum Columns {
        /// The owning block (cascade delete).
        static let blockID = Column("block_id")
        /// 1-based position in the block.
        static let position = Column("position")
        /// `normal`, `warmup`, `drop` or `failure`.
        static let kind = Column("kind")
        /// Kilograms, rounded to 0.001.
        static let weightKg = Column("weight_kg")
        /// Repetitions.
        static let reps = Column("reps")
        /// Seconds of a timed set.
        static let seconds = Column("seconds")
        /// Metres.
        static let distanceM = Column("distance_m")
        /// Rate of perceived exertion.
        static let rpe = Column("rpe")
        /// Set note.
        static let notes = Column("notes")
    }

    /// The owning block.
    var blockID: Int64
    /// 1-based position in the block.
    var position: Int
    /// The set.
    var set: WorkoutSet

    /// The row for `set` at `position` of block `blockID`.
    init(set: WorkoutSet, blockID: Int64, position: Int) {
        self.set = set
        self.blockID = blockID
        self.position = position
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.blockID] = blockID
        container[Columns.position] = position
        container[Columns.kind] = set.kind.rawValue
        container[Columns.weightKg] = set.weightKg
        container[Columns.reps] = set.reps
        container[Columns.seconds] = set.seconds
        container[Columns.distanceM] = set.distanceM
        container[Columns.rpe] = set.rpe
        container[Columns.notes] = set.notes
    }
}
