import Foundation

/// Canonical form of user-visible names (docs/reliability.md P8).
///
/// Swift's `==` treats `"Café"` and `"Cafe\u{301}"` as equal, but SQLite `UNIQUE` and file systems
/// compare bytes; so every name is NFC-normalised once, at import, and the NFC form decides identity.
public enum CanonicalName {
    /// The NFC form of `name`; nothing else (spacing, case) is changed.
    public static func normalize(_ name: String) -> String {
        if name.isAllASCII { return name }  // ASCII is already NFC
        return name.precomposedStringWithCanonicalMapping
    }

    /// Code-point order of the NFC forms, the one order every listing uses (docs/statistics.md).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
