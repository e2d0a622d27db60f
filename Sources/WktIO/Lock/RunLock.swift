#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `RunLock.acquire` did not get the lock. The run must stop: it never goes on unlocked
/// (docs/reliability.md C-08).
public enum LockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another open of the lock file holds it, and it stayed held for the whole wait.
    /// `holder` says who (`pid 1234`) when the system can tell.
    case busy(path: String, holder: String)
    /// The lock file cannot be opened or created (read-only folder, missing folder, …).
    case cannotOpen(path: String, failure: FileSystemError)
    /// The file system refuses `flock` (`ENOLCK`, `EOPNOTSUPP`, …).
    case unsupported(path: String, failure: FileSystemError)
    /// The path is not a `.lock` file (the store itself must never be locked this way:
    /// closing any descriptor of an SQLite file cancels SQLite's own POSIX locks).
    case invalidPath(path: String, reason: String)

    /// 75 busy (`EX_TEMPFAIL`), 74 I/O, 64 for a path that is not a lock file.
    public var exitCode: Int32 {
        switch self {
        case .busy: 75
        case .cannotOpen, .unsupported: 74
        case .invalidPath: 64
        }
    }

    /// One line for stderr naming the lock file and the cause.
    public var description: String {
        switch self {
        case let .busy(path, holder):
            "lock: '\(path)' is held by \(holder); another wkt-site run is in progress"
        case let .cannotOpen(path, failure):
            "lock: cannot open '\(path)': \(failure.reason) (errno \(failure.code)); not running unlocked"
        case let .unsupported(path, failure):
            "lock: the file system of '\(path)' does not support flock: \(failure.reason) (errno \(failure.code)); not running unlocked"
        case let .invalidPath(path, reason):
            "lock: '\(path)': \(reason)"
        }
    }
}

/// One run at a time (docs/reliability.md P2): an exclusive `flock` on a lock file next to the
/// store (`workouts.sqlite.lock`, see `lockPath(forStore:)`), held for the whole run.
///
/// The kernel drops the lock when the holding process dies, however it dies (`kill -9`
/// included), so it never goes stale and needs no clean-up (C-03). `flock` belongs to the
/// open file description, so a second `acquire` inside the same process is excluded too.
/// After acquiring, the lock file holds `pid <n>` so a contender can say who holds it.
public final class RunLock: Sendable {
    /// The lock file's path.
    public let path: String
    /// The open descriptor carrying the lock; closed when the object goes away.
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Closes the descriptor, which releases the lock if `release()` was not called.
    deinit { close(descriptor) }

    /// The lock file for a store: `<store>.lock`, never the store itself.
    public static func lockPath(forStore store: String) -> String { store + ".lock" }

    /// Takes the lock at `path`, retrying `flock(LOCK_EX | LOCK_NB)` until `wait` has passed.
    /// - Parameters:
    ///   - path: the lock file (created 0644 if missing); must end in `.lock`.
    ///   - wait: how long to keep trying; `.zero` tries once.
    /// - Returns: the held lock; it is released by `release()` or when the object goes away,
    ///   and by the kernel when the process dies.
    /// - Throws: `LockError.busy` (exit 75) when still held after `wait`; `.cannotOpen` or
    ///   `.unsupported` (exit 74) when the lock cannot be taken at all.
    public static func acquire(path: String, wait: Duration) throws(LockError) -> RunLock {
        try acquire(path: path, wait: wait, calls: .posix)
    }

    /// Takes the lock for a run that only **reads** the store (`build`, `stats`, `backup`): as
    /// `acquire`, except where the store's folder is read-only (docs/reliability.md A-06, S-09).
    ///
    /// In a read-only folder (a read-only mount, or a folder this user may not write) the lock
    /// file cannot be created, and no lock is needed either: a writer needs to create SQLite's
    /// journal in that same folder, so no import can run there. So:
    /// - the lock file exists but cannot be opened for writing: it is opened read-only and locked
    ///   as usual (`flock` needs no write access), so a writer of another user is still excluded;
    /// - it does not exist and cannot be created (`EROFS`, `EACCES`, `EPERM`) and the folder is
    ///   read-only (`statvfs` says `ST_RDONLY`, or `access(W_OK)` fails): returns nil, and the run
    ///   goes on without a lock;
    /// - anything else is the same error as `acquire` (C-08: never unlocked by accident).
    /// - Returns: the held lock, or nil when the folder is read-only and holds no lock file.
    public static func acquireForReading(path: String, wait: Duration) throws(LockError) -> RunLock? {
        try acquire(path: path, wait: wait, calls: .posix, readOnlyFolderNeedsNoLock: true)
    }

    /// `acquire` over injectable system calls (tests simulate a file system without `flock`, or
    /// a read-only folder).
    static func acquire(path: String, wait: Duration, calls: LockCalls) throws(LockError) -> RunLock {
        // Without the read-only exemption the result is never nil.
        guard let lock = try acquire(path: path, wait: wait, calls: calls, readOnlyFolderNeedsNoLock: false) else {
            throw .cannotOpen(path: path, failure: FileSystemError(operation: "open", path: path, code: EROFS))
        }
        return lock
    }

    /// The one implementation of `acquire` and `acquireForReading`.
    static func acquire(
        path: String, wait: Duration, calls: LockCalls, readOnlyFolderNeedsNoLock: Bool
    ) throws(LockError) -> RunLock? {
        guard path.hasSuffix(".lock"), path.split(separator: "/").last != ".lock" else {
            throw .invalidPath(path: path, reason: "a lock file's name must end in '.lock' (never lock the store itself)")
        }
        var descriptor = calls.open(path)
        if descriptor < 0 {
            let code = calls.lastError()
            let failure = LockError.cannotOpen(path: path, failure: FileSystemError(operation: "open", path: path, code: code))
            guard readOnlyFolderNeedsNoLock, code == EROFS || code == EACCES || code == EPERM else { throw failure }
            descriptor = calls.openExisting(path)
            if descriptor < 0 {
                let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
                guard calls.lastError() == ENOENT, calls.folderIsReadOnly(folder.isEmpty ? "/" : folder) else {
                    throw failure
                }
                return nil
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while true {
            if calls.lock(descriptor) == 0 { break }
            let code = calls.lastError()
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw .unsupported(path: path, failure: FileSystemError(operation: "flock", path: path, code: code))
            }
            let remaining = deadline - clock.now
            if remaining <= .zero {
                let holder = LockHolder.describe(descriptor: descriptor)
                close(descriptor)
                throw .busy(path: path, holder: holder)
            }
            LockHolder.pause(min(remaining, .milliseconds(20)))
        }
        LockHolder.record(pid: getpid(), descriptor: descriptor)
        return RunLock(path: path, descriptor: descriptor)
    }

    /// Releases the lock (`flock(LOCK_UN)`). Calling it again does nothing; the descriptor is
    /// closed when the object goes away.
    public func release() {
        _ = flock(descriptor, LOCK_UN)
    }
}

/// The system calls `RunLock.acquire` makes, injectable for tests.
struct LockCalls: Sendable {
    /// Opens (creating if needed) the lock file; returns -1 on failure.
    let open: @Sendable (String) -> Int32
    /// `flock(fd, LOCK_EX | LOCK_NB)`; returns 0 or -1.
    let lock: @Sendable (Int32) -> Int32
    /// The `errno` of the last failed call.
    let lastError: @Sendable () -> Int32
    /// Opens an existing lock file read-only (never creates); returns -1 on failure.
    let openExisting: @Sendable (String) -> Int32
    /// Whether nobody can create files in the folder through this process: a read-only mount, or
    /// a folder this user may not write.
    let folderIsReadOnly: @Sendable (String) -> Bool

    init(
        open: @escaping @Sendable (String) -> Int32,
        lock: @escaping @Sendable (Int32) -> Int32,
        lastError: @escaping @Sendable () -> Int32,
        openExisting: @escaping @Sendable (String) -> Int32 = LockHolder.openExistingLockFile,
        folderIsReadOnly: @escaping @Sendable (String) -> Bool = LockHolder.folderIsReadOnly
    ) {
        self.open = open
        self.lock = lock
        self.lastError = lastError
        self.openExisting = openExisting
        self.folderIsReadOnly = folderIsReadOnly
    }

    /// The real calls.
    static let posix = LockCalls(
        open: LockHolder.openLockFile,
        lock: { descriptor in flock(descriptor, LOCK_EX | LOCK_NB) },
        lastError: { errno }
    )
}
