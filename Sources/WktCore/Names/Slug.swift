import Foundation

/// URL- and file-name-safe slugs for exercise (and other) names (docs/reliability.md P8).
///
/// The base of a slug: NFKC → locale-free case and diacritic fold
/// (`folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`) → every Unicode
/// scalar of category `\p{L}` or `\p{N}` kept, every other one turned into `-` → runs of `-`
/// collapsed and `-` trimmed from both ends → cut at a grapheme boundary to ≤ 64 UTF-8 bytes.
///
/// A name gets the suffix `-` + the first 8 hex digits of the SHA-256 of its canonical (NFC) name
/// when its base is
/// - **empty** (`...`, `🏋️`);
/// - **lossy**: it differs from the *reference* of the name, i.e. the NFC name passed through
///   Swift's locale-independent `lowercased()`, with letters, numbers **and combining marks** kept
///   and everything else turned into `-` (collapsed, trimmed). So only case, spaces, punctuation
///   and symbols may be lost silently; a folded accent (`Café`), a compatibility mapping (`ﬁ`, `²`),
///   a case fold beyond lower-casing (`ß` → `ss`) or a dropped combining mark (Devanagari vowel
///   signs) makes the slug lossy. This keeps `Café` off the plain slug `cafe`, which a later
///   `Cafe` would claim, so slugs stay stable as names are added;
/// - **cut** to 64 bytes;
/// - a **Windows reserved name** (`con`, `prn`, `aux`, `nul`, `com0`–`com9`, `lpt0`–`lpt9`);
/// - **taken**: equal, compared case-insensitively, to the slug of a name that sorts before it.
///
/// With a suffix the base is cut (at a grapheme boundary) so that the whole slug stays ≤ 64 bytes;
/// an empty base gives just the 8 hex digits. In the (astronomically unlikely) case that the
/// suffixed slug is taken too, `-2`, `-3`, … is appended. Names are processed in code-point order
/// of their NFC forms, so the result never depends on the input order. A slug is never empty,
/// never starts with `.` or `-`, and never contains `/`, `\`, `.` or whitespace.
public enum Slugger {
    /// The longest slug in UTF-8 bytes.
    public static let maxBytes = 64

    /// Windows device names that cannot be file names on NTFS, lower-cased.
    public static let reservedNames: Set<String> = Set(
        ["con", "prn", "aux", "nul"] + (0...9).map { "com\($0)" } + (0...9).map { "lpt\($0)" }
    )

    /// Slugs for `names`, keyed by the names as given (names with the same NFC form share a slug).
    public static func slugs(for names: [String]) -> [String: String] {
        let canonical = Set(names.map(CanonicalName.normalize)).sorted(by: CanonicalName.precedes)
        var taken: Set<String> = []
        var byCanonical: [String: String] = [:]
        for name in canonical {
            let slug = assign(name, taken: taken)
            taken.insert(collisionKey(slug))
            byCanonical[name] = slug
        }
        var result: [String: String] = [:]
        for name in names { result[name] = byCanonical[CanonicalName.normalize(name)] }
        return result
    }

    /// Slugs for `names` as ``slugs(for:)`` assigns them, except that a slug the caller reserves
    /// (a page name of the folder the slugs share, such as `index`) gets `-` and the name's
    /// ``hashSuffix(of:)`` appended, so no name can take the place of such a page.
    /// - Parameters:
    ///   - names: the names (NFC or not; equal NFC forms share a slug).
    ///   - isReserved: whether a slug is taken by the caller.
    /// - Returns: name → slug, keyed by the names as given.
    public static func slugs(for names: [String], reserving isReserved: (String) -> Bool) -> [String: String] {
        var slugs = slugs(for: names)
        for name in names {
            guard let slug = slugs[name], isReserved(slug) else { continue }
            slugs[name] = slug + "-" + hashSuffix(of: name)
        }
        return slugs
    }

    /// The base of a name's slug and whether it needs the hash suffix on its own account.
    public static func base(of name: String) -> (base: String, needsSuffix: Bool) {
        asciiBase(of: name) ?? unicodeBase(of: name)
    }

    /// ``base(of:)`` of an ASCII name, by its bytes (the Foundation normalizations and Unicode
    /// properties of ``unicodeBase(of:)`` cost about 80,000 instructions a name, and a build
    /// makes every exercise's slug twice, 27 M instructions for the 10-year demo). For ASCII the
    /// steps reduce to bytes: ASCII is NFC and NFKC already; folding case and diacritics changes
    /// only `A`–`Z` (to `a`–`z`); its letters and digits are its only scalars of categories L
    /// and N; it has no combining marks, so the reference (lower-cased, marks kept) is the folded
    /// text itself and the base is never lossy. `SlugTests` holds this to ``unicodeBase(of:)``
    /// for every ASCII character and random ASCII names. Nil for a name that is not ASCII.
    static func asciiBase(of name: String) -> (base: String, needsSuffix: Bool)? {
        guard name.isAllASCII else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingDash = false
        for byte in name.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                if pendingDash, !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(lower)
            } else {
                pendingDash = true
            }
        }
        let full = String(decoding: bytes, as: UTF8.self)
        let base = cut(full, toBytes: maxBytes)
        return (base, base.isEmpty || base != full || reservedNames.contains(base))
    }

    /// ``base(of:)`` for any name, by the steps of the type's description.
    static func unicodeBase(of name: String) -> (base: String, needsSuffix: Bool) {
        let canonical = CanonicalName.normalize(name)
        let folded = canonical.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let full = dashed(folded, keepMarks: false)
        let base = cut(full, toBytes: maxBytes)
        let lossy = full != dashed(canonical.lowercased(), keepMarks: true)
        let needsSuffix = base.isEmpty || lossy || base != full || reservedNames.contains(base)
        return (base, needsSuffix)
    }

    /// The first 8 lower-case hex digits of the SHA-256 of the canonical (NFC) name.
    public static func hashSuffix(of name: String) -> String {
        String(SHA256.hex(CanonicalName.normalize(name)).prefix(8))
    }

    private static func assign(_ name: String, taken: Set<String>) -> String {
        let (base, needsSuffix) = base(of: name)
        if !needsSuffix, !taken.contains(collisionKey(base)) { return base }
        let hash = hashSuffix(of: name)
        var suffix = hash
        var counter = 1
        while true {
            let stem = cut(base, toBytes: maxBytes - suffix.utf8.count - 1)
            let slug = stem.isEmpty ? suffix : stem + "-" + suffix
            if !taken.contains(collisionKey(slug)) { return slug }
            counter += 1
            suffix = hash + "-\(counter)"
        }
    }

    /// Case-insensitive identity of a slug (APFS/NTFS checkouts): an ASCII slug (nearly every
    /// one) lower-cased by its bytes, as folding lower-cases ASCII (`SlugTests`), any other one
    /// folded by Foundation.
    static func collisionKey(_ slug: String) -> String {
        guard slug.isAllASCII else { return slug.folding(options: [.caseInsensitive], locale: nil) }
        return String(decoding: slug.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// ``collisionKey(_:)`` by Foundation's folding alone, for the tests.
    static func foldedCollisionKey(_ slug: String) -> String {
        slug.folding(options: [.caseInsensitive], locale: nil)
    }

    /// Keeps letters and numbers (and, when asked, combining marks), turns every other scalar into
    /// `-`, collapses runs of `-` and trims them from both ends.
    private static func dashed(_ text: String, keepMarks: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if isKept(scalar, keepMarks: keepMarks) {
                if pendingDash, !scalars.isEmpty { scalars.append("-") }
                pendingDash = false
                scalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return String(scalars)
    }

    private static func isKept(_ scalar: Unicode.Scalar, keepMarks: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return keepMarks
        default:
            return false
        }
    }

    /// The longest prefix of whole grapheme clusters within `limit` UTF-8 bytes, without a
    /// trailing `-`.
    private static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var bytes = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            if bytes + size > limit { break }
            bytes += size
            end = next
        }
        var result = String(text[..<end])
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
