import Synchronization
import WktIO

#if canImport(Glibc)
import Glibc
#endif

/// A mutating file-system call with two arguments (mkdir, chmod, symlink, rename, exchange).
typealias TwoArgumentCall<A, B> = @Sendable (A, B) throws(FileSystemError) -> Void

/// The shape of `FileSystem.patchFile`: path, new bytes, ranges to write, permissions.
typealias PatchCall = @Sendable (String, [UInt8], [Range<Int>], UInt32) throws(FileSystemError) -> Void

/// Test doubles built from `.disk`.
extension FileSystem {
    /// This file system with some mutating calls replaced (the others, and every read, kept).
    func replacing(
        makeDirectory: TwoArgumentCall<String, UInt32>? = nil,
        writeFile: (@Sendable (String, [UInt8], UInt32) throws(FileSystemError) -> Void)? = nil,
        patchFile: PatchCall? = nil,
        setPermissions: TwoArgumentCall<String, UInt32>? = nil,
        makeSymlink: TwoArgumentCall<String, String>? = nil,
        rename: TwoArgumentCall<String, String>? = nil,
        renameExchange: TwoArgumentCall<String, String>? = nil,
        removeTree: (@Sendable (String) throws(FileSystemError) -> Void)? = nil,
        readFile: (@Sendable (String) throws(FileSystemError) -> [UInt8])? = nil
    ) -> FileSystem {
        FileSystem(
            info: info,
            makeDirectory: makeDirectory ?? self.makeDirectory,
            writeFile: writeFile ?? self.writeFile,
            patchFile: patchFile ?? self.patchFile,
            readFile: readFile ?? self.readFile,
            setPermissions: setPermissions ?? self.setPermissions,
            makeSymlink: makeSymlink ?? self.makeSymlink,
            readSymlink: readSymlink,
            listDirectory: listDirectory,
            rename: rename ?? self.rename,
            renameExchange: renameExchange ?? self.renameExchange,
            removeTree: removeTree ?? self.removeTree,
            resolve: resolve,
            syncFileSystem: syncFileSystem,
            syncDirectory: syncDirectory
        )
    }
}

/// Counts the mutating calls (writes, patches, directory creations, renames, exchanges, links,
/// permission changes) and fails the Nth one — once, or it and every later one — with `EIO`,
/// the way SQLite's I/O-error tests do (docs/reliability.md F-09). Removal is never failed, so the
/// publisher's clean-up can be checked.
@available(macOS 15, *)
final class FaultPlan: Sendable {
    /// The 1-based number of the first call that fails.
    let failAt: Int
    /// Whether every call after `failAt` fails too.
    let persistent: Bool
    private let calls = Mutex(0)
    private let fired = Mutex(false)
    private let failed = Mutex<Set<String>>([])

    /// A plan failing call number `failAt` (and every later one when `persistent`).
    init(failAt: Int, persistent: Bool) {
        self.failAt = failAt
        self.persistent = persistent
    }

    /// Whether an injected failure happened.
    var hasFired: Bool { fired.withLock { $0 } }

    /// The operations (`write`, `patch`, `mkdir`, …) an injected failure hit so far.
    var failedOperations: Set<String> { failed.withLock { $0 } }

    /// Counts one call and throws if it is to fail.
    func check(_ operation: String, _ path: String) throws(FileSystemError) {
        let number = calls.withLock { count in
            count += 1
            return count
        }
        if number == failAt || (persistent && number > failAt) {
            fired.withLock { $0 = true }
            failed.withLock { _ = $0.insert(operation) }
            throw FileSystemError(operation: "injected-\(operation)", path: path, code: EIO)
        }
    }

    /// `call`, counted (and maybe failed) first; its first argument names the path.
    private func counted<A: Sendable, B: Sendable>(
        _ operation: String, _ call: @escaping TwoArgumentCall<A, B>
    ) -> TwoArgumentCall<A, B> {
        { (first: A, second: B) throws(FileSystemError) in
            try self.check(operation, "\(first)")
            try call(first, second)
        }
    }

    /// `.disk` with this plan's failures injected.
    var fileSystem: FileSystem {
        let disk = FileSystem.disk
        return disk.replacing(
            makeDirectory: counted("mkdir", disk.makeDirectory),
            writeFile: { (path: String, bytes: [UInt8], mode: UInt32) throws(FileSystemError) in
                try self.check("write", path)
                try disk.writeFile(path, bytes, mode)
            },
            patchFile: { (path: String, bytes: [UInt8], ranges: [Range<Int>], mode: UInt32) throws(FileSystemError) in
                try self.check("patch", path)
                try disk.patchFile(path, bytes, ranges, mode)
            },
            setPermissions: counted("chmod", disk.setPermissions),
            makeSymlink: counted("symlink", disk.makeSymlink),
            rename: counted("rename", disk.rename),
            renameExchange: counted("exchange", disk.renameExchange)
        )
    }
}

/// `base`, except that `renameat2(RENAME_EXCHANGE)` fails with `EINVAL`, as on a file
/// system that cannot exchange: the publisher must fall back to two renames.
func withoutExchange(_ base: FileSystem) -> FileSystem {
    base.replacing(renameExchange: { (first: String, _: String) throws(FileSystemError) in
        throw FileSystemError(operation: "renameat2", path: first, code: EINVAL)
    })
}
