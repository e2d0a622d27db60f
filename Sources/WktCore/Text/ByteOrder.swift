#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order of strings by their UTF-8 bytes, the order of paths on disk and in every listing a
/// build writes (the page manifest, the sitemap, the publish plan): never Swift's
/// Unicode-aware `<`, so `Café` in NFC and NFD stay two names in a fixed order.
public enum ByteOrder {
    /// Whether `lhs`'s UTF-8 bytes come before `rhs`'s (a prefix first), as
    /// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`. The bytes are compared with `memcmp`
    /// where the strings are stored contiguously (native strings always are): through the
    /// generic sequence comparison, sorting a build's 2,300 paths cost 30 M instructions, and a
    /// build sorts them three times.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Bool in
                let common = min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
        if let compared, let result = compared { return result }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Whether `lhs` and `rhs` have the same UTF-8 bytes: stricter than `==`, which holds for
    /// canonically equivalent spellings too (`é` and `e` with a combining accent). Compared in
    /// place, eight bytes at a time, each string's bytes through `withUTF8` (`UTF8View`'s
    /// `elementsEqual` took 1,500 instructions for a short name, two nested
    /// `withContiguousStorageIfAvailable` calls as in ``precedes(_:_:)`` about 700; a page
    /// asks for each exercise link it writes).
    @inlinable
    public static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        var mine = lhs
        var theirs = rhs
        return mine.withUTF8 { first in
            theirs.withUTF8 { second in
                guard first.count == second.count else { return false }
                guard let a = first.baseAddress, let b = second.baseAddress else { return true }
                let a8 = UnsafeRawPointer(a), b8 = UnsafeRawPointer(b)
                var offset = 0
                while offset + 8 <= first.count {
                    if a8.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b8.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                        return false
                    }
                    offset += 8
                }
                while offset < first.count {
                    if a[offset] != b[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
