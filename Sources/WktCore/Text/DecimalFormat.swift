/// The one decimal formatter: locale-free number text for pages, charts, the terminal and the
/// JSON files (docs/reliability.md P3).
///
/// The output never depends on the process locale, never contains `NaN`, `inf` or `-0`, and
/// uses `.` as the decimal separator with no grouping (except ``grouped(_:)`` and its kin, the
/// display form of pages and the terminal). Rounding is half
/// away from zero throughout.
public enum DecimalFormat {
    /// The largest magnitude ``fixed(_:decimals:)`` formats; larger (and non-finite) inputs are
    /// clamped or zeroed.
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
        fixed(value, decimals: decimals, minDecimals: decimals)
    }

    /// Formats `value` rounded to `decimals` places, then drops trailing zeros after the point
    /// down to `minDecimals` places (and the point itself at zero places):
    /// `fixed(82.5, decimals: 2, minDecimals: 0)` is `82.5`, `fixed(100, decimals: 2, minDecimals: 0)`
    /// is `100`. Clamped like ``fixed(_:decimals:)``.
    /// - Parameters:
    ///   - value: The number.
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    /// - Returns: The decimal text.
    public static func fixed(_ value: Double, decimals: Int, minDecimals: Int) -> String {
        let places = min(6, max(0, decimals))
        return text(units: units(value, places: places), places: places, minPlaces: min(places, max(0, minDecimals)))
    }

    /// `value` clamped like ``fixed(_:decimals:)`` and rounded to a whole number of 10^−`places`.
    @inline(__always)
    private static func units(_ value: Double, places: Int) -> Int64 {
        let clamped = value.isFinite ? min(limit, max(-limit, value)) : 0
        // |scaled| ≤ 1e21 could overflow Int64 for six places; keep it representable.
        return roundedAway(min(9.0e18, max(-9.0e18, clamped * scale(places))))
    }

    /// `value` (finite, at most 9×10¹⁸ in magnitude) rounded half away from zero, as
    /// `value.rounded(.toNearestOrAwayFromZero)` would: its whole part cut off, then one added
    /// away from zero when the rest is at least a half. The rest is exact (subtracting a double's
    /// own whole part loses nothing), so no tie is decided differently; every double of 2⁵² and
    /// more is whole already. (The library's `round` cost 44 instructions a number, and a full
    /// build formats 400,000 numbers.) The bounds are whole numbers, so clamping before rounding
    /// gives what rounding before clamping gave.
    @inline(__always)
    private static func roundedAway(_ value: Double) -> Int64 {
        let whole = Int64(value)
        let rest = value - Double(whole)
        return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
    }

    /// 10^`places` (`places` in 0…6) as a double, exactly.
    @inline(__always)
    private static func scale(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        default: 1_000_000
        }
    }

    /// `value` rounded to `decimals` places with trailing zeros dropped down to `minDecimals`, not
    /// clamped: the exact text a JSON file stores (`exact(22.6796185, decimals: 3, minDecimals: 1)`
    /// is `22.68`, `exact(100, decimals: 3, minDecimals: 1)` is `100.0`).
    /// - Parameters:
    ///   - value: The number.
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    /// - Returns: The decimal text; nil when `value` is not finite or `value × 10^decimals` is
    ///   beyond ±9×10¹⁸.
    public static func exact(_ value: Double, decimals: Int, minDecimals: Int) -> String? {
        let places = min(6, max(0, decimals))
        guard let units = exactUnits(value, places: places) else { return nil }
        return text(units: units, places: places, minPlaces: min(places, max(0, minDecimals)))
    }

    /// A short axis label: `0`, `2.5`, `750`, `2.5k`, `12k`, `1.5M`, `1G`.
    ///
    /// Values of 1,000 and more are divided by 10³, 10⁶ or 10⁹ and given the suffix `k`, `M` or
    /// `G`, with at most two decimals below 10,000 (`1.25k`, so a tick step of 250 stays exact)
    /// and at most one above; smaller values get `decimals` places. Trailing zeros after the
    /// point are dropped. Labels stay at most five characters below 10⁶, so they fit the charts'
    /// y-axis gutter on a phone (`6,000` did not).
    /// - Parameters:
    ///   - value: The tick value.
    ///   - decimals: Places for values below 1,000 (clamped to 0…6).
    /// - Returns: The label text.
    public static func compact(_ value: Double, decimals: Int) -> String {
        let magnitude = value.isFinite ? abs(value) : 0
        let scaled: (Double, String, Int) =
            if magnitude >= 1e9 { (value / 1e9, "G", 1) }
            else if magnitude >= 1e6 { (value / 1e6, "M", 1) }
            else if magnitude >= 1e4 { (value / 1e3, "k", 1) }
            else if magnitude >= 1e3 { (value / 1e3, "k", 2) }
            else { (value, "", decimals) }
        return grouped(scaled.0, decimals: scaled.2, minDecimals: 0) + scaled.1
    }

    /// `value` rounded to a whole number with `,` between groups of three digits (`12,345`).
    public static func grouped(_ value: Double) -> String {
        grouped(value, decimals: 0, minDecimals: 0)
    }

    /// The display form of a number (docs/statistics.md "Display"): ``fixed(_:decimals:minDecimals:)``
    /// with `,` between groups of three digits before the point (`28,481`, `1,234.5`, `-1,000`).
    /// Rounding comes first, so `grouped(999.95, decimals: 1, minDecimals: 0)` is `1,000`.
    /// - Parameters:
    ///   - value: The number (clamped like ``fixed(_:decimals:)``).
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    /// - Returns: The grouped decimal text.
    ///
    /// The commas are written with the digits (``text(units:places:minPlaces:grouping:)``):
    /// regrouping ``fixed(_:decimals:minDecimals:)``'s text through its UTF-8 view cost 2,100
    /// instructions a number, and a full build formats 175,000 (4.6 % of its instructions).
    public static func grouped(_ value: Double, decimals: Int, minDecimals: Int) -> String {
        grouped(value, decimals: decimals, minDecimals: minDecimals, suffix: "")
    }

    /// ``grouped(_:decimals:minDecimals:)`` followed by `suffix` (a unit: `" kg"`), written in
    /// the same pass: joining the number and the unit afterwards cost two string appends, more
    /// than writing the digits (a full build formats 180,000 weights, estimates and volumes).
    /// - Parameters:
    ///   - value: The number (clamped like ``fixed(_:decimals:)``).
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    ///   - suffix: Text written right after the number.
    /// - Returns: The grouped decimal text and the suffix.
    public static func grouped(_ value: Double, decimals: Int, minDecimals: Int, suffix: StaticString) -> String {
        let places = min(6, max(0, decimals))
        return text(
            units: units(value, places: places), places: places, minPlaces: min(places, max(0, minDecimals)), grouping: true,
            suffix: suffix)
    }

    /// The most bytes ``write(fixed:decimals:minDecimals:grouping:into:)`` writes: 19 digits, a
    /// sign, a point and 6 commas are 27.
    public static let maxWrittenBytes = 32

    /// Writes ``fixed(_:decimals:minDecimals:)``'s text (``grouped(_:decimals:minDecimals:)``'s
    /// with `grouping`) as UTF-8 at the start of `buffer`, without making a `String`: for
    /// writers of bytes (chart coordinates and table numbers, tens of thousands a build).
    /// - Parameters:
    ///   - value: The number (clamped like ``fixed(_:decimals:)``).
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    ///   - grouping: `,` between groups of three digits before the point.
    ///   - buffer: Room for at least ``maxWrittenBytes`` bytes.
    /// - Returns: How many bytes were written.
    public static func write(
        fixed value: Double, decimals: Int, minDecimals: Int, grouping: Bool = false, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        precondition(buffer.count >= maxWrittenBytes, "DecimalFormat.write needs \(maxWrittenBytes) bytes")
        let places = min(6, max(0, decimals))
        let number = Digits(units: units(value, places: places), places: places, minPlaces: min(places, max(0, minDecimals)), grouping: grouping)
        number.write(into: buffer)
        return number.length
    }

    /// Writes ``exact(_:decimals:minDecimals:)``'s text as UTF-8 at the start of `buffer`, without
    /// making a `String` (the numbers of `stats.json`, 26,000 for the 10-year demo).
    /// - Parameters:
    ///   - value: The number.
    ///   - decimals: The most digits after the point, clamped to 0…6.
    ///   - minDecimals: The fewest digits after the point, clamped to 0…`decimals`.
    ///   - buffer: Room for at least ``maxWrittenBytes`` bytes.
    /// - Returns: How many bytes were written; nil (nothing written) where `exact` gives nil.
    public static func write(
        exact value: Double, decimals: Int, minDecimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        precondition(buffer.count >= maxWrittenBytes, "DecimalFormat.write needs \(maxWrittenBytes) bytes")
        let places = min(6, max(0, decimals))
        guard let units = exactUnits(value, places: places) else { return nil }
        let number = Digits(units: units, places: places, minPlaces: min(places, max(0, minDecimals)), grouping: false)
        number.write(into: buffer)
        return number.length
    }

    /// `units` × 10^−`places` as text, trailing zeros after the point dropped down to `minPlaces`;
    /// at least one digit before the point, `-` only for a non-zero value, and with `grouping` a
    /// `,` between groups of three digits before the point. Written straight into the string's
    /// storage (this runs for every number on every page).
    private static func text(
        units: Int64, places: Int, minPlaces: Int, grouping: Bool = false, suffix: StaticString = ""
    ) -> String {
        let number = Digits(units: units, places: places, minPlaces: minPlaces, grouping: grouping)
        let length = number.length + suffix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: length) { buffer in
            number.write(into: buffer)
            if suffix.utf8CodeUnitCount > 0 {
                suffix.withUTF8Buffer { bytes in
                    for (offset, byte) in bytes.enumerated() { buffer[number.length + offset] = byte }
                }
            }
            return length
        }
    }

    /// The layout of one number's text (``text(units:places:minPlaces:grouping:suffix:)``): its
    /// digits, point, commas and sign, measured first so the bytes are written in one pass.
    private struct Digits {
        /// The absolute value in units of 10^−`places`, trailing zeros dropped.
        let magnitude: UInt64
        /// Digits after the point.
        let places: Int
        /// Whether a `-` comes first.
        let negative: Bool
        /// Commas between groups of three digits.
        let grouping: Bool
        /// How many bytes the text has.
        let length: Int

        init(units: Int64, places: Int, minPlaces: Int, grouping: Bool) {
            var magnitude = units.magnitude
            var places = places
            while places > minPlaces, magnitude % 10 == 0 {
                magnitude /= 10
                places -= 1
            }
            // Two digits a division: a full build counts the digits of 400,000 numbers.
            var digitCount = 1
            var rest = magnitude
            while rest >= 100 {
                rest /= 100
                digitCount += 2
            }
            if rest >= 10 { digitCount += 1 }
            digitCount = max(digitCount, places + 1)
            let commas = grouping ? (digitCount - places - 1) / 3 : 0
            self.magnitude = magnitude
            self.places = places
            self.negative = units < 0
            self.grouping = grouping
            length = (negative ? 1 : 0) + digitCount + (places > 0 ? 1 : 0) + commas
        }

        /// Writes the text into `buffer[0..<length]`, from its last digit back: the digits after
        /// the point, the point, then the digits before it (with `grouping`, three at a time with
        /// a comma before each group but the first). The whole part is written two digits per
        /// division from a table of the hundred pairs, so the digits are taken from the number as
        /// often as it has pairs, not digits (this runs for every number on every page).
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) {
            guard let base = buffer.baseAddress else { return }
            var magnitude = magnitude
            var position = length
            if places > 0 {
                for _ in 0..<places {
                    position -= 1
                    base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                }
                position -= 1
                base[position] = UInt8(ascii: ".")
            }
            if grouping {
                while magnitude >= 1000 {
                    let group = magnitude % 1000
                    magnitude /= 1000
                    position -= 3
                    Self.writePair(group % 100, at: base + position + 1)
                    base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: group / 100)
                    position -= 1
                    base[position] = UInt8(ascii: ",")
                }
            }
            while magnitude >= 100 {
                position -= 2
                Self.writePair(magnitude % 100, at: base + position)
                magnitude /= 100
            }
            if magnitude >= 10 {
                position -= 2
                Self.writePair(magnitude, at: base + position)
            } else {
                position -= 1
                base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
            }
            if negative { base[0] = UInt8(ascii: "-") }
        }

        /// The hundred pairs `00` … `99` in order: pair `n` is at offset 2`n`.
        private static let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """

        /// Writes the two digits of `pair` (0…99) at `destination`.
        @inline(__always)
        private static func writePair(_ pair: UInt64, at destination: UnsafeMutablePointer<UInt8>) {
            let source = pairs.utf8Start + Int(truncatingIfNeeded: pair) &* 2
            destination[0] = source[0]
            destination[1] = source[1]
        }
    }

    /// `value` × 10^`places` rounded half away from zero, not clamped: nil when it is not finite
    /// or beyond ±9×10¹⁸ (``exact(_:decimals:minDecimals:)``).
    private static func exactUnits(_ value: Double, places: Int) -> Int64? {
        let scaled = value * scale(places)
        // Rounding moves a number by at most a half, so the bound holds before as after it
        // (9×10¹⁸ is whole and far above 2⁵², where every double is whole).
        guard scaled.isFinite, abs(scaled) <= 9.0e18 else { return nil }
        return roundedAway(scaled)
    }
}
