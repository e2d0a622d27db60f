import Dispatch
import Synchronization
import Foundation
import Testing
@testable import WktIO

@Suite("RunLock (P2, C-03, C-08)")
struct RunLockTests {
    /// The error `acquire` throws, or nil (the lock, if taken, is dropped at once).
    private func lockError(_ path: String, wait: Duration = .zero, calls: LockCalls = .posix) -> LockError? {
        do {
            _ = try RunLock.acquire(path: path, wait: wait, calls: calls)
            return nil
        } catch {
            return error
        }
    }

    @Test("the lock file of a store is <store>.lock")
    func lockPath() {
        #expect(RunLock.lockPath(forStore: "/data/workouts.sqlite") == "/data/workouts.sqlite.lock")
    }

    @Test("a second acquire in the same process is busy after the bounded wait; after release it works")
    func sameProcess() throws {
        let scratch = try Scratch("lock")
        defer { scratch.remove() }
        let path = scratch.at("workouts.sqlite.lock")
        let held = try RunLock.acquire(path: path, wait: .zero)
        let clock = ContinuousClock()
        let start = clock.now
        let error = lockError(path, wait: .milliseconds(300))
        let waited = clock.now - start
        #expect(error == .busy(path: path, holder: "pid \(getpid())"))
        #expect(error?.exitCode == 75)
        #expect(error?.description == "lock: '\(path)' is held by pid \(getpid()); another wkt-site run is in progress")
        #expect(waited >= .milliseconds(300))
        #expect(waited < .seconds(3))
        held.release()
        held.release()
        let again = try RunLock.acquire(path: path, wait: .zero)
        #expect(again.path == path)
        #expect(scratch.read("workouts.sqlite.lock") == "pid \(getpid())\n")
    }

    @Test("a lock dropped without release is free again")
    func droppedLock() throws {
        let scratch = try Scratch("lock-drop")
        defer { scratch.remove() }
        let path = scratch.at("a.lock")
        do { _ = try RunLock.acquire(path: path, wait: .zero) }
        _ = try RunLock.acquire(path: path, wait: .zero)
    }

    @Test("a waiting acquire gets the lock once the holder releases it")
    func waitSucceeds() throws {
        let scratch = try Scratch("lock-wait")
        defer { scratch.remove() }
        let path = scratch.at("a.lock")
        let held = try RunLock.acquire(path: path, wait: .zero)
        // The waiter blocks in acquire, so it runs on a Dispatch thread, not on Swift
        // concurrency's small pool, which other tests' blocking work may be holding.
        let acquired = Mutex(false)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let lock = try? RunLock.acquire(path: path, wait: .seconds(5))
            acquired.withLock { $0 = lock != nil }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        held.release()
        done.wait()
        #expect(acquired.withLock { $0 })
    }

    @Test("C-03: a child process holding the lock makes us busy; after kill -9 the lock is free at once",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func childProcess() throws {
        let scratch = try Scratch("lock-child")
        defer { scratch.remove() }
        let path = scratch.at("workouts.sqlite.lock")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // --no-fork: flock execs sleep, so one process (this pid) holds the lock.
        child.arguments = ["--exclusive", "--no-fork", path, "sleep", "30"]
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        // Wait until the child has the lock.
        var error: LockError?
        for _ in 0..<250 {
            error = lockError(path)
            if error != nil { break }
            usleep(20_000)
        }
        #expect(error == .busy(path: path, holder: "pid \(child.processIdentifier)"))
        #expect(kill(child.processIdentifier, SIGKILL) == 0)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let lock = try RunLock.acquire(path: path, wait: .zero)
        lock.release()
    }

    @Test("C-08: a lock file that cannot be created is a clear error, never a run without the lock")
    func readOnlyFolder() throws {
        let scratch = try Scratch("lock-ro")
        defer { scratch.remove() }
        // root ignores folder permissions; sysfs refuses new files even to root.
        let folder = geteuid() == 0 ? "/sys" : scratch.at("ro")
        if geteuid() != 0 {
            try scratch.makeFolder("ro")
            #expect(chmod(folder, 0o555) == 0)
        }
        let path = folder + "/workouts.sqlite.lock"
        let error = lockError(path)
        guard case let .cannotOpen(failedPath, failure) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(failure.code == EACCES || failure.code == EROFS)
        #expect(error?.exitCode == 74)
    }

    @Test("C-08: a file system without flock is a clear error (ENOLCK)")
    func noFlock() throws {
        let scratch = try Scratch("lock-nolck")
        defer { scratch.remove() }
        let path = scratch.at("a.lock")
        let failing = LockCalls(open: LockCalls.posix.open, lock: { _ in -1 }, lastError: { ENOLCK })
        let error = lockError(path, calls: failing)
        #expect(error == .unsupported(path: path, failure: FileSystemError(operation: "flock", path: path, code: ENOLCK)))
        #expect(error?.exitCode == 74)
        #expect(error?.description.contains("not running unlocked") == true)
    }

    @Test("the store itself is never used as the lock file")
    func storeRefused() {
        let error = lockError("/tmp/workouts.sqlite")
        #expect(error == .invalidPath(
            path: "/tmp/workouts.sqlite",
            reason: "a lock file's name must end in '.lock' (never lock the store itself)"
        ))
        #expect(error?.exitCode == 64)
        #expect(lockError("/tmp/.lock")?.exitCode == 64)
    }
}
