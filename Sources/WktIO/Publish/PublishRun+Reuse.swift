import WktCore

/// Reusing `<output>.prev` as the temporary folder: what may stay, what is patched in place,
/// what goes (moved aside for the undo record, docs/reliability.md A-14).
extension PublishRun {

    /// Walks the reused tree: keeps files whose bytes and mode match, patches changed files in
    /// place (see `reconcile`), keeps directories the new site needs, and deletes everything
    /// else (never following symbolic links, and unlinking a changed file that has other hard
    /// links rather than writing through it; `writeFiles` then creates it anew).
    mutating func prune(relative: String) throws(PublishError) {
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
        if info.permissions == 0o644, BlockDiff.sameBytes(existing, bytes) {
            unchanged.insert(index)
            return
        }
        if shouldStop() { throw .interrupted(leftover: nil) }
        let ranges = BlockDiff.changedBlocks(from: existing, to: bytes)
        undo?.recordPatch(path: path, old: existing, new: bytes, permissions: info.permissions)
        try performing(.write) { () throws(FileSystemError) in try fileSystem.patchFile(path, bytes, ranges, 0o644) }
        patched.insert(index)
        filesWritten += 1
        bytesWritten += bytes.count
        filesPatched += 1
        bytesPatched += ranges.reduce(0) { $0 + $1.count }
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
