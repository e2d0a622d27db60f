#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Comparing the bytes a file holds with the bytes it should hold, in the blocks a patch writes
/// (`PublishRun` patches reused pages, `ReuseUndo` puts them back).
enum BlockDiff {
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
}
