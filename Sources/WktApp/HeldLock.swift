import Foundation
import WktIO

/// The run lock next to the store (`workouts.sqlite.lock`), held for a whole command.
struct HeldLock {
    /// The lock; nil for a reading command in a read-only folder, where no lock is needed.
    private let lock: RunLock?

    /// Takes the lock for a command that writes the store (`import`), waiting at most
    /// `WKT_LOCK_WAIT` seconds (default 2), else fails busy (75). A store folder where the lock
    /// file cannot be created is an I/O error (74) saying the store is read-only.
    static func acquire(storePath: String, env: AppEnvironment) throws -> HeldLock {
        let lock: RunLock
        do {
            lock = try RunLock.acquire(path: RunLock.lockPath(forStore: storePath), wait: wait(env))
        } catch {
            guard case let .cannotOpen(path, failure) = error,
                  [EROFS, EACCES, EPERM].contains(failure.code)
            else { throw error }
            throw AppFailure(
                message: "store \(storePath) is read-only: the lock file \(path) cannot be created "
                    + "(\(failure.reason)) — importing needs write access to the store and its folder; nothing was imported",
                exitCode: ExitStatus.ioError)
        }
        return HeldLock(lock: lock)
    }

    /// Takes the lock for a command that only reads the store (`build`, `stats`, `backup`),
    /// waiting as ``acquire(storePath:env:)``. In a read-only store folder without a lock file the
    /// command goes on unlocked: no writer can run there either (docs/reliability.md A-06, S-09).
    static func acquireForReading(storePath: String, env: AppEnvironment) throws -> HeldLock {
        HeldLock(lock: try RunLock.acquireForReading(path: RunLock.lockPath(forStore: storePath), wait: wait(env)))
    }

    /// `WKT_LOCK_WAIT` in seconds (0–3600, default 2).
    private static func wait(_ env: AppEnvironment) -> Duration {
        let seconds = env.variables["WKT_LOCK_WAIT"].flatMap(Double.init).map { max(0, min($0, 3600)) } ?? 2
        return .milliseconds(Int(seconds * 1000))
    }

    /// Releases the lock (the kernel also drops it if the process dies).
    func release() { lock?.release() }
}
