import GRDB
import Testing
import WktCore
@testable import WktStore

/// ``WorkoutStore/contentDigest()``, which a build compares to decide whether anything changed:
/// its workouts' lines are written as bytes, and the digest must stay the SHA-256 of the text
/// form `w <id> <fingerprint>`, `s <weekday> <length> <routine>`, `b <day> <length> <source>
/// <kg>`, one per line (a changed digest would rebuild every site once, and a digest that missed
/// a change would leave a site stale).
@Suite("The store's content digest is the digest of its text form")
struct ContentDigestTests {
    /// The text form, read through GRDB rows and string interpolation.
    private static func reference(_ store: WorkoutStore) throws -> String {
        try store.run { queue in
            try queue.read { db in
                var text = ""
                for row in try Row.fetchAll(db, sql: "SELECT id, fingerprint FROM workout ORDER BY id") {
                    let id: Int64 = row[0]
                    let fingerprint: String = row[1]
                    text += "w \(id) \(fingerprint)\n"
                }
                for row in try Row.fetchAll(db, sql: "SELECT weekday, routine FROM schedule ORDER BY weekday") {
                    let weekday: Int = row[0]
                    let routine: String = row[1]
                    text += "s \(weekday) \(routine.utf8.count) \(routine)\n"
                }
                for row in try Row.fetchAll(db, sql: "SELECT day, source, weight_kg FROM body_measurement ORDER BY day, source") {
                    let day: String = row[0]
                    let source: String = row[1]
                    let weight: Double = row[2]
                    text += "b \(day) \(source.utf8.count) \(source) \(weight)\n"
                }
                return SHA256.hex(text)
            }
        }
    }

    @Test("an empty store, then workouts, a schedule and measurements: the digest of the text form each time")
    func matchesTextForm() throws {
        let store = try WorkoutStore.inMemory()
        #expect(try store.contentDigest() == Self.reference(store))
        #expect(try store.contentDigest() == SHA256.hex(""))
        var batch = StoreFixtures.batch(
            (1...40).map { StoreFixtures.simpleWorkout(day: $0, sets: 1 + $0 % 4) } + [StoreFixtures.richWorkout()],
            schedule: Schedule(days: [.monday: "Push Day", .thursday: "Légs"]))
        batch.body = [
            BodyMeasurement(day: CivilDate(year: 2024, month: 1, day: 3)!, weightKg: 80.125, source: "apple-health"),
            BodyMeasurement(day: CivilDate(year: 2024, month: 1, day: 9)!, weightKg: 79.5, source: "wkt"),
        ]
        _ = try store.apply(StoreFixtures.entries(batch), dryRun: false)
        let digest = try store.contentDigest()
        #expect(digest == (try Self.reference(store)))
        // A further workout changes it.
        _ = try store.apply(StoreFixtures.entries(StoreFixtures.batch([StoreFixtures.simpleWorkout(day: 60)], file: "b.csv")), dryRun: false)
        #expect(try store.contentDigest() == Self.reference(store))
        #expect(try store.contentDigest() != digest)
    }
}
