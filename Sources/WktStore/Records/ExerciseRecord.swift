import GRDB

/// A row of `exercise`: one canonical (NFC) exercise name.
struct ExerciseRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    /// The table.
    static let databaseTableName = "exercise"

    /// The table's columns.
    enum Columns {
        /// Row id.
        static let id = Column("id")
        /// NFC name, unique.
        static let name = Column("name")
    }

    /// Row id; nil before insertion.
    var id: Int64?
    /// NFC name, unique.
    var name: String

    /// Creates a row.
    init(id: Int64? = nil, name: String) {
        self.id = id
        self.name = name
    }

    /// Reads a row.
    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        name = try row.decode(forColumn: Columns.name)
    }

    /// Writes the columns.
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
    }

    /// Keeps the id SQLite assigned.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
