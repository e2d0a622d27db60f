/// The muscles one exercise trains: one primary, zero or more secondary (docs/statistics.md
/// "Sets per muscle").
public struct MuscleMapping: Sendable, Hashable {
    /// Counts 1.0 per working set.
    public let primary: Muscle
    /// Each counts 0.5 per working set; never contains ``primary``, no repeats.
    public let secondary: [Muscle]

    /// Creates a mapping; `secondary` loses repeats and the primary (the catalogue and the
    /// configuration reader never pass either, this only keeps the type's promise).
    public init(primary: Muscle, secondary: [Muscle] = []) {
        self.primary = primary
        var seen: Set<Muscle> = [primary]
        self.secondary = secondary.filter { seen.insert($0).inserted }
    }
}

/// The project's own catalogue of exercise names and their muscles: the default exercise names of
/// Strong, Hevy and FitNotes as their exports write them, plus the common names of StrongLifts,
/// Fitbod and the demo (docs/statistics.md "Sets per muscle").
///
/// Entries live in `MuscleCatalogue+<Group>.swift`, one line each, grouped by primary muscle. A
/// name is looked up with ``MuscleOverrides/key(_:)`` (case, repeated spaces and NFC ignored);
/// when the full name is unknown, one trailing suffix in parentheses (`(Barbell)`, `(Cable)`,
/// `(Assisted)`, …) is dropped and the rest is tried (``withoutSuffix(_:)``). Cardio and anything
/// the catalogue does not know have no mapping: they are never guessed.
public enum MuscleCatalogue {
    /// One catalogue line.
    public struct Entry: Sendable {
        /// The exercise name as the app writes it.
        public let name: String
        /// Its muscles.
        public let mapping: MuscleMapping
    }

    /// Every entry, in file order (tests check that no two share a key).
    public static let entries: [Entry] = chestAndShoulders + tricepsAndArms + back + legs + core

    /// Entries by ``MuscleOverrides/key(_:)``; a repeated key keeps the first entry.
    private static let byKey: [String: MuscleMapping] = Dictionary(
        entries.map { (MuscleOverrides.key($0.name), $0.mapping) }, uniquingKeysWith: { first, _ in first })

    /// The catalogue's mapping for exactly this name (case and spacing ignored), no suffix dropped.
    public static func exact(_ name: String) -> MuscleMapping? { byKey[MuscleOverrides.key(name)] }

    /// The catalogue's mapping for `name`: the full name, else the name without its trailing
    /// parenthesised suffix; nil when neither is known.
    public static func mapping(for name: String) -> MuscleMapping? {
        if let full = exact(name) { return full }
        return withoutSuffix(name).flatMap(exact)
    }

    /// `name` without one trailing `( … )` group and the space before it (`Pull Up (Assisted)` →
    /// `Pull Up`); nil when the name does not end in `)`, has no matching `(`, or would be empty.
    public static func withoutSuffix(_ name: String) -> String? {
        let trimmed = name.trimmingTrailingWhitespace
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
        let stem = trimmed[..<open].trimmingTrailingWhitespace
        return stem.isEmpty ? nil : stem
    }
}

extension StringProtocol {
    /// The text without trailing white space.
    fileprivate var trimmingTrailingWhitespace: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return String(self[startIndex..<end])
    }
}

extension MuscleCatalogue {
    /// A catalogue line: `e("Bench Press (Barbell)", .chest, .triceps, .shoulders)`.
    static func e(_ name: String, _ primary: Muscle, _ secondary: Muscle...) -> Entry {
        Entry(name: name, mapping: MuscleMapping(primary: primary, secondary: secondary))
    }
}
