import Foundation
import Testing
@testable import WktIO

/// The run lock of commands that only read the store, in read-only folders (docs/reliability.md A-06,
/// S-09, C-08). Root ignores folder permissions, so the decisions are tested through injected
/// system calls; the end-to-end tests in WktAppTests run the binary on a real read-only mount.
/// A value shared with the injected calls.
private final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}

@Suite("RunLock for reading commands in read-only folders (A-06, S-09, C-08)")
struct RunLockReadOnlyTests {
    /// System calls where creating the lock file fails with `createError`, opening an existing one
    /// read-only gives `existing` (a descriptor or -1 with `existingError`), and the folder is
    /// read-only or not. `asked` records the folders checked.
    private func calls(
        createError: Int32, existing: @escaping @Sendable (String) -> Int32 = { _ in -1 },
        existingError: Int32 = ENOENT, folderReadOnly: Bool, asked: Shared<[String]>? = nil
    ) -> LockCalls {
        let lastError = Shared<Int32>(0)
        return LockCalls(
            open: { _ in
                lastError.set { $0 = createError }
                return -1
            },
            lock: { descriptor in
                let result = LockCalls.posix.lock(descriptor)
                if result != 0 { lastError.set { $0 = errno } }
                return result
            },
            lastError: { lastError.get() },
            openExisting: { path in
                let descriptor = existing(path)
                if descriptor < 0 { lastError.set { $0 = existingError } }
                return descriptor
            },
            folderIsReadOnly: { folder in
                asked?.set { $0.append(folder) }
                return folderReadOnly
            })
    }

    private func acquire(_ path: String, _ calls: LockCalls, reading: Bool) -> Result<RunLock?, LockError> {
        Result { () throws(LockError) in
            try RunLock.acquire(path: path, wait: .zero, calls: calls, readOnlyFolderNeedsNoLock: reading)
        }
    }

    @Test("A-06: no lock file and a read-only folder (EROFS, EACCES, EPERM): a reading command goes on without a lock",
          arguments: [EROFS, EACCES, EPERM])
    func readOnlyFolderNeedsNoLock(code: Int32) throws {
        let asked = Shared<[String]>([])
        let result = acquire("/data/store/workouts.sqlite.lock", calls(createError: code, folderReadOnly: true, asked: asked), reading: true)
        guard case .success(let lock) = result else {
            Issue.record("expected to go on unlocked, got \(result)")
            return
        }
        #expect(lock == nil)
        #expect(asked.get() == ["/data/store"], "the decision checks the lock file's folder")
    }

    @Test("C-08 still holds for writers and for anything but a read-only folder: never unlocked by accident")
    func otherwiseAnError() {
        let path = "/data/store/workouts.sqlite.lock"
        // A writer (import) in a read-only folder: a clear error.
        guard case .failure(.cannotOpen(_, let failure)) = acquire(path, calls(createError: EROFS, folderReadOnly: true), reading: false) else {
            Issue.record("a writer must not run unlocked")
            return
        }
        #expect(failure.code == EROFS)
        // The folder is writable after all (e.g. an EACCES from an ACL on the lock file): an error.
        if case .success = acquire(path, calls(createError: EACCES, folderReadOnly: false), reading: true) {
            Issue.record("a writable folder whose lock file cannot be opened must be an error")
        }
        // Other open errors (a missing folder, too many files): an error.
        for code in [ENOENT, EMFILE, ENOSPC] {
            if case .success = acquire(path, calls(createError: code, folderReadOnly: true), reading: true) {
                Issue.record("errno \(code) must be an error")
            }
        }
        // The lock file exists but cannot even be opened read-only: an error, not unlocked.
        if case .success = acquire(path, calls(createError: EACCES, existingError: EACCES, folderReadOnly: true), reading: true) {
            Issue.record("an unreadable existing lock file must be an error")
        }
    }

    @Test("S-09: an existing lock file that cannot be written is opened read-only and locked as usual, so a writer is still excluded")
    func existingLockFileLockedReadOnly() throws {
        let scratch = try Scratch("lock-ro-existing")
        defer { scratch.remove() }
        let path = scratch.at("workouts.sqlite.lock")
        try scratch.write("workouts.sqlite.lock", "")
        let readOnlyOpen = calls(
            createError: EACCES, existing: { LockHolder.openExistingLockFile($0) }, folderReadOnly: true)
        guard case .success(let lock?) = acquire(path, readOnlyOpen, reading: true) else {
            Issue.record("expected a held lock")
            return
        }
        // Another run (with a writable descriptor) is now busy.
        #expect(throws: LockError.self) { try RunLock.acquire(path: path, wait: .zero) }
        lock.release()
        let writer = try RunLock.acquire(path: path, wait: .zero)
        // And while the writer holds it, the reading run is busy (75), not unlocked.
        guard case .failure(.busy) = acquire(path, readOnlyOpen, reading: true) else {
            Issue.record("a reader must wait for a writer that holds the lock")
            return
        }
        writer.release()
    }

    @Test("the real folder check: a writable folder is not read-only; /proc/1 is (not writable, even by root)")
    func folderCheck() throws {
        let scratch = try Scratch("lock-ro-check")
        defer { scratch.remove() }
        #expect(!LockHolder.folderIsReadOnly(scratch.path))
        // procfs refuses write access to a process folder to everyone, root included (EPERM).
        if access("/proc/1", F_OK) == 0 && access("/proc/1", W_OK) != 0 {
            #expect(LockHolder.folderIsReadOnly("/proc/1"))
        }
        let result = Result { () throws(LockError) in try RunLock.acquireForReading(path: scratch.at("w.sqlite.lock"), wait: .zero) }
        guard case .success(let lock?) = result else {
            Issue.record("a writable folder gets a real lock: \(result)")
            return
        }
        lock.release()
    }
}
