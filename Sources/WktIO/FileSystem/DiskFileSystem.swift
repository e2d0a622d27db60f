#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRenameExchange

/// The POSIX implementation of the seam.
extension FileSystem {
    /// The real disk through POSIX calls: `open`/`write`/`close` with explicit modes and no
    /// `fsync` per file (Foundation's `Data.write` fsyncs every file: 3.7 s for 2,199 pages,
    /// docs/product.md), `renameat2(RENAME_EXCHANGE)` from the `CRenameExchange` C target, and a
    /// descriptor-relative tree removal that never follows symbolic links.
    public static let disk = FileSystem(
        info: DiskCalls.info,
        makeDirectory: DiskCalls.makeDirectory,
        writeFile: DiskCalls.writeFile,
        patchFile: DiskCalls.patchFile,
        readFile: DiskCalls.readFile,
        setPermissions: DiskCalls.setPermissions,
        makeSymlink: { (target: String, path: String) throws(FileSystemError) in
            try DiskCalls.check(symlink(target, path), "symlink", path)
        },
        readSymlink: DiskCalls.readSymlink,
        listDirectory: DiskCalls.listDirectory,
        rename: { (from: String, to: String) throws(FileSystemError) in
            try DiskCalls.renamePath(from, to)
        },
        renameExchange: { (first: String, second: String) throws(FileSystemError) in
            try DiskCalls.check(wkt_rename_exchange(first, second), "renameat2", "\(first) <-> \(second)")
        },
        removeTree: DiskCalls.removeTree,
        resolve: DiskCalls.resolve,
        syncFileSystem: DiskCalls.syncFileSystem,
        syncDirectory: DiskCalls.syncDirectory,
        updateFile: DiskCalls.updateFile
    )
}

/// The POSIX implementations behind `FileSystem.disk`.
enum DiskCalls {
    /// Throws `FileSystemError` with the current `errno` when `result` is -1.
    static func check(_ result: Int32, _ operation: String, _ path: String) throws(FileSystemError) {
        if result == -1 { throw FileSystemError(operation: operation, path: path, code: errno) }
    }

    /// Opens `path` with `flags` (always `O_CLOEXEC`), retrying on `EINTR`.
    static func openDescriptor(_ path: String, _ flags: Int32, _ mode: UInt32 = 0) throws(FileSystemError) -> Int32 {
        while true {
            let fd = open(path, flags | O_CLOEXEC, mode_t(mode))
            if fd >= 0 { return fd }
            if errno != EINTR { throw FileSystemError(operation: "open", path: path, code: errno) }
        }
    }

    /// `FileKind` and permission bits of an `st_mode`.
    static func fileInfo(_ status: stat) -> FileInfo {
        let type = status.st_mode & S_IFMT
        let kind: FileKind = switch type {
        case S_IFREG: .file
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
        return FileInfo(
            kind: kind, permissions: UInt32(status.st_mode & 0o7777), size: Int(status.st_size), links: Int(status.st_nlink)
        )
    }

    /// `rename(2)`.
    static func renamePath(_ from: String, _ to: String) throws(FileSystemError) {
        try check(rename(from, to), "rename", "\(from) -> \(to)")
    }

    /// `lstat`; `nil` for `ENOENT`.
    static func info(_ path: String) throws(FileSystemError) -> FileInfo? {
        var status = stat()
        if lstat(path, &status) == 0 { return fileInfo(status) }
        if errno == ENOENT { return nil }
        throw FileSystemError(operation: "lstat", path: path, code: errno)
    }

    /// `mkdir`, then `fchmod` to the exact bits.
    static func makeDirectory(_ path: String, _ permissions: UInt32) throws(FileSystemError) {
        try check(mkdir(path, mode_t(permissions)), "mkdir", path)
        // mkdir applies the umask; fchmod sets the exact bits (F-14).
        let fd = try openDescriptor(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        defer { close(fd) }
        try check(fchmod(fd, mode_t(permissions)), "fchmod", path)
    }

    /// `open(O_CREAT|O_TRUNC|O_NOFOLLOW)`, `fchmod` when `fstat` shows other bits (the umask or
    /// an older file's mode), `write` until done, `close` (no `fsync`). With the usual umask a
    /// new file already has its bits, and `fchmod` wrote its inode once more: 2,300 times in a
    /// full build, about 11 µs each.
    static func writeFile(_ path: String, _ bytes: [UInt8], _ permissions: UInt32) throws(FileSystemError) {
        let fd = try openDescriptor(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, permissions)
        var failure: FileSystemError?
        var status = stat()
        if fstat(fd, &status) == -1 {
            failure = FileSystemError(operation: "fstat", path: path, code: errno)
        } else if UInt32(status.st_mode & 0o7777) != permissions, fchmod(fd, mode_t(permissions)) == -1 {
            failure = FileSystemError(operation: "fchmod", path: path, code: errno)
        } else {
            failure = writeAll(fd, bytes, path)
        }
        if close(fd) == -1, failure == nil {
            failure = FileSystemError(operation: "close", path: path, code: errno)
        }
        if let failure { throw failure }
    }

    /// `open(O_WRONLY|O_NOFOLLOW)` of an existing file (never `O_CREAT`), `fstat` (a regular
    /// file only), `fchmod` if the bits differ, one `pwrite` loop per range, `ftruncate` if the
    /// size differs, `close` (no `fsync`). `O_NONBLOCK` makes a FIFO swapped in since the
    /// caller's `lstat` fail (`ENXIO`) instead of blocking; it changes nothing for a regular file.
    static func patchFile(
        _ path: String, _ bytes: [UInt8], _ ranges: [Range<Int>], _ permissions: UInt32
    ) throws(FileSystemError) {
        if let failure = rangeFailure(ranges, bytes, path) { throw failure }
        let fd = try openDescriptor(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK)
        var failure = patchDescriptor(fd, path, bytes, ranges, permissions)
        if close(fd) == -1, failure == nil {
            failure = FileSystemError(operation: "close", path: path, code: errno)
        }
        if let failure { throw failure }
    }

    /// `EINVAL` for `pwrite` when a range lies outside `bytes` (checked before anything is written).
    private static func rangeFailure(_ ranges: [Range<Int>], _ bytes: [UInt8], _ path: String) -> FileSystemError? {
        ranges.contains { $0.lowerBound < 0 || $0.upperBound > bytes.count }
            ? FileSystemError(operation: "pwrite", path: path, code: EINVAL) : nil
    }

    /// The work of `patchFile` on an open descriptor; returns the first failure.
    private static func patchDescriptor(
        _ fd: Int32, _ path: String, _ bytes: [UInt8], _ ranges: [Range<Int>], _ permissions: UInt32
    ) -> FileSystemError? {
        var status = stat()
        if fstat(fd, &status) == -1 { return FileSystemError(operation: "fstat", path: path, code: errno) }
        if status.st_mode & S_IFMT != S_IFREG { return FileSystemError(operation: "open", path: path, code: EINVAL) }
        if UInt32(status.st_mode & 0o7777) != permissions, fchmod(fd, mode_t(permissions)) == -1 {
            return FileSystemError(operation: "fchmod", path: path, code: errno)
        }
        for range in ranges {
            if let failure = writeAll(fd, bytes, range, path) { return failure }
        }
        if Int(status.st_size) != bytes.count {
            while ftruncate(fd, off_t(bytes.count)) == -1 {
                if errno != EINTR { return FileSystemError(operation: "ftruncate", path: path, code: errno) }
            }
        }
        return nil
    }

    /// Writes `bytes[range]` at offset `range.lowerBound` with `pwrite`, continuing after
    /// short writes and `EINTR`.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ range: Range<Int>, _ path: String) -> FileSystemError? {
        bytes.withUnsafeBytes { buffer -> FileSystemError? in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let written = pwrite(fd, buffer.baseAddress.map { $0 + offset }, range.upperBound - offset, off_t(offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileSystemError(operation: "pwrite", path: path, code: errno)
                }
                // A regular file never takes 0 of a non-empty write; never spin on one.
                if written == 0 { return FileSystemError(operation: "pwrite", path: path, code: EIO) }
                offset += written
            }
            return nil
        }
    }

    /// Writes every byte, continuing after short writes and `EINTR`.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ path: String) -> FileSystemError? {
        bytes.withUnsafeBytes { buffer -> FileSystemError? in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileSystemError(operation: "write", path: path, code: errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// Reads a whole regular file through an `O_NOFOLLOW` descriptor. `O_NONBLOCK` makes a
    /// FIFO fail at once instead of blocking until a writer comes (a marker or page planted as a
    /// FIFO must not hang a build); anything but a regular file fails with `EINVAL`.
    static func readFile(_ path: String) throws(FileSystemError) -> [UInt8] {
        let fd = try openDescriptor(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        defer { close(fd) }
        return try readAll(fd, path)
    }

    /// The whole content of the regular file open at `fd` (`fstat` first: anything else fails
    /// with `EINVAL`).
    private static func readAll(_ fd: Int32, _ path: String) throws(FileSystemError) -> [UInt8] {
        var status = stat()
        try check(fstat(fd, &status), "fstat", path)
        if status.st_mode & S_IFMT != S_IFREG { throw FileSystemError(operation: "open", path: path, code: EINVAL) }
        // One spare byte, so a file of the expected size ends with a read of 0 bytes. The
        // array is filled by `read` without being zeroed first (the page cache is copied into
        // it once; zeroing 45 MB of reused pages first cost a rebuild's prefetch 5–10 ms).
        let expected = max(Int(status.st_size), 0) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, filled in
            filled = 0
            while filled < buffer.count, let base = buffer.baseAddress {
                let count = read(fd, base + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 { return }
                filled += count
            }
        }
        if failure != 0 { throw FileSystemError(operation: "read", path: path, code: failure) }
        // The file grew since fstat: read on until its end.
        var chunk = [UInt8](repeating: 0, count: bytes.count == expected ? 65_536 : 0)
        while !chunk.isEmpty {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: path, code: errno)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// `readFile` and `patchFile` through one `O_RDWR|O_NOFOLLOW|O_NONBLOCK` descriptor (never
    /// `O_CREAT`): the bytes are read, and when `ranges` of them is not nil those ranges are
    /// written as `patchFile` writes them (its range check first), then the descriptor closed.
    static func updateFile(
        _ path: String, _ bytes: [UInt8], _ permissions: UInt32, _ ranges: (_ old: [UInt8]) -> [Range<Int>]?
    ) throws(FileSystemError) {
        let fd = try openDescriptor(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK)
        var failure: FileSystemError?
        do throws(FileSystemError) {
            if let wanted = ranges(try readAll(fd, path)) {
                failure = rangeFailure(wanted, bytes, path) ?? patchDescriptor(fd, path, bytes, wanted, permissions)
            }
        } catch {
            failure = error
        }
        if close(fd) == -1, failure == nil {
            failure = FileSystemError(operation: "close", path: path, code: errno)
        }
        if let failure { throw failure }
    }

    /// `fchmod` through an `O_NOFOLLOW` descriptor.
    static func setPermissions(_ path: String, _ permissions: UInt32) throws(FileSystemError) {
        // O_PATH descriptors refuse fchmod; O_RDONLY works on our own files and directories.
        let fd = try openDescriptor(path, O_RDONLY | O_NOFOLLOW)
        defer { close(fd) }
        try check(fchmod(fd, mode_t(permissions)), "fchmod", path)
    }

    /// `readlink`, as UTF-8 (`EILSEQ` otherwise).
    static func readSymlink(_ path: String) throws(FileSystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        if count < 0 { throw FileSystemError(operation: "readlink", path: path, code: errno) }
        guard let target = decode(Array(buffer[0..<count]) + [0]) else {
            throw FileSystemError(operation: "readlink", path: path, code: EILSEQ)
        }
        return target
    }

    /// The UTF-8 names of a directory, sorted by bytes.
    ///
    /// The raw names are sorted before they are decoded: `strcmp` compares bytes as unsigned
    /// values, which is the order of the decoded names' UTF-8 (``utf8Precedes``), and costs a
    /// tenth of comparing the strings (callgrind, a rebuild of the 10-year demo: 10 M
    /// instructions sorting the 2,300 names of the reused tree, on one core before the pages are
    /// patched). The first name that is not UTF-8, in that order, is the one reported.
    static func listDirectory(_ path: String) throws(FileSystemError) -> [String] {
        let fd = try openDescriptor(path, O_RDONLY | O_DIRECTORY)
        let names = try rawNames(ownedDescriptor: fd, path: path).sorted { lhs, rhs in
            lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in strcmp(left.baseAddress!, right.baseAddress!) < 0 } }
        }
        var result: [String] = []
        result.reserveCapacity(names.count)
        for name in names {
            guard let text = decode(name) else {
                throw FileSystemError(operation: "readdir", path: joinPath(path, printable(name)), code: EILSEQ)
            }
            result.append(text)
        }
        return result
    }

    /// The NUL-terminated names in the directory open on `fd` (which this call closes),
    /// without `.` and `..`, in directory order.
    static func rawNames(ownedDescriptor fd: Int32, path: String) throws(FileSystemError) -> [[CChar]] {
        guard let directory = fdopendir(fd) else {
            let code = errno
            close(fd)
            throw FileSystemError(operation: "fdopendir", path: path, code: code)
        }
        defer { closedir(directory) }
        var names: [[CChar]] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw FileSystemError(operation: "readdir", path: path, code: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [CChar] in
                let bytes = raw.bindMemory(to: CChar.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<length]) + [0]
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            names.append(name)
        }
    }

    /// A NUL-terminated raw name as text, or `nil` when it is not valid UTF-8.
    static func decode(_ name: [CChar]) -> String? {
        name.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { String(validatingCString: $0) }
        }
    }

    /// A NUL-terminated raw name as text for messages (invalid UTF-8 repaired).
    static func printable(_ name: [CChar]) -> String {
        String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a path and, for a directory, everything below it, never following a link.
    static func removeTree(_ path: String) throws(FileSystemError) {
        var status = stat()
        if lstat(path, &status) == -1 {
            if errno == ENOENT { return }
            throw FileSystemError(operation: "lstat", path: path, code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            try check(unlink(path), "unlink", path)
            return
        }
        // O_NOFOLLOW: if the directory was swapped for a link since lstat, this fails instead
        // of descending into the link's target.
        let fd = try openDescriptor(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        defer { close(fd) }
        try removeContents(of: fd, status: status, path: path)
        try check(rmdir(path), "rmdir", path)
    }

    /// Empties the directory open on `fd`, working relative to descriptors (`openat`,
    /// `unlinkat`, `fstatat` with `AT_SYMLINK_NOFOLLOW`) so no symbolic link is ever followed.
    private static func removeContents(of fd: Int32, status: stat, path: String) throws(FileSystemError) {
        if status.st_mode & 0o700 != 0o700 {
            // A read-only directory inside a tree we own: make it writable to empty it.
            try check(fchmod(fd, status.st_mode & 0o7777 | 0o700), "fchmod", path)
        }
        let listing = dup(fd)
        try check(listing, "dup", path)
        for name in try rawNames(ownedDescriptor: listing, path: path) {
            let childPath = joinPath(path, printable(name))
            var child = stat()
            if fstatat(fd, name, &child, AT_SYMLINK_NOFOLLOW) == -1 {
                if errno == ENOENT { continue }
                throw FileSystemError(operation: "fstatat", path: childPath, code: errno)
            }
            if child.st_mode & S_IFMT == S_IFDIR {
                let childFD = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                try check(childFD, "openat", childPath)
                defer { close(childFD) }
                try removeContents(of: childFD, status: child, path: childPath)
                try check(unlinkat(fd, name, AT_REMOVEDIR), "rmdir", childPath)
            } else {
                try check(unlinkat(fd, name, 0), "unlink", childPath)
            }
        }
    }

    /// `realpath(3)`.
    static func resolve(_ path: String) throws(FileSystemError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw FileSystemError(operation: "realpath", path: path, code: errno)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `fsync` of a directory.
    static func syncDirectory(_ path: String) throws(FileSystemError) {
        let fd = try openDescriptor(path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        try check(fsync(fd), "fsync", path)
    }

    /// `syncfs(2)`. Swift's Glibc module does not import it (it is declared only under
    /// `_GNU_SOURCE`), so it is looked up with `dlsym`; where it is missing, `sync()`
    /// flushes every file system instead.
    static func syncFileSystem(_ path: String) throws(FileSystemError) {
        let fd = try openDescriptor(path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        if let syncfs = syncfsFunction() {
            try check(syncfs(fd), "syncfs", path)
        } else {
            sync()
        }
    }

    /// `syncfs` from the C library, if it has one.
    private static func syncfsFunction() -> (@convention(c) (Int32) -> Int32)? {
        #if os(Linux)
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        #else
        return nil
        #endif
    }
}
