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
}
