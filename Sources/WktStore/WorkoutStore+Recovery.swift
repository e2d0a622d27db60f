import Foundation
import GRDB

extension WorkoutStore {
    /// The rollback journal SQLite keeps next to the store while a write transaction runs
    /// (`journal_mode=DELETE`): `<store>-journal`.
    public static func journalPath(forStore path: String) -> String { path + "-journal" }

    /// Whether a rollback journal that may be "hot" sits next to the store: an import is writing
    /// right now, or one was interrupted (killed, power loss, a failed write) and left a journal
    /// that must be rolled back before the store can be read. As in SQLite's own test, a journal
    /// that is empty or starts with a zero byte is never hot (SQLite ignores it).
    public static func hasJournal(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: journalPath(forStore: path)) else { return false }
        defer { try? handle.close() }
        guard let first = try? handle.read(upToCount: 1), let byte = first.first else { return false }
        return byte != 0
    }

    /// Rolls back what an interrupted write left behind (docs/reliability.md A-01, A-02).
    ///
    /// A killed import, or one whose write or fsync failed, leaves its rollback journal behind.
    /// SQLite rolls such a "hot" journal back the next time a **writable** connection reads the
    /// store, restoring the pages and the file size of the last commit and deleting the journal;
    /// a read-only open cannot, and fails with `SQLITE_READONLY_ROLLBACK`. So a command that reads
    /// the store calls this first: it opens the store read-write (no migrations, no schema change),
    /// reads one row of `sqlite_master`, which makes SQLite roll the journal back, and closes it.
    ///
    /// Call it while holding the run lock, so no other wkt-site writer runs. A journal that belongs
    /// to a live writer of another program is not hot (its owner holds SQLite's RESERVED lock), so
    /// SQLite leaves it alone and this returns false.
    ///
    /// - Parameter path: The store file; nothing happens when it or its journal does not exist.
    /// - Returns: Whether a journal was there before and is gone now.
    /// - Throws: ``StoreError/interruptedWrite(path:detail:)`` when the journal cannot be rolled back
    ///   (no write access to the store or its folder), `busy`, `corrupt`, `sqlite`.
    @discardableResult
    public static func recoverInterruptedWrite(path: String) throws(StoreError) -> Bool {
        guard FileManager.default.fileExists(atPath: path), hasJournal(path: path) else { return false }
        var config = Configuration()
        config.busyMode = .timeout(defaultBusyTimeout)
        config.label = "wkt-store-recovery"
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.inDatabase { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
            }
            try queue.close()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY
            || error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_IOERR
        {
            throw .interruptedWrite(
                path: path,
                detail: error.resultCode == .SQLITE_IOERR
                    ? "SQLite could not write the store or delete the journal: \(error.message ?? "I/O error")"
                    : "no write access to the store file or its folder")
        } catch {
            throw StoreError.wrap(error, path: path, busyTimeout: defaultBusyTimeout)
        }
        return !hasJournal(path: path)
    }

    /// After a failed write, reads once through the same connection: SQLite then rolls back a
    /// journal the failed write left (a failed page write or fsync puts the pager in an error
    /// state that keeps the journal until the next read), so the command ends with the store as
    /// it was (docs/reliability.md A-02). Best effort: when even that fails (the disk keeps failing),
    /// the next open rolls the journal back (``recoverInterruptedWrite(path:)``).
    func settleAfterFailedWrite() {
        _ = try? queue.inDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }

    /// The number of workouts in the store.
    public func workoutCount() throws(StoreError) -> Int {
        try run { queue throws in
            try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM workout") ?? 0 }
        }
    }

    /// Writes a consistent copy of the store to `destination` with `VACUUM INTO` (docs/reliability.md
    /// P4, S-10): SQLite reads the store in one read transaction, so the copy is exactly one
    /// committed state, even if another program writes meanwhile; the copy is compact and has no
    /// journal. `destination` must not exist (or be empty). The copy is not fsynced here; the
    /// caller syncs it before renaming it into place.
    ///
    /// - Throws: ``StoreError/backupFailed(path:destination:detail:)``, `busy`, `diskFull`.
    public func backup(into destination: String) throws(StoreError) {
        do {
            try queue.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [destination]) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_FULL {
            throw StoreError.wrap(error, path: path, busyTimeout: busyTimeout)
        } catch let error as DatabaseError {
            throw .backupFailed(path: path, destination: destination, detail: error.message ?? "\(error.resultCode)")
        } catch {
            throw .backupFailed(path: path, destination: destination, detail: String(describing: error))
        }
    }
}
