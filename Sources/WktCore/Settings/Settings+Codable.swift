// `Settings` is `Encodable` (declared with the type, so the conformance is synthesised) so that
// one canonical encoding of it (`BuildFingerprint` in WktSite: sorted-key JSON) covers every
// field without a hand-kept list: a new stored property is in the encoding by construction, and
// `BuildFingerprintTests` compares the encoded keys with the stored properties.

extension Weekday: Encodable {}
extension E1RMFormula: Encodable {}

/// A schedule encodes as its entries sorted Monday first (a dictionary keyed by weekday would
/// encode in hash order, which differs from run to run), then its `since` day when set.
extension Schedule: Encodable {
    private struct Entry: Encodable {
        let weekday: Weekday
        let routine: String
    }

    private enum Key: String, CodingKey {
        case days, since
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(sortedEntries.map { Entry(weekday: $0.weekday, routine: $0.routine) }, forKey: .days)
        try container.encodeIfPresent(since?.description, forKey: .since)
    }
}
