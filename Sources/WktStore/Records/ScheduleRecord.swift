import GRDB

/// A row of `schedule`: the routine planned on one weekday, and the import it came from.
struct ScheduleRecord: FetchableRecord, PersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "schedule"

    /// The table's columns.
    enum Columns {
        /// ISO weekday, Monday = 1.
        static let weekday = Column("weekday")
        /// The planned routine name.
        static let routine = Column("routine")
        /// Format id of the batch that carried the schedule.
        static let sourceFormat = Column("source_format")
        /// File of that batch.
        static let sourceFile = Column("source_file")
    }

    /// ISO weekday, Monday = 1.
    var weekday: Int
    /// The planned routine name.
    var routine: String
    /// Format id of the batch that carried the schedule (`wkt`, `gym-baazi`).
    var sourceFormat: String
    /// File of that batch.
    var sourceFile: String

    /// Creates a row.
    init(weekday: Int, routine: String, sourceFormat: String, sourceFile: String) {
        self.weekday = weekday
        self.routine = routine
        self.sourceFormat = sourceFormat
        self.sourceFile = sourceFile
    }

    /// Reads a row.
    init(row: Row) throws {
        weekday = try row.decode(forColumn: Columns.weekday)
        routine = try row.decode(forColumn: Columns.routine)
        sourceFormat = try row.decode(forColumn: Columns.sourceFormat)
        sourceFile = try row.decode(forColumn: Columns.sourceFile)
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.weekday] = weekday
        container[Columns.routine] = routine
        container[Columns.sourceFormat] = sourceFormat
        container[Columns.sourceFile] = sourceFile
    }
}
