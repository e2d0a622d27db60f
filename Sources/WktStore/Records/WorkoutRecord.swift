import GRDB
import WktCore

/// A row of `workout`: one workout's own fields, its identity and its content fingerprint.
struct WorkoutRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "workout"

    /// The table's columns.
    enum Columns {
        static let id = Column("id")
        static let source = Column("source")
        static let sourceKey = Column("source_key")
        static let start = Column("start")
        static let utcOffsetSeconds = Column("utc_offset_s")
        static let durationSeconds = Column("duration_s")
        static let name = Column("name")
        static let notes = Column("notes")
        static let activity = Column("activity")
        static let energyKcal = Column("energy_kcal")
        static let rating = Column("rating")
        static let fingerprint = Column("fingerprint")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    /// ``WktCore/WorkoutSource`` raw value.
    var source: String
    /// Identity within the source (FORMATS.md §6).
    var sourceKey: String
    /// Wall time `YYYY-MM-DD HH:MM:SS`.
    var start: String
    var utcOffsetSeconds: Int?
    var durationSeconds: Int?
    var name: String
    var notes: String?
    var activity: String
    var energyKcal: Double?
    var rating: Int?
    /// ``WorkoutFingerprint`` of the stored content.
    var fingerprint: String

    /// The row for `workout` with content fingerprint `fingerprint`.
    init(id: Int64? = nil, workout: Workout, fingerprint: String) {
        self.id = id
        source = workout.source.rawValue
        sourceKey = workout.sourceKey
        start = workout.start.description
        utcOffsetSeconds = workout.utcOffsetSeconds
        durationSeconds = workout.durationSeconds
        name = workout.name
        notes = workout.notes
        activity = workout.activity
        energyKcal = workout.energyKcal
        rating = workout.rating
        self.fingerprint = fingerprint
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        source = try row.decode(forColumn: Columns.source)
        sourceKey = try row.decode(forColumn: Columns.sourceKey)
        start = try row.decode(forColumn: Columns.start)
        utcOffsetSeconds = try row.decode(forColumn: Columns.utcOffsetSeconds)
        durationSeconds = try row.decode(forColumn: Columns.durationSeconds)
        name = try row.decode(forColumn: Columns.name)
        notes = try row.decode(forColumn: Columns.notes)
        activity = try row.decode(forColumn: Columns.activity)
        energyKcal = try row.decode(forColumn: Columns.energyKcal)
        rating = try row.decode(forColumn: Columns.rating)
        fingerprint = try row.decode(forColumn: Columns.fingerprint)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.source] = source
        container[Columns.sourceKey] = sourceKey
        container[Columns.start] = start
        container[Columns.utcOffsetSeconds] = utcOffsetSeconds
        container[Columns.durationSeconds] = durationSeconds
        container[Columns.name] = name
        container[Columns.notes] = notes
        container[Columns.activity] = activity
        container[Columns.energyKcal] = energyKcal
        container[Columns.rating] = rating
        container[Columns.fingerprint] = fingerprint
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The model workout with the given check-ins and blocks.
    ///
    /// - Throws: ``StoreError/invalidStoredValue(path:table:rowID:detail:)`` for an unknown source or
    ///   a start that is not a wall time.
    func workout(checkIns: [CheckIn], exercises: [ExerciseBlock], storePath: String) throws(StoreError) -> Workout {
        let rowID = id ?? 0
        guard let source = WorkoutSource(rawValue: source) else {
            throw .invalidStoredValue(
                path: storePath, table: Self.databaseTableName, rowID: rowID, detail: "unknown source \(self.source)")
        }
        guard let start = WallTime.parse(start) else {
            throw .invalidStoredValue(
                path: storePath, table: Self.databaseTableName, rowID: rowID, detail: "start \(self.start) is not a wall time")
        }
        return Workout(
            source: source, sourceKey: sourceKey, start: start, utcOffsetSeconds: utcOffsetSeconds,
            durationSeconds: durationSeconds, name: name, notes: notes, activity: activity,
            energyKcal: energyKcal, rating: rating, checkIns: checkIns, exercises: exercises)
    }
}
