import GRDB
import WktCore

/// A row of `workout`: one workout's own fields, its identity and its content fingerprint.
struct WorkoutRecord: MutablePersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "workout"

    /// The table's columns.
    enum Columns {
        /// Row id.
        static let id = Column("id")
        /// ``WktCore/WorkoutSource`` raw value.
        static let source = Column("source")
        /// Identity within the source.
        static let sourceKey = Column("source_key")
        /// Wall time `YYYY-MM-DD HH:MM:SS`.
        static let start = Column("start")
        /// UTC offset of the start in seconds, NULL when unknown.
        static let utcOffsetSeconds = Column("utc_offset_s")
        /// Duration in seconds, NULL when unknown.
        static let durationSeconds = Column("duration_s")
        /// Workout name (NFC).
        static let name = Column("name")
        /// Workout note (Markdown).
        static let notes = Column("notes")
        /// HealthKit-style activity.
        static let activity = Column("activity")
        /// Active energy in kcal.
        static let energyKcal = Column("energy_kcal")
        /// 1–5 star rating.
        static let rating = Column("rating")
        /// Hex SHA-256 content fingerprint.
        static let fingerprint = Column("fingerprint")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    /// The workout (its fields except check-ins and exercises are stored in this row).
    var workout: Workout
    /// ``WorkoutFingerprint`` of the stored content.
    var fingerprint: String

    /// The row for `workout` with content fingerprint `fingerprint`.
    init(id: Int64? = nil, workout: Workout, fingerprint: String) {
        self.id = id
        self.workout = workout
        self.fingerprint = fingerprint
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.source] = workout.source.rawValue
        container[Columns.sourceKey] = workout.sourceKey
        container[Columns.start] = workout.start.description
        container[Columns.utcOffsetSeconds] = workout.utcOffsetSeconds
        container[Columns.durationSeconds] = workout.durationSeconds
        container[Columns.name] = workout.name
        container[Columns.notes] = workout.notes
        container[Columns.activity] = workout.activity
        container[Columns.energyKcal] = workout.energyKcal
        container[Columns.rating] = workout.rating
        container[Columns.fingerprint] = fingerprint
    }

    /// Keeps the id SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
