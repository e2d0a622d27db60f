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

    @Test("more workout lines than one chunk, and ids at the ends of the range: still the digest of the text form")
    func chunksAndExtremeIDs() throws {
        let store = try WorkoutStore.inMemory()
        let count = WorkoutStore.digestChunk / 60 + 50  // a line is about 70 bytes
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch((1...count).map { StoreFixtures.simpleWorkout(day: $0, sets: 1) })),
            dryRun: false)
        #expect(try store.contentDigest() == Self.reference(store))
        // Workouts without blocks, stored under ids no import chooses: negative ones, both ends.
        try store.run { queue in
            try queue.write { db in
                for id in [Int64.min, -1, 0, Int64.max] {
                    try db.execute(
                        sql: """
                            INSERT INTO workout (id, source, source_key, start, name, activity, fingerprint)
                            VALUES (?, 'test', ?, '2024-01-01 10:00:00', 'Bare', 'strength', ?)
                            """,
                        arguments: [id, "key \(id)", String(repeating: "a", count: 64)])
                }
            }
        }
        #expect(try store.contentDigest() == Self.reference(store))
    }

    @Test("decimal ids are written as String(_:) writes them")
    func decimalIDs() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, Int64.max, Int64.min, Int64.min + 1]
        var seed: UInt64 = 7
        for _ in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(bitPattern: seed) >> (seed % 63))
        }
        for value in values {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            WorkoutStore.appendDecimal(value, to: &bytes)
            #expect(bytes == Array("x\(value)".utf8), "\(value)")
        }
    }
}
