#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The helpers of `RunLock`: opening the lock file, saying who holds it, waiting.
enum LockHolder {
    /// Opens or creates the lock file read-write (0644, `O_NOFOLLOW`); -1 on failure.
    @Sendable static func openLockFile(_ path: String) -> Int32 {
        open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode_t(0o644))
    }

    /// Opens an existing lock file read-only (`O_NOFOLLOW`, never creating it); -1 on failure.
    /// `flock` works on a read-only descriptor, so a lock file this user cannot write still locks.
    @Sendable static func openExistingLockFile(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    }

    /// Whether `folder` is read-only for this process: on a read-only mount (`statvfs`
    /// `ST_RDONLY`), or not writable by this user (`access(W_OK)` fails with `EACCES`, `EROFS`,
    /// or `EPERM` for an immutable folder).
    @Sendable static func folderIsReadOnly(_ folder: String) -> Bool {
        var info = statvfs()
        if statvfs(folder, &info) == 0, info.f_flag & UInt(ST_RDONLY) != 0 { return true }
        if access(folder, W_OK) != 0 { return errno == EACCES || errno == EROFS || errno == EPERM }
        return false
    }

    /// Writes `pid <n>` into the lock file so a contender can name the holder. Best effort:
    /// the lock is held whether or not this note can be written.
    static func record(pid: pid_t, descriptor: Int32) {
        let note = Array("pid \(pid)\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = note.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Who holds the lock on the file open on `descriptor`: the pid the kernel lists in
    /// `/proc/locks` (Linux), else the note the holder wrote, else "another process".
    static func describe(descriptor: Int32) -> String {
        if let pid = kernelHolder(descriptor: descriptor) { return "pid \(pid)" }
        let note = noteInFile(descriptor: descriptor)
        return note.isEmpty ? "another process" : note + " (as it wrote in the lock file)"
    }

    /// The first line of the lock file (at most 100 bytes), trimmed.
    private static func noteInFile(descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        let line = buffer[0..<count].prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self).trimmingControlCharacters()
    }

    /// The pid holding an `flock` on the same inode, from `/proc/locks`
    /// (`1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF`).
    private static func kernelHolder(descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0,
              let table = try? DiskCalls.readFile("/proc/locks")
        else { return nil }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let wanted = String(major, radix: 16) + ":" + String(minor, radix: 16) + ":" + String(status.st_ino)
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let identity = fields[5].split(separator: ":")
            guard identity.count == 3, let fileMajor = UInt64(identity[0], radix: 16),
                  let fileMinor = UInt64(identity[1], radix: 16) else { continue }
            let normalised = String(fileMajor, radix: 16) + ":" + String(fileMinor, radix: 16) + ":" + identity[2]
            if normalised == wanted, let pid = Int(fields[4]) { return pid }
        }
        return nil
    }

    /// Sleeps for `duration` (a short poll interval).
    static func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR { request = remaining }
    }
}

/// Text clean-up for lock-file notes.
extension String {
    /// The string without control characters (a lock-file note is shown on one line).
    fileprivate func trimmingControlCharacters() -> String {
        String(unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f })
    }
}
