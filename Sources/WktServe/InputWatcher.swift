import WktIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a build reads, watched by polling (docs/product.md "Local preview"): the store file and
/// its `-wal` and `-journal` companions, the configuration file, and every file below the
/// templates folder when one is used. Each is reduced to its size, modification time, change
/// time and inode (`lstat`, no link followed), so an edit, a replacement by rename and a
/// deletion all show; a missing file is an entry too, so creating it shows. Polling needs no
/// inotify and works on every file system, and a few dozen `lstat` calls every 300 ms cost
/// nothing measurable.
struct InputWatcher: Sendable {
    /// The files watched one by one.
    let files: [String]
    /// The templates folder, walked on every poll.
    let templates: String?

    /// The state of one file.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: UInt64
    }

    /// Every watched file's stamp (nil: missing).
    struct Snapshot: Equatable, Sendable {
        var stamps: [String: Stamp?] = [:]
    }

    /// Watches the store at `store`, the configuration at `config` and the templates folder.
    init(store: String, config: String, templates: String?) {
        files = [store, store + "-wal", store + "-journal", config]
        self.templates = templates
    }

    /// The current state of every input.
    func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        for file in files { snapshot.stamps[file] = Self.stamp(file) }
        if let templates {
            snapshot.stamps[templates] = Self.stamp(templates)
            walk(templates, into: &snapshot, depth: 0)
        }
        return snapshot
    }

    /// Adds every entry below `folder` (at most 16 levels deep, links not followed).
    private func walk(_ folder: String, into snapshot: inout Snapshot, depth: Int) {
        guard depth < 16, let names = try? FileSystem.disk.listDirectory(folder) else { return }
        for name in names {
            let path = folder + "/" + name
            let stamp = Self.stamp(path)
            snapshot.stamps[path] = stamp
            if let info = try? FileSystem.disk.info(path), info.kind == .directory {
                walk(path, into: &snapshot, depth: depth + 1)
            }
        }
    }

    /// `lstat` of `path` as a stamp; nil when it does not exist or cannot be read.
    static func stamp(_ path: String) -> Stamp? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Stamp(
            size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec),
            inode: UInt64(status.st_ino))
    }
}

/// When to rebuild: once the inputs differ from those of the last build and have then stayed
/// the same for the quiet period (an import or an editor's save touches several files in a
/// row; one rebuild follows). Pure, so its timing is tested without a clock.
struct RebuildDebouncer {
    /// The inputs the last build (good or failed) was started from.
    private(set) var built: InputWatcher.Snapshot
    /// The changed inputs seen, and since when they have not changed.
    private var pending: (snapshot: InputWatcher.Snapshot, since: Duration)?
    /// How long the inputs must stay the same.
    let quiet: Duration

    init(built: InputWatcher.Snapshot, quiet: Duration) {
        self.built = built
        self.quiet = quiet
    }

    /// Takes a poll's snapshot at `now` (any monotonic origin); true when a rebuild is due, in
    /// which case `snapshot` becomes the built inputs (a failed rebuild is not retried until
    /// the inputs change again).
    mutating func observe(_ snapshot: InputWatcher.Snapshot, at now: Duration) -> Bool {
        guard snapshot != built else {
            pending = nil
            return false
        }
        guard let pending, pending.snapshot == snapshot else {
            self.pending = (snapshot, now)
            return false
        }
        guard now - pending.since >= quiet else { return false }
        built = snapshot
        self.pending = nil
        return true
    }
}
