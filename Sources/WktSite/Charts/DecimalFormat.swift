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
        // Digits of |units| from the last, with the point `places` digits from the end; at least
        // one digit before the point. Written straight into the string's storage (this runs for
        // every number on every page).
        var magnitude = units.magnitude
        var digitCount = 0
        var rest = magnitude
        repeat {
            digitCount += 1
            rest /= 10
        } while rest > 0
        digitCount = max(digitCount, places + 1)
        let length = (units < 0 ? 1 : 0) + digitCount + (places > 0 ? 1 : 0)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = length
            for digit in 0..<digitCount {
                if places > 0, digit == places {
                    position -= 1
                    buffer[position] = UInt8(ascii: ".")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if units < 0 { buffer[0] = UInt8(ascii: "-") }
            return length
        }
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
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: ".")) else { return text }
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "0") { end = bytes.index(before: end) }
        if end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: ".") { end = bytes.index(before: end) }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
