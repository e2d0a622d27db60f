import GRDB

extension WorkoutStore {
    /// Every user table, sorted by name (SQLite's own and GRDB's bookkeeping included, so a dump
    /// shows the whole store).
    func tableNames() throws(StoreError) -> [String] {
        try run { queue throws in
            try queue.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            }
        }
    }

    /// The rows of `table` in row-id order, each as `quote()`d SQL values joined by `|`, so text,
    /// numbers and NULL are told apart exactly.
    func tableRows(_ table: String) throws(StoreError) -> [String] {
        try run { queue throws in
            try queue.read { db in
                let columns = try db.columns(in: table).map { "quote(\($0.name.quotedDatabaseIdentifier))" }
                let select = columns.joined(separator: " || '|' || ")
                return try String.fetchAll(
                    db, sql: "SELECT \(select) FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
            }
        }
    }

    /// A text dump of the whole store (`user_version`, then every table and row in order), for
    /// "nothing lost" checks (docs/reliability.md): equal dumps mean equal stored data.
    func dump() throws(StoreError) -> String {
        var lines = ["user_version \(try schemaVersion())"]
        for table in try tableNames() {
            lines.append("table \(table)")
            lines.append(contentsOf: try tableRows(table))
        }
        return lines.joined(separator: "\n")
    }

    /// The linked SQLite library's version (`sqlite_version()`).
    func sqliteVersion() throws(StoreError) -> String {
        try run { queue throws in
            try queue.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "" }
        }
    }
}
