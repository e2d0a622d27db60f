import Testing
@testable import WktStore

@Suite("SQLite versions and the WAL-reset fix (docs/reliability.md P4)")
struct SQLiteVersionTests {
    @Test("versions parse; junk does not")
    func parse() {
        #expect(SQLiteVersion("3.40.1") == SQLiteVersion(3, 40, 1))
        #expect(SQLiteVersion("3.45") == SQLiteVersion(3, 45, 0))
        #expect(SQLiteVersion("3.40.1-debian") == nil)
        #expect(SQLiteVersion("") == nil)
        #expect(SQLiteVersion("3..1") == nil)
    }

    @Test("the fix is in 3.51.3+, 3.50.7+ and 3.44.6+ only", arguments: [
        ("3.40.1", false), ("3.44.5", false), ("3.44.6", true), ("3.45.0", false), ("3.50.6", false),
        ("3.50.7", true), ("3.51.2", false), ("3.51.3", true), ("3.52.0", true), ("4.0.0", true),
        ("3.7.0", false),
    ])
    func walFix(version: String, fixed: Bool) throws {
        #expect(try #require(SQLiteVersion(version)).hasWALResetFix == fixed)
    }

    @Test("messages are one line and name the store")
    func messages() {
        let path = "/data/w.sqlite"
        let errors: [StoreError] = [
            .noStore(path: path), .missingFolder(path: path, folder: "/data"),
            .corrupt(path: path, detail: "file is not a database\nsecond line"),
            .newerSchema(path: path, storeVersion: 3, knownVersion: 1),
            .olderSchema(path: path, storeVersion: 1, knownVersion: 2), .notAStore(path: path),
            .walRefused(path: path, sqliteVersion: "3.40.1"), .busy(path: path, timeoutSeconds: 5),
            .readOnly(path: path), .invalidData(path: path, file: "a.csv", detail: "x"),
            .migrationFailed(path: path, migration: "v2", detail: "y"),
            .invalidStoredValue(path: path, table: "workout", rowID: 3, detail: "z"),
            .sqlite(path: path, code: 13, detail: "database or disk is full"),
        ]
        for error in errors {
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        }
        #expect(errors.map(\.exitCode) == [74, 74, 74, 74, 74, 74, 74, 75, 74, 65, 74, 74, 74])
        #expect(StoreError.busy(path: path, timeoutSeconds: 5).description.contains("for 5 s"))
        #expect(StoreError.busy(path: path, timeoutSeconds: 0.5).description.contains("for 0.5 s"))
    }
}
