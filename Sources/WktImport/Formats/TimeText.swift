import WktCore

/// Parsing of the date, time and duration texts in Strong and Hevy exports, by hand: no
/// `DateFormatter`, no locale, no time zone (docs/formats.md §0.6, docs/reliability.md P9). Invalid calendar
/// dates (`2023-02-29`, `2024-13-01`) and other layouts (`03/04/2024`) give nil.
enum TimeText {
    /// Strong `Date`: `YYYY-MM-DD HH:MM:SS` (the only form in real files; `HH:MM` and a `T`
    /// separator are also read), or the reported 12-hour form `YYYY-MM-DD h:mm:ss AM` with a space,
    /// U+00A0 or U+202F before `AM`/`PM`.
    static func strongDate(_ text: String) -> WallTime? {
        if let time = WallTime.parse(text) { return time }
        return twelveHour(text)
    }

    /// Hevy `start_time`/`end_time`: `9 Sep 2025, 06:46` (day without leading zero, English
    /// three-letter month, 24-hour time, optionally `:SS`), or `2024-01-07 17:15:00`.
    static func hevyDate(_ text: String) -> WallTime? {
        if let time = WallTime.parse(text) { return time }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[2].hasSuffix(","),
              (1...2).contains(parts[0].utf8.count), let day = ASCIIDigits.int(parts[0].utf8),
              let monthIndex = monthNames.firstIndex(of: String(parts[1])),
              parts[2].utf8.count == 5, let year = ASCIIDigits.int(parts[2].utf8.dropLast()),
              let date = CivilDate(year: year, month: monthIndex + 1, day: day)
        else { return nil }
        return clockTime(parts[3], on: date)
    }

    /// English three-letter month abbreviations, January first.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `H:MM`, `HH:MM` or `HH:MM:SS` on `date`.
    private static func clockTime(_ text: Substring, on date: CivilDate) -> WallTime? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, (1...2).contains(fields[0].utf8.count),
              fields.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
              let hour = ASCIIDigits.int(fields[0].utf8), let minute = ASCIIDigits.int(fields[1].utf8)
        else { return nil }
        let second = fields.count == 3 ? ASCIIDigits.int(fields[2].utf8) : 0
        guard let second else { return nil }
        return WallTime(date: date, hour: hour, minute: minute, second: second)
    }

    /// `YYYY-MM-DD h:mm:ss AM` (reported for Strong, unconfirmed).
    private static func twelveHour(_ text: String) -> WallTime? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 13, let spaceIndex = scalars.lastIndex(where: { [" ", "\u{A0}", "\u{202F}"].contains($0) })
        else { return nil }
        let marker = String(String.UnicodeScalarView(scalars[(spaceIndex + 1)...]))
        guard marker == "AM" || marker == "PM" else { return nil }
        let head = String(String.UnicodeScalarView(scalars[..<spaceIndex]))
        let parts = head.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = CivilDate.parse(parts[0]),
              let time = clockTime(parts[1], on: date), (1...12).contains(time.hour)
        else { return nil }
        let hour = time.hour % 12 + (marker == "PM" ? 12 : 0)
        return WallTime(date: date, hour: hour, minute: time.minute, second: time.second)
    }

    /// A Strong duration: tokens `<number><unit>` with unit `h`, `min`, `m` or `s`, separated by
    /// spaces, each unit at most once and from the largest down (`1h 5m`, `45m`, `2h`, `55s`,
    /// German `31min`). Nil when empty.
    static func strongDuration(_ text: String) throws(RowError) -> Int? {
        if text.isEmpty { return nil }
        let bytes = Array(text.utf8)
        var i = 0
        var total = 0
        var lastRank = Int.max
        while i < bytes.count {
            let start = i
            while i < bytes.count, ASCII.isDigit(bytes[i]) { i += 1 }
            guard i > start, i - start <= 9, let amount = ASCIIDigits.int(bytes[start..<i]) else { break }
            while i < bytes.count, bytes[i] == ASCII.space { i += 1 }
            let unitStart = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "a"), bytes[i] <= UInt8(ascii: "z") { i += 1 }
            let unit = String(decoding: bytes[unitStart..<i], as: UTF8.self)
            let rank: Int
            let scale: Int
            switch unit {
            case "h": (rank, scale) = (2, 3600)
            case "min", "m": (rank, scale) = (1, 60)
            case "s": (rank, scale) = (0, 1)
            default: throw durationError(text)
            }
            guard rank < lastRank else { throw durationError(text) }
            lastRank = rank
            total += amount * scale
            if i == bytes.count { return total }
            guard bytes[i] == ASCII.space else { throw durationError(text) }
            while i < bytes.count, bytes[i] == ASCII.space { i += 1 }
        }
        throw durationError(text)
    }

    /// The step of a Strong duration ``strongDuration(_:)`` accepted: 1 s when it has a seconds
    /// token (`55s`), else 60 s, since Strong writes longer workouts in whole minutes, truncated
    /// (2,545 s is `42m`; docs/formats.md §6.2).
    static func strongDurationStep(_ text: String) -> Int {
        text.utf8.last == UInt8(ascii: "s") ? 1 : 60
    }

    private static func durationError(_ text: String) -> RowError {
        RowError(message: "'\(text)' is not a duration like 1h 5m, 45m, 55s or 31min")
    }

    /// `11h 8m` for messages.
    static func durationLabel(_ seconds: Int) -> String {
        let h = seconds / 3600
        let m = seconds % 3600 / 60
        let s = seconds % 60
        var parts: [String] = []
        if h > 0 { parts.append("\(h)h") }
        if m > 0 { parts.append("\(m)m") }
        if s > 0 || parts.isEmpty { parts.append("\(s)s") }
        return parts.joined(separator: " ")
    }

    /// Seconds from `start` to `end`, counted on wall-clock fields through whole calendar days.
    static func seconds(from start: WallTime, to end: WallTime) -> Int {
        (end.date.dayNumber - start.date.dayNumber) * 86_400 + end.secondOfDay - start.secondOfDay
    }
}
