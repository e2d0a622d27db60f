/// What kind of set a row is. Working sets are every kind except ``warmup`` (docs/statistics.md).
public enum SetKind: String, Sendable, Hashable, CaseIterable, Codable {
    case normal, warmup, drop, failure

    /// Whether sets of this kind count in statistics.
    public var isWorking: Bool { self != .warmup }
}
