import GRDB
import Testing
@testable import WktStore

/// ``StoredRows``, the history load's reader through SQLite's C API: every value read as GRDB
/// read it, and a NULL or a value of another type an error naming the table, row and column
/// where GRDB converted silently.
@Suite("The history's row reader checks every column's type")
struct StoredRowsTests {
    /// `body` with the rows of `sql` on an in-memory database, as table "t" of store "s.sqlite".
    private static func reading<T>(_ sql: String, _ body: (StoredRows) throws -> T) throws -> T {
        try DatabaseQueue().read { db in try body(try StoredRows(db, sql: sql, table: "t", storePath: "s.sqlite")) }
    }

    /// The (table, row, detail) of an ``StoreError/invalidStoredValue(path:table:rowID:detail:)``.
    private static func invalid(_ error: any Error) -> String? {
        guard case let .invalidStoredValue(path, table, rowID, detail) = error as? StoreError, path == "s.sqlite" else {
            return nil
        }
        return "\(table) \(rowID): \(detail)"
    }

    private static let sample = "SELECT 7 AS n, 'ab' AS t, NULL AS z, 2.5 AS r, x'00ff' AS b, 9223372036854775807 AS big"

    @Test("values of the right type read as they are stored; NULL is nil where allowed")
    func values() throws {
        try Self.reading(Self.sample) { (rows: StoredRows) throws in
            #expect(try rows.next())
            #expect(try rows.integer(0, row: 1) == 7)
            #expect(try rows.optionalInt(0, row: 1) == 7)
            #expect(try rows.optionalInteger(2, row: 1) == nil)
            #expect(try rows.text(1, row: 1) == "ab")
            #expect(try rows.optionalText(2, row: 1) == nil)
            #expect(try rows.optionalReal(3, row: 1) == 2.5)
            #expect(try rows.optionalReal(0, row: 1) == 7.0)  // an INTEGER where a REAL is read: its value
            #expect(try rows.optionalReal(2, row: 1) == nil)
            #expect(try rows.integer(5, row: 1) == Int64.max)
            #expect(try !rows.next())
        }
    }

    @Test(
        "NULL where a value is needed, or a value of another type, names the table, row and column",
        arguments: [
            (0, "text", "t 4: n is not text"),
            (1, "integer", "t 4: t is not an integer"),
            (3, "integer", "t 4: r is not an integer"),
            (4, "integer", "t 4: b is not an integer"),
            (1, "real", "t 4: t is not a number"),
            (4, "real", "t 4: b is not a number"),
            (4, "text", "t 4: b is not text"),
            (2, "integer", "t 4: z is NULL"),
            (2, "text", "t 4: z is NULL"),
            // Int64.max has no exact Double: an error, not a rounded number.
            (5, "real", "t 4: big is not a number"),
        ])
    func wrongType(column: Int32, read: String, message: String) throws {
        try Self.reading(Self.sample) { (rows: StoredRows) throws in
            #expect(try rows.next())
            #expect {
                switch read {
                case "integer": _ = try rows.integer(column, row: 4)
                case "real": _ = try rows.optionalReal(column, row: 4)
                default: _ = try rows.text(column, row: 4)
                }
            } throws: { error in
                Self.invalid(error) == message
            }
        }
    }

    @Test("appended text is the bytes of the text read; NULL appends nothing, another type is an error")
    func appendText() throws {
        let sql = "SELECT 'ab', NULL, x'00ff', CAST(x'ff41' AS TEXT), CAST(x'41004200' AS TEXT), 'Bankdrücken ✓', 7"
        try Self.reading(sql) { (rows: StoredRows) throws in
            #expect(try rows.next())
            for column: Int32 in [0, 3, 4, 5] {
                var bytes: [UInt8] = [1]
                #expect(try rows.appendText(column, row: 4, to: &bytes))
                #expect(bytes == [1] + Array(try rows.text(column, row: 4).utf8), "column \(column)")
            }
            var bytes: [UInt8] = []
            #expect(try !rows.appendText(1, row: 4, to: &bytes))
            #expect(bytes.isEmpty)
            #expect { _ = try rows.appendText(2, row: 4, to: &bytes) } throws: { Self.invalid($0)?.hasSuffix("is not text") == true }
            #expect { _ = try rows.appendText(6, row: 4, to: &bytes) } throws: { Self.invalid($0)?.hasSuffix("is not text") == true }
        }
    }

    @Test("text reads as GRDB reads it: invalid UTF-8 repaired, up to a NUL byte")
    func textAsGRDB() throws {
        let sql = "SELECT CAST(x'ff41' AS TEXT), CAST(x'41004200' AS TEXT), 'Bankdrücken ✓'"
        let expected = try DatabaseQueue().read { db in
            let row = try #require(try Row.fetchOne(db, sql: sql))
            return try (0..<3).map { index -> String in try row.decode(atIndex: index) }
        }
        #expect(expected == ["\u{FFFD}A", "A", "Bankdrücken ✓"])
        let read = try Self.reading(sql) { (rows: StoredRows) throws -> [String] in
            #expect(try rows.next())
            return try (0..<3).map { try rows.text(Int32($0), row: 1) }
        }
        #expect(read == expected)
    }

    @Test("a failing step throws SQLite's error as GRDB does (the store maps it), not a row")
    func stepFailure() throws {
        // abs() of the smallest integer overflows when the row is computed, in sqlite3_step.
        _ = try Self.reading("SELECT abs(-9223372036854775807 - 1)") { (rows: StoredRows) throws in
            #expect {
                _ = try rows.next()
            } throws: { error in
                guard let error = error as? DatabaseError else { return false }
                return error.resultCode == .SQLITE_ERROR && error.message == "integer overflow"
                    && StoreError.wrap(error, path: "s.sqlite", busyTimeout: 5)
                        == .sqlite(path: "s.sqlite", code: 1, detail: "integer overflow")
            }
        }
    }
}
