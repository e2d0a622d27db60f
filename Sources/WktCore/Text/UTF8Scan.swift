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
}
