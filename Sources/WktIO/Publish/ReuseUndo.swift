#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a publish changed in the reused previous build (`<output>.prev`, taken over as the
/// temporary folder), so that a failed or interrupted publish can put it back: a failed build
/// changes nothing, neither `site/` nor `site.prev/` (docs/reliability.md A-14).
///
/// Recorded as the run goes: the old bytes each patch overwrites, narrowed to the spans that
/// differ (a rebuild changes a build ID and a footer: tens of bytes a page), files and folders
/// it creates, entries it moves out of the tree into a sibling folder (`site.tmp-…-undo`, deleted after the swap)
/// instead of deleting them, the old marker and old permission bits. Undoing runs the record
/// backwards; if a step of it fails too, the caller falls back to deleting the temporary
/// folder, the behaviour before A-14.
struct ReuseUndo {
    /// One patched file: where the old bytes differ from the new ones and what they were.
    struct Patch: Sendable {
        let path: String
        let oldSize: Int
        let permissions: UInt32
        /// Ranges of the old file that differ from the new one, with their old bytes in the log's `store`.
        let ranges: [Range<Int>]
        let storeOffset: Int
    }

    /// Patches with their overwritten bytes back to back. The publisher's threads each record
    /// into their own log, merged into the record afterwards (``merge(_:)``).
    struct PatchLog: Sendable {
        /// The old bytes of every patch, back to back.
        private(set) var store: [UInt8] = []
        private(set) var patches: [Patch] = []

        /// Records a patch of `path` from `old` to `new`: only the spans of `old` that differ
        /// from `new` are kept (a rebuild changes a build ID and a footer line: tens of bytes a
        /// page, where whole 4 KiB blocks would hold 18 MB of a 10-year site in memory).
        mutating func record(path: String, old: [UInt8], new: [UInt8], permissions: UInt32) {
            let spans = ReuseUndo.differingSpans(old: old, new: new)
            let offset = store.count
            for span in spans { store.append(contentsOf: old[span]) }
            patches.append(Patch(path: path, oldSize: old.count, permissions: permissions, ranges: spans, storeOffset: offset))
        }

        /// Appends `other`'s patches and bytes.
        mutating func append(_ other: PatchLog) {
            let base = store.count
            store += other.store
            patches += other.patches.map {
                Patch(path: $0.path, oldSize: $0.oldSize, permissions: $0.permissions, ranges: $0.ranges, storeOffset: base + $0.storeOffset)
            }
        }
    }

    /// The sibling folder holding entries moved out of the tree.
    let folder: String
    /// Whether `folder` has been created.
    private(set) var folderCreated = false
    /// Every patch with the bytes it overwrote.
    private(set) var log = PatchLog()
    /// Files, links and folders created in the tree, in creation order.
    private(set) var created: [String] = []
    /// Entries moved aside: (where it was, where it is now).
    private(set) var moved: [(from: String, to: String)] = []
    /// Permission bits changed: (path, old bits).
    private(set) var permissions: [(path: String, bits: UInt32)] = []
    /// The marker's old bytes, when it was rewritten.
    var oldMarker: [UInt8]?

    init(folder: String) {
        self.folder = folder
    }

    /// Adds the patches a publisher thread recorded in its own log.
    mutating func merge(_ other: PatchLog) {
        log.append(other)
    }

    /// The ranges of `old` whose bytes differ from `new` at the same offsets, plus, when the sizes
    /// differ, everything of `old` from the first difference on. Writing these bytes of `old`
    /// over `new` and truncating to `old.count` gives `old` back.
    static func differingSpans(old: [UInt8], new: [UInt8]) -> [Range<Int>] {
        let common = min(old.count, new.count)
        return old.withUnsafeBytes { before in
            new.withUnsafeBytes { after in
                var spans: [Range<Int>] = []
                // Equal 8-byte words at `offset` (most of a changed block is equal: a rebuild
                // changes tens of bytes in it; byte by byte this was 16 ms of a rebuild's CPU).
                func sameWord(_ offset: Int) -> Bool {
                    before.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == after.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                }
                // The changed 4 KiB blocks (old's coordinates), each narrowed to its first and last
                // differing byte; the tail after a change of size is kept whole.
                for block in BlockDiff.changedBlocks(from: new, to: old) {
                    var low = block.lowerBound
                    let lowLimit = min(block.upperBound, common)
                    while low + 8 <= lowLimit, sameWord(low) { low += 8 }
                    while low < lowLimit, before[low] == after[low] { low += 1 }
                    var high = block.upperBound
                    if high <= common {
                        while high - 8 >= low, sameWord(high - 8) { high -= 8 }
                        while high > low, before[high - 1] == after[high - 1] { high -= 1 }
                    } else {
                        high = old.count
                    }
                    if low < high { spans.append(low..<high) }
                }
                return spans
            }
        }
    }

    mutating func recordCreated(_ path: String) { created.append(path) }

    mutating func recordPermissions(_ path: String, _ bits: UInt32) { permissions.append((path, bits)) }

    /// Moves `path` out of the tree into the undo folder (created with a marker on first use,
    /// so a killed run's folder is removed as stale by the next run).
    mutating func moveAside(_ path: String, fileSystem: FileSystem, markerBytes: [UInt8]) throws(FileSystemError) {
        if !folderCreated {
            try fileSystem.makeDirectory(folder, 0o755)
            folderCreated = true
            try fileSystem.writeFile(joinPath(folder, OutputPlan.markerName), markerBytes, 0o644)
        }
        let destination = joinPath(folder, String(moved.count))
        try fileSystem.rename(path, destination)
        moved.append((path, destination))
    }

    /// Puts the tree back as it was: removes what was created, writes back the overwritten spans,
    /// moves entries back, restores the marker and permission bits. Stops at the first failure.
    func undo(fileSystem: FileSystem, markerPath: String) throws(FileSystemError) {
        for path in created.reversed() { try fileSystem.removeTree(path) }
        for patch in log.patches.reversed() {
            let current = try fileSystem.readFile(patch.path)
            var old = Array(current.prefix(patch.oldSize))
            if old.count < patch.oldSize { old += [UInt8](repeating: 0, count: patch.oldSize - old.count) }
            var offset = patch.storeOffset
            for range in patch.ranges {
                old.replaceSubrange(range, with: log.store[offset..<(offset + range.count)])
                offset += range.count
            }
            try fileSystem.patchFile(patch.path, old, patch.ranges, patch.permissions)
        }
        for entry in moved.reversed() { try fileSystem.rename(entry.to, entry.from) }
        if let oldMarker { try fileSystem.writeFile(markerPath, oldMarker, 0o644) }
        for entry in permissions.reversed() { try fileSystem.setPermissions(entry.path, entry.bits) }
        if folderCreated { try fileSystem.removeTree(folder) }
    }
}
