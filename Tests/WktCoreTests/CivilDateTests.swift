import Testing
@testable import WktCore

@Suite("CivilDate")
struct CivilDateTests {
    @Test("day numbers round-trip over 400 years and weekdays are right")
    func roundTrip() {
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.weekday == .thursday)
        #expect(CivilDate(year: 2026, month: 11, day: 21)!.weekday == .saturday)
        var previous = CivilDate(year: 1899, month: 12, day: 31)!
        for n in (previous.dayNumber + 1)...(previous.dayNumber + 146_097) {
            let d = CivilDate(dayNumber: n)
            #expect(d.dayNumber == n)
            #expect(d > previous)
            #expect(CivilDate(year: d.year, month: d.month, day: d.day) == d)
            previous = d
        }
    }

    @Test("parse rejects impossible days")
    func parse() {
        #expect(CivilDate.parse("2024-02-29") != nil)
        #expect(CivilDate.parse("2023-02-29") == nil)
        #expect(CivilDate.parse("2024-13-01") == nil)
        #expect(CivilDate.parse("03/04/2024") == nil)
        #expect(CivilDate.parse("2024-1-01") == nil)
        #expect(WallTime.parse("2024-03-31 02:30:00")?.description == "2024-03-31 02:30:00")
        #expect(WallTime.parse("2024-03-31 24:30:00") == nil)
    }

    /// Padding as first written, through `String` and `count`: the reference.
    private static func referencePad(_ value: Int, _ width: Int) -> String {
        let s = String(abs(value))
        let padded = s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        return value < 0 ? "-" + padded : padded
    }

    @Test("pad and dates are written digit by digit as the string-based reference writes them")
    func padMatchesReference() {
        let values = [0, 1, 7, 9, 10, 42, 99, 100, 999, 1000, 2026, 9999, 10_000, 123_456, 99_999_999_999_999,
                      999_999_999_999_999, 1_000_000_000_000_000, Int.max, -1, -7, -2026, -99_999, Int.min + 1]
        for value in values {
            for width in 0...17 {
                #expect(ASCIIDigits.pad(value, width) == Self.referencePad(value, width), "pad(\(value), \(width))")
            }
            // Appended after other bytes, as String(_:) writes it.
            var bytes = Array("x=".utf8)
            ASCIIDigits.append(value, to: &bytes)
            #expect(bytes == Array("x=\(value)".utf8), "append(\(value))")
        }
        for dayNumber in stride(from: -800_000, through: 3_000_000, by: 997) {
            let date = CivilDate(dayNumber: dayNumber)
            let expected = Self.referencePad(date.year, 4) + "-" + Self.referencePad(date.month, 2) + "-"
                + Self.referencePad(date.day, 2)
            #expect(date.description == expected, "\(dayNumber)")
        }
        #expect(CivilDate(year: 2026, month: 11, day: 26)?.description == "2026-11-26")
        #expect(CivilDate(year: 33, month: 1, day: 2)?.description == "0033-01-02")
    }
}
