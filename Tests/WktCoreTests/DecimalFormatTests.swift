import Foundation
import Testing
import WktCore

@Suite("DecimalFormat and DisplayUnits: the one number formatter")
struct DecimalFormatTests {
    @Test("fixed decimals are locale-free, rounded half away from zero, never NaN or -0")
    func fixedDecimals() {
        #expect(DecimalFormat.fixed(2.25, decimals: 1) == "2.3")
        #expect(DecimalFormat.fixed(-1.5, decimals: 0) == "-2")
        #expect(DecimalFormat.fixed(-0.04, decimals: 1) == "0.0")
        #expect(DecimalFormat.fixed(-0.06, decimals: 1) == "-0.1")
        #expect(DecimalFormat.fixed(82.5, decimals: 2) == "82.50")
        #expect(DecimalFormat.fixed(0.005, decimals: 3) == "0.005")
        #expect(DecimalFormat.fixed(1e9, decimals: 1) == "1000000000.0")
        #expect(DecimalFormat.fixed(.nan, decimals: 1) == "0.0")
        #expect(DecimalFormat.fixed(.infinity, decimals: 0) == "0")
        #expect(DecimalFormat.fixed(-.infinity, decimals: 2) == "0.00")
        #expect(DecimalFormat.fixed(1e300, decimals: 0) == "1000000000000000")
        #expect(DecimalFormat.fixed(-1e300, decimals: 0) == "-1000000000000000")
        #expect(DecimalFormat.fixed(7, decimals: 99) == "7.000000")
        #expect(DecimalFormat.fixed(7, decimals: -3) == "7")
    }

    @Test("compact axis labels")
    func compact() {
        #expect(DecimalFormat.compact(0, decimals: 0) == "0")
        #expect(DecimalFormat.compact(2, decimals: 0) == "2")
        #expect(DecimalFormat.compact(0.5, decimals: 1) == "0.5")
        #expect(DecimalFormat.compact(9990, decimals: 0) == "9.99k")
        #expect(DecimalFormat.compact(2500, decimals: 0) == "2.5k")
        #expect(DecimalFormat.compact(1250, decimals: 0) == "1.25k")
        #expect(DecimalFormat.compact(6000, decimals: 0) == "6k")
        #expect(DecimalFormat.compact(-1500, decimals: 0) == "-1.5k")
        #expect(DecimalFormat.compact(-7500, decimals: 0) == "-7.5k")
        #expect(DecimalFormat.compact(999, decimals: 0) == "999")
        #expect(DecimalFormat.compact(25_000, decimals: 0) == "25k")
        #expect(DecimalFormat.compact(12_500, decimals: 0) == "12.5k")
        #expect(DecimalFormat.compact(1_500_000, decimals: 0) == "1.5M")
        #expect(DecimalFormat.compact(1e9, decimals: 0) == "1G")
        #expect(DecimalFormat.compact(-20_000, decimals: 0) == "-20k")
        #expect(DecimalFormat.compact(.nan, decimals: 0) == "0")
    }

    @Test("digits before the point, trailing zeros trimmed, thousands grouped")
    func digitsTrimmingGrouping() {
        #expect(DecimalFormat.fixed(-0.5, decimals: 2) == "-0.50")
        #expect(DecimalFormat.fixed(0, decimals: 0) == "0")
        #expect(DecimalFormat.fixed(1234.5678, decimals: 3) == "1234.568")
        #expect(DecimalFormat.fixed(10, decimals: 1, minDecimals: 0) == "10")
        #expect(DecimalFormat.fixed(100, decimals: 0, minDecimals: 0) == "100")
        #expect(DecimalFormat.fixed(0.5, decimals: 2, minDecimals: 0) == "0.5")
        #expect(DecimalFormat.fixed(-3, decimals: 3, minDecimals: 0) == "-3")
        #expect(DecimalFormat.fixed(-3, decimals: 3, minDecimals: 1) == "-3.0")
        #expect(DecimalFormat.fixed(-0.0001, decimals: 3, minDecimals: 0) == "0")
        #expect(DecimalFormat.fixed(2.5, decimals: 1, minDecimals: 4) == "2.5")
        #expect(DecimalFormat.grouped(-1_234_567) == "-1,234,567")
        #expect(DecimalFormat.grouped(999.4) == "999")
        #expect(DecimalFormat.grouped(-999.6) == "-1,000")
        #expect(DecimalFormat.grouped(123_456) == "123,456")
    }

    @Test("exact: not clamped, nil only beyond Int64 or for non-finite values")
    func exact() {
        #expect(DecimalFormat.exact(22.6796185, decimals: 3, minDecimals: 1) == "22.68")
        #expect(DecimalFormat.exact(100, decimals: 3, minDecimals: 1) == "100.0")
        #expect(DecimalFormat.exact(100, decimals: 3, minDecimals: 0) == "100")
        #expect(DecimalFormat.exact(-0.0, decimals: 3, minDecimals: 1) == "0.0")
        #expect(DecimalFormat.exact(-0.0004, decimals: 3, minDecimals: 0) == "0")
        #expect(DecimalFormat.exact(0.0005, decimals: 3, minDecimals: 0) == "0.001")
        #expect(DecimalFormat.exact(5e15, decimals: 3, minDecimals: 0) == "5000000000000000")
        #expect(DecimalFormat.exact(1e16, decimals: 3, minDecimals: 0) == nil)
        #expect(DecimalFormat.exact(.nan, decimals: 3, minDecimals: 0) == nil)
        #expect(DecimalFormat.exact(-.infinity, decimals: 1, minDecimals: 0) == nil)
    }

    @Test("grouped with decimals: separators before the point only, rounding first, negatives, no -0, no stray .0")
    func groupedDecimals() {
        #expect(DecimalFormat.grouped(28_481.0, decimals: 1, minDecimals: 0) == "28,481")
        #expect(DecimalFormat.grouped(23_699.6, decimals: 0, minDecimals: 0) == "23,700")
        #expect(DecimalFormat.grouped(1234.56, decimals: 1, minDecimals: 0) == "1,234.6")
        #expect(DecimalFormat.grouped(1234.5, decimals: 2, minDecimals: 2) == "1,234.50")
        #expect(DecimalFormat.grouped(999.95, decimals: 1, minDecimals: 0) == "1,000")
        #expect(DecimalFormat.grouped(999.94, decimals: 1, minDecimals: 0) == "999.9")
        #expect(DecimalFormat.grouped(-999.95, decimals: 1, minDecimals: 0) == "-1,000")
        #expect(DecimalFormat.grouped(-1_234_567.25, decimals: 2, minDecimals: 0) == "-1,234,567.25")
        #expect(DecimalFormat.grouped(-0.04, decimals: 1, minDecimals: 0) == "0")
        #expect(DecimalFormat.grouped(100, decimals: 6, minDecimals: 0) == "100")
        #expect(DecimalFormat.grouped(0.5, decimals: 1, minDecimals: 0) == "0.5")
        #expect(DecimalFormat.grouped(.infinity, decimals: 1, minDecimals: 0) == "0")
        #expect(DecimalFormat.grouped(1e300, decimals: 0, minDecimals: 0) == "1,000,000,000,000,000")
        #expect(DecimalFormat.grouped(123_456.789, decimals: 3, minDecimals: 3) == "123,456.789")
    }

    @Test("display units: weights at most 2 (kg) or 1 (lb) decimals, e1RM one, volumes grouped")
    func displayUnits() {
        let kg = DisplayUnits(unit: .kg)
        #expect(kg.weight(100) == "100 kg")
        #expect(kg.weight(102.5) == "102.5 kg")
        #expect(kg.weight(61.25) == "61.25 kg")
        #expect(kg.weight(116.667) == "116.67 kg")
        #expect(kg.weight(0) == "0 kg")
        #expect(kg.estimate(116.667) == "116.7 kg")
        #expect(kg.estimate(105) == "105 kg")
        #expect(kg.estimate(104.96) == "105 kg")
        #expect(kg.estimateValue(116.667) == 116.7)
        #expect(kg.weight(1_234.5) == "1,234.5 kg")
        #expect(kg.volume(28_481.0) == "28,481 kg")
        #expect(kg.volume(1327.5) == "1,328 kg")
        #expect(kg.record(.heaviest, 61.25) == "61.25 kg")
        #expect(kg.record(.repMax(5), 100) == "100 kg")
        #expect(kg.record(.e1rm, 116.667) == "116.7 kg")
        #expect(kg.record(.sessionVolume, 12_345.4) == "12,345 kg")
        // 102.058 kg = 225.0 lb; 100 kg = 220.462 lb; 22.68 kg = 50.0012 lb.
        let lb = DisplayUnits(unit: .lb)
        #expect(lb.weight(102.058) == "225 lb")
        #expect(lb.weight(100) == "220.5 lb")
        #expect(lb.weight(22.68) == "50 lb")
        #expect(lb.weightNumber(100) == "220.5")
        #expect(lb.record(.setVolume, 1000) == "2,205 lb")
        // 500 kg = 1,102.31 lb; an e1RM of 453.59237 kg is exactly 1,000 lb.
        #expect(lb.weight(500) == "1,102.3 lb")
        #expect(lb.estimate(453.59237) == "1,000 lb")
        #expect(lb.estimateValue(100) == 220.5)
        #expect(lb.volume(10_000) == "22,046 lb")
    }

    /// `fixed` and `exact` as plainly as they can be written: the library's rounding, the
    /// decimal digits of an integer, the point put in, zeros dropped. The reference the
    /// formatter's own rounding and pairwise digit writing are checked against.
    private static func referenceFixed(_ value: Double, decimals: Int, minDecimals: Int, clamped: Bool) -> String? {
        let places = min(6, max(0, decimals))
        let minPlaces = min(places, max(0, minDecimals))
        var number = value
        if clamped { number = value.isFinite ? min(DecimalFormat.limit, max(-DecimalFormat.limit, value)) : 0 }
        var scaled = (number * pow(10, Double(places))).rounded(.toNearestOrAwayFromZero)
        if clamped { scaled = min(9.0e18, max(-9.0e18, scaled)) }
        guard scaled.isFinite, abs(scaled) <= 9.0e18 else { return nil }
        var digits = Array(String(Int64(scaled).magnitude))
        while digits.count <= places { digits.insert("0", at: 0) }
        var fraction = Array(digits.suffix(places))
        while fraction.count > minPlaces, fraction.last == "0" { fraction.removeLast() }
        let whole = String(digits.dropLast(places))
        let text = fraction.isEmpty ? whole : whole + "." + String(fraction)
        return Int64(scaled) < 0 ? "-" + text : text
    }

    /// Halves and their neighbours one step of the double apart, at every scale the formatter
    /// rounds at: where rounding by hand and the library's `round` could part.
    private static func roundingEdges() -> [Double] {
        var values: [Double] = []
        for places in 0...6 {
            let scale = pow(10, Double(places))
            for whole in [0.0, 1, 2, 7, 99, 12_345, 4_503_599_627_370_495, 4_503_599_627_370_496] {
                let half = (whole + 0.5) / scale
                for value in [half, half.nextUp, half.nextDown, whole / scale, (whole + 1) / scale] {
                    values.append(value)
                    values.append(-value)
                }
            }
        }
        values += [0.49999999999999994, -0.49999999999999994, 0.5, 1.5, 2.5, -2.5, 2.675, 1.005, 1.0000005, 9.0e18 / 1e6, 8.999999999999999e18]
        return values
    }

    @Test("fixed, exact and write round and write digits as plain rounding and integer text do")
    func fixedMatchesReference() {
        let values = Self.randomValues(seed: 23, count: 3000, plus: Self.roundingEdges() + [
            0, -0.0, 1e15, -1e15, 2e15, 9.2e18, -9.2e18, 1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude,
        ])
        var buffer = [UInt8](repeating: 0, count: DecimalFormat.maxWrittenBytes)
        for value in values {
            for decimals in [-1, 0, 1, 2, 3, 5, 6, 9] {
                for minDecimals in [0, 1, 2, 6] {
                    let expected = Self.referenceFixed(value, decimals: decimals, minDecimals: minDecimals, clamped: true)
                    #expect(DecimalFormat.fixed(value, decimals: decimals, minDecimals: minDecimals) == expected,
                            "\(value) \(decimals) \(minDecimals)")
                    let exact = Self.referenceFixed(value, decimals: decimals, minDecimals: minDecimals, clamped: false)
                    #expect(DecimalFormat.exact(value, decimals: decimals, minDecimals: minDecimals) == exact,
                            "\(value) \(decimals) \(minDecimals)")
                    let written = buffer.withUnsafeMutableBufferPointer { bytes in
                        DecimalFormat.write(exact: value, decimals: decimals, minDecimals: minDecimals, into: bytes)
                            .map { String(decoding: bytes[..<$0], as: UTF8.self) }
                    }
                    #expect(written == exact, "\(value) \(decimals) \(minDecimals)")
                }
            }
        }
        #expect(DecimalFormat.fixed(0.49999999999999994, decimals: 0) == "0")
        #expect(DecimalFormat.fixed(2.5, decimals: 0) == "3")
        #expect(DecimalFormat.fixed(-2.5, decimals: 0) == "-3")
        #expect(DecimalFormat.grouped(-9_876_543_210.5) == "-9,876,543,211")
    }

    /// Grouping as first written: regrouping the text of `fixed`. The reference for `grouped`.
    private static func referenceGrouped(_ value: Double, decimals: Int, minDecimals: Int) -> String {
        let digits = DecimalFormat.fixed(value, decimals: decimals, minDecimals: minDecimals)
        let utf8 = digits.utf8
        let negative = utf8.first == UInt8(ascii: "-")
        let whole = utf8.dropFirst(negative ? 1 : 0).prefix { $0 != UInt8(ascii: ".") }
        guard whole.count > 3 else { return digits }
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        out.append(contentsOf: utf8.dropFirst((negative ? 1 : 0) + whole.count))
        return String(decoding: out, as: UTF8.self)
    }

    /// `plus`, then `count` values of random sign and magnitude (up to 10¹⁷) from a fixed `seed`.
    static func randomValues(seed: UInt64, count: Int, plus: [Double]) -> [Double] {
        var values = plus
        var seed = seed
        for _ in 0..<count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Double(seed >> 11) / Double(1 << 53) * pow(10, Double(seed % 17))
            values.append(seed & 1 == 0 ? magnitude : -magnitude)
        }
        return values
    }

    @Test("grouped writes its commas with the digits, as regrouping fixed's text does")
    func groupedMatchesReference() {
        let values = Self.randomValues(seed: 3, count: 2000, plus: [
            0, -0.0, 0.4, 0.5, -0.5, 1, 9.995, 999, 999.95, 1000, -1000, 1234.5678, 12_345, 123_456.7,
            1_234_567.891, -9_876_543.21, 1e15, -1e15, 2e15, .nan, .infinity, -.infinity, 0.000_000_4,
        ])
        for value in values {
            for decimals in [-1, 0, 1, 2, 3, 6, 9] {
                for minDecimals in [-1, 0, 1, 3, 9] {
                    #expect(DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals)
                                == Self.referenceGrouped(value, decimals: decimals, minDecimals: minDecimals),
                            "\(value) \(decimals) \(minDecimals)")
                }
            }
        }
        #expect(DecimalFormat.grouped(1_234_567.5, decimals: 1, minDecimals: 1) == "1,234,567.5")
    }

    @Test("a suffix is written after the number in the same pass, as appending it would")
    func groupedWithSuffix() {
        let values = Self.randomValues(seed: 11, count: 500, plus: [
            0, -0.0, 0.5, -0.5, 9.995, 999.95, 1000, -1000, 1234.5678, -9_876_543.21, 1e15, -2e15, .nan, -.infinity,
        ])
        for value in values {
            for decimals in [0, 1, 2, 6] {
                for minDecimals in [0, 1] {
                    let plain = DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals)
                    #expect(DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals, suffix: " kg") == plain + " kg")
                    #expect(DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals, suffix: "") == plain)
                    // Past the 15 bytes of a small string, and with a multi-byte suffix.
                    #expect(DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals, suffix: " kilograms · ≈")
                                == plain + " kilograms · ≈")
                }
            }
        }
        for unit in WeightUnit.allCases {
            let units = DisplayUnits(unit: unit)
            for value in values {
                #expect(units.weight(value) == units.weightNumber(value) + " " + units.symbol)
                #expect(units.estimate(value) == DecimalFormat.grouped(units.convert(value), decimals: 1, minDecimals: 0) + " " + units.symbol)
                #expect(units.volume(value) == DecimalFormat.grouped(units.convert(value)) + " " + units.symbol)
            }
        }
    }

    @Test("write puts the bytes fixed and grouped would make at the start of the buffer")
    func writtenBytes() {
        let values = Self.randomValues(seed: 17, count: 500, plus: [
            0, -0.0, 0.5, -0.5, 999.95, -1000, 1234.5678, 9_999_999_999.5, 1e15, -2e15, -9.2e18, .nan, .infinity,
        ])
        var buffer = [UInt8](repeating: 0xFF, count: DecimalFormat.maxWrittenBytes)
        func written(_ value: Double, _ decimals: Int, _ minDecimals: Int, grouping: Bool) -> String {
            buffer.withUnsafeMutableBufferPointer { bytes in
                let count = DecimalFormat.write(fixed: value, decimals: decimals, minDecimals: minDecimals, grouping: grouping, into: bytes)
                return String(decoding: bytes[..<count], as: UTF8.self)
            }
        }
        for value in values {
            for decimals in [-1, 0, 1, 3, 6, 9] {
                for minDecimals in [-1, 0, 1, 9] {
                    #expect(written(value, decimals, minDecimals, grouping: false) == DecimalFormat.fixed(value, decimals: decimals, minDecimals: minDecimals),
                            "\(value) \(decimals) \(minDecimals)")
                    #expect(written(value, decimals, minDecimals, grouping: true) == DecimalFormat.grouped(value, decimals: decimals, minDecimals: minDecimals),
                            "\(value) \(decimals) \(minDecimals)")
                }
            }
        }
        // The longest text fits: the most negative clamped value with six decimals, grouped.
        #expect(written(-1e15, 6, 6, grouping: true).utf8.count <= DecimalFormat.maxWrittenBytes)
    }
}

