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
}
