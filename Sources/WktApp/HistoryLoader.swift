import Foundation
import WktCore
import WktIO
import WktStore

/// Opens the store a read-only command works on.
enum HistoryLoader {
    /// The store, read-only; nil when it does not exist yet (a new user's first `build` shows the
    /// "how to import" page and `stats` an empty summary, not an error).
    ///
    /// First rolls back what an interrupted import left (docs/reliability.md A-01): a killed import, or
    /// one that hit a full disk, leaves a "hot" rollback journal that a read-only open cannot roll
    /// back. The roll-back happens under the run lock: `lock` when the command holds it (`build`,
    /// `backup`), else the lock is taken just for the roll-back (`stats`, `export`), waiting
    /// `WKT_LOCK_WAIT`. If another run holds it all that time, the journal is that run's live one
    /// and SQLite's own locks let this command read the last committed state.
    static func open(storePath: String, lock: HeldLock?, env: AppEnvironment) throws -> WorkoutStore? {
        guard FileManager.default.fileExists(atPath: storePath) else { return nil }
        if WorkoutStore.hasJournal(path: storePath) {
            if lock != nil {
                try WorkoutStore.recoverInterruptedWrite(path: storePath)
            } else {
                do {
                    let brief = try HeldLock.acquireForReading(storePath: storePath, env: env)
                    defer { brief.release() }
                    try WorkoutStore.recoverInterruptedWrite(path: storePath)
                } catch LockError.busy {
                    // Another run holds the lock: the journal is its live one, not hot.
                }
            }
        }
        return try WorkoutStore.open(path: storePath, mode: .readOnly)
    }

    /// The store's history in one read transaction (empty when there is no store yet), and the
    /// hint line for stderr when the store is missing.
    static func load(storePath: String, env: AppEnvironment) throws -> (WorkoutHistory, String?) {
        guard let store = try open(storePath: storePath, lock: nil, env: env) else {
            return (WorkoutHistory(workouts: []), missingStoreHint(storePath))
        }
        return (try store.loadHistory(), nil)
    }

    /// What to tell a user whose store does not exist yet.
    static func missingStoreHint(_ storePath: String) -> String {
        "wkt-site: no store at \(storePath) yet — run `wkt-site import FILE` first"
    }

    /// The history statistics and pages are built from: Apple Health copies of workouts another
    /// app also logged are counted once (``SyncedDuplicates``), with a note saying how many.
    static func forStatistics(_ history: WorkoutHistory) -> (WorkoutHistory, String?) {
        let (kept, removed) = SyncedDuplicates.removingHealthCopies(from: history)
        guard removed > 0 else { return (history, nil) }
        return (kept, "wkt-site: note: \(removed) Apple Health workouts overlap workouts logged in another app "
            + "and are counted once (the other app's copy, with its sets, is kept)")
    }
}
