import GRDB
import WktCore

/// A row of `workout_set`: one set of a block, at a 1-based position.
struct SetRecord: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "workout_set"

    /// The table's columns.
    enum Columns {
        static let blockID = Column("block_id")
        static let position = Column("position")
        static let kind = Column("kind")
        static let weightKg = Column("weight_kg")
        static let reps = Column("reps")
        static let seconds = Column("seconds")
        static let distanceM = Column("distance_m")
        static let rpe = Column("rpe")
        static let notes = Column("notes")
    }

    var blockID: Int64
    /// 1-based position in the block.
    var position: Int
    /// ``WktCore/SetKind`` raw value.
    var kind: String
    var weightKg: Double?
    var reps: Int?
    var seconds: Double?
    var distanceM: Double?
    var rpe: Double?
    var notes: String?

    /// The row for `set` at `position` of block `blockID`.
    init(set: WorkoutSet, blockID: Int64, position: Int) {
        self.blockID = blockID
        self.position = position
        kind = set.kind.rawValue
        weightKg = set.weightKg
        reps = set.reps
        seconds = set.seconds
        distanceM = set.distanceM
        rpe = set.rpe
        notes = set.notes
    }

    init(row: Row) throws {
        blockID = try row.decode(forColumn: Columns.blockID)
        position = try row.decode(forColumn: Columns.position)
        kind = try row.decode(forColumn: Columns.kind)
        weightKg = try row.decode(forColumn: Columns.weightKg)
        reps = try row.decode(forColumn: Columns.reps)
        seconds = try row.decode(forColumn: Columns.seconds)
        distanceM = try row.decode(forColumn: Columns.distanceM)
        rpe = try row.decode(forColumn: Columns.rpe)
        notes = try row.decode(forColumn: Columns.notes)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.blockID] = blockID
        container[Columns.position] = position
        container[Columns.kind] = kind
        container[Columns.weightKg] = weightKg
        container[Columns.reps] = reps
        container[Columns.seconds] = seconds
        container[Columns.distanceM] = distanceM
        container[Columns.rpe] = rpe
        container[Columns.notes] = notes
    }

    /// The model set, or nil when `kind` is not a ``WktCore/SetKind``.
    var workoutSet: WorkoutSet? {
        guard let kind = SetKind(rawValue: kind) else { return nil }
        return WorkoutSet(
            kind: kind, weightKg: weightKg, reps: reps, seconds: seconds, distanceM: distanceM, rpe: rpe, notes: notes)
    }
}
