import Foundation
import GRDB

/// Opens store files: checks the path and the file header, builds the GRDB configuration
/// (docs/reliability.md P4), refuses stores from a newer wkt-site before any write, and migrates.
///
/// WAL policy: the store never uses WAL, because the linked SQLite may have the WAL-reset bug
/// (3.7.0–3.51.2; fixed in 3.51.3, 3.50.7 and 3.44.6). A store file found in WAL mode (header bytes
/// 18–19 equal 2, e.g. switched by a `sqlite3` session) is **converted** to `journal_mode=DELETE`
/// when opened read-write: the conversion is a checkpoint by the only connection under an exclusive
/// lock, not the concurrent checkpoint-and-write race the bug needs. A read-only open cannot
/// convert, so it reads a WAL store only on an SQLite that has the fix and otherwise refuses with
/// ``StoreError/walRefused(path:sqliteVersion:)``, telling the user to run an import once.
struct StoreOpener {
    /// The store path as given.
    let path: String
    /// Read-write (imports) or read-only (builds).
    let mode: WorkoutStore.Mode
    /// Seconds to wait for another connection's lock before failing with `busy`.
    let busyTimeout: Double
    /// The migrations this binary knows.
    let migrations: [Migration]

    /// What the file's first 100 bytes say.
    enum Header: Equatable {
        /// No file, or an empty one (SQLite treats it as an empty database).
        case none
        /// A rollback-journal database.
        case rollback
        /// A database in WAL mode.
        case wal
    }

    /// Opens (and in read-write mode creates and migrates) the store file.
    func open() throws(StoreError) -> DatabaseQueue {
        let fileManager = FileManager.default
        let exists = fileManager.fileExists(atPath: path)
        switch mode {
        case .readOnly:
            guard exists else { throw .noStore(path: path) }
        case .readWrite:
            let folder = (path as NSString).deletingLastPathComponent
            if !exists && !folder.isEmpty {
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw .missingFolder(path: path, folder: folder)
                }
            }
        }
        let header = exists ? try readHeader() : .none
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration(header: header))
            switch mode {
            case .readWrite:
                try migrate(queue)
            case .readOnly:
                try queue.read { db in try requireCurrentSchema(db) }
            }
            return queue
        } catch {
            throw StoreError.wrap(error, path: path, busyTimeout: busyTimeout)
        }
    }

    /// An in-memory store with the real migrations.
    func openInMemory() throws(StoreError) -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(configuration: configuration(header: .none))
            try migrate(queue)
            return queue
        } catch {
            throw StoreError.wrap(error, path: path, busyTimeout: busyTimeout)
        }
    }

    /// The connection configuration: foreign keys, busy timeout, and a `prepareDatabase` that
    /// refuses newer stores, then sets `journal_mode=DELETE` (read-write) and `synchronous=FULL`.
    func configuration(header: Header) -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.readonly = mode == .readOnly
        config.label = "wkt-store"
        let checker = self
        config.prepareDatabase { db in
            let versionText = try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? ""
            if header == .wal && checker.mode == .readOnly
                && !(SQLiteVersion(versionText)?.hasWALResetFix ?? false)
            {
                throw StoreError.walRefused(path: checker.path, sqliteVersion: versionText)
            }
            // S-06: read-only checks before the first statement that could write.
            try checker.refuseNewerSchema(db)
            if checker.mode == .readWrite {
                let journalMode = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") ?? ""
                guard journalMode == "delete" || journalMode == "memory" else {
                    throw StoreError.sqlite(
                        path: checker.path, code: 1,
                        detail: "could not switch journal_mode from \(journalMode) to delete")
                }
            }
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    /// Throws when the store's `user_version` or applied migrations are beyond this binary's,
    /// or when the file is an SQLite database wkt-site did not create.
    func refuseNewerSchema(_ db: Database) throws {
        let state = try SchemaState(db)
        let knownIDs = Set(migrations.map(\.identifier))
        if state.userVersion > migrations.count || state.applied.contains(where: { !knownIDs.contains($0) }) {
            throw StoreError.newerSchema(
                path: path, storeVersion: max(state.userVersion, state.applied.count), knownVersion: migrations.count)
        }
        if state.userVersion == 0 && state.applied.isEmpty && state.hasOtherTables {
            throw StoreError.notAStore(path: path)
        }
    }

    /// Read-only opens cannot migrate: the store must be at this binary's schema, or behind it only
    /// by migrations that are ``Migration/readCompatible`` (its applied migrations exactly the first
    /// `user_version` ones).
    func requireCurrentSchema(_ db: Database) throws {
        let state = try SchemaState(db)
        let readable = (migrations.lastIndex { !$0.readCompatible } ?? -1) + 1
        guard state.userVersion >= readable, state.userVersion <= migrations.count,
            state.applied.sorted() == migrations.prefix(state.userVersion).map(\.identifier).sorted()
        else {
            throw StoreError.olderSchema(path: path, storeVersion: state.userVersion, knownVersion: migrations.count)
        }
    }

    /// Runs the pending migrations, each in its own transaction.
    func migrate(_ queue: DatabaseQueue) throws {
        do {
            try StoreSchema.migrator(migrations).migrate(queue)
        } catch let failure as MigrationFailure {
            let detail = (failure.underlying as? DatabaseError)?.message ?? String(describing: failure.underlying)
            throw StoreError.migrationFailed(path: path, migration: failure.identifier, detail: detail)
        }
    }

    /// Reads the 100-byte SQLite header; a file that is not SQLite is reported as corrupt here,
    /// before SQLite touches it.
    func readHeader() throws(StoreError) -> Header {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .sqlite(path: path, code: 14, detail: "cannot open the file for reading")
        }
        defer { try? handle.close() }
        let bytes: [UInt8]
        do {
            bytes = Array(try handle.read(upToCount: 100) ?? Data())
        } catch {
            throw .sqlite(path: path, code: 10, detail: "cannot read the file header: \(error.localizedDescription)")
        }
        if bytes.isEmpty { return .none }
        let magic = Array("SQLite format 3\u{0}".utf8)
        guard bytes.count == 100, Array(bytes[0..<16]) == magic else {
            throw .corrupt(path: path, detail: "the file does not start with an SQLite header")
        }
        return bytes[18] == 2 && bytes[19] == 2 ? .wal : .rollback
    }
}

/// The schema markers of an open database: `user_version`, applied migration ids, other tables.
struct SchemaState {
    /// `PRAGMA user_version`.
    let userVersion: Int
    /// Identifiers in `grdb_migrations` (empty when the table does not exist).
    let applied: [String]
    /// Whether the database has tables besides `grdb_migrations`.
    let hasOtherTables: Bool

    /// Reads the markers with read-only statements.
    init(_ db: Database) throws {
        userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        applied = tables.contains("grdb_migrations")
            ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            : []
        hasOtherTables = tables.contains { $0 != "grdb_migrations" }
    }
}
