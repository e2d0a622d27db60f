import GRDB

/// A row of `import_log`: one imported file and what it did to the store.
struct ImportLogRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "import_log"

    /// The table's columns.
    enum Columns {
        static let id = Column("id")
        static let file = Column("file")
        static let sha256 = Column("sha256")
        static let format = Column("format")
        static let importedAt = Column("imported_at")
        static let added = Column("workouts_added")
        static let updated = Column("workouts_updated")
        static let unchanged = Column("workouts_unchanged")
        static let sets = Column("sets")
        static let rowsSkipped = Column("rows_skipped")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    var entry: ImportLogEntry
    var outcome: ImportOutcome

    /// The row for `entry` with the counts of `outcome`.
    init(entry: ImportLogEntry, outcome: ImportOutcome) {
        self.entry = entry
        self.outcome = outcome
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        entry = ImportLogEntry(
            file: try row.decode(forColumn: Columns.file),
            sha256: try row.decode(forColumn: Columns.sha256),
            format: try row.decode(forColumn: Columns.format),
            importedAt: try row.decode(forColumn: Columns.importedAt),
            rowsSkipped: try row.decode(forColumn: Columns.rowsSkipped))
        outcome = ImportOutcome(
            added: try row.decode(forColumn: Columns.added),
            updated: try row.decode(forColumn: Columns.updated),
            unchanged: try row.decode(forColumn: Columns.unchanged),
            sets: try row.decode(forColumn: Columns.sets))
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.file] = entry.file
        container[Columns.sha256] = entry.sha256
        container[Columns.format] = entry.format
        container[Columns.importedAt] = entry.importedAt
        container[Columns.added] = outcome.added
        container[Columns.updated] = outcome.updated
        container[Columns.unchanged] = outcome.unchanged
        container[Columns.sets] = outcome.sets
        container[Columns.rowsSkipped] = entry.rowsSkipped
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
