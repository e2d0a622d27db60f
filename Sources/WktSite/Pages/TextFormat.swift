import WktCore

/// Locale-free text for numbers, times and dates on pages. Numbers follow the one display rule
/// of docs/statistics.md "Display": `,` thousands separators, no trailing `.0`.
enum TextFormat {
    /// A count with `,` separators (`2,104`).
    static func count(_ value: Int) -> String { DecimalFormat.grouped(Double(value)) }

    /// `n word` or `n words` (`1 workout`, `3 workouts`).
    static func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(TextFormat.count(count)) \(count == 1 ? singular : pluralForm ?? singular + "s")"
    }

    /// `HH:MM` of a wall time.
    static func clock(_ time: WallTime) -> String {
        ASCIIDigits.pad(time.hour, 2) + ":" + ASCIIDigits.pad(time.minute, 2)
    }

    /// A duration in whole minutes: `45 min`, `1 h 05 min`; seconds below a minute as `40 s`.
    static func duration(seconds: Int) -> String {
        let total = max(0, seconds)
        if total < 60 { return "\(total) s" }
        let minutes = (total + 30) / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(ASCIIDigits.pad(minutes % 60, 2)) min"
    }

    /// A set's time: `45 s` under a minute, else `m:ss` or `h:mm:ss`; fractions of a second are
    /// rounded.
    static func setTime(seconds: Double) -> String {
        let total = Int(max(0, seconds.isFinite ? seconds : 0).rounded())
        if total < 60 { return "\(total) s" }
        let (hours, minutes, secs) = (total / 3600, (total % 3600) / 60, total % 60)
        return hours > 0
            ? "\(hours):\(ASCIIDigits.pad(minutes, 2)):\(ASCIIDigits.pad(secs, 2))"
            : "\(minutes):\(ASCIIDigits.pad(secs, 2))"
    }

    /// A distance: `400 m` under a kilometre, else km with at most two decimals (`5.25 km`).
    static func distance(metres: Double) -> String {
        let value = metres.isFinite ? max(0, metres) : 0
        return value < 1000
            ? DecimalFormat.grouped(value, decimals: 0, minDecimals: 0) + " m"
            : DecimalFormat.grouped(value / 1000, decimals: 2, minDecimals: 0) + " km"
    }

    /// An RPE or other small decimal with at most one decimal (`8.5`, `9`).
    static func short(_ value: Double) -> String {
        DecimalFormat.grouped(value, decimals: 1, minDecimals: 0)
    }

    /// `Mon 2026-11-16`.
    static func shortDay(_ day: CivilDate) -> String { "\(day.weekday.shortName) \(day)" }

    /// `Monday 2026-11-16`.
    static func longDay(_ day: CivilDate) -> String { "\(WeekRow.fullName(day.weekday)) \(day)" }

    /// `Monday 2 November 2026`: a day as a sentence says it (the meta descriptions).
    static func spokenDay(_ day: CivilDate) -> String {
        "\(WeekRow.fullName(day.weekday)) \(day.day) " + month(day.month, year: day.year)
    }

    /// `November 2026`.
    static func month(_ month: Int, year: Int) -> String {
        ((1...12).contains(month) ? DateTicks.monthNames[month - 1] : "?") + " " + ASCIIDigits.pad(year, 4)
    }

    /// A year as a four-digit path and heading component (`2026`).
    static func year(_ year: Int) -> String { ASCIIDigits.pad(year, 4) }

    /// A first–last range of days, or the single day when they are equal.
    static func range(_ first: CivilDate, _ last: CivilDate) -> String {
        first == last ? first.description : "\(first) – \(last)"
    }
}
