import GRDB
import GRDBSQLite

/// One column value of a ``BulkInsert`` row.
enum BulkValue {
    /// An integer, or NULL.
    case integer(Int64?)
    /// A real number, or NULL.
    case real(Double?)
    /// A text, or NULL.
    case text(String?)

    /// An `Int` column value.
    static func int(_ value: Int?) -> BulkValue { .integer(value.map(Int64.init)) }
}

/// A cached `INSERT` of the import, bound and stepped through SQLite's C API.
///
/// Why by hand: a first import of ten years writes about 55,000 rows, and GRDB's
/// `execute(arguments:)` boxes every argument as an existential, validates the count and binds
/// through nested closures on every row. Measured with callgrind on the 10-year Strong CSV, that
/// was a fifth of the import's instructions, more than SQLite's own work for the rows
/// (docs/product.md "What the measurements taught us"). The statement is still GRDB's cached
/// statement of the open write transaction; only binding and stepping are direct. Text is bound
/// the way GRDB binds it (copied, up to the first NUL), and a failing step throws GRDB's
/// `DatabaseError` with SQLite's extended code and message, so the import's constraint handling
/// and the store's error words (``StoreRules``) see exactly what they saw before.
struct BulkInsert {
    private let statement: Statement
    private let connection: OpaquePointer?

    /// The cached statement for `sql` (an `INSERT` with one `?` per column) on `db`.
    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        connection = db.sqliteConnection
    }

    /// Inserts one row: `values` bound in order, one per `?`. Returns the new row's id.
    @discardableResult
    func insert(_ values: [BulkValue]) throws -> Int64 {
        let handle = statement.sqliteStatement
        precondition(Int(sqlite3_bind_parameter_count(handle)) == values.count, "one value per column")
        // A previous failed step was already thrown; reset's repeat of its code is not news.
        _ = sqlite3_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number?): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number?): code = sqlite3_bind_double(handle, index, number)
            case .text(let text?):
                // SQLite copies the text before the call returns (`SQLITE_TRANSIENT`).
                code = sqlite3_bind_text(handle, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            case .integer(nil), .real(nil), .text(nil): code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let error = failure(sqlite3_extended_errcode(connection))
            _ = sqlite3_reset(handle)
            _ = sqlite3_clear_bindings(handle)
            throw error
        }
        _ = sqlite3_reset(handle)
        _ = sqlite3_clear_bindings(handle)
        return sqlite3_last_insert_rowid(connection)
    }

    /// GRDB's error for SQLite result `code`, with the connection's message and the SQL.
    private func failure(_ code: Int32) -> DatabaseError {
        let message = sqlite3_errmsg(connection).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
