import Foundation
import WktConfig
import WktCore
import WktIO
import WktStore

/// What `wkt-site backup` was asked to do.
public struct BackupRequest: Sendable {
    /// `--output FILE`; nil writes `<store name>-YYYY-MM-DD.sqlite` in the working directory.
    public var output: String?
    /// `--force`: replace an existing file.
    public var force: Bool
    /// `--store`.
    public var store: String?

    /// Creates a request.
    public init(output: String? = nil, force: Bool = false, store: String? = nil) {
        self.output = output
        self.force = force
        self.store = store
    }
}

/// `wkt-site backup`: a consistent, checked copy of the store (docs/reliability.md P4, S-10, S-11).
///
/// 1. Takes the run lock like `build` (waiting `WKT_LOCK_WAIT`; 75 when an import keeps it), so
///    the copy is the state after the last complete run, and rolls back what an interrupted
///    import left (A-01).
/// 2. `VACUUM INTO` a hidden temporary file beside the output: SQLite copies the store inside
///    one read transaction, so the copy is one committed state, compact and without a journal.
///    Never a plain file copy: a `cp` of a store that is being written can mix two states.
/// 3. Syncs the copy to disk, opens it as a store and runs `PRAGMA integrity_check` and
///    `PRAGMA foreign_key_check`; a copy that fails is deleted and the run exits 74.
/// 4. Moves the copy into place: without `--force` only if the output still does not exist
///    (a hard link, which fails on an existing name), with `--force` by `rename`, which
///    replaces it atomically. Then syncs the folder.
///
/// An output that already exists without `--force` is a usage error (64), like `build --output /`:
/// nothing failed, the command line asks for something the tool refuses to do silently, and
/// adding `--force` or naming another file fixes it.
public enum BackupRunner {
    /// Writes the backup.
    public static func run(_ request: BackupRequest, env: AppEnvironment) -> CommandResult {
        run(request, env: env, afterCopy: { _ in })
    }

    /// ``run(_:env:)`` with a hook called on the temporary copy before it is checked (tests
    /// damage it there to see a failed check delete it).
    static func run(_ request: BackupRequest, env: AppEnvironment, afterCopy: (String) -> Void) -> CommandResult {
        do {
            let storePath = env.storePath(option: request.store)
            guard FileManager.default.fileExists(atPath: storePath) else {
                throw AppFailure(
                    message: "no store at \(storePath) — nothing to back up (import a file first, or pass --store)",
                    exitCode: ExitStatus.ioError)
            }
            let output = env.absolute(request.output ?? defaultName(storePath: storePath, env: env))
            try checkOutput(output, storePath: storePath, force: request.force)

            let lock = try HeldLock.acquireForReading(storePath: storePath, env: env)
            defer { lock.release() }
            guard let store = try StoreAccess.open(storePath: storePath, lock: lock, env: env) else {
                throw AppFailure(message: "no store at \(storePath) — nothing to back up", exitCode: ExitStatus.ioError)
            }
            let folder = (output as NSString).deletingLastPathComponent
            let name = (output as NSString).lastPathComponent
            let temporary = folder + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            defer { unlink(temporary) }
            try store.backup(into: temporary)
            try syncFile(temporary, what: "backup copy")
            afterCopy(temporary)
            let workouts = try check(copy: temporary, output: output)
            if let mode = try? FileManager.default.attributesOfItem(atPath: storePath)[.posixPermissions] as? NSNumber {
                // The copy holds the same personal data: give it the store's permissions.
                chmod(temporary, mode_t(mode.uint16Value & 0o666))
            }
            try publish(temporary, to: output, force: request.force)
            try syncFile(folder, what: "folder")
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber)?.intValue ?? 0
            return CommandResult(stdout: "backup: \(workouts) workouts copied to \(output) (\(size) bytes; integrity_check ok)\n")
        } catch {
            return error.result
        }
    }

    /// `<store file name without .sqlite>-YYYY-MM-DD.sqlite` in the working directory, dated
    /// today in the machine's time zone (`SOURCE_DATE_EPOCH` when set).
    static func defaultName(storePath: String, env: AppEnvironment) -> String {
        var stem = (storePath as NSString).lastPathComponent
        if stem.hasSuffix(".sqlite") { stem.removeLast(".sqlite".count) }
        let zone = TimeZone(identifier: env.machineTimeZone) ?? TimeZone(identifier: "UTC") ?? .current
        var now = env.now
        if let epoch = env.variables["SOURCE_DATE_EPOCH"].flatMap(Int.init) {
            now = Date(timeIntervalSince1970: TimeInterval(epoch))
        }
        return "\(stem.isEmpty ? "workouts" : stem)-\(TodayResolver.date(of: now, in: zone)).sqlite"
    }

    /// Refuses an output that is the store or one of its companion files (even with `--force`),
    /// a folder, an existing file without `--force`, or a folder that does not exist.
    static func checkOutput(_ output: String, storePath: String, force: Bool) throws {
        let target = resolved(output)
        let store = resolved(storePath)
        for companion in ["", "-journal", "-wal", "-shm", ".lock"] where target == store + companion {
            throw AppFailure(
                message: "refusing --output \(output): it is the store \(companion.isEmpty ? "itself" : "file " + storePath + companion) "
                    + "— write the backup to a file of its own",
                exitCode: ExitStatus.usage)
        }
        var status = stat()
        if lstat(output, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw AppFailure(
                    message: "--output \(output) is a folder — name the backup file, e.g. \(output)/"
                        + (storePath as NSString).lastPathComponent,
                    exitCode: ExitStatus.usage)
            }
            if !force {
                throw AppFailure(
                    message: "\(output) already exists — pass --force to replace it, or choose another --output",
                    exitCode: ExitStatus.usage)
            }
        }
        let folder = (output as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AppFailure(
                message: "cannot write the backup \(output): folder \(folder) does not exist", exitCode: ExitStatus.ioError)
        }
    }

    /// `path` with symbolic links resolved in every existing component.
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard let real = realpath(parent.isEmpty ? "." : parent, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + (path as NSString).lastPathComponent
    }

    /// Opens the copy as a store and checks it; returns its workout count. A copy that cannot be
    /// opened or fails the check is an I/O error (the caller deletes it).
    static func check(copy: String, output: String) throws -> Int {
        var findings: String
        var workouts = 0
        do {
            let store = try WorkoutStore.open(path: copy, mode: .readOnly)
            findings = try store.integrityCheck()
            workouts = try store.workoutCount()
        } catch {
            findings = String(describing: error)
        }
        guard findings == "ok" else {
            throw AppFailure(
                message: "the backup copy for \(output) failed PRAGMA integrity_check (\(StoreFindings.cut(findings))) "
                    + "and was deleted; the store was not changed — check the disk, then retry",
                exitCode: ExitStatus.ioError)
        }
        return workouts
    }

    /// Moves the checked copy into place: `rename` with `--force`; else a hard link, which never
    /// replaces a file that appeared meanwhile (falls back to `rename` where hard links are not
    /// supported, after checking again that the name is free).
    static func publish(_ temporary: String, to output: String, force: Bool) throws {
        if !force {
            if link(temporary, output) == 0 { return }
            let code = errno
            if code == EEXIST {
                throw AppFailure(
                    message: "\(output) already exists — pass --force to replace it, or choose another --output",
                    exitCode: ExitStatus.usage)
            }
            guard [EPERM, ENOTSUP, EOPNOTSUPP, EXDEV, EMLINK].contains(code),
                  !FileManager.default.fileExists(atPath: output)
            else {
                throw ioError("cannot write the backup \(output)", code: code)
            }
        }
        if rename(temporary, output) != 0 {
            throw ioError("cannot move the backup into place as \(output)", code: errno)
        }
    }

    /// `fsync`s a file or folder.
    static func syncFile(_ path: String, what: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ioError("cannot open the \(what) \(path) to sync it", code: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw ioError("cannot sync the \(what) \(path) to disk", code: errno) }
    }

    private static func ioError(_ what: String, code: Int32) -> AppFailure {
        AppFailure(message: "\(what): \(String(cString: strerror(code))) (errno \(code))", exitCode: ExitStatus.ioError)
    }
}

/// Check findings shortened for a one-line message.
enum StoreFindings {
    /// The findings on one line, at most 200 characters.
    static func cut(_ findings: String) -> String {
        let line = String(findings.map { $0.isNewline ? " " : $0 })
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
