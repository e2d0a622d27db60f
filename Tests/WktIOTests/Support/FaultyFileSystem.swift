import Synchronization
import WktIO

#if canImport(Glibc)
import Glibc
#endif

/// Counts the mutating calls (writes, directory creations, renames, exchanges, links,
/// permission changes) and fails the Nth one — once, or it and every later one — with `EIO`,
/// the way SQLite's I/O-error tests do (RELIABILITY F-09). Removal is never failed, so the
/// publisher's clean-up can be checked.
@available(macOS 15, *)
final class FaultPlan: Sendable {
    /// The 1-based number of the first call that fails.
    let failAt: Int
    /// Whether every call after `failAt` fails too.
    let persistent: Bool
    private let calls = Mutex(0)
    private let fired = Mutex(false)

    init(failAt: Int, persistent: Bool) {
        self.failAt = failAt
        self.persistent = persistent
    }

    /// Whether an injected failure happened.
    var hasFired: Bool { fired.withLock { $0 } }

    /// Counts one call and throws if it is to fail.
    func check(_ operation: String, _ path: String) throws(FileSystemError) {
        let number = calls.withLock { count in
            count += 1
            return count
        }
        if number == failAt || (persistent && number > failAt) {
            fired.withLock { $0 = true }
            throw FileSystemError(operation: "injected-\(operation)", path: path, code: EIO)
        }
    }

    /// `.disk` with this plan's failures injected.
    var fileSystem: FileSystem {
        let disk = FileSystem.disk
        return FileSystem(
            info: disk.info,
            makeDirectory: { (path: String, mode: UInt32) throws(FileSystemError) in
                try self.check("mkdir", path)
                try disk.makeDirectory(path, mode)
            },
            writeFile: { (path: String, bytes: [UInt8], mode: UInt32) throws(FileSystemError) in
                try self.check("write", path)
                try disk.writeFile(path, bytes, mode)
            },
            readFile: disk.readFile,
            setPermissions: { (path: String, mode: UInt32) throws(FileSystemError) in
                try self.check("chmod", path)
                try disk.setPermissions(path, mode)
            },
            makeSymlink: { (target: String, path: String) throws(FileSystemError) in
                try self.check("symlink", path)
                try disk.makeSymlink(target, path)
            },
            readSymlink: disk.readSymlink,
            listDirectory: disk.listDirectory,
            rename: { (from: String, to: String) throws(FileSystemError) in
                try self.check("rename", from)
                try disk.rename(from, to)
            },
            renameExchange: { (first: String, second: String) throws(FileSystemError) in
                try self.check("exchange", first)
                try disk.renameExchange(first, second)
            },
            removeTree: disk.removeTree,
            resolve: disk.resolve,
            syncFileSystem: disk.syncFileSystem,
            syncDirectory: disk.syncDirectory
        )
    }
}

/// `.disk`, except that `renameat2(RENAME_EXCHANGE)` fails with `EINVAL`, as on a file
/// system that cannot exchange: the publisher must fall back to two renames.
func withoutExchange(_ base: FileSystem) -> FileSystem {
    FileSystem(
        info: base.info, makeDirectory: base.makeDirectory, writeFile: base.writeFile, readFile: base.readFile,
        setPermissions: base.setPermissions, makeSymlink: base.makeSymlink, readSymlink: base.readSymlink,
        listDirectory: base.listDirectory, rename: base.rename,
        renameExchange: { (first: String, _: String) throws(FileSystemError) in
            throw FileSystemError(operation: "renameat2", path: first, code: EINVAL)
        },
        removeTree: base.removeTree, resolve: base.resolve,
        syncFileSystem: base.syncFileSystem, syncDirectory: base.syncDirectory
    )
}
