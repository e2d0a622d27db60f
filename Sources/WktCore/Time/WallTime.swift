/// A naive local wall-clock time ("2024-03-31 02:30:00"), as logged by the app.
///
/// Strong, Hevy, FitNotes and StrongLifts write no zone; their times are wall times, and the training day is
/// their own date. Sources with an offset (Apple Health, wkt JSON) keep it beside the wall time in
/// ``Workout/utcOffsetSeconds``. Identity (dedupe) uses the wall time, never a UTC instant.
public struct WallTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    public let date: CivilDate
    /// 0–23.
    public let hour: Int
    /// 0–59.
    public let minute: Int
    /// 0–59.
    public let second: Int

    /// Creates a wall time; nil when a field is out of range.
    public init?(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `date` at the full hour `hour` (`HH:00:00`), the hour clamped into 0–23.
    public init(date: CivilDate, fullHour hour: Int) {
        self.date = date
        self.hour = min(max(hour, 0), 23)
        self.minute = 0
        self.second = 0
    }

    /// Parses `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD HH:MM` (also with `T` as separator).
    public static func parse(_ text: some StringProtocol) -> WallTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 || bytes.count == 16,
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"),
              let date = CivilDate.parse(String(decoding: bytes[0..<10], as: UTF8.self)),
              let h = ASCIIDigits.int(bytes[11..<13]), let m = ASCIIDigits.int(bytes[14..<16])
        else { return nil }
        var s = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let sec = ASCIIDigits.int(bytes[17..<19]) else { return nil }
            s = sec
        }
        return WallTime(date: date, hour: h, minute: m, second: s)
    }

    /// Seconds since midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// `YYYY-MM-DD HH:MM:SS`.
    public var description: String {
        "\(date) \(ASCIIDigits.pad(hour, 2)):\(ASCIIDigits.pad(minute, 2)):\(ASCIIDigits.pad(second, 2))"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the RFC 3339 form without an offset.
    public var iso8601: String {
        "\(date)T\(ASCIIDigits.pad(hour, 2)):\(ASCIIDigits.pad(minute, 2)):\(ASCIIDigits.pad(second, 2))"
    }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }
}
