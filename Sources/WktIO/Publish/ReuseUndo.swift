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
        /// For a file whose size changed and whose patch was written completely: the new size and
        /// the length of the end that old and new share. `ranges` is then the one range of old
        /// between the bytes both start with and that end, and old is the current file with that
        /// range's place (from its start to the shared end) holding the recorded bytes instead.
        var shifted: (newSize: Int, sharedEnd: Int)?
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
        ///
        /// When the sizes differ, the content after the first difference has moved, so a patch
        /// that may have stopped part way (`written` false) keeps all of old from there on. One
        /// that was `written` completely left exactly `new` in the file, so the record keeps only
        /// old's bytes between what old and new start with and what they end with: a new site title
        /// changes every page's length near its top, and the whole ends were 41 MB of old bytes
        /// held in memory for the 10-year demo (the rebuild's peak 127 → 186 MiB).
        mutating func record(path: String, old: [UInt8], new: [UInt8], permissions: UInt32, written: Bool = false) {
            let offset = store.count
            if written, old.count != new.count {
                let (start, end) = ReuseUndo.sharedEnds(old: old, new: new)
                let span = start..<(old.count - end)
                store.append(contentsOf: old[span])
                patches.append(Patch(
                    path: path, oldSize: old.count, permissions: permissions, ranges: [span], storeOffset: offset,
                    shifted: (new.count, end)))
                return
            }
            let spans = ReuseUndo.differingSpans(old: old, new: new)
            for span in spans { store.append(contentsOf: old[span]) }
            patches.append(Patch(path: path, oldSize: old.count, permissions: permissions, ranges: spans, storeOffset: offset))
        }

        /// Appends `other`'s patches and bytes.
        mutating func append(_ other: PatchLog) {
            let base = store.count
            store += other.store
            patches += other.patches.map {
                Patch(
                    path: $0.path, oldSize: $0.oldSize, permissions: $0.permissions, ranges: $0.ranges,
                    storeOffset: base + $0.storeOffset, shifted: $0.shifted)
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

    /// How many bytes `old` and `new` share at the start, and then at the end (never counting a
    /// byte twice: the two together are at most the shorter length).
    static func sharedEnds(old: [UInt8], new: [UInt8]) -> (start: Int, end: Int) {
        let common = min(old.count, new.count)
        return old.withUnsafeBytes { before in
            new.withUnsafeBytes { after in
                var start = 0
                while start + 8 <= common,
                      before.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                        == after.loadUnaligned(fromByteOffset: start, as: UInt64.self) { start += 8 }
                while start < common, before[start] == after[start] { start += 1 }
                var end = 0
                let limit = common - start
                while end + 8 <= limit,
                      before.loadUnaligned(fromByteOffset: old.count - end - 8, as: UInt64.self)
                        == after.loadUnaligned(fromByteOffset: new.count - end - 8, as: UInt64.self) { end += 8 }
                while end < limit, before[old.count - end - 1] == after[new.count - end - 1] { end += 1 }
                return (start, end)
            }
        }
    }

    /// The old bytes of `patch`, given the file's `current` bytes and the log's `store`; nil when
    /// the file is not the size the patch left (a shifted record can only be undone from there).
    static func oldBytes(of patch: Patch, current: [UInt8], store: [UInt8]) -> [UInt8]? {
        var offset = patch.storeOffset
        guard let shifted = patch.shifted else {
            var old = Array(current.prefix(patch.oldSize))
            if old.count < patch.oldSize { old += [UInt8](repeating: 0, count: patch.oldSize - old.count) }
            for range in patch.ranges {
                old.replaceSubrange(range, with: store[offset..<(offset + range.count)])
                offset += range.count
            }
            return old
        }
        guard current.count == shifted.newSize, let span = patch.ranges.first,
              span.lowerBound + shifted.sharedEnd <= current.count
        else { return nil }
        var old = Array(current[..<span.lowerBound])
        old.reserveCapacity(patch.oldSize)
        old += store[offset..<(offset + span.count)]
        old += current[(current.count - shifted.sharedEnd)...]
        return old.count == patch.oldSize ? old : nil
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
            guard let old = Self.oldBytes(of: patch, current: current, store: log.store) else {
                throw FileSystemError(operation: "undo", path: patch.path, code: EIO)
            }
            // A shifted record's old bytes differ from the file's from the range's start on.
            let ranges = patch.shifted == nil ? patch.ranges : patch.ranges.map { $0.lowerBound..<patch.oldSize }
            try fileSystem.patchFile(patch.path, old, ranges, patch.permissions)
        }
        for entry in moved.reversed() { try fileSystem.rename(entry.to, entry.from) }
        if let oldMarker { try fileSystem.writeFile(markerPath, oldMarker, 0o644) }
        for entry in permissions.reversed() { try fileSystem.setPermissions(entry.path, entry.bits) }
        if folderCreated { try fileSystem.removeTree(folder) }
    }
}
