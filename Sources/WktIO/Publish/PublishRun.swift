/// One publish in progress: the temporary folder, what has been written, what to report.
///
/// The steps live in one file each: preparing and filling the temporary folder (here),
/// bringing a reused previous build up to date (`PublishRun+Reuse.swift`), copying the
/// keep-list (`PublishRun+KeepList.swift`), and the swap with its clean-up and roll-back
/// (`PublishRun+Swap.swift`). Only those extensions change the counters and lists below.
struct PublishRun {
    /// The seam every call goes through.
    let fileSystem: FileSystem
    /// The validated files and keep-list.
    let plan: OutputPlan
    /// The output folder and its siblings.
    let location: OutputLocation
    /// What was at the output and `.prev` paths before the run.
    let state: OutputState
    /// The absolute path of the temporary build folder.
    let temporary: String
    /// Polled before every file and before the swap; true stops the run (``PublishError/interrupted(leftover:)``).
    var shouldStop: @Sendable () -> Bool = { false }

    /// Whether `<output>.prev` became the temporary folder.
    var reusedPreviousBuild = false
    /// Files written so far.
    var filesWritten = 0
    /// Bytes in those files.
    var bytesWritten = 0
    /// Files of the reused tree brought up to date in place (counted in `filesWritten` too).
    var filesPatched = 0
    /// Bytes actually written into those files (the differing blocks).
    var bytesPatched = 0
    /// Entries deleted from the reused tree.
    var staleEntriesRemoved = 0
    /// Keep-list entries copied.
    var keptEntries: [String] = []
    /// Notes for the caller (see `PublishReport.warnings`).
    var warnings: [String] = []
    /// Indexes into `plan.files` whose bytes already sit in the reused tree.
    var unchanged = Set<Int>()
    /// Indexes into `plan.files` patched in place in the reused tree.
    var patched = Set<Int>()
    /// Directories (as path bytes) that already exist in the reused tree.
    var presentDirectories = Set<[UInt8]>()
    /// What this run changed in the reused previous build, to put it back on failure.
    var undo: ReuseUndo?
    /// Files of the reused tree that `prune` found and `reconcilePending` brings up to date.
    var pendingReconciles: [PendingReconcile] = []

    /// A run that builds into `temporary`.
    init(fileSystem: FileSystem, plan: OutputPlan, location: OutputLocation, state: OutputState, temporary: String) {
        self.fileSystem = fileSystem
        self.plan = plan
        self.location = location
        self.state = state
        self.temporary = temporary
    }

    /// The number of files whose bytes were already in place.
    var filesUnchanged: Int { unchanged.count }

    // MARK: - Before the build

    /// Removes `site.tmp-*` siblings that a killed run left: directories carrying the marker
    /// (every temporary folder gets it first) or empty ones. Anything else is left alone
    /// and reported.
    mutating func removeStaleTemporaries() throws(PublishError) {
        let fileSystem = fileSystem
        let parent = location.parent
        let names = try performing(.cleanStale) { () throws(FileSystemError) in try fileSystem.listDirectory(parent) }
        for name in names where name.utf8.starts(with: location.temporaryPrefix.utf8) {
            let path = joinPath(parent, name)
            let ours = try performing(.cleanStale) { () throws(FileSystemError) -> Bool in
                guard try fileSystem.info(path)?.kind == .directory else { return false }
                if try fileSystem.info(joinPath(path, OutputPlan.markerName))?.kind == .file { return true }
                return try fileSystem.listDirectory(path).isEmpty
            }
            if ours {
                try performing(.cleanStale) { () throws(FileSystemError) in try fileSystem.removeTree(path) }
            } else {
                warnings.append("left '\(path)' alone: it looks like a temporary build but has no \(OutputPlan.markerName) marker")
            }
        }
    }

    /// Creates the temporary folder, or takes over the previous build as it when `reuse` is
    /// set and `<output>.prev` carries the marker.
    mutating func prepare(reuse: Bool) throws(PublishError) {
        let fileSystem = fileSystem
        let temporary = temporary
        let previous = location.previous
        if state.previous == .build, reuse {
            try performing(.prepare) { () throws(FileSystemError) in try fileSystem.rename(previous, temporary) }
            reusedPreviousBuild = true
            undo = ReuseUndo(folder: temporary + "-undo")
            let permissions = try performing(.prepare) { () throws(FileSystemError) in
                try fileSystem.info(temporary)?.permissions
            }
            if let permissions, permissions != 0o755 {
                undo?.recordPermissions(temporary, permissions)
                try performing(.prepare) { () throws(FileSystemError) in try fileSystem.setPermissions(temporary, 0o755) }
            }
            return
        }
        if state.previous == .build {
            try performing(.prepare) { () throws(FileSystemError) in try fileSystem.removeTree(previous) }
        }
        try performing(.prepare) { () throws(FileSystemError) in try fileSystem.makeDirectory(temporary, 0o755) }
    }

    // MARK: - The build

    /// Fills the temporary folder: marker, files, keep-list, and `syncfs` when asked.
    mutating func build(sync: Bool) throws(PublishError) {
        if reusedPreviousBuild {
            try prune(relative: "")
            try reconcilePending()
        } else {
            // The marker goes first, so a run killed from here on leaves a folder the next
            // run recognises as its own and removes.
            try writeMarker(plan.markerBytes)
        }
        try writeFiles()
        try completeTree(sync: sync)
    }

    /// Writes (or rewrites) the marker of a new temporary folder.
    func writeMarker(_ bytes: [UInt8]) throws(PublishError) {
        let fileSystem = fileSystem
        let path = joinPath(temporary, OutputPlan.markerName)
        try performing(.marker) { () throws(FileSystemError) in try fileSystem.writeFile(path, bytes, 0o644) }
    }

    /// The last steps before the swap, once every file is written: the keep-list copied from
    /// the old site, and `syncfs` when asked.
    mutating func completeTree(sync: Bool) throws(PublishError) {
        let fileSystem = fileSystem
        let temporary = temporary
        if state.outputExists {
            for entry in plan.keep { try copyKeptEntry(entry) }
        }
        if sync {
            try performing(.sync) { () throws(FileSystemError) in try fileSystem.syncFileSystem(temporary) }
        }
    }

    /// What the run did, once the swap (`method`) is done.
    func report(swap method: SwapMethod) -> PublishReport {
        PublishReport(
            filesWritten: filesWritten,
            bytesWritten: bytesWritten,
            filesUnchanged: filesUnchanged,
            staleEntriesRemoved: staleEntriesRemoved,
            keptEntries: keptEntries,
            reusedPreviousBuild: reusedPreviousBuild,
            swap: method,
            warnings: warnings,
            filesPatched: filesPatched,
            bytesPatched: bytesPatched
        )
    }

    /// Creates the missing directories (0755) and writes every new or replaced file (0644), in
    /// sorted order; files kept or patched by `prune` are skipped.
    private mutating func writeFiles() throws(PublishError) {
        let fileSystem = fileSystem
        for directory in plan.directories where !presentDirectories.contains(Array(directory.utf8)) {
            let path = joinPath(temporary, directory)
            try performing(.write) { () throws(FileSystemError) in try fileSystem.makeDirectory(path, 0o755) }
            undo?.recordCreated(path)
        }
        for (index, file) in plan.files.enumerated() where !unchanged.contains(index) && !patched.contains(index) {
            if shouldStop() { throw .interrupted(leftover: nil) }
            let path = joinPath(temporary, file.path)
            undo?.recordCreated(path)
            try performing(.write) { () throws(FileSystemError) in try fileSystem.writeFile(path, file.bytes, 0o644) }
            filesWritten += 1
            bytesWritten += file.bytes.count
        }
    }
}
