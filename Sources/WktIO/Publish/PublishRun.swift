#if canImport(Glibc)
import WktCore
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One publish in progress: the temporary folder, what has been written, what to report.
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
    private(set) var reusedPreviousBuild = false
    /// Files written so far.
    private(set) var filesWritten = 0
    /// Bytes in those files.
    private(set) var bytesWritten = 0
    /// Files of the reused tree brought up to date in place (counted in `filesWritten` too).
    private(set) var filesPatched = 0
    /// Bytes actually written into those files (the differing blocks).
    private(set) var bytesPatched = 0
    /// Entries deleted from the reused tree.
    private(set) var staleEntriesRemoved = 0
    /// Keep-list entries copied.
    private(set) var keptEntries: [String] = []
    /// Notes for the caller (see `PublishReport.warnings`).
    private(set) var warnings: [String] = []
    /// Indexes into `plan.files` whose bytes already sit in the reused tree.
    private var unchanged = Set<Int>()
    /// Indexes into `plan.files` patched in place in the reused tree.
    private var patched = Set<Int>()
    /// Directories (as path bytes) that already exist in the reused tree.
    private var presentDirectories = Set<[UInt8]>()
    /// What this run changed in the reused previous build, to put it back on failure.
    private(set) var undo: ReuseUndo?

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
        let fileSystem = fileSystem
        let markerBytes = plan.markerBytes
        let temporary = temporary
        if reusedPreviousBuild {
            try prune(relative: "")
        } else {
            // The marker goes first, so a run killed from here on leaves a folder the next
            // run recognises as its own and removes.
            try performing(.marker) { () throws(FileSystemError) in
                try fileSystem.writeFile(joinPath(temporary, OutputPlan.markerName), markerBytes, 0o644)
            }
        }
        try writeFiles()
        if state.outputExists {
            for entry in plan.keep { try copyKeptEntry(entry) }
        }
        if sync {
            try performing(.sync) { () throws(FileSystemError) in try fileSystem.syncFileSystem(temporary) }
        }
    }

    /// Walks the reused tree: keeps files whose bytes and mode match, patches changed files in
    /// place (see `reconcile`), keeps directories the new site needs, and deletes everything
    /// else (never following symbolic links, and unlinking a changed file that has other hard
    /// links rather than writing through it; `writeFiles` then creates it anew).
    private mutating func prune(relative: String) throws(PublishError) {
        let fileSystem = fileSystem
        let markerBytes = plan.markerBytes
        let directory = joinPath(temporary, relative)
        let names = try performing(.prune) { () throws(FileSystemError) in try fileSystem.listDirectory(directory) }
        for name in names {
            let entry = relative.isEmpty ? name : relative + "/" + name
            let path = joinPath(temporary, entry)
            guard let info = try performing(.prune, { () throws(FileSystemError) in try fileSystem.info(path) }) else {
                continue
            }
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
            let key = Array(entry.utf8)
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
                try reconcile(index, at: path, info: info)
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

    /// Brings the reused regular file at `path` (no other hard link) to the bytes of
    /// `plan.files[index]` and mode 0644: leaves it alone when both already match, otherwise
    /// writes only the 4 KiB blocks that differ (`patchFile`). In the common rebuild every page
    /// differs from the reused one only in a build ID and a footer line: patching writes one or
    /// two blocks per page instead of truncating and rewriting it (see `SitePublisher`).
    private mutating func reconcile(_ index: Int, at path: String, info: FileInfo) throws(PublishError) {
        let fileSystem = fileSystem
        let bytes = plan.files[index].bytes
        let existing = try performing(.prune) { () throws(FileSystemError) in try fileSystem.readFile(path) }
        if info.permissions == 0o644, Self.sameBytes(existing, bytes) {
            unchanged.insert(index)
            return
        }
        if shouldStop() { throw .interrupted(leftover: nil) }
        let ranges = Self.changedBlocks(from: existing, to: bytes)
        undo?.recordPatch(path: path, old: existing, new: bytes, permissions: info.permissions)
        try performing(.write) { () throws(FileSystemError) in try fileSystem.patchFile(path, bytes, ranges, 0o644) }
        patched.insert(index)
        filesWritten += 1
        bytesWritten += bytes.count
        filesPatched += 1
        bytesPatched += ranges.reduce(0) { $0 + $1.count }
    }

    /// The block size `changedBlocks` compares and writes in: the page size, so a patch
    /// touches whole pages of the page cache and whole file-system blocks.
    static let patchBlockSize = 4096

    /// The ranges of `new` to write over a file holding `old` so it holds `new` (after
    /// truncating it to `new.count`), in blocks of `blockSize` aligned at offset 0. When the
    /// sizes are equal: every block whose bytes differ (the last one may be partial), adjacent
    /// ones merged. When they differ: the blocks before the first differing one are kept and
    /// everything from that block to the end of `new` is written (nothing when `new` ends
    /// there), since content after a change of length has usually moved.
    static func changedBlocks(from old: [UInt8], to new: [UInt8], blockSize: Int = patchBlockSize) -> [Range<Int>] {
        old.withUnsafeBytes { before in
            new.withUnsafeBytes { after in
                var ranges: [Range<Int>] = []
                var start = 0
                while start < max(old.count, new.count) {
                    let oldEnd = min(start + blockSize, old.count)
                    let newEnd = min(start + blockSize, new.count)
                    // Equal ends lie inside both buffers, so both base addresses are there.
                    if oldEnd == newEnd, let left = before.baseAddress, let right = after.baseAddress,
                       memcmp(left + start, right + start, newEnd - start) == 0 {
                        start += blockSize
                        continue
                    }
                    if old.count != new.count {
                        if start < new.count { ranges.append(start..<new.count) }
                        break
                    }
                    if let last = ranges.last, last.upperBound == start {
                        ranges[ranges.count - 1] = last.lowerBound..<newEnd
                    } else {
                        ranges.append(start..<newEnd)
                    }
                    start += blockSize
                }
                return ranges
            }
        }
    }

    /// Whether the regular file at `path` already has `file`'s bytes and mode 0644.
    private func isUnchanged(_ file: OutputFile, at path: String, info: FileInfo) throws(PublishError) -> Bool {
        guard info.kind == .file, info.permissions == 0o644, info.size == file.bytes.count else { return false }
        let fileSystem = fileSystem
        let existing = try performing(.prune) { () throws(FileSystemError) in try fileSystem.readFile(path) }
        return Self.sameBytes(existing, file.bytes)
    }

    /// Byte equality with `memcmp` (fast in debug builds too, unlike element-wise `==`).
    static func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return true }
                return memcmp(a, b, left.count) == 0
            }
        }
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

    // MARK: - The keep-list

    /// Copies one keep-list entry from the old site when it is there. Its folders in the old
    /// site must be real folders (a symbolic link on the way is not followed); a path the new
    /// build writes wins over the kept copy.
    private mutating func copyKeptEntry(_ entry: String) throws(PublishError) {
        let fileSystem = fileSystem
        let components = entry.split(separator: "/").map(String.init)
        for depth in 1..<components.count {
            let folder = components[0..<depth].joined(separator: "/")
            let source = joinPath(location.output, folder)
            let kind = try performing(.keep) { () throws(FileSystemError) in try fileSystem.info(source)?.kind }
            if kind == nil { return }
            if kind != .directory {
                warnings.append("kept '\(entry)' was not copied: '\(folder)' in the old site is not a folder")
                return
            }
        }
        let source = joinPath(location.output, entry)
        if try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(source) }) == nil { return }
        for depth in 1..<components.count {
            let folder = components[0..<depth].joined(separator: "/")
            let destination = joinPath(temporary, folder)
            switch try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(destination)?.kind }) {
            case nil:
                try performing(.keep) { () throws(FileSystemError) in try fileSystem.makeDirectory(destination, 0o755) }
                undo?.recordCreated(destination)
            case .directory:
                break
            default:
                warnings.append("kept '\(entry)' was not copied: the new build writes the file '\(folder)'")
                return
            }
        }
        if try copy(entry) { keptEntries.append(entry) }
    }

    /// Copies one entry (file, symbolic link as a link, or folder with its contents) from the
    /// old site into the temporary folder, keeping permission bits; returns whether anything
    /// was copied (false when the new build already writes that path).
    @discardableResult
    private mutating func copy(_ relative: String) throws(PublishError) -> Bool {
        let fileSystem = fileSystem
        let source = joinPath(location.output, relative)
        let destination = joinPath(temporary, relative)
        guard let info = try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(source) }) else {
            return false
        }
        let existing = try performing(.keep) { () throws(FileSystemError) in try fileSystem.info(destination) }
        if let existing {
            if existing.kind == .directory, info.kind == .directory {
                try copyChildren(of: relative)
                return true
            }
            warnings.append("kept '\(relative)' was not copied: the new build writes that path")
            return false
        }
        let permissions = info.permissions & 0o777
        // Recorded before the call: a partly written file or folder is removed on undo too.
        if info.kind != .other { undo?.recordCreated(destination) }
        switch info.kind {
        case .file:
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.writeFile(destination, fileSystem.readFile(source), permissions)
            }
        case .symlink:
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.makeSymlink(fileSystem.readSymlink(source), destination)
            }
        case .directory:
            // Writable while filling; the original bits afterwards.
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.makeDirectory(destination, permissions | 0o700)
            }
            try copyChildren(of: relative)
            if permissions | 0o700 != permissions {
                try performing(.keep) { () throws(FileSystemError) in try fileSystem.setPermissions(destination, permissions) }
            }
        case .other:
            warnings.append("kept '\(relative)' was not copied: it is not a file, folder or symbolic link")
            return false
        }
        return true
    }

    /// Copies every entry of a kept folder.
    private mutating func copyChildren(of relative: String) throws(PublishError) {
        let fileSystem = fileSystem
        let source = joinPath(location.output, relative)
        let names = try performing(.keep) { () throws(FileSystemError) in try fileSystem.listDirectory(source) }
        for name in names { try copy(relative + "/" + name) }
    }

    // MARK: - Swap and clean-up

    /// Puts the new tree in place and keeps the old one as `<output>.prev`. Past the commit
    /// point (the exchange or the second rename) nothing throws: later failures are warnings.
    mutating func swap() throws(PublishError) -> SwapMethod {
        let fileSystem = fileSystem
        let temporary = temporary
        let output = location.output
        let previous = location.previous
        guard state.outputExists else {
            do throws(FileSystemError) {
                try fileSystem.rename(temporary, output)
            } catch {
                throw .io(step: .swap, failure: error, leftover: rollBack())
            }
            return .rename
        }
        do throws(FileSystemError) {
            try fileSystem.renameExchange(temporary, output)
        } catch let error where Self.exchangeUnsupported.contains(error.code) {
            return try swapWithTwoRenames()
        } catch {
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        // Committed: `temporary` now holds the old site.
        removeUndoFolder()
        do throws(FileSystemError) {
            try fileSystem.rename(temporary, previous)
        } catch {
            warnings.append("the previous build could not be kept as '\(previous)': \(error)")
            if let leftover = removeTemporary() {
                warnings.append("the previous build is left in '\(leftover)'; the next build removes it")
            }
        }
        return .exchange
    }

    /// `errno` values for which `renameat2(RENAME_EXCHANGE)` is unsupported rather than failed.
    static let exchangeUnsupported: Set<Int32> = [EINVAL, ENOSYS, EXDEV, EOPNOTSUPP]

    /// The fallback: `output → output.prev`, then `tmp → output`; undoes the first rename if
    /// the second fails.
    private mutating func swapWithTwoRenames() throws(PublishError) -> SwapMethod {
        let output = location.output
        let previous = location.previous
        do throws(FileSystemError) {
            try fileSystem.rename(output, previous)
        } catch {
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        do throws(FileSystemError) {
            try fileSystem.rename(temporary, output)
        } catch {
            do throws(FileSystemError) {
                try fileSystem.rename(previous, output)
            } catch let rollback {
                throw .siteMissing(output: output, previous: previous, failure: rollback)
            }
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        removeUndoFolder()
        return .twoRenames
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
    /// exactly as it was, or else removes the temporary folder. Returns the path of a
    /// folder that could not be removed (the next run removes it as stale), else nil.
    func rollBack() -> String? {
        if let undo {
            do throws(FileSystemError) {
                try undo.undo(fileSystem: fileSystem, markerPath: joinPath(temporary, OutputPlan.markerName))
                try fileSystem.rename(temporary, location.previous)
                return nil
            } catch {
                // Could not restore it: the previous build is lost, as before A-14; site/ is intact.
                if undo.folderCreated { try? fileSystem.removeTree(undo.folder) }
            }
        }
        return removeTemporary()
    }

    /// Deletes the undo folder once the new build is in place; a failure is a warning (the
    /// folder carries the marker, so the next run removes it as stale).
    private mutating func removeUndoFolder() {
        guard let undo, undo.folderCreated else { return }
        do throws(FileSystemError) {
            try fileSystem.removeTree(undo.folder)
        } catch {
            warnings.append("could not remove '\(undo.folder)': \(error) (the next build removes it)")
        }
    }

    /// Removes the temporary folder after a failure; returns its path if that failed too.
    func removeTemporary() -> String? {
        do {
            try fileSystem.removeTree(temporary)
            return nil
        } catch {
            return temporary
        }
    }

    /// `fsync`s the parent folder so the renames are durable; a failure is a warning because
    /// the new build is already in place.
    mutating func syncParent() {
        do throws(FileSystemError) {
            try fileSystem.syncDirectory(location.parent)
        } catch {
            warnings.append("the new build is in place but syncing its folder failed: \(error)")
        }
    }
}
