/// Locale-free, fixed-precision number formatting for charts and tables (RELIABILITY.md §P3).
///
/// The output never depends on the process locale, never contains `NaN`, `inf` or `-0`, and
/// uses `.` as the decimal separator with no grouping.
public enum DecimalFormat {
    /// The largest magnitude formatted; larger (and non-finite) inputs are clamped or zeroed.
    public static let limit = 1e15

    /// Formats `value` with exactly `decimals` digits after the point, rounding half away from
    /// zero (`fixed(2.25, decimals: 1)` is `2.3`, `fixed(-0.04, decimals: 1)` is `0.0`).
    ///
    /// - Parameters:
    ///   - value: The number; NaN and ±infinity format as zero, magnitudes above ``limit``
    ///     are clamped to ±``limit``.
    ///   - decimals: Digits after the point, clamped to 0…6.
    /// - Returns: The decimal text, e.g. `12.5`, `-3`, `1000000000.0`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let places = min(6, max(0, decimals))
        let factor = powerOfTen(places)
        let clamped = value.isFinite ? min(limit, max(-limit, value)) : 0
        let scaled = (clamped * Double(factor)).rounded(.toNearestOrAwayFromZero)
        // |scaled| ≤ 1e21 could overflow Int64 for six places; keep it representable.
        let bounded = min(9.0e18, max(-9.0e18, scaled))
        let units = Int64(bounded)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(factor)
        var text = units < 0 ? "-" + String(whole) : String(whole)
        if places > 0 {
            let fraction = String(magnitude % UInt64(factor))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// A short axis label: `0`, `2.5`, `12k`, `1.5M`, `1G`.
    ///
    /// Values of 10,000 and more are divided by 10³, 10⁶ or 10⁹ and given the suffix `k`, `M` or
    /// `G` with at most one decimal; smaller values get `decimals` places. Trailing zeros after
    /// the point are dropped.
    /// - Parameters:
    ///   - value: The tick value.
    ///   - decimals: Places for values below 10,000 (clamped to 0…6).
    /// - Returns: The label text.
    public static func compact(_ value: Double, decimals: Int) -> String {
        let magnitude = value.isFinite ? abs(value) : 0
        let scaled: (Double, String, Int) =
            if magnitude >= 1e9 { (value / 1e9, "G", 1) }
            else if magnitude >= 1e6 { (value / 1e6, "M", 1) }
            else if magnitude >= 1e4 { (value / 1e3, "k", 1) }
            else { (value, "", decimals) }
        return trimmed(fixed(scaled.0, decimals: scaled.2)) + scaled.1
    }

    /// Removes trailing zeros after a decimal point, and the point itself if nothing is left.
    static func trimmed(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: ".")) else { return text }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
