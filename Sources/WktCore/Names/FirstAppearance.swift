/// The position of each name in order of first appearance, for the few exercise names of one
/// workout: statistics, the quality rules and `[[ignore]]` numbering group a workout's blocks by
/// exercise this way, 2,000 to 6,000 times per command for a 10-year history.
///
/// Why not a `[String: Int]` alone: a new dictionary per workout hashes every block's name (Swift
/// hashes strings with SipHash) and grows its table two or three times; for the handful of names
/// of one workout a linear scan of the names seen so far compares a few short strings instead
/// (callgrind, `stats --json` of the 10-year demo: the quality rules' grouping took 65 M of 900 M
/// instructions). Past ``linearLimit`` names (a pathological workout with hundreds of exercises)
/// a dictionary takes over, so the cost stays linear in the number of blocks.
///
/// Names are compared with `String`'s `==`, exactly as dictionary keys are, so the grouping is
/// the same either way (callers pass NFC names, ``CanonicalName/normalize(_:)``).
public struct FirstAppearance: Sendable {
    /// Up to this many names are found by a linear scan.
    public static let linearLimit = 16

    /// The names seen so far, in order of first appearance.
    public private(set) var names: [String] = []
    /// Name → position, built once there are more than ``linearLimit`` names.
    private var positions: [String: Int]?

    /// No names yet.
    public init() {}

    /// No names yet, with room for `capacity` of them (a workout's block count): the names
    /// then take one allocation, where growing one name at a time reallocated at the 2nd, 3rd
    /// and 5th (48,000 reallocations and 18 M instructions of a 10-year full build).
    public init(capacity: Int) {
        names.reserveCapacity(min(max(capacity, 0), Self.linearLimit + 1))
    }

    /// The position of `name` if it was seen, without adding it.
    public func existingPosition(of name: String) -> Int? {
        if let positions { return positions[name] }
        return names.firstIndex(of: name)
    }

    /// The position of `name`, and whether it was seen before (if not, it now is, at the end).
    public mutating func position(of name: String) -> (position: Int, isNew: Bool) {
        if let positions {
            if let known = positions[name] { return (known, false) }
        } else if let known = names.firstIndex(of: name) {
            return (known, false)
        }
        let position = names.count
        names.append(name)
        if positions != nil {
            positions?[name] = position
        } else if names.count > Self.linearLimit {
            positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        }
        return (position, true)
    }
}
