/// Byte tests over a string's UTF-8, read in place: through `String.UTF8View`'s iterator a test
/// like "is it all ASCII" cost 20–30 instructions a byte, and a full build runs such tests on
/// every exercise name of every block and page (callgrind: 93 M instructions for
/// `CanonicalName.normalize` alone); on the contiguous bytes of a native string it is a tight
/// loop. A string without contiguous storage takes the iterator.
extension String {
    /// Whether some UTF-8 byte of the string satisfies `predicate`.
    @inlinable
    public func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(where: predicate) }) { return found }
        return utf8.contains(where: predicate)
    }

    /// Whether every UTF-8 byte of the string satisfies `predicate` (true for the empty string).
    @inlinable
    public func allUTF8Bytes(satisfy predicate: (UInt8) -> Bool) -> Bool {
        !containsUTF8Byte { !predicate($0) }
    }

    /// Whether every UTF-8 byte is ASCII (below 0x80; true for the empty string): eight bytes
    /// at a time on the string's own bytes. The question every name is asked before it is
    /// normalized (``CanonicalName/normalize(_:)``: ASCII is NFC already), 100,000 times in a
    /// 10-year full build; through ``allUTF8Bytes(satisfy:)`` it cost 300 instructions a name.
    @inlinable
    public var isAllASCII: Bool {
        var copy = self
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < bytes.count {
                if base[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the string has exactly `other`'s UTF-8 bytes: stricter than `==`, which holds for
    /// canonically equivalent spellings too (`é` and `e` with a combining accent). Compares the
    /// two storages in place, eight bytes at a time (`UTF8View.elementsEqual` took 1,500
    /// instructions for a short name, the views' contiguous storage about 700).
    @inlinable
    public func hasSameUTF8(as other: String) -> Bool {
        var mine = self
        var theirs = other
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
