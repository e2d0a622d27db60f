import Foundation
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

    @Test("a weekday's short name is its name's first three letters, the first upper-cased, and parses back")
    func weekdayShortNames() {
        #expect(Weekday.allCases.map(\.shortName) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        for weekday in Weekday.allCases {
            #expect(weekday.shortName == weekday.name.prefix(1).uppercased() + weekday.name.dropFirst().prefix(2))
            #expect(Weekday.allCases.filter { $0.name.hasPrefix(weekday.shortName.lowercased()) } == [weekday])
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

    @Test("a date made from its fields carries the day number Foundation's Gregorian calendar counts; order, equality and hashing follow the fields")
    func storedDayNumber() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let epoch = try #require(calendar.date(from: DateComponents(year: 1970, month: 1, day: 1)))
        var previous: CivilDate?
        var weekday = try #require(CivilDate(year: 1799, month: 12, day: 31)).weekday
        for year in [1800, 1899, 1900, 1970, 1999, 2000, 2024, 2026, 2100, 2400] {
            for month in 1...12 {
                for day in 1...CivilDate.daysInMonth(year: year, month: month) {
                    let date = try #require(CivilDate(year: year, month: month, day: day))
                    let instant = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
                    let counted = try #require(calendar.dateComponents([.day], from: epoch, to: instant).day)
                    #expect(date.dayNumber == counted, "\(date)")
                    let back = CivilDate(dayNumber: date.dayNumber)
                    #expect((back.year, back.month, back.day) == (year, month, day))
                    if let previous, previous.dayNumber + 1 == date.dayNumber {
                        #expect(date.weekday.rawValue == weekday.rawValue % 7 + 1, "\(date)")
                    }
                    weekday = date.weekday
                    previous = date
                }
            }
        }
        let dates = [(2024, 2, 29), (2024, 3, 1), (2023, 12, 31), (2026, 11, 21), (1970, 1, 1), (1969, 12, 31)].compactMap {
            CivilDate(year: $0.0, month: $0.1, day: $0.2)
        }
        for a in dates {
            for b in dates {
                #expect((a < b) == ((a.year, a.month, a.day) < (b.year, b.month, b.day)))
                #expect((a == b) == ((a.year, a.month, a.day) == (b.year, b.month, b.day)))
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(dates + dates.map { CivilDate(dayNumber: $0.dayNumber) }).count == dates.count)
    }
}
