import WktCore

/// What `wkt-site demo` generates: how many years, from which seed, ending on which day.
public struct DemoOptions: Sendable, Hashable {
    /// The allowed number of years.
    public static let allowedYears: ClosedRange<Int> = 1...30

    /// Length of the history in years (1…30); `--years`.
    public var years: Int
    /// Seed of the pseudo-random generator; `--seed`. Every seed, 0 included, is valid.
    public var seed: UInt64
    /// The last day of the history; the newest workout is on this day or at most two days before.
    public var endDay: CivilDate

    /// Creates options; call ``validate()`` on user input before generating.
    /// - Parameters:
    ///   - years: length of the history in years, 1…30.
    ///   - seed: generator seed; the same options always give the same history.
    ///   - endDay: the last day of the history (the caller's "today").
    public init(years: Int = 2, seed: UInt64 = 42, endDay: CivilDate) {
        self.years = years
        self.seed = seed
        self.endDay = endDay
    }

    /// Checks the options.
    /// - Throws: ``DemoError/yearsOutOfRange(given:allowed:)`` when `years` is outside 1…30,
    ///   ``DemoError/endDayOutOfRange(endDay:years:)`` when the history would leave the years
    ///   1000…9999. Both map to exit code 64.
    public func validate() throws(DemoError) {
        guard DemoOptions.allowedYears.contains(years) else {
            throw .yearsOutOfRange(given: years, allowed: DemoOptions.allowedYears)
        }
        guard endDay.year <= 9999, endDay.year - years >= 1000 else {
            throw .endDayOutOfRange(endDay: endDay.description, years: years)
        }
    }
}
