/// A proleptic-Gregorian calendar date with no time and no zone ("2026-11-21").
///
/// Day arithmetic is done on whole calendar days (``dayNumber``), never on seconds, so DST days
/// of 23 or 25 hours cannot shift a date. Conversions use Howard Hinnant's civil-date algorithms.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year (e.g. 2026).
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int
    /// Days since 1970-01-01 (negative before), worked out once when the date is made: a full
    /// build asked for it 370,000 times (weeks, charts, digests; 27 M instructions of the 10-year
    /// demo when it was computed on each call). Dates compare, equal and hash by it.
    public let dayNumber: Int

    /// Creates a date, or nil when the fields do not name a real day (2023-02-29, 2024-13-01).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        dayNumber = Self.dayNumber(year: year, month: month, day: day)
    }

    /// Creates the date that is `dayNumber` days after 1970-01-01 (negative before).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
        self.dayNumber = dayNumber
    }

    /// Days since 1970-01-01 of a valid date.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        // By raw value: `allCases` made an array on every call.
        return Weekday(rawValue: index + 1) ?? .monday
    }

    /// The date `days` calendar days later (earlier when negative).
    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// Whole calendar days from `self` to `other` (positive when `other` is later).
    public func days(to other: CivilDate) -> Int { other.dayNumber - dayNumber }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits); nil for anything else or an invalid day.
    public static func parse(_ text: some StringProtocol) -> CivilDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = ASCIIDigits.int(bytes[0..<4]), let m = ASCIIDigits.int(bytes[5..<7]),
              let d = ASCIIDigits.int(bytes[8..<10])
        else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`. Written byte by byte for years 0–9999 (a build writes about 80,000 dates:
    /// three padded strings joined cost 3,400 instructions a date, a fifth of encoding
    /// `stats.json`); other years as ``ASCIIDigits/pad(_:_:)`` pads them.
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return ASCIIDigits.pad(year, 4) + "-" + ASCIIDigits.pad(month, 2) + "-" + ASCIIDigits.pad(day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            ASCIIDigits.write(year, width: 4, into: bytes, at: 0)
            bytes[4] = UInt8(ascii: "-")
            ASCIIDigits.write(month, width: 2, into: bytes, at: 5)
            bytes[7] = UInt8(ascii: "-")
            ASCIIDigits.write(day, width: 2, into: bytes, at: 8)
            return 10
        }
    }

    /// Later days have larger day numbers, so this is the order of (year, month, day).
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// One day number per date (the fields follow from it), so dates are equal when their day
    /// numbers are.
    public static func == (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber == rhs.dayNumber
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dayNumber)
    }
}

/// Days of the week, Monday first (ISO 8601 numbering: Monday = 1 … Sunday = 7).
public enum Weekday: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Lower-case English name as used in `wkt-site.toml` (`monday`).
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// Three-letter English abbreviation (`Mon`): ``name``'s first three letters, the first
    /// upper-cased. Written out: made from ``name`` through `uppercased()` it cost 1,800
    /// instructions a call, and the workout tables and comparisons ask 6,500 times a build.
    public var shortName: String {
        switch self {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }

    /// Parses a lower- or mixed-case English weekday name.
    public init?(name: String) {
        guard let match = Weekday.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = match
    }

    public var description: String { name }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Small helpers for fixed-width ASCII numbers, independent of any locale.
public enum ASCIIDigits {
    /// Parses a run of ASCII digits; nil when empty or when any byte is not a digit.
    public static func int(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }

    /// Zero-pads a non-negative number to `width` digits (`pad(7, 2)` is `07`; a negative one
    /// gets its `-` before the padded digits). Numbers of up to 15 characters are written
    /// straight into the string's bytes.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = digitCount(value.magnitude)
        let count = max(digits, width)
        guard value >= 0, count <= 15 else {
            let s = String(value.magnitude)
            let padded = s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
            return value < 0 ? "-" + padded : padded
        }
        return String(unsafeUninitializedCapacity: count) { bytes in
            write(value, width: count, into: bytes, at: 0)
            return count
        }
    }

    /// Appends `value` in decimal, as `String(value)` writes it, without making a string
    /// (sizes and offsets written straight into a file's bytes).
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else { return bytes += String(value).utf8 }
        let width = digitCount(value.magnitude)
        let start = bytes.count
        for _ in 0..<width { bytes.append(0) }
        bytes.withUnsafeMutableBufferPointer { write(value, width: width, into: $0, at: start) }
    }

    /// Writes the last `width` decimal digits of `value` (zero-padded; `value` ≥ 0) into
    /// `bytes[offset..<offset + width]`.
    public static func write(_ value: Int, width: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// The number of decimal digits of `value` (1 for 0).
    public static func digitCount(_ value: UInt) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
