import GRDB
import GRDBSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows of one query, stepped and read through SQLite's C API with every column's type
/// checked: the history load's reader.
///
/// Why by hand: the 10-year demo's history is about 56,000 rows (41,651 sets) read at the start
/// of every build, `stats` and `serve` rebuild. Through GRDB's row cursor and `decode` the load
/// took about 100 ms, twice what SQLite itself needs for the same queries (`perf`; the sqlite3
/// shell reads the same columns in about 45 ms); the rest was GRDB's cursor, row and decoding
/// machinery around every value. The statement is still prepared by GRDB on the read
/// transaction's connection; only stepping and the column reads are direct, and a failing step
/// throws GRDB's `DatabaseError` with SQLite's extended code and message, so the store's error
/// mapping (``StoreError/wrap(_:path:busyTimeout:)``: busy, corrupt, …) sees what it saw before.
///
/// Every table the history comes from is `STRICT`, so SQLite has already refused a value of the
/// wrong type; the reads still check the type (where GRDB converted silently: text read as a
/// number gave 0) and a value of another type, or NULL where none may be, is an
/// ``StoreError/invalidStoredValue(path:table:rowID:detail:)`` naming the table, row and column.
struct StoredRows {
    private let statement: Statement
    private let handle: OpaquePointer
    private let connection: OpaquePointer?
    /// The table the rows come from and the store path, for error messages.
    private let table: String
    private let storePath: String

    /// Prepares `sql` (a `SELECT` over `table`) on `db`.
    init(_ db: Database, sql: String, table: String, storePath: String) throws {
        statement = try db.makeStatement(sql: sql)
        handle = statement.sqliteStatement
        connection = db.sqliteConnection
        self.table = table
        self.storePath = storePath
    }

    /// Steps to the next row: true when there is one, false after the last.
    func next() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let code = sqlite3_extended_errcode(connection)
            let message = sqlite3_errmsg(connection).map { String(cString: $0) }
            _ = sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// The INTEGER in `column` of row `rowID`, or nil for NULL.
    func optionalInteger(_ column: Int32, row rowID: Int64) throws -> Int64? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
        case SQLITE_NULL: return nil
        default: throw wrongType(column, rowID, "an integer")
        }
    }

    /// The INTEGER in `column` of row `rowID`.
    func integer(_ column: Int32, row rowID: Int64) throws -> Int64 {
        guard let value = try optionalInteger(column, row: rowID) else { throw null(column, rowID) }
        return value
    }

    /// The `Int` in `column` of row `rowID`, or nil for NULL.
    func optionalInt(_ column: Int32, row rowID: Int64) throws -> Int? {
        try optionalInteger(column, row: rowID).map { Int($0) }
    }

    /// The REAL in `column` of row `rowID` (an INTEGER too: its value exactly, when it has
    /// one), or nil for NULL.
    func optionalReal(_ column: Int32, row rowID: Int64) throws -> Double? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_FLOAT: return sqlite3_column_double(handle, column)
        case SQLITE_INTEGER:
            let integer = sqlite3_column_int64(handle, column)
            guard let exact = Double(exactly: integer) else { throw wrongType(column, rowID, "a number") }
            return exact
        case SQLITE_NULL: return nil
        default: throw wrongType(column, rowID, "a number")
        }
    }

    /// The TEXT in `column` of row `rowID`, or nil for NULL; read as GRDB reads it (up to a NUL
    /// byte, which an import never stores, with invalid UTF-8 repaired).
    func optionalText(_ column: Int32, row rowID: Int64) throws -> String? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { throw null(column, rowID) }
            return String(cString: text)
        case SQLITE_NULL: return nil
        default: throw wrongType(column, rowID, "text")
        }
    }

    /// Which of `candidates` the TEXT in `column` of the current row is, compared byte for byte
    /// without making a `String` (41,651 set kinds in the 10-year demo); nil when it is none of
    /// them or not TEXT (the caller then reads it with ``text(_:row:)``, which says why).
    func matching<Value>(_ column: Int32, in candidates: [(bytes: [UInt8], value: Value)]) -> Value? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        for candidate in candidates where candidate.bytes.count == count {
            let equal = candidate.bytes.withUnsafeBufferPointer { bytes in
                bytes.baseAddress.map { memcmp($0, text, count) == 0 } ?? (count == 0)
            }
            if equal { return candidate.value }
        }
        return nil
    }

    /// Appends the UTF-8 of ``text(_:row:)``'s value to `bytes`: ASCII text without a NUL as it
    /// is stored, without making a `String`, anything else through ``text(_:row:)``'s reading.
    /// False when the value is NULL, an error when it holds another type.
    func appendText(_ column: Int32, row rowID: Int64, to bytes: inout [UInt8]) throws -> Bool {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { throw null(column, rowID) }
            // sqlite3_column_bytes after sqlite3_column_text: the length of the text just made.
            let stored = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
            if stored.allSatisfy({ $0 != 0 && $0 < 0x80 }) {
                bytes.append(contentsOf: stored)
            } else {
                bytes.append(contentsOf: String(cString: text).utf8)
            }
            return true
        case SQLITE_NULL: return false
        default: throw wrongType(column, rowID, "text")
        }
    }

    /// The TEXT in `column` of row `rowID`.
    func text(_ column: Int32, row rowID: Int64) throws -> String {
        guard let value = try optionalText(column, row: rowID) else { throw null(column, rowID) }
        return value
    }

    /// The error for a NULL in `column` of row `rowID`, where the model needs a value.
    private func null(_ column: Int32, _ rowID: Int64) -> StoreError {
        .invalidStoredValue(path: storePath, table: table, rowID: rowID, detail: "\(name(column)) is NULL")
    }

    /// The error for a value of another type than `expected` in `column` of row `rowID`.
    private func wrongType(_ column: Int32, _ rowID: Int64, _ expected: String) -> StoreError {
        .invalidStoredValue(path: storePath, table: table, rowID: rowID, detail: "\(name(column)) is not \(expected)")
    }

    /// The name of result column `column`.
    private func name(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column \(column + 1)"
    }
}
