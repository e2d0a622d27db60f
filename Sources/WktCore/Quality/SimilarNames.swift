/// Q5 of docs/statistics.md "Data quality": exercise names that differ only by case, spacing,
/// punctuation or one letter (`Bench Press (Barbel)` next to `Bench Press (Barbell)`).
///
/// Definitions:
/// - A name's **key** is its lower-cased letters and digits; spaces, punctuation and symbols are
///   dropped. Two names with the same key differ only by case, spacing or punctuation.
/// - Two keys **differ by one letter** when one letter is replaced, added or removed (edit
///   distance 1, the changed character a letter, not a digit: `Set 1` and `Set 2` are not
///   flagged) and the shorter key has at least 5 characters (short names like `Row` and `Rod`
///   are too easily one letter apart).
/// - Of two similar names, the **variant** is the one used in fewer workouts (then the one first
///   used later, then the later in code-point order); the finding names its first workout and
///   the name it resembles.
///
/// Speed: candidates come from a table of every key with one character deleted (a "symmetric
/// delete" index), so thousands of names are compared in time proportional to their total
/// length, not to the number of pairs.
enum SimilarNames {
    /// The shortest key that takes part in the one-letter comparison.
    static let minimumLetterKeyLength = 5

    /// What the history says about one exercise name.
    private struct NameUse {
        let name: String
        var workouts = 0
        var first: WorkoutReference
        var firstIndex: Int
    }

    /// Every Q5 finding, unsorted.
    /// - Parameter exerciseSets: ``QualityRules/exerciseSets(of:)`` of each workout of `history`,
    ///   in order (its names are each workout's distinct normalized names), when the caller has
    ///   them already; nil to make them here.
    static func findings(in history: WorkoutHistory, exerciseSets: [[(name: String, sets: [WorkoutSet])]]? = nil) -> [QualityFinding] {
        var uses: [NameUse] = []
        var place: [String: Int] = [:]  // name → index in `uses`: one lookup per name and workout
        for (index, stored) in history.workouts.enumerated() {
            for (name, _) in exerciseSets?[index] ?? QualityRules.exerciseSets(of: stored.workout) {
                if let known = place[name] {
                    uses[known].workouts += 1
                } else {
                    place[name] = uses.count
                    uses.append(NameUse(name: name, workouts: 1, first: WorkoutReference(stored), firstIndex: index))
                }
            }
        }
        // Names grouped by key, most used first (``dominates(_:_:)`` is a total order, so the
        // order names are gathered in does not matter).
        var groups: [[Unicode.Scalar]: [NameUse]] = [:]
        for use in uses { groups[key(of: use.name), default: []].append(use) }
        var keys: [[Unicode.Scalar]] = []
        for (key, members) in groups {
            groups[key] = members.sorted(by: dominates)
            keys.append(key)
        }
        keys.sort { $0.lexicographicallyPrecedes($1) { $0.value < $1.value } }

        var findings: [QualityFinding] = []
        for key in keys {
            guard let members = groups[key], let main = members.first else { continue }
            for variant in members.dropFirst() {
                findings.append(finding(variant, like: main, how: "only by case, spacing or punctuation"))
            }
        }
        for (a, b) in letterPairs(keys) {
            guard let first = groups[a]?.first, let second = groups[b]?.first else { continue }
            let (main, variant) = dominates(first, second) ? (first, second) : (second, first)
            findings.append(finding(variant, like: main, how: "by one letter"))
        }
        return findings
    }

    /// Whether `a` is the name to keep rather than `b` (more workouts, then earlier, then name order).
    private static func dominates(_ a: NameUse, _ b: NameUse) -> Bool {
        if a.workouts != b.workouts { return a.workouts > b.workouts }
        if a.firstIndex != b.firstIndex { return a.firstIndex < b.firstIndex }
        return CanonicalName.precedes(a.name, b.name)
    }

    private static func finding(_ variant: NameUse, like main: NameUse, how: String) -> QualityFinding {
        QualityFinding(
            rule: .q5, workout: variant.first, exercise: variant.name,
            explanation: "\(MessageText.quoted(variant.name)) (\(count(variant.workouts))) differs from "
                + "\(MessageText.quoted(main.name)) (\(count(main.workouts))) \(how): the same exercise?")
    }

    private static func count(_ n: Int) -> String { "\(DecimalFormat.grouped(Double(n))) workout\(n == 1 ? "" : "s")" }

    /// The key of a name: lower-cased letters and digits only.
    static func key(of name: String) -> [Unicode.Scalar] {
        // ASCII names (nearly all) take a fast path without Unicode property lookups.
        if name.isAllASCII {
            return name.utf8.compactMap { byte -> Unicode.Scalar? in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): Unicode.Scalar(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): Unicode.Scalar(byte + 32)
                default: nil
                }
            }
        }
        return name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// Pairs of distinct keys one letter apart (each pair once, in a fixed order).
    static func letterPairs(_ keys: [[Unicode.Scalar]]) -> [([Unicode.Scalar], [Unicode.Scalar])] {
        // Each key and each of its one-deletion variants is indexed by a hash (no variant is
        // built as an array); a shared hash makes a candidate pair, and every candidate is
        // checked exactly (``oneLetterApart(_:_:)``), so a hash collision costs a comparison only.
        var index: [Int: [Int]] = [:]
        for position in keys.indices where keys[position].count >= minimumLetterKeyLength {
            let key = keys[position]
            index[variantHash(key, skipping: nil), default: []].append(position)
            for drop in key.indices {
                // Deleting either letter of a doubled pair gives the same variant: index it once.
                if drop > 0, key[drop] == key[drop - 1] { continue }
                index[variantHash(key, skipping: drop), default: []].append(position)
            }
        }
        var pairs: Set<Pair> = []
        for members in index.values where members.count > 1 {
            let unique = Array(Set(members)).sorted()
            for i in unique.indices {
                for j in unique.indices where j > i {
                    pairs.insert(Pair(a: unique[i], b: unique[j]))
                }
            }
        }
        return pairs.sorted { ($0.a, $0.b) < ($1.a, $1.b) }
            .filter { oneLetterApart(keys[$0.a], keys[$0.b]) }
            .map { (keys[$0.a], keys[$0.b]) }
    }

    /// A hash of `key` with the scalar at `skipping` left out (nil: the whole key). Deterministic
    /// within one run, which is all the index needs (the result does not depend on it).
    private static func variantHash(_ key: [Unicode.Scalar], skipping: Int?) -> Int {
        var hasher = Hasher()
        for (offset, scalar) in key.enumerated() where offset != skipping { hasher.combine(scalar.value) }
        hasher.combine(key.count - (skipping == nil ? 0 : 1))
        return hasher.finalize()
    }

    private struct Pair: Hashable {
        let a: Int
        let b: Int
    }

    /// Whether two keys differ by exactly one letter replaced, added or removed.
    static func oneLetterApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard min(a.count, b.count) >= minimumLetterKeyLength else { return false }
        if a.count == b.count {
            let different = a.indices.filter { a[$0] != b[$0] }
            guard different.count == 1, let at = different.first else { return false }
            return a[at].properties.isAlphabetic && b[at].properties.isAlphabetic
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var at = 0
        while at < short.count, long[at] == short[at] { at += 1 }
        guard long[(at + 1)...].elementsEqual(short[at...]) else { return false }
        return long[at].properties.isAlphabetic
    }
}
