import Foundation
import Testing
import WktCore
@testable import WktSite

/// The Atom feed's timestamps for naive wall times around daylight-saving changes (docs/reliability.md
/// T-08): the repeated autumn hour means its first occurrence, as the importer reads it.
@Suite("Atom feed times")
struct FeedTimeTests {
    static func workout(_ hour: Int, _ minute: Int, day: Int, month: Int, offset: Int? = nil) throws -> Workout {
        let date = try #require(CivilDate(year: 2024, month: month, day: day))
        let start = try #require(WallTime(date: date, hour: hour, minute: minute))
        return Workout(source: .strong, sourceKey: "k", start: start, utcOffsetSeconds: offset, name: "Push")
    }

    @Test("T-08: 02:30 on 2024-10-27 in Europe/Berlin is the first 02:30 (+02:00); the hours around it are exact")
    func ambiguousHour() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(AtomFeed.timestamp(try Self.workout(2, 30, day: 27, month: 10), zone: berlin) == "2024-10-27T02:30:00+02:00")
        #expect(AtomFeed.timestamp(try Self.workout(1, 59, day: 27, month: 10), zone: berlin) == "2024-10-27T01:59:00+02:00")
        #expect(AtomFeed.timestamp(try Self.workout(3, 0, day: 27, month: 10), zone: berlin) == "2024-10-27T03:00:00+01:00")
        #expect(AtomFeed.timestamp(try Self.workout(12, 0, day: 31, month: 3), zone: berlin) == "2024-03-31T12:00:00+02:00")
        // A stored offset (Apple Health, wkt JSON with an offset) wins over the zone.
        #expect(AtomFeed.timestamp(try Self.workout(2, 30, day: 27, month: 10, offset: 3600), zone: berlin) == "2024-10-27T02:30:00+01:00")
        #expect(AtomFeed.timestamp(try Self.workout(2, 30, day: 27, month: 10), zone: nil) == "2024-10-27T02:30:00Z")
    }
}
