import WktCore

/// An Apple Health timestamp: `yyyy-MM-dd HH:mm:ss ±hhmm` (docs/formats.md §4.2), parsed by hand so
/// that no `DateFormatter`, locale or process time zone is involved.
struct HealthTimestamp: Sendable, Hashable {
    /// The wall-clock time in the timestamp's own offset (its training day is `wall.date`).
    let wall: WallTime
    /// The offset from UTC in seconds (`+0100` is 3600).
    let offsetSeconds: Int

    /// Parses `2016-11-14 07:25:41 -0700` (also `-07:00`); nil for anything else.
    static func parse(_ text: String) -> HealthTimestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count == 25 || bytes.count == 26, bytes[19] == UInt8(ascii: " "),
              let wall = WallTime.parse(String(decoding: bytes[0..<19], as: UTF8.self)), bytes[10] == UInt8(ascii: " ")
        else { return nil }
        let sign: Int
        switch bytes[20] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        let minutesStart = bytes.count == 26 ? 24 : 23
        guard bytes.count == 25 || bytes[23] == UInt8(ascii: ":"),
              let hours = ASCIIDigits.int(bytes[21..<23]), hours <= 23,
              let minutes = ASCIIDigits.int(bytes[minutesStart..<(minutesStart + 2)]), minutes <= 59
        else { return nil }
        return HealthTimestamp(wall: wall, offsetSeconds: sign * (hours * 3600 + minutes * 60))
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    var epochSeconds: Int {
        wall.date.dayNumber * 86_400 + wall.secondOfDay - offsetSeconds
    }

    /// The instant in UTC to the second, `2016-11-14T14:25:41Z` (the identity key's form).
    var utcText: String {
        let seconds = epochSeconds
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - day * 86_400
        let date = CivilDate(dayNumber: day)
        return "\(date)T\(ASCIIDigits.pad(secondOfDay / 3600, 2)):\(ASCIIDigits.pad(secondOfDay / 60 % 60, 2))"
            + ":\(ASCIIDigits.pad(secondOfDay % 60, 2))Z"
    }
}
