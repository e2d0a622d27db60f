import Foundation
import Testing
import WktCore
@testable import WktStore

@Suite("Store files: opening, PRAGMAs, versions, corruption, locking (docs/reliability.md S)")
struct StoreFileTests {
    /// Creates a store at `path` holding two workouts and returns its dump.
    @discardableResult
    private func makeStore(_ path: String) throws -> String {
        let store = try WorkoutStore.open(path: path, mode: .readWrite)
        _ = try store.apply(
            StoreFixtures.entries(
                StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 1), StoreFixtures.richWorkout()])),
            dryRun: false)
        return try store.dump()
    }

    @Test("S-08: PRAGMAs read back as delete, FULL (2), foreign keys on (1), in both modes")
    func pragmas() throws {
        try TempFolder.withStore { folder, path in
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            let rw = try store.pragmas()
            #expect(rw.journalMode == "delete" && rw.synchronous == 2 && rw.foreignKeys == 1)
            let ro = try WorkoutStore.open(path: path, mode: .readOnly).pragmas()
            #expect(ro.journalMode == "delete" && ro.synchronous == 2 && ro.foreignKeys == 1)
            #expect(try store.schemaVersion() == StoreSchema.migrations.count)
            #expect(try store.integrityCheck() == "ok")
            // Header bytes 18–19 are 1 (rollback journal), never 2 (WAL).
            #expect(Array(try folder.bytes("w.sqlite")[18...19]) == [1, 1])
        }
    }

    @Test("a file store keeps its data across opens; read-only reads it")
    func reopen() throws {
        try TempFolder.withStore { folder, path in
            let dump = try makeStore(path)
            #expect(try WorkoutStore.open(path: path, mode: .readWrite).dump() == dump)
            let readOnly = try WorkoutStore.open(path: path, mode: .readOnly)
            #expect(try readOnly.dump() == dump)
            #expect(try readOnly.loadHistory().workouts.count == 2)
        }
    }

    @Test("a dry run on a file store leaves the file byte-identical and no journal behind")
    func dryRunFile() throws {
        try TempFolder.withStore { folder, path in
            try makeStore(path)
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            let bytes = try folder.bytes("w.sqlite")
            var edited = StoreFixtures.simpleWorkout(day: 1)
            edited.notes = "changed"
            let batch = StoreFixtures.batch(
                [edited, StoreFixtures.simpleWorkout(day: 8)] + (10..<60).map { StoreFixtures.simpleWorkout(day: $0) },
                schedule: Schedule(days: [.sunday: "Rest"]))
            let outcome = try store.apply(StoreFixtures.entries(batch), dryRun: true)
            #expect(outcome == [ImportOutcome(added: 51, updated: 1, unchanged: 0, sets: 52 * 3)])
            #expect(try folder.bytes("w.sqlite") == bytes)
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }

    @Test("read-only open of a missing file says to import first; nothing is created")
    func missingStore() throws {
        try TempFolder.withStore { folder, _ in
            let path = folder.file("none.sqlite")
            #expect(throws: StoreError.noStore(path: path)) { try WorkoutStore.open(path: path, mode: .readOnly) }
            #expect(StoreError.noStore(path: path).description == "no store at \(path) — run `wkt-site import` first")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("read-write open creates the file but never a missing folder")
    func missingFolder() throws {
        try TempFolder.withStore { folder, _ in
            let path = folder.file("sub/w.sqlite")
            #expect(throws: StoreError.missingFolder(path: path, folder: folder.file("sub"))) {
                try WorkoutStore.open(path: path, mode: .readWrite)
            }
            #expect(!FileManager.default.fileExists(atPath: folder.file("sub")))
        }
    }

    @Test("S-05: an overwritten header is a corrupt store (74); the file is left byte-identical")
    func corruptHeader() throws {
        try TempFolder.withStore { folder, path in
            try makeStore(path)
            var bytes = try folder.bytes("w.sqlite")
            bytes.replaceSubrange(0..<16, with: Array("GARBAGE HEADER!!".utf8))
            try bytes.write(to: URL(fileURLWithPath: path))

            for mode in [WorkoutStore.Mode.readWrite, .readOnly] {
                #expect {
                    try WorkoutStore.open(path: path, mode: mode)
                } throws: { error in
                    guard let error = error as? StoreError, case .corrupt(path, _) = error else { return false }
                    return error.exitCode == 74 && error.description.contains("backup")
                        && !error.description.contains("\n")
                }
                #expect(try folder.bytes("w.sqlite") == bytes)
            }
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }

    @Test("S-05: a header SQLite itself rejects (page size 3) is reported corrupt, file untouched")
    func corruptPageSize() throws {
        try TempFolder.withStore { folder, path in
            try makeStore(path)
            var bytes = try folder.bytes("w.sqlite")
            bytes[16] = 0
            bytes[17] = 3
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect {
                try WorkoutStore.open(path: path, mode: .readWrite)
            } throws: { error in
                guard case .corrupt(path, _) = error as? StoreError else { return false }
                return true
            }
            #expect(try folder.bytes("w.sqlite") == bytes)
        }
    }

    @Test("S-06: a store from a newer wkt-site is refused before any write, in both modes")
    func newerSchemaRefused() throws {
        try TempFolder.withStore { folder, path in
            let known = StoreSchema.migrations.count
            let future = StoreSchema.migrations + [Migration(identifier: "v99-future", sql: "CREATE TABLE future (x INTEGER)")]
            _ = try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 5, migrations: future)
            let bytes = try folder.bytes("w.sqlite")

            for mode in [WorkoutStore.Mode.readWrite, .readOnly] {
                #expect(throws: StoreError.newerSchema(path: path, storeVersion: known + 1, knownVersion: known)) {
                    try WorkoutStore.open(path: path, mode: mode)
                }
                #expect(try folder.bytes("w.sqlite") == bytes)
            }
            let message = StoreError.newerSchema(path: path, storeVersion: known + 1, knownVersion: known).description
            #expect(message.contains("newer wkt-site") && message.contains(path))
        }
    }

    @Test("S-07: a failing migration rolls back only itself; a fixed rerun succeeds")
    func failingMigration() throws {
        try TempFolder.withStore { folder, path in
            let broken = StoreSchema.migrations + [
                Migration(
                    identifier: "v99-extra",
                    sql: "CREATE TABLE extra (x INTEGER); INSERT INTO no_such_table VALUES (1);"),
            ]
            #expect {
                try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 5, migrations: broken)
            } throws: { error in
                guard case let .migrationFailed(p, migration, detail) = error as? StoreError else { return false }
                return p == path && migration == "v99-extra" && detail.contains("no_such_table")
            }
            let current = try WorkoutStore.open(path: path, mode: .readWrite)
            #expect(try current.schemaVersion() == StoreSchema.migrations.count)
            #expect(try !current.tableNames().contains("extra"))
            #expect(try current.tableRows("grdb_migrations") == StoreSchema.migrations.map { "'\($0.identifier)'" })

            let fixed = StoreSchema.migrations + [Migration(identifier: "v99-extra", sql: "CREATE TABLE extra (x INTEGER);")]
            let migrated = try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 5, migrations: fixed)
            #expect(try migrated.schemaVersion() == StoreSchema.migrations.count + 1)
            #expect(try migrated.tableNames().contains("extra"))
        }
    }

    @Test("a read-only open of an older store asks for one import to upgrade it")
    func olderSchemaReadOnly() throws {
        try TempFolder.withStore { folder, path in
            try makeStore(path)
            let newer = StoreSchema.migrations + [Migration(identifier: "v99-extra", sql: "CREATE TABLE extra (x INTEGER)")]
            let known = StoreSchema.migrations.count
            #expect(throws: StoreError.olderSchema(path: path, storeVersion: known, knownVersion: known + 1)) {
                try WorkoutStore.open(path: path, mode: .readOnly, busyTimeout: 5, migrations: newer)
            }
        }
    }

    @Test("an SQLite file that wkt-site did not create is refused untouched")
    func foreignDatabase() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, _ in
            let path = folder.file("other.sqlite")
            #expect(try SQLiteShell.run(path, "CREATE TABLE notes (body TEXT);") == 0)
            let bytes = try folder.bytes("other.sqlite")
            #expect(throws: StoreError.notAStore(path: path)) { try WorkoutStore.open(path: path, mode: .readWrite) }
            #expect(try folder.bytes("other.sqlite") == bytes)
        }
    }

    @Test("S-09: a read-only file in a read-only folder opens read-only and loads; writes fail clearly")
    func readOnlyFile() throws {
        try TempFolder.withStore { folder, path in
            let dump = try makeStore(path)
            #expect(chmod(path, 0o444) == 0)
            #expect(chmod(folder.path, 0o555) == 0)

            let readOnly = try WorkoutStore.open(path: path, mode: .readOnly)
            #expect(try readOnly.dump() == dump)
            #expect(try readOnly.loadHistory().workouts.count == 2)
            let batch = StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 7)]))
            #expect(throws: StoreError.readOnly(path: path)) { try readOnly.apply(batch, dryRun: false) }
            #expect(StoreError.readOnly(path: path).exitCode == 74)

            if geteuid() == 0 {
                print("note: running as root, which ignores file permissions; read-write refusal not checked")
            } else {
                #expect {
                    let store = try WorkoutStore.open(path: path, mode: .readWrite)
                    return try store.apply(batch, dryRun: false)
                } throws: { error in
                    (error as? StoreError)?.exitCode == 74
                }
            }
            #expect(try WorkoutStore.open(path: path, mode: .readOnly).dump() == dump)
        }
    }

    @Test("S-04: another process holding BEGIN IMMEDIATE past the timeout → busy (75), nothing written")
    func busyStore() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, path in
            let dump = try makeStore(path)
            let store = try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 0.5)

            let shell = try holdWriteLock(path, marker: folder.file("locked"))
            let started = Date()
            #expect(throws: StoreError.busy(path: path, timeoutSeconds: 0.5)) {
                try store.apply(
                    StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 9)])), dryRun: false)
            }
            let waited = Date().timeIntervalSince(started)
            #expect(waited >= 0.4 && waited < 5)
            try release(shell)
            #expect(try store.dump() == dump)
            #expect(StoreError.busy(path: path, timeoutSeconds: 0.5).exitCode == 75)
        }
    }

    @Test("S-04: a lock released within the timeout is waited for, then the import succeeds")
    func busyThenFree() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, path in
            try makeStore(path)
            let store = try WorkoutStore.open(path: path, mode: .readWrite, busyTimeout: 10)
            let shell = try holdWriteLock(path, marker: folder.file("locked"))
            let input = shell.input
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                input.write(Data("COMMIT;\n.quit\n".utf8))
            }
            let outcome = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 9)])), dryRun: false)
            #expect(outcome == [ImportOutcome(added: 1, updated: 0, unchanged: 0, sets: 3)])
            shell.process.waitUntilExit()
        }
    }

    @Test("a WAL store (switched by sqlite3) is converted to DELETE read-write and refused read-only")
    func walStore() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, path in
            let dump = try makeStore(path)
            #expect(try SQLiteShell.run(path, "PRAGMA journal_mode = WAL;") == 0)
            #expect(Array(try folder.bytes("w.sqlite")[18...19]) == [2, 2])

            let linked = try WorkoutStore.inMemory().sqliteVersion()
            let fixed = SQLiteVersion(linked)?.hasWALResetFix ?? false
            if fixed {
                #expect(try WorkoutStore.open(path: path, mode: .readOnly).dump() == dump)
            } else {
                #expect(throws: StoreError.walRefused(path: path, sqliteVersion: linked)) {
                    try WorkoutStore.open(path: path, mode: .readOnly)
                }
            }
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            #expect(try store.pragmas().journalMode == "delete")
            #expect(try store.dump() == dump)
            #expect(Array(try folder.bytes("w.sqlite")[18...19]) == [1, 1])
        }
    }

    /// Starts `sqlite3` in `BEGIN IMMEDIATE` on `path` and returns once it holds the write lock
    /// (it touches `marker` after the `BEGIN` succeeded).
    private func holdWriteLock(_ path: String, marker: String) throws -> (process: Process, input: FileHandle) {
        let shell = try SQLiteShell.start(path)
        shell.input.write(Data("BEGIN IMMEDIATE;\n.shell touch '\(marker)'\n".utf8))
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker) {
            guard Date() < deadline else {
                shell.process.terminate()
                throw CancellationError()
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return shell
    }

    /// Ends the shell's transaction and waits for it to exit.
    private func release(_ shell: (process: Process, input: FileHandle)) throws {
        shell.input.write(Data("COMMIT;\n.quit\n".utf8))
        shell.process.waitUntilExit()
    }
}
