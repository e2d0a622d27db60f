import WktIO

/// The run lock next to the store (`workouts.sqlite.lock`), held for a whole command.
struct HeldLock {
    private let lock: RunLock

    /// Takes the lock, waiting at most `WKT_LOCK_WAIT` seconds (default 2), else fails busy (75).
    static func acquire(storePath: String, env: AppEnvironment) throws -> HeldLock {
        let seconds = env.variables["WKT_LOCK_WAIT"].flatMap(Double.init).map { max(0, min($0, 3600)) } ?? 2
        let lock = try RunLock.acquire(path: storePath + ".lock", wait: .milliseconds(Int(seconds * 1000)))
        return HeldLock(lock: lock)
    }

    /// Releases the lock (the kernel also drops it if the process dies).
    func release() { lock.release() }
}
