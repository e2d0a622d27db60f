import GRDB

/// A row of `schedule`: the routine planned on one weekday, and the import it came from.
struct ScheduleRecord: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "schedule"

    /// The table's columns.
    enum Columns {
        static let weekday = Column("weekday")
        static let routine = Column("routine")
        static let sourceFormat = Column("source_format")
        static let sourceFile = Column("source_file")
    }

    /// ISO weekday, Monday = 1.
    var weekday: Int
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

    init(row: Row) throws {
        weekday = try row.decode(forColumn: Columns.weekday)
        routine = try row.decode(forColumn: Columns.routine)
        sourceFormat = try row.decode(forColumn: Columns.sourceFormat)
        sourceFile = try row.decode(forColumn: Columns.sourceFile)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.weekday] = weekday
        container[Columns.routine] = routine
        container[Columns.sourceFormat] = sourceFormat
        container[Columns.sourceFile] = sourceFile
    }
}
