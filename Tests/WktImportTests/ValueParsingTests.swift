import Testing
import WktCore
@testable import WktImport

@Suite("Numbers, dates and durations")
struct ValueParsingTests {
    private func decimal(_ text: String, comma: Bool = false) throws(NumberParser.Failure) -> Double? {
        try NumberParser.decimal(Array(text.utf8), decimalComma: comma)
    }

    private func integer(_ text: String, comma: Bool = false) throws(NumberParser.Failure) -> Int? {
        try NumberParser.integer(Array(text.utf8), decimalComma: comma)
    }

    @Test("decimals: 8, 8.0, 82.5, float noise; empty is nil, never 0 (I-10)")
    func decimals() throws {
        #expect(try decimal("8") == 8)
        #expect(try decimal("8.0") == 8)
        #expect(try decimal("82.5") == 82.5)
        #expect(try decimal("007") == 7)
        #expect(try decimal("0") == 0)
        #expect(try decimal("") == nil)
        #expect(try decimal("22.6796185") == 22.6796185)
        #expect(try decimal("2.2679618500000003") == 2.2679618500000003)
        #expect(try decimal("12.900000000000034") == 12.900000000000034)
        #expect(try decimal("71.32500457763672") == 71.32500457763672)
        #expect(try decimal("0.1") == 0.1)
    }

    @Test("decimal comma only in ; files; 1,000 is ambiguous everywhere (I-08, I-09)")
    func decimalComma() throws {
        #expect(try decimal("82,5", comma: true) == 82.5)
        #expect(try decimal("82,25", comma: true) == 82.25)
        #expect(throws: NumberParser.Failure.self) { try decimal("82,5") }
        let thousands = #expect(throws: NumberParser.Failure.self) { try decimal("1,000") }
        #expect(thousands?.message.contains("ambiguous") == true)
        #expect(throws: NumberParser.Failure.self) { try decimal("1,000", comma: true) }
        #expect(throws: NumberParser.Failure.self) { try decimal("1.000,5", comma: true) }
    }

    @Test("rejected: nan, inf, 1e309, negatives, signs, spaces, bare separators", arguments: [
        "nan", "NaN", "inf", "-inf", "Infinity", "1e309", "1E3", "-5", "+5", " 82.5", "82.5 ", "8 2", "8.",
        ".5", "1..2", "0x10", "abc", "1.2.3", String(repeating: "9", count: 41),
    ])
    func rejected(_ text: String) {
        #expect(throws: NumberParser.Failure.self) { try decimal(text, comma: true) }
    }

    @Test("numbers too large for a double are out of range, not infinity")
    func outOfRange() {
        let huge = String(repeating: "9", count: 40)
        #expect(throws: Never.self) { try decimal(huge) }  // 1e40 is finite
        #expect((try? decimal(huge)).flatMap { $0 }?.isFinite == true)
    }

    @Test("reason texts name the problem")
    func reasons() {
        #expect((#expect(throws: NumberParser.Failure.self) { try decimal("-5") })?.message == "'-5' is negative (or not a number)")
        #expect((#expect(throws: NumberParser.Failure.self) { try decimal("nan") })?.message == "'nan' is not a finite number")
        #expect((#expect(throws: NumberParser.Failure.self) { try decimal("1e309") })?.message == "'1e309' uses exponent notation")
        #expect((#expect(throws: NumberParser.Failure.self) { try decimal(" 1") })?.message == "' 1' has spaces around or inside the number")
    }

    @Test("integers: 20.0 is 20, 20.5 is an error, empty is nil")
    func integers() throws {
        #expect(try integer("20") == 20)
        #expect(try integer("20.0") == 20)
        #expect(try integer("0") == 0)
        #expect(try integer("") == nil)
        let half = #expect(throws: NumberParser.Failure.self) { try integer("20.5") }
        #expect(half?.message == "'20.5' is not a whole number")
        #expect(throws: NumberParser.Failure.self) { try integer("1000000000000") }
    }

    @Test("Strong durations in every spelling")
    func strongDurations() throws {
        #expect(try TimeText.strongDuration("1h 5m") == 3900)
        #expect(try TimeText.strongDuration("45m") == 2700)
        #expect(try TimeText.strongDuration("2h") == 7200)
        #expect(try TimeText.strongDuration("55s") == 55)
        #expect(try TimeText.strongDuration("31min") == 1860)
        #expect(try TimeText.strongDuration("264h 1m") == 950_460)
        #expect(try TimeText.strongDuration("1h 2m 3s") == 3723)
        #expect(try TimeText.strongDuration("") == nil)
        for bad in ["5m 1h", "1h 1h", "45", "45 x", "h", "1h,5m", " 45m", "45m ", "-5m"] {
            #expect(throws: RowError.self, "\(bad)") { try TimeText.strongDuration(bad) }
        }
        #expect(TimeText.durationLabel(40_140) == "11h 9m")
        #expect(TimeText.durationLabel(55) == "55s")
    }

    @Test("Strong dates: 24-hour, minutes only, and the reported 12-hour form; invalid ones are nil (I-18, I-19)")
    func strongDates() {
        #expect(TimeText.strongDate("2020-12-07 16:17:06") == wall(2020, 12, 7, 16, 17, 6))
        #expect(TimeText.strongDate("2020-12-07 16:17") == wall(2020, 12, 7, 16, 17))
        #expect(TimeText.strongDate("2024-01-07 5:15:00\u{202F}PM") == wall(2024, 1, 7, 17, 15))
        #expect(TimeText.strongDate("2024-01-07 12:15:00 AM") == wall(2024, 1, 7, 0, 15))
        #expect(TimeText.strongDate("2024-01-07 12:15:00 PM") == wall(2024, 1, 7, 12, 15))
        #expect(TimeText.strongDate("2024-02-29 10:00:00") == wall(2024, 2, 29, 10, 0))
        for bad in ["2023-02-29 10:00:00", "2024-13-01 10:00:00", "03/04/2024", "03/04/2024 10:00", "2024-01-07",
                    "2024-01-07 13:15:00 PM", "2024-01-07 25:00:00", ""] {
            #expect(TimeText.strongDate(bad) == nil, "\(bad)")
        }
    }

    @Test("Hevy dates: d MMM yyyy, HH:mm by hand, and the reported ISO form (I-16)")
    func hevyDates() {
        #expect(TimeText.hevyDate("9 Sep 2025, 06:46") == wall(2025, 9, 9, 6, 46))
        #expect(TimeText.hevyDate("7 Jan 2024, 17:15") == wall(2024, 1, 7, 17, 15))
        #expect(TimeText.hevyDate("2024-01-07 17:15:00") == wall(2024, 1, 7, 17, 15))
        #expect(TimeText.hevyDate("29 Feb 2024, 23:59") == wall(2024, 2, 29, 23, 59))
        for bad in ["29 Feb 2023, 10:00", "9 sep 2025, 06:46", "9 Sept 2025, 06:46", "9 Sep 2025 06:46",
                    "09/09/2025, 06:46", "9 Sep 2025, 24:00", "123 Sep 2025, 06:46", "9 Sep 25, 06:46"] {
            #expect(TimeText.hevyDate(bad) == nil, "\(bad)")
        }
        let start = wall(2024, 3, 30, 23, 30)!
        #expect(TimeText.seconds(from: start, to: wall(2024, 3, 31, 1, 15)!) == 6300)
    }
}
