#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import WktCore

/// Reusing `<output>.prev` as the temporary folder: what may stay, what is patched in place,
/// what goes (moved aside for the undo record, docs/reliability.md A-14).
extension PublishRun {

    /// Walks the reused tree: keeps files whose bytes and mode match, patches changed files in
    /// place (see `reconcile`), keeps directories the new site needs, and deletes everything
    /// else (never following symbolic links, and unlinking a changed file that has other hard
    /// links rather than writing through it; `writeFiles` then creates it anew). Each
    /// directory's entries are looked up on every core first (``lookUp(_:relative:)``), then
    /// acted on in order on this thread.
    mutating func prune(relative: String) throws(PublishError) {
        let fileSystem = fileSystem
        let markerBytes = plan.markerBytes
        let directory = joinPath(temporary, relative)
        let names = try performing(.prune) { () throws(FileSystemError) in try fileSystem.listDirectory(directory) }
        for found in try lookUp(names, relative: relative) {
            let (name, entry, path, key) = (found.name, found.entry, found.path, found.key)
            guard let info = found.info else { continue }
            if relative.isEmpty, name == OutputPlan.markerName, info.kind == .file {
                // Rewritten in place, never removed: the folder must carry it at every moment.
                let marker = OutputFile(path: name, bytes: markerBytes)
                if try !isUnchanged(marker, at: path, info: info) {
                    undo?.oldMarker = try performing(.marker) { () throws(FileSystemError) in try fileSystem.readFile(path) }
                    try performing(.marker) { () throws(FileSystemError) in
                        try fileSystem.writeFile(path, markerBytes, 0o644)
                    }
                }
                continue
            }
            if plan.directorySet.contains(key), info.kind == .directory {
                if info.permissions != 0o755 {
                    undo?.recordPermissions(path, info.permissions)
                    try performing(.prune) { () throws(FileSystemError) in try fileSystem.setPermissions(path, 0o755) }
                }
                presentDirectories.insert(key)
                try prune(relative: entry)
                continue
            }
            let index = plan.fileIndex[key]
            // Writing through a file is only safe when nothing else links to it, and only
            // possible (for a user other than root) when its owner may write it.
            if let index, info.kind == .file, info.links == 1, info.permissions & 0o200 != 0 {
                pendingReconciles.append(PendingReconcile(index: index, path: path, info: info))
                continue
            }
            if let index, try isUnchanged(plan.files[index], at: path, info: info) {
                unchanged.insert(index)
                continue
            }
            try removeFromReusedTree(path)
            if index == nil, !plan.directorySet.contains(key) { staleEntriesRemoved += 1 }
        }
    }

    /// One entry of a reused directory as `prune` needs it: its name, its path in the tree and on
    /// disk, its path's bytes (the plan's key) and what `lstat` found (nil: it is gone).
    struct PruneEntry: Sendable {
        let name: String
        let entry: String
        let path: String
        let key: [UInt8]
        let info: FileInfo?
    }

    /// `names` of the reused directory `relative` looked up, in their order, on every core in runs
    /// of ``reconcileRun`` names (a rebuild's 2,300 pages took 10–14 ms on one core here, with the
    /// other idle). Looking up changes nothing and `prune` acts on one entry at a time, so what it
    /// found of an entry still holds when its turn comes. A failure is the one of the first name
    /// that could not be looked up, which a walk in order would also have met first (only sooner:
    /// before acting on the names ahead of it, which the roll-back would have undone).
    private func lookUp(_ names: [String], relative: String) throws(PublishError) -> [PruneEntry] {
        let fileSystem = fileSystem
        let temporary = temporary
        let results = ParallelMap.map(Self.runs(of: names)) { run -> Result<[PruneEntry], FileSystemError> in
            var entries: [PruneEntry] = []
            entries.reserveCapacity(run.count)
            for name in run {
                let entry = relative.isEmpty ? name : relative + "/" + name
                let path = joinPath(temporary, entry)
                do throws(FileSystemError) {
                    let info = try fileSystem.info(path)
                    entries.append(PruneEntry(name: name, entry: entry, path: path, key: Array(entry.utf8), info: info))
                } catch {
                    return .failure(error)
                }
            }
            return .success(entries)
        }
        var entries: [PruneEntry] = []
        entries.reserveCapacity(names.count)
        for result in results {
            switch result {
            case .success(let run): entries += run
            case .failure(let error): throw .io(step: .prune, failure: error, leftover: nil)
            }
        }
        return entries
    }

    /// Brings every file `prune` found writable through (``PendingReconcile``) to its new bytes:
    /// on every core, in runs of ``reconcileRun`` files (each file is read, compared and patched
    /// by one thread; the files are distinct, so the order does not matter to the result).
    ///
    /// A failure or a stop request in one run stops the others before their next file. Every
    /// patch a run recorded before writing is merged into the undo record, whichever run failed,
    /// so a failed publish still puts every patched file back; the error reported is the
    /// one of the earliest failing run.
    mutating func reconcilePending() throws(PublishError) {
        let pending = pendingReconciles
        pendingReconciles = []
        guard !pending.isEmpty else { return }
        let files = plan.files
        let fileSystem = fileSystem
        let shouldStop = shouldStop
        let recording = undo != nil
        let halted = ReconcileHalt()
        let results = ParallelMap.map(Self.runs(of: pending)) { run in
            Self.reconcile(run, files: files, fileSystem: fileSystem, recording: recording, shouldStop: shouldStop, halted: halted)
        }
        var failure: PublishError?
        for result in results {
            unchanged.formUnion(result.unchanged)
            patched.formUnion(result.patched)
            filesWritten += result.patched.count
            filesPatched += result.patched.count
            bytesWritten += result.bytesWritten
            bytesPatched += result.bytesPatched
            undo?.merge(result.log)
            if failure == nil { failure = result.failure }
        }
        if let failure { throw failure }
    }

    /// Files per run of ``reconcilePending()`` (and names per run of ``lookUp(_:relative:)``):
    /// large enough that handing runs out costs nothing next to the reads and writes, small
    /// enough that two cores share a rebuild's 2,300 pages evenly (and a small site, like the
    /// tests' few pages, is one run in file order).
    static let reconcileRun = 64

    /// `items` cut into runs of ``reconcileRun``, in order.
    static func runs<Item>(of items: [Item]) -> [ArraySlice<Item>] {
        stride(from: 0, to: items.count, by: reconcileRun).map { items[$0..<min($0 + reconcileRun, items.count)] }
    }

    /// One run of ``reconcilePending()``: each file is brought to the bytes of `files[index]` and
    /// mode 0644. It is left alone when both already match; otherwise only the 4 KiB blocks that
    /// differ are written (`patchFile`), and the old bytes they overwrote are recorded. In the
    /// common rebuild every page differs from the reused one only in a build ID and a footer
    /// line: patching writes one or two blocks per page instead of truncating and rewriting it
    /// (see `SitePublisher`). The stop request is polled before every patch.
    private static func reconcile(
        _ run: ArraySlice<PendingReconcile>, files: [OutputFile], fileSystem: FileSystem, recording: Bool,
        shouldStop: @Sendable () -> Bool, halted: ReconcileHalt
    ) -> ReconcileResult {
        var result = ReconcileResult()
        for item in run {
            if halted.isSet { break }
            let bytes = files[item.index].bytes
            // What the read found, decided inside `updateFile` (one descriptor per file).
            enum Outcome { case unread, unchanged, stopped, patched(Int) }
            var outcome = Outcome.unread
            // The bytes a patch overwrites, recorded once `updateFile` has returned: completely
            // written, the file holds exactly `bytes`, which lets the record keep less
            // (``ReuseUndo/PatchLog/record(path:old:new:permissions:written:)``).
            var overwritten: [UInt8]?
            do throws(FileSystemError) {
                try fileSystem.updateFile(item.path, bytes, 0o644) { existing in
                    if item.info.permissions == 0o644, BlockDiff.sameBytes(existing, bytes) {
                        outcome = .unchanged
                        return nil
                    }
                    if shouldStop() {
                        outcome = .stopped
                        return nil
                    }
                    let ranges = BlockDiff.changedBlocks(from: existing, to: bytes)
                    if recording { overwritten = existing }
                    outcome = .patched(ranges.reduce(0) { $0 + $1.count })
                    return ranges
                }
                if let overwritten {
                    result.log.record(path: item.path, old: overwritten, new: bytes, permissions: item.info.permissions, written: true)
                }
            } catch {
                // The patch may have stopped part way: the record keeps every byte it could have overwritten.
                if let overwritten {
                    result.log.record(path: item.path, old: overwritten, new: bytes, permissions: item.info.permissions, written: false)
                }
                // Before the bytes were read it is a failure to read the reused tree, after it one to write.
                if case .unread = outcome {
                    result.failure = .io(step: .prune, failure: error, leftover: nil)
                } else {
                    result.failure = .io(step: .write, failure: error, leftover: nil)
                }
                halted.set()
                break
            }
            switch outcome {
            case .unchanged:
                result.unchanged.append(item.index)
                continue
            case .patched(let patchedBytes):
                result.patched.append(item.index)
                result.bytesWritten += bytes.count
                result.bytesPatched += patchedBytes
                continue
            case .stopped:
                result.failure = .interrupted(leftover: nil)
            case .unread:
                // A file system whose `updateFile` returned without reading: nothing is known
                // about the file, so it is not counted as up to date.
                result.failure = .io(step: .prune, failure: FileSystemError(operation: "read", path: item.path, code: EIO), leftover: nil)
            }
            halted.set()
            break
        }
        return result
    }

    /// Whether the regular file at `path` already has `file`'s bytes and mode 0644.
    private func isUnchanged(_ file: OutputFile, at path: String, info: FileInfo) throws(PublishError) -> Bool {
        guard info.kind == .file, info.permissions == 0o644, info.size == file.bytes.count else { return false }
        let fileSystem = fileSystem
        let existing = try performing(.prune) { () throws(FileSystemError) in try fileSystem.readFile(path) }
        return BlockDiff.sameBytes(existing, file.bytes)
    }

    /// Deletes a stale or replaced entry of the reused tree: moved aside into the undo folder,
    /// so a failed run can put it back, or deleted when no previous build is reused.
    private mutating func removeFromReusedTree(_ path: String) throws(PublishError) {
        let fileSystem = fileSystem
        guard var record = undo else {
            try performing(.prune) { () throws(FileSystemError) in try fileSystem.removeTree(path) }
            return
        }
        let markerBytes = plan.markerBytes
        undo = nil  // one owner of the record's arrays while it changes (no copy on write)
        defer { undo = record }
        try performing(.prune) { () throws(FileSystemError) in
            try record.moveAside(path, fileSystem: fileSystem, markerBytes: markerBytes)
        }
    }

    /// After a failure before the commit: puts a reused previous build back as `<output>.prev`
}

/// A file of the reused tree that `prune` found writable through, to be brought up to date by
/// ``PublishRun/reconcilePending()``.
struct PendingReconcile: Sendable {
    /// Its index in `plan.files`.
    let index: Int
    /// Its absolute path in the temporary folder.
    let path: String
    /// What `prune` saw of it (mode and size).
    let info: FileInfo
}

/// What one run of ``PublishRun/reconcilePending()`` did.
struct ReconcileResult: Sendable {
    var unchanged: [Int] = []
    var patched: [Int] = []
    var bytesWritten = 0
    var bytesPatched = 0
    /// The old bytes of its patches, recorded before each write.
    var log = ReuseUndo.PatchLog()
    /// Its failure, if any (it stopped there).
    var failure: PublishError?
}

/// Set by the first run of ``PublishRun/reconcilePending()`` that fails; the others stop
/// before their next file.
final class ReconcileHalt: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}
