import GRDB
import WktCore

/// The SQLite workout store (docs/reliability.md P4, P5): one file, one `DatabaseQueue`,
/// `journal_mode=DELETE`, `synchronous=FULL`, foreign keys on, a 5 s busy timeout.
///
/// Open it read-write for imports (the file is created when missing; its folder must exist) or
/// read-only for builds (the file must exist; works on a read-only file or folder). Stores written
/// by a newer wkt-site are refused before anything is written; a corrupt file is reported, never
/// deleted or recreated. See ``StoreOpener`` for the WAL policy and ``apply(_:dryRun:)`` for the
/// import policy.
public struct WorkoutStore: Sendable {
    /// How the store file is opened.
    public enum Mode: Sendable {
        /// Imports: creates the file if missing and runs pending migrations.
        case readWrite
        /// Builds: never writes; the file must exist and be at this binary's schema.
        case readOnly
    }

    /// The store path as given (`:memory:` for an in-memory store).
    public let path: String
    /// The busy timeout in force, in seconds.
    let busyTimeout: Double
    /// The store's connection. Loading the history opens a second, read-only one for a moment
    /// to read part of the sets on another thread (``HistoryLoader/loadAll(_:)``).
    let queue: DatabaseQueue

    /// The default busy timeout (docs/reliability.md P4).
    static let defaultBusyTimeout: Double = 5

    /// Opens the store file at `path`.
    ///
    /// - Parameters:
    ///   - path: The `.sqlite` file.
    ///   - mode: ``Mode/readWrite`` for imports, ``Mode/readOnly`` for builds.
    /// - Returns: The open store, migrated to this binary's schema in read-write mode.
    /// - Throws: ``StoreError``: `noStore`, `missingFolder`, `corrupt`, `newerSchema`, `olderSchema`,
    ///   `notAStore`, `walRefused`, `busy`, `migrationFailed`, `sqlite`.
    public static func open(path: String, mode: Mode) throws(StoreError) -> WorkoutStore {
        try open(path: path, mode: mode, busyTimeout: defaultBusyTimeout, migrations: StoreSchema.migrations)
    }

    /// Opens the store file with an explicit busy timeout and migration list (tests inject both).
    static func open(
        path: String, mode: Mode, busyTimeout: Double, migrations: [Migration] = StoreSchema.migrations
    ) throws(StoreError) -> WorkoutStore {
        let opener = StoreOpener(path: path, mode: mode, busyTimeout: busyTimeout, migrations: migrations)
        return WorkoutStore(path: path, busyTimeout: busyTimeout, queue: try opener.open())
    }

    /// A fresh in-memory store built by the real migrator, for tests.
    ///
    /// - Throws: ``StoreError`` when the migrations fail.
    public static func inMemory() throws(StoreError) -> WorkoutStore {
        let path = ":memory:"
        let opener = StoreOpener(
            path: path, mode: .readWrite, busyTimeout: defaultBusyTimeout, migrations: StoreSchema.migrations)
        return WorkoutStore(path: path, busyTimeout: defaultBusyTimeout, queue: try opener.openInMemory())
    }

    /// Applies every batch in ONE transaction (all-or-nothing) and writes one import-log row per
    /// batch; with dryRun computes the same outcomes and writes nothing.
    ///
    /// Policy (docs/formats.md §6):
    /// - A workout's identity is (`source`, `sourceKey`); the store never holds two with one identity.
    /// - New identity → **added** (inserted).
    /// - Known identity, same content → **unchanged** (nothing written).
    /// - Known identity, different content → **updated**: the workout was edited in the app, so its
    ///   row keeps its id and its fields, blocks, sets and check-ins are replaced by the new content.
    /// - Content is compared by ``WorkoutFingerprint`` (SHA-256 of a canonical serialisation: names
    ///   NFC, weights rounded to 0.001 kg, reps as integers, check-ins sorted).
    /// - Fields a batch does not carry (``WktCore/ImportBatch/carried``: Strong A′ has no notes,
    ///   the L dialects no duration, some files no RPE) keep their stored values: the incoming
    ///   workout is merged with the stored one *before* fingerprinting, so the same history
    ///   re-imported from another dialect is reported unchanged where the data agree.
    /// - Stored workouts that a batch does not mention are left alone (an export may be partial).
    /// - Batches are applied in order; a later batch sees what earlier ones did.
    /// - A batch's non-nil `schedule` replaces the stored schedule.
    /// - A batch's bodyweight measurements are kept one per day and source: a new day and source
    ///   is added, another weight for a stored one replaces it (the last one read wins), the same
    ///   weight changes nothing (``BodyWriter``).
    /// - Any failure rolls back every batch; bad data (a constraint, a non-finite number) is
    ///   ``StoreError/invalidData(path:file:detail:)`` naming the batch's file.
    ///
    /// A dry run executes the same statements in the same transaction and rolls it back, with
    /// cache spilling off so the database file itself is never written.
    ///
    /// - Returns: One outcome per batch; `sets` counts the sets of added and updated workouts.
    /// - Throws: ``StoreError``: `invalidData` (65), `busy` (75), `readOnly`, `sqlite` (74).
    public func apply(
        _ batches: [(batch: ImportBatch, log: ImportLogEntry)], dryRun: Bool
    ) throws(StoreError) -> [ImportOutcome] {
        try applyTracking(batches, dryRun: dryRun).map(\.outcome)
    }

    /// ``apply(_:dryRun:)``, also naming per batch the workouts it added or updated (a dry run:
    /// would add or update), so that `wkt-site import` warns only about those (docs/formats.md §6.3).
    public func applyTracking(
        _ batches: [(batch: ImportBatch, log: ImportLogEntry)], dryRun: Bool
    ) throws(StoreError) -> [AppliedBatch] {
        let writer = ImportWriter(storePath: path)
        do {
            return try write(writer, batches, dryRun: dryRun)
        } catch {
            // a write that failed (disk full, I/O error) may have left its journal; roll it
            // back now, so the command ends with the store as it was.
            settleAfterFailedWrite()
            throw error
        }
    }

    /// The body of ``apply(_:dryRun:)``: one IMMEDIATE transaction, rolled back for a dry run.
    private func write(
        _ writer: ImportWriter, _ batches: [(batch: ImportBatch, log: ImportLogEntry)], dryRun: Bool
    ) throws(StoreError) -> [AppliedBatch] {
        try run { queue throws in
            try queue.writeWithoutTransaction { db in
                if dryRun { try db.execute(sql: "PRAGMA cache_spill = OFF") }
                let result = Result { () throws -> [AppliedBatch] in
                    var outcomes: [AppliedBatch] = []
                    try db.inTransaction(.immediate) {
                        outcomes = try writer.apply(batches, db)
                        return dryRun ? .rollback : .commit
                    }
                    return outcomes
                }
                if dryRun { try db.execute(sql: "PRAGMA cache_spill = ON") }
                return try result.get()
            }
        }
    }

    /// All workouts in one read transaction, oldest first (``WktCore/WorkoutHistory`` sorts), plus
    /// the stored schedule and the bodyweight measurements (oldest first, by day, then source).
    ///
    /// SQLite's page cache (up to 2 MiB after reading every set) is let go once the history is in
    /// memory: a build reads nothing else from the store, and holding it beside the history
    /// only raised the build's peak memory. A later read simply reads its pages again.
    ///
    /// - Parameter secondReader: when a second connection reads sets of a store file (never of an
    ///   in-memory store) on another core, from the highest ids down, while this one reads from
    ///   the lowest up (``HistoryLoader/loadAll(_:)``; the same history either way).
    /// - Throws: ``StoreError``: `busy`, `corrupt`, `invalidStoredValue`, `sqlite`.
    public func loadHistory(secondReader: SecondSetReader = .now) throws(StoreError) -> WorkoutHistory {
        var loader = HistoryLoader(storePath: path)
        if path != ":memory:" {
            loader.tailReader = HistoryLoader.secondConnection(path: path)
            if case .handedTo(let start) = secondReader { loader.secondStart = start }
        }
        return try run { queue throws in
            let history = try queue.read { db in
                var history = WorkoutHistory(workouts: try loader.loadAll(db), storedSchedule: try loader.loadSchedule(db))
                history.body = try loader.loadBody(db)
                return history
            }
            queue.releaseMemory()
            return history
        }
    }

    /// The schema version (`PRAGMA user_version`, the number of the newest applied migration).
    public func schemaVersion() throws(StoreError) -> Int {
        try run { queue throws in
            try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        }
    }

    /// The connection's `journal_mode` (`delete`; `memory` in memory), `synchronous` (2 = FULL) and
    /// `foreign_keys` (1), read back from SQLite (S-08).
    public func pragmas() throws(StoreError) -> (journalMode: String, synchronous: Int, foreignKeys: Int) {
        try run { queue throws in
            try queue.writeWithoutTransaction { db in
                (
                    journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                    synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                    foreignKeys: try Int.fetchOne(db, sql: "PRAGMA foreign_keys") ?? -1
                )
            }
        }
    }

    /// `PRAGMA integrity_check` plus `PRAGMA foreign_key_check`: `"ok"` when both are clean,
    /// otherwise their findings joined with `"; "`.
    public func integrityCheck() throws(StoreError) -> String {
        try run { queue throws in
            try queue.read { db in
                var findings = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let foreignKeyRows = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                for row in foreignKeyRows {
                    let table: String = try row.decode(atIndex: 0)
                    let rowID: Int64? = try row.decode(atIndex: 1)
                    let parent: String = try row.decode(atIndex: 2)
                    findings.append("foreign key: \(table) row \(rowID.map(String.init) ?? "?") → missing \(parent)")
                }
                return findings.isEmpty ? "ok" : findings.joined(separator: "; ")
            }
        }
    }

    /// Every import-log row, oldest first.
    public func importLog() throws(StoreError) -> [ImportLogEntry] {
        try run { queue throws in
            try queue.read { db in
                try ImportLogRecord.order(ImportLogRecord.Columns.id).fetchAll(db).map(\.entry)
            }
        }
    }

    /// Runs `body` on the queue and maps any failure to a ``StoreError`` naming this store.
    func run<T>(_ body: (DatabaseQueue) throws -> T) throws(StoreError) -> T {
        do {
            return try body(queue)
        } catch {
            throw StoreError.wrap(error, path: path, busyTimeout: busyTimeout)
        }
    }
}
