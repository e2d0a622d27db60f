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
        /// For a file whose size changed and whose patch was written completely: how old is made
        /// of the file as the patch left it and the recorded bytes (``Rebuild``). `ranges` is then
        /// the one range of old from its first byte that differs to its end, the bytes undoing
        /// writes.
        var rebuild: Rebuild?
    }

    /// The old file as pieces: runs of the bytes the patch left (``newSize`` of them), and old's
    /// own bytes, taken in order from the log's `store` from the patch's `storeOffset` on.
    struct Rebuild: Sendable {
        /// A piece of the old file.
        enum Piece: Sendable, Equatable {
            /// These bytes of the file as the patch left it.
            case current(Range<Int>)
            /// The next `count` recorded bytes.
            case recorded(Int)
        }

        /// The size the patch left the file at.
        let newSize: Int
        /// The old file's pieces, in order.
        let pieces: [Piece]
    }

    /// Patches with their overwritten bytes back to back. The publisher's threads each record
    /// into their own log, kept by the record afterwards (``merge(_:)``).
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
        /// that was `written` completely left exactly `new` in the file, so the record is old
        /// made of pieces of new and the few bytes of old between them (``pieces(old:new:keeping:)``):
        /// a new site title changes every page's length near its top, and the whole ends were
        /// 41 MB of old bytes held in memory for the 10-year demo (the rebuild's peak 127 → 186 MiB).
        mutating func record(path: String, old: [UInt8], new: [UInt8], permissions: UInt32, written: Bool = false) {
            let offset = store.count
            if written, old.count != new.count {
                let pieces = ReuseUndo.pieces(old: old, new: new, keeping: &store)
                var start = 0
                if case .current(let shared)? = pieces.first, shared.lowerBound == 0 { start = shared.upperBound }
                patches.append(Patch(
                    path: path, oldSize: old.count, permissions: permissions, ranges: [start..<old.count], storeOffset: offset,
                    rebuild: Rebuild(newSize: new.count, pieces: pieces)))
                return
            }
            let spans = ReuseUndo.differingSpans(old: old, new: new)
            for span in spans { store.append(contentsOf: old[span]) }
            patches.append(Patch(path: path, oldSize: old.count, permissions: permissions, ranges: spans, storeOffset: offset))
        }
    }

    /// The sibling folder holding entries moved out of the tree.
    let folder: String
    /// Whether `folder` has been created.
    private(set) var folderCreated = false
    /// Every patch with the bytes it overwrote: the logs of the publisher's runs, in the order
    /// of their files.
    private(set) var logs: [PatchLog] = []
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

    /// Adds the patches a publisher thread recorded in its own log. The log is kept as it is,
    /// not copied onto the end of one: its old bytes are what a patch that changed a page's
    /// length overwrote (megabytes in a rebuild), and appending them all into one array was
    /// 5.5 M instructions and fresh pages on the publishing thread while the other core idled
    /// at the end of a one-workout rebuild.
    mutating func merge(_ other: PatchLog) {
        guard !other.patches.isEmpty else { return }
        logs.append(other)
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

    /// Old as pieces of new and the bytes of old between them, which are appended to `kept`: a
    /// greedy walk. From the start, the run both share is one piece; where they differ, the next
    /// shared run is looked for within ``reach`` bytes on either side (its first ``window``
    /// bytes equal, or all that is left of both), nearest first, and old's bytes skipped to get
    /// there are kept. A change of a title, a build ID and a footer line costs their few bytes,
    /// wherever the rest of the page moved. When no shared run is that near, old's bytes up to
    /// the end both share are kept (the whole rest, at worst).
    static func pieces(old: [UInt8], new: [UInt8], keeping kept: inout [UInt8]) -> [Rebuild.Piece] {
        var pieces: [Rebuild.Piece] = []
        old.withUnsafeBytes { before in
            new.withUnsafeBytes { after in
                /// Whether `count` bytes at `a` in old and `b` in new are equal, a word at a time in
                /// place (a call to `memcmp` cost more than comparing 16 bytes).
                func same(_ a: Int, _ b: Int, _ count: Int) -> Bool {
                    var k = 0
                    while k + 8 <= count {
                        guard before.loadUnaligned(fromByteOffset: a + k, as: UInt64.self)
                            == after.loadUnaligned(fromByteOffset: b + k, as: UInt64.self) else { return false }
                        k += 8
                    }
                    while k < count {
                        guard before[a + k] == after[b + k] else { return false }
                        k += 1
                    }
                    return true
                }
                // new's windows within reach, by their first word: `heads[slot]` is the nearest
                // one, `chain[b]` the next one after `b` in the same slot (-1: none).
                var heads = [Int](repeating: -1, count: 256)
                var chain = [Int](repeating: -1, count: reach + 1)
                func slot(_ word: UInt64) -> Int { Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 56) }
                /// The nearest (`a`, `b`) at which old from `i` and new from `j` share a whole
                /// window, nearest meaning the least `a + b`, then the least `a`; both stay
                /// within ``reach`` and every window there lies inside both files. Only the
                /// positions of new whose first word equals old's at `i + a` are compared, so a
                /// search costs a few hundred steps instead of trying all 4,225 pairs.
                func nearest(_ i: Int, _ j: Int) -> (a: Int, b: Int)? {
                    for b in stride(from: reach, through: 0, by: -1) {
                        let key = slot(after.loadUnaligned(fromByteOffset: j + b, as: UInt64.self))
                        chain[b] = heads[key]
                        heads[key] = b
                    }
                    var best: (a: Int, b: Int)?
                    for a in 0...reach {
                        if let best, a >= best.a + best.b { break }
                        var b = heads[slot(before.loadUnaligned(fromByteOffset: i + a, as: UInt64.self))]
                        while b >= 0 {
                            if let best, a + b >= best.a + best.b { break }
                            if a + b > 0, same(i + a, j + b, window) {
                                best = (a, b)
                                break
                            }
                            b = chain[b]
                        }
                    }
                    for b in 0...reach { heads[slot(after.loadUnaligned(fromByteOffset: j + b, as: UInt64.self))] = -1 }
                    return best
                }
                /// ``nearest`` where a window may run past the end of a file: every pair is tried,
                /// nearest first, and a run shorter than the window counts only where it ends
                /// both files.
                func nearestNearTheEnd(_ i: Int, _ j: Int) -> (a: Int, b: Int)? {
                    for total in 1...(2 * reach) {
                        for a in max(0, total - reach)...min(total, reach) {
                            let b = total - a
                            guard i + a <= old.count, j + b <= new.count else { continue }
                            let count = min(window, old.count - i - a, new.count - j - b)
                            guard count == window || (count > 0 && i + a + count == old.count && j + b + count == new.count) else { continue }
                            if same(i + a, j + b, count) { return (a, b) }
                        }
                    }
                    return nil
                }
                var i = 0
                var j = 0
                while i < old.count {
                    // The run both share from (i, j).
                    let limit = min(old.count - i, new.count - j)
                    var run = 0
                    while run + 8 <= limit,
                          before.loadUnaligned(fromByteOffset: i + run, as: UInt64.self)
                            == after.loadUnaligned(fromByteOffset: j + run, as: UInt64.self) { run += 8 }
                    while run < limit, before[i + run] == after[j + run] { run += 1 }
                    if run > 0 {
                        pieces.append(.current(j..<(j + run)))
                        i += run
                        j += run
                    }
                    guard i < old.count else { break }
                    // The nearest next shared run: `a` bytes on in old, `b` in new.
                    var found: (a: Int, b: Int)?
                    if i + reach + window <= old.count, j + reach + window <= new.count {
                        found = nearest(i, j)
                    } else {
                        found = nearestNearTheEnd(i, j)
                    }
                    guard let (a, b) = found else {
                        // Old's bytes up to the end both share, then that end.
                        var end = 0
                        let most = min(old.count - i, new.count - j)
                        while end + 8 <= most,
                              before.loadUnaligned(fromByteOffset: old.count - end - 8, as: UInt64.self)
                                == after.loadUnaligned(fromByteOffset: new.count - end - 8, as: UInt64.self) { end += 8 }
                        while end < most, before[old.count - end - 1] == after[new.count - end - 1] { end += 1 }
                        kept.append(contentsOf: old[i..<(old.count - end)])
                        pieces.append(.recorded(old.count - end - i))
                        if end > 0 { pieces.append(.current((new.count - end)..<new.count)) }
                        i = old.count
                        break
                    }
                    if a > 0 {
                        kept.append(contentsOf: old[i..<(i + a)])
                        pieces.append(.recorded(a))
                    }
                    i += a
                    j += b
                }
            }
        }
        return pieces
    }

    /// How far ``pieces(old:new:keeping:)`` looks for the next shared run, in bytes on either side.
    static let reach = 64
    /// How many equal bytes make a shared run worth resuming at.
    static let window = 16

    /// The old bytes of `patch`, given the file's `current` bytes and the log's `store`; nil when
    /// the file is not the size the patch left (a rebuilt record can only be undone from there).
    static func oldBytes(of patch: Patch, current: [UInt8], store: [UInt8]) -> [UInt8]? {
        var offset = patch.storeOffset
        guard let rebuild = patch.rebuild else {
            var old = Array(current.prefix(patch.oldSize))
            if old.count < patch.oldSize { old += [UInt8](repeating: 0, count: patch.oldSize - old.count) }
            for range in patch.ranges {
                old.replaceSubrange(range, with: store[offset..<(offset + range.count)])
                offset += range.count
            }
            return old
        }
        guard current.count == rebuild.newSize else { return nil }
        var old: [UInt8] = []
        old.reserveCapacity(patch.oldSize)
        for piece in rebuild.pieces {
            switch piece {
            case .current(let range):
                guard range.upperBound <= current.count else { return nil }
                old += current[range]
            case .recorded(let count):
                guard offset + count <= store.count else { return nil }
                old += store[offset..<(offset + count)]
                offset += count
            }
        }
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
        for log in logs.reversed() {
            for patch in log.patches.reversed() {
                let current = try fileSystem.readFile(patch.path)
                guard let old = Self.oldBytes(of: patch, current: current, store: log.store) else {
                    throw FileSystemError(operation: "undo", path: patch.path, code: EIO)
                }
                try fileSystem.patchFile(patch.path, old, patch.ranges, patch.permissions)
            }
        }
        for entry in moved.reversed() { try fileSystem.rename(entry.to, entry.from) }
        if let oldMarker { try fileSystem.writeFile(markerPath, oldMarker, 0o644) }
        for entry in permissions.reversed() { try fileSystem.setPermissions(entry.path, entry.bits) }
        if folderCreated { try fileSystem.removeTree(folder) }
    }
}
