import Foundation
import WktCore

/// Foundation `Date` values as `JSONEncoder` writes them by default: seconds since
/// 2001-01-01T00:00:00Z (docs/formats.md §5, Gym-Baazi), turned into a wall time in a zone.
enum ReferenceDateTime {
    /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z.
    static let referenceOffset = 978_307_200

    /// 1970-01-01T00:00:00Z in reference-date seconds, the earliest instant accepted.
    static let earliest = Double(-referenceOffset)

    /// 10000-01-01T00:00:00Z in reference-date seconds (day 2,932,897 since 1970), the first
    /// instant refused: wall times have four-digit years.
    static let end = Double(2_932_897 * 86_400 - referenceOffset)

    /// The time zone named by an IANA identifier (`Europe/Berlin`, `UTC`), nil when unknown.
    static func zone(named name: String) -> TimeZone? { TimeZone(identifier: name) }

    /// The wall time and UTC offset of an instant in `zone`; fractions of a second are dropped
    /// (rounded down), so 12:00:00.9 is 12:00:00. Nil outside the years 1970–9999.
    static func wallTime(referenceSeconds seconds: Double, in zone: TimeZone) -> (time: WallTime, offsetSeconds: Int)? {
        guard seconds.isFinite, seconds >= earliest, seconds < end else { return nil }
        let whole = seconds.rounded(.down)
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: whole))
        let local = Int(whole) + referenceOffset + offset
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - day * 86_400
        guard let time = WallTime(
            date: CivilDate(dayNumber: day), hour: second / 3600, minute: second % 3600 / 60, second: second % 60)
        else { return nil }
        return (time, offset)
    }
}
