import Foundation

/// Where a naive wall time falls in a time zone (docs/reliability.md T-07, T-08).
///
/// Around a daylight-saving change a wall time can fail to exist (02:30 on 2024-03-31 in
/// Europe/Berlin: the clocks jump from 02:00 to 03:00) or exist twice (02:30 on 2024-10-27: once
/// at +02:00, once at +01:00). The rules here: a time in a gap moves forward by the gap's length
/// (02:30 → 03:30, the reading a clock that missed the change would give) and the importer says
/// so; an ambiguous time means its first occurrence (the earlier instant, the larger offset), the
/// same answer every time, so a re-import finds the same workout.
public enum LocalTime {
    /// How a wall time maps to an instant in a zone.
    public enum Resolution: Sendable, Equatable {
        /// Exactly one instant, at this UTC offset.
        case exact(offsetSeconds: Int)
        /// No instant: the clocks skipped `gapSeconds`; the time is read as `shifted`, at `offsetSeconds`.
        case gap(shifted: WallTime, offsetSeconds: Int, gapSeconds: Int)
        /// Two instants; the first (`firstOffsetSeconds`, the larger offset) is the one meant.
        case ambiguous(firstOffsetSeconds: Int, secondOffsetSeconds: Int)

        /// The UTC offset of the instant meant.
        public var offsetSeconds: Int {
            switch self {
            case .exact(let offset), .gap(_, let offset, _): offset
            case .ambiguous(let first, _): first
            }
        }
    }

    /// Resolves `wall` in `zone`.
    public static func resolve(_ wall: WallTime, in zone: TimeZone) -> Resolution {
        // The wall time's seconds as if it were UTC; the instant is this minus the offset.
        let asUTC = wall.date.dayNumber * 86_400 + wall.secondOfDay
        func offset(at instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))) }
        // Offsets in force a day either side (zones change at most once within two days).
        let before = offset(at: asUTC - 86_400)
        let after = offset(at: asUTC + 86_400)
        let candidates = Set([before, after]).sorted(by: >).filter { offset(at: asUTC - $0) == $0 }
        if candidates.count == 2 {
            return .ambiguous(firstOffsetSeconds: candidates[0], secondOffsetSeconds: candidates[1])
        }
        if let only = candidates.first { return .exact(offsetSeconds: only) }
        // Neither offset gives this wall time back: it lies in a gap of `after - before` seconds.
        let gap = after - before
        let moved = asUTC + gap
        let day = moved >= 0 ? moved / 86_400 : (moved - 86_399) / 86_400
        let second = moved - day * 86_400
        let shifted = WallTime(
            date: CivilDate(dayNumber: day), hour: second / 3600, minute: second % 3600 / 60, second: second % 60) ?? wall
        return .gap(shifted: shifted, offsetSeconds: after, gapSeconds: gap)
    }
}
