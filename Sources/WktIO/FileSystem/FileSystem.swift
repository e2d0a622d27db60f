#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WktCore

/// What a path is, as `lstat` sees it (a symbolic link is never followed).
public enum FileKind: Sendable, Equatable {
    /// A regular file.
    case file
    /// A directory.
    case directory
    /// A symbolic link (its target is not looked at).
    case symlink
    /// A FIFO, socket or device.
    case other
}

/// The `lstat` facts `SitePublisher` needs about one path.
public struct FileInfo: Sendable, Equatable {
    /// What the path is.
    public let kind: FileKind
    /// The permission bits (`st_mode & 0o7777`).
    public let permissions: UInt32
    /// The size in bytes (for a symbolic link, the length of its target).
    public let size: Int
    /// The number of hard links (`st_nlink`).
    public let links: Int

    /// Facts about one path.
    public init(kind: FileKind, permissions: UInt32, size: Int, links: Int) {
        self.kind = kind
        self.permissions = permissions
        self.size = size
        self.links = links
    }
}

/// A failed file-system call: which operation, on which path, and the `errno` it set.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The operation that failed (`open`, `write`, `rename`, `renameat2`, …).
    public let operation: String
    /// The path it failed on (for two-path operations: `from -> to`).
    public let path: String
    /// The `errno` value (`ENOSPC`, `EACCES`, …).
    public let code: Int32

    /// A failure of `operation` on `path` with `errno` `code`.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The system's text for `code` ("No space left on device").
    public var reason: String { String(cString: strerror(code)) }

    /// `operation path: reason (errno N)`.
    public var description: String { "\(operation) \(path): \(reason) (errno \(code))" }
}

/// The file-system seam of `WktIO`: every disk access of `SitePublisher` and `TreeHash`
/// goes through these closures, so tests can wrap `.disk` and fail the Nth write or rename
/// (docs/reliability.md F-09), the way SQLite's I/O-error tests do.
///
/// Paths are plain POSIX paths. No operation follows a symbolic link in the last component,
/// and `removeTree` never follows one anywhere (F-13).
public struct FileSystem: Sendable {
    /// `lstat`: facts about a path, or `nil` when nothing is there.
    public let info: @Sendable (_ path: String) throws(FileSystemError) -> FileInfo?
    /// Creates one directory (the parent must exist) with exactly these permissions,
    /// whatever the `umask`; fails if the path exists.
    public let makeDirectory: @Sendable (_ path: String, _ permissions: UInt32) throws(FileSystemError) -> Void
    /// Creates or truncates a regular file, writes all bytes and closes it, with exactly these
    /// permissions whatever the `umask`. Never follows a symbolic link and never `fsync`s.
    public let writeFile: @Sendable (_ path: String, _ bytes: [UInt8], _ permissions: UInt32) throws(FileSystemError) -> Void
    /// Makes an existing regular file hold `bytes` by writing only `ranges` of them: opens it
    /// for writing without creating it or following a symbolic link, sets exactly these
    /// permissions if they differ, writes `bytes[range]` at offset `range.lowerBound` for
    /// each range (`pwrite`), truncates or extends it to `bytes.count` if its size differs,
    /// and closes it; never `fsync`s. Bytes outside the ranges are left as they are, so the
    /// caller must know they already match. A range outside `0...bytes.count` fails with
    /// `EINVAL` before anything is opened; a path that is not a regular file fails too
    /// (`ENOENT`, `ELOOP`, `EISDIR`, or `EINVAL` for a FIFO, socket or device).
    public let patchFile: @Sendable (
        _ path: String, _ bytes: [UInt8], _ ranges: [Range<Int>], _ permissions: UInt32
    ) throws(FileSystemError) -> Void
    /// Reads a whole regular file (a symbolic link is refused, not followed; a FIFO, socket or
    /// device fails with `EINVAL` without blocking).
    public let readFile: @Sendable (_ path: String) throws(FileSystemError) -> [UInt8]
    /// ``readFile`` then, unless `ranges` of the bytes read is nil, ``patchFile`` with the
    /// ranges it returns: what the publisher does to each page of a reused tree. `.disk` does it
    /// through one descriptor opened for reading and writing (one `open`, `fstat` and `close`
    /// fewer per page); when `ranges` returns nil the file is left exactly as it was. A
    /// failure before `ranges` is called is one of reading, after it one of writing.
    public let updateFile: @Sendable (
        _ path: String, _ bytes: [UInt8], _ permissions: UInt32, _ ranges: (_ old: [UInt8]) -> [Range<Int>]?
    ) throws(FileSystemError) -> Void
    /// Sets the permission bits of a file or directory (a symbolic link is refused).
    public let setPermissions: @Sendable (_ path: String, _ permissions: UInt32) throws(FileSystemError) -> Void
    /// Creates a symbolic link at `path` pointing at `target` (taken literally).
    public let makeSymlink: @Sendable (_ target: String, _ path: String) throws(FileSystemError) -> Void
    /// The target of a symbolic link, as stored.
    public let readSymlink: @Sendable (_ path: String) throws(FileSystemError) -> String
    /// The names in a directory, without `.` and `..`, sorted by their UTF-8 bytes.
    /// A name that is not valid UTF-8 fails with `EILSEQ`.
    public let listDirectory: @Sendable (_ path: String) throws(FileSystemError) -> [String]
    /// `rename(2)`.
    public let rename: @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void
    /// Atomically exchanges two existing paths (`renameat2(RENAME_EXCHANGE)`); fails with
    /// `EINVAL`, `ENOSYS`, `EXDEV` or `EOPNOTSUPP` where the file system cannot.
    public let renameExchange: @Sendable (_ first: String, _ second: String) throws(FileSystemError) -> Void
    /// Removes a file, a symbolic link or a whole directory tree, never following a symbolic
    /// link (a link to a directory elsewhere is unlinked, its target untouched). A missing path
    /// is not an error.
    public let removeTree: @Sendable (_ path: String) throws(FileSystemError) -> Void
    /// `realpath(3)`: the canonical absolute path (symbolic links resolved; the path must exist).
    public let resolve: @Sendable (_ path: String) throws(FileSystemError) -> String
    /// Flushes the whole file system holding `path` to stable storage (`syncfs`), once.
    public let syncFileSystem: @Sendable (_ path: String) throws(FileSystemError) -> Void
    /// `fsync`s a directory, making renames inside it durable.
    public let syncDirectory: @Sendable (_ path: String) throws(FileSystemError) -> Void

    /// A file system made of these operations (see each property for its contract);
    /// `updateFile` defaults to `readFile` followed by `patchFile` (what a test double that
    /// replaces either of them wants).
    public init(
        info: @escaping @Sendable (_ path: String) throws(FileSystemError) -> FileInfo?,
        makeDirectory: @escaping @Sendable (_ path: String, _ permissions: UInt32) throws(FileSystemError) -> Void,
        writeFile: @escaping @Sendable (_ path: String, _ bytes: [UInt8], _ permissions: UInt32) throws(FileSystemError) -> Void,
        patchFile: @escaping @Sendable (
            _ path: String, _ bytes: [UInt8], _ ranges: [Range<Int>], _ permissions: UInt32
        ) throws(FileSystemError) -> Void,
        readFile: @escaping @Sendable (_ path: String) throws(FileSystemError) -> [UInt8],
        setPermissions: @escaping @Sendable (_ path: String, _ permissions: UInt32) throws(FileSystemError) -> Void,
        makeSymlink: @escaping @Sendable (_ target: String, _ path: String) throws(FileSystemError) -> Void,
        readSymlink: @escaping @Sendable (_ path: String) throws(FileSystemError) -> String,
        listDirectory: @escaping @Sendable (_ path: String) throws(FileSystemError) -> [String],
        rename: @escaping @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void,
        renameExchange: @escaping @Sendable (_ first: String, _ second: String) throws(FileSystemError) -> Void,
        removeTree: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
        resolve: @escaping @Sendable (_ path: String) throws(FileSystemError) -> String,
        syncFileSystem: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
        syncDirectory: @escaping @Sendable (_ path: String) throws(FileSystemError) -> Void,
        updateFile: (@Sendable (
            _ path: String, _ bytes: [UInt8], _ permissions: UInt32, _ ranges: (_ old: [UInt8]) -> [Range<Int>]?
        ) throws(FileSystemError) -> Void)? = nil
    ) {
        self.info = info
        self.makeDirectory = makeDirectory
        self.writeFile = writeFile
        self.patchFile = patchFile
        self.readFile = readFile
        self.setPermissions = setPermissions
        self.makeSymlink = makeSymlink
        self.readSymlink = readSymlink
        self.listDirectory = listDirectory
        self.rename = rename
        self.renameExchange = renameExchange
        self.removeTree = removeTree
        self.resolve = resolve
        self.syncFileSystem = syncFileSystem
        self.syncDirectory = syncDirectory
        if let updateFile {
            self.updateFile = updateFile
        } else {
            self.updateFile = { (path: String, bytes: [UInt8], permissions: UInt32, ranges: ([UInt8]) -> [Range<Int>]?) throws(FileSystemError) in
                let old = try readFile(path)
                guard let wanted = ranges(old) else { return }
                try patchFile(path, bytes, wanted, permissions)
            }
        }
    }

    /// Whether anything (even a dangling symbolic link) is at `path`.
    public func exists(_ path: String) throws(FileSystemError) -> Bool {
        try info(path) != nil
    }

    /// Whether `path` is a real directory (a symbolic link to one is not).
    public func isDirectory(_ path: String) throws(FileSystemError) -> Bool {
        try info(path)?.kind == .directory
    }

    /// Whether `path` is a symbolic link.
    public func isSymlink(_ path: String) throws(FileSystemError) -> Bool {
        try info(path)?.kind == .symlink
    }
}

/// Joins a directory and a relative path with one `/`.
func joinPath(_ directory: String, _ relative: String) -> String {
    if relative.isEmpty { return directory }
    return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
}

/// Orders strings by their UTF-8 bytes (not by Swift's Unicode-aware `<`), so file-system
/// order never depends on normalisation.
func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    ByteOrder.precedes(lhs, rhs)
}
