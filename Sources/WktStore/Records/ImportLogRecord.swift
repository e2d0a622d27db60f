import GRDB

/// A row of `import_log`: one imported file and what it did to the store.
struct ImportLogRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "import_log"

    /// The table's columns.
    enum Columns {
        /// Row id.
        static let id = Column("id")
        /// The imported file as given.
        static let file = Column("file")
        /// Hex SHA-256 of the file bytes.
        static let sha256 = Column("sha256")
        /// Format id with dialect.
        static let format = Column("format")
        /// When the import ran (caller-supplied text).
        static let importedAt = Column("imported_at")
        /// Workouts added.
        static let added = Column("workouts_added")
        /// Workouts updated.
        static let updated = Column("workouts_updated")
        /// Workouts unchanged.
        static let unchanged = Column("workouts_unchanged")
        /// Sets of the added and updated workouts.
        static let sets = Column("sets")
        /// Rows skipped under `--skip-bad-rows`.
        static let rowsSkipped = Column("rows_skipped")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    /// What the caller logged.
    var entry: ImportLogEntry
    /// What the batch did.
    var outcome: ImportOutcome

    /// The row for `entry` with the counts of `outcome`.
    init(entry: ImportLogEntry, outcome: ImportOutcome) {
        self.entry = entry
        self.outcome = outcome
    }

    /// Reads a row.
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

    /// Writes the columns.
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

    /// Keeps the id SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
