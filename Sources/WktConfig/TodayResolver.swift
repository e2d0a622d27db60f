import Foundation
import WktCore

/// Finds "today" (docs/statistics.md "Calendar model"): `--today` wins, then `SOURCE_DATE_EPOCH`, then the
/// clock, the last two read in the configured zone.
///
/// The date is taken from a Gregorian `Calendar` whose `timeZone` is set explicitly, so the
/// process `TZ` and locale never matter.
public enum TodayResolver {
    /// Resolves today.
    /// - Parameters:
    ///   - cliToday: `--today` as typed, `YYYY-MM-DD`.
    ///   - sourceDateEpoch: the `SOURCE_DATE_EPOCH` environment value: ASCII digits, seconds since
    ///     1970-01-01 UTC. An empty value counts as unset.
    ///   - now: the current instant (injected).
    ///   - timezone: the configured IANA zone.
    /// - Returns: today's date.
    /// - Throws: ``ConfigError/badToday(_:)`` or ``ConfigError/badSourceDateEpoch(_:)`` (exit 64),
    ///   ``ConfigError/unknownTimeZone(_:)`` (exit 65).
    public static func resolve(cliToday: String?, sourceDateEpoch: String?, now: Date, timezone: String) throws(ConfigError) -> CivilDate {
        if let cliToday {
            guard let day = CivilDate.parse(cliToday) else { throw .badToday(cliToday) }
            return day
        }
        guard let zone = TimeZone(identifier: timezone) else { throw .unknownTimeZone(timezone) }
        if let epoch = sourceDateEpoch, !epoch.isEmpty {
            guard let seconds = ASCIIDigits.int(epoch.utf8) else { throw .badSourceDateEpoch(epoch) }
            return date(of: Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
        }
        return date(of: now, in: zone)
    }

    /// The calendar date of `instant` in `zone`.
    public static func date(of instant: Date, in zone: TimeZone) -> CivilDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return CivilDate(year: year, month: month, day: day) ?? CivilDate(dayNumber: 0)
    }
}
