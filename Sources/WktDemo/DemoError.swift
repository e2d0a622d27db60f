/// Why a demo history cannot be generated from the given options.
public enum DemoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--years` is outside the allowed range.
    case yearsOutOfRange(given: Int, allowed: ClosedRange<Int>)
    /// The history would start before year 1000 or end after year 9999 (four-digit years only).
    case endDayOutOfRange(endDay: String, years: Int)

    /// The process exit code: 64 (usage) for both cases.
    public var exitCode: Int32 {
        switch self {
        case .yearsOutOfRange, .endDayOutOfRange: 64
        }
    }

    /// One line for stderr that names the option and what to do.
    public var description: String {
        switch self {
        case .yearsOutOfRange(let given, let allowed):
            "demo: --years \(given) is outside \(allowed.lowerBound)…\(allowed.upperBound); "
                + "pass a whole number of years in that range"
        case .endDayOutOfRange(let endDay, let years):
            "demo: a \(years)-year history ending on \(endDay) leaves the years 1000…9999; "
                + "pass a later --today or fewer --years"
        }
    }
}
