import GRDB

/// A row of `exercise`: one canonical (NFC) exercise name.
struct ExerciseRecord: FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "exercise"

    /// The table's columns.
    enum Columns {
        static let id = Column("id")
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

    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id)
        name = try row.decode(forColumn: Columns.name)
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
