/// One bodyweight measurement (docs/statistics.md "Bodyweight"): a day, a weight in kilograms and
/// where it came from.
///
/// The store keeps at most one measurement per day and source (the last one read wins, so a
/// re-import replaces rather than duplicates); ``WorkoutHistory/body`` holds them oldest first.
public struct BodyMeasurement: Sendable, Hashable {
    /// The calendar day the measurement was taken (its local day; no training-day cutoff).
    public var day: CivilDate
    /// The weight in kilograms.
    public var weightKg: Double
    /// The source's name as the store records it (`apple-health`, `gym-baazi`, `wkt-json`,
    /// `stronglifts`).
    public var source: String

    /// Creates a measurement.
    public init(day: CivilDate, weightKg: Double, source: String) {
        self.day = day
        self.weightKg = weightKg
        self.source = source
    }
}
