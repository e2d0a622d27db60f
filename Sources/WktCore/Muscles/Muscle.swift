/// The 17 muscle groups sets are counted for (docs/statistics.md "Sets per muscle"); the raw
/// values are the names `wkt-site.toml` and `stats.json` use.
public enum Muscle: String, Sendable, Hashable, CaseIterable, Comparable, Encodable {
    case abdominals, abductors, adductors, biceps, calves, chest, forearms, glutes, hamstrings, lats
    case lowerBack = "lower_back"
    case neck, quadriceps, shoulders, traps, triceps
    case upperBack = "upper_back"

    /// Sorted by name, the order every listing uses.
    public static func < (lhs: Muscle, rhs: Muscle) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One `[muscles]` entry of `wkt-site.toml`: what the configuration says about an exercise.
///
/// Every field is optional so an entry can say only part: `{ assisted = true }` keeps the
/// catalogue's muscles and marks the exercise as assisted (docs/statistics.md "Assisted exercises").
public struct MuscleOverride: Sendable, Hashable, Encodable {
    /// The primary muscle, when the entry sets one.
    public var primary: Muscle?
    /// The secondary muscles, when the entry sets them (an empty list means "none").
    public var secondary: [Muscle]?
    /// Whether the logged weight is assistance, not load; nil when the entry does not say.
    public var assisted: Bool?

    /// Creates an entry.
    public init(primary: Muscle? = nil, secondary: [Muscle]? = nil, assisted: Bool? = nil) {
        self.primary = primary
        self.secondary = secondary
        self.assisted = assisted
    }
}

/// All `[muscles]` entries, looked up by exercise name ignoring case and repeated spaces.
///
/// Stored as a list sorted by key so that ``Settings``' canonical encoding (the build
/// fingerprint) is the same from run to run, which a dictionary's would not be.
public struct MuscleOverrides: Sendable, Hashable, Encodable {
    /// `(name as written in the config, entry)`, sorted by ``key(_:)``.
    public private(set) var entries: [Entry]
    private var index: [String: Int]

    /// One named entry.
    public struct Entry: Sendable, Hashable, Encodable {
        /// The exercise name as the configuration wrote it.
        public var name: String
        /// What the configuration says about it.
        public var override: MuscleOverride
    }

    /// Creates the overrides; a later entry whose key equals an earlier one replaces it.
    public init(_ entries: [(name: String, override: MuscleOverride)] = []) {
        var byKey: [String: Entry] = [:]
        for (name, override) in entries { byKey[Self.key(name)] = Entry(name: name, override: override) }
        let sorted = byKey.sorted { CanonicalName.precedes($0.key, $1.key) }
        self.entries = sorted.map(\.value)
        self.index = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1.key, $0) })
    }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry for `exercise`, matched by ``key(_:)``.
    public func override(for exercise: String) -> MuscleOverride? {
        // Most configurations have no `[muscles]`: skip building the key (it runs per set).
        guard !entries.isEmpty else { return nil }
        return index[Self.key(exercise)].map { entries[$0].override }
    }

    /// The matching key: NFC, lower case, runs of white space as one space, trimmed.
    ///
    /// An ASCII name takes a byte loop that gives the same key (`MuscleKeyTests` compares both on
    /// every ASCII character and on random names): the catalogue's 400 names went through the
    /// general form, character by character, on every build (10.6 M instructions; 2.0 M this
    /// way, callgrind).
    public static func key(_ name: String) -> String {
        asciiKey(name) ?? unicodeKey(name)
    }

    /// ``key(_:)`` of any name: NFC, Unicode lower case, split at every white-space character.
    static func unicodeKey(_ name: String) -> String {
        CanonicalName.normalize(name).lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// ``key(_:)`` of an ASCII name (already NFC): `A`–`Z` lowered, runs of the ASCII white space
    /// (tab, line feed, vertical tab, form feed, carriage return, space) as one space, none at
    /// either end; nil when the name has a byte outside ASCII (or no contiguous UTF-8).
    static func asciiKey(_ name: String) -> String? {
        var ascii = true
        let key = name.utf8.withContiguousStorageIfAvailable { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { out in
                var count = 0
                var space = false
                for byte in utf8 {
                    guard byte < 0x80 else {
                        ascii = false
                        return 0
                    }
                    if byte == 0x20 || (0x09...0x0D).contains(byte) {
                        space = count > 0
                        continue
                    }
                    if space {
                        out[count] = 0x20
                        count += 1
                        space = false
                    }
                    out[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        return ascii ? key : nil
    }

    public static func == (lhs: MuscleOverrides, rhs: MuscleOverrides) -> Bool { lhs.entries == rhs.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    private enum CodingKeys: String, CodingKey { case entries }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
    }
}
