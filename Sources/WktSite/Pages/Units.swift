import WktCore

/// Weights and volumes as the site shows them: in the configured display unit (`unit` in
/// `wkt-site.toml`), locale-free, with sensible precision. The store and `stats.json` stay in kg.
///
/// - Weights: kg with at most 2 decimals (61.25 kg), lb with at most 1 (135.5 lb); trailing zeros
///   dropped (`100 kg`).
/// - Estimates (e1RM): exactly 1 decimal (`116.7 kg`).
/// - Volumes: whole units with `,` thousands separators (`12,345 kg`).
struct Units: Sendable, Hashable {
    /// The display unit.
    let unit: WeightUnit

    /// `kg` or `lb`.
    var symbol: String { unit.rawValue }

    /// Kilograms converted to the display unit.
    func convert(_ kg: Double) -> Double {
        unit == .kg ? kg : kg / WeightUnit.kilogramsPerPound
    }

    /// A weight without its unit (`82.5`).
    func weightNumber(_ kg: Double) -> String {
        DecimalFormat.trimmed(DecimalFormat.fixed(convert(kg), decimals: unit == .kg ? 2 : 1))
    }

    /// A weight with its unit (`82.5 kg`).
    func weight(_ kg: Double) -> String { weightNumber(kg) + " " + symbol }

    /// An estimated weight (e1RM) with one decimal and the unit (`116.7 kg`).
    func estimate(_ kg: Double) -> String { DecimalFormat.fixed(convert(kg), decimals: 1) + " " + symbol }

    /// A volume in whole units with thousands separators (`12,345 kg`).
    func volume(_ kg: Double) -> String { TextFormat.grouped(convert(kg)) + " " + symbol }

    /// Chart values for weights: one decimal and the unit.
    var weightChartFormat: ValueFormat { ValueFormat(decimals: 1, unit: symbol) }

    /// Chart values for volumes: whole units and the unit.
    var volumeChartFormat: ValueFormat { ValueFormat(decimals: 0, unit: symbol) }
}

/// Locale-free text for numbers, times and dates on pages.
enum TextFormat {
    /// `value` rounded to a whole number with `,` between groups of three digits (`12,345`).
    static func grouped(_ value: Double) -> String {
        let digits = DecimalFormat.fixed(value, decimals: 0)
        let negative = digits.utf8.first == UInt8(ascii: "-")
        let body = digits.utf8.dropFirst(negative ? 1 : 0)
        guard body.count > 3 else { return digits }
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        out.reserveCapacity(digits.utf8.count + body.count / 3)
        for (index, digit) in body.enumerated() {
            if index > 0, (body.count - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A count with `,` separators (`2,104`).
    static func count(_ value: Int) -> String { grouped(Double(value)) }

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
            ? DecimalFormat.fixed(value, decimals: 0) + " m"
            : DecimalFormat.trimmed(DecimalFormat.fixed(value / 1000, decimals: 2)) + " km"
    }

    /// An RPE or other small decimal with at most one decimal (`8.5`, `9`).
    static func short(_ value: Double) -> String {
        DecimalFormat.trimmed(DecimalFormat.fixed(value, decimals: 1))
    }

    /// `Mon 2026-11-16`.
    static func shortDay(_ day: CivilDate) -> String { "\(day.weekday.shortName) \(day)" }

    /// `Monday 2026-11-16`.
    static func longDay(_ day: CivilDate) -> String { "\(WeekRow.fullName(day.weekday)) \(day)" }

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
