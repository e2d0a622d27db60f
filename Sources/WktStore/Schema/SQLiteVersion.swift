import WktCore

/// A parsed `sqlite_version()` ("3.40.1"), used to decide whether WAL is safe (docs/reliability.md P4).
struct SQLiteVersion: Sendable, Comparable, CustomStringConvertible {
    /// Major version (3).
    let major: Int
    /// Minor version (40).
    let minor: Int
    /// Patch level (1).
    let patch: Int

    /// Creates a version from its parts.
    init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `MAJOR.MINOR.PATCH` (a missing patch is 0); nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let value = ASCIIDigits.int(part.utf8) else { return nil }
            numbers.append(value)
        }
        self.init(numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    /// Whether this SQLite has the fix for the WAL-reset bug, which affects 3.7.0 up to 3.51.2:
    /// 3.51.3 or later, or 3.50.7+ on the 3.50 line, or 3.44.6+ on the 3.44 line.
    var hasWALResetFix: Bool {
        if self >= SQLiteVersion(3, 51, 3) { return true }
        if major == 3 && minor == 50 { return patch >= 7 }
        if major == 3 && minor == 44 { return patch >= 6 }
        return false
    }

    /// `MAJOR.MINOR.PATCH`.
    var description: String { "\(major).\(minor).\(patch)" }

    /// Orders by major, minor, then patch.
    static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
