// `Settings` is `Encodable` (declared with the type, so the conformance is synthesised) so that
// one canonical encoding of it (`BuildFingerprint` in WktSite: sorted-key JSON) covers every
// field without a hand-kept list: a new stored property is in the encoding by construction, and
// `BuildFingerprintTests` compares the encoded keys with the stored properties.

extension Weekday: Encodable {}
extension E1RMFormula: Encodable {}

/// A schedule encodes as its entries sorted Monday first (a dictionary keyed by weekday would
/// encode in hash order, which differs from run to run).
extension Schedule: Encodable {
    private struct Entry: Encodable {
        let weekday: Weekday
        let routine: String
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for entry in sortedEntries { try container.encode(Entry(weekday: entry.weekday, routine: entry.routine)) }
    }
}
