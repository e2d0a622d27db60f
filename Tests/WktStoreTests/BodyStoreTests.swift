import Foundation
import Testing
import WktCore
@testable import WktStore

/// Bodyweight measurements in the store (docs/formats.md §10).
@Suite("bodyweight measurements in the store")
struct BodyStoreTests {
    private static func measurement(_ day: String, _ kg: Double, _ source: String = "apple-health") -> BodyMeasurement {
        guard let date = CivilDate.parse(day) else { preconditionFailure("bad fixture day \(day)") }
        return BodyMeasurement(day: date, weightKg: kg, source: source)
    }

    private static func batch(_ body: [BodyMeasurement], workouts: [Workout] = [], file: String = "export.xml") -> ImportBatch {
        var batch = StoreFixtures.batch(workouts, file: file, format: "apple-health/xml")
        batch.body = body
        return batch
    }

    @Test("a version-1 store opens, migrates and keeps every workout; measurements then load oldest first")
    func migratesVersionOne() throws {
        try TempFolder.withStore { _, path in
            let workouts = (1...5).map { StoreFixtures.simpleWorkout(day: $0) } + [StoreFixtures.richWorkout()]
            let old = try WorkoutStore.open(
                path: path, mode: .readWrite, busyTimeout: 5, migrations: Array(StoreSchema.migrations.prefix(1)))
            try OldStoreWriter.write(workouts, into: old)
            let tables = ["workout", "exercise", "workout_block", "workout_set", "check_in", "schedule", "import_log"]
            var before = try tables.map { try old.tableRows($0) }
            #expect(try old.schemaVersion() == 1)
            // A build (read-only) of the old store asks for one import first.
            #expect(throws: StoreError.self) { try WorkoutStore.open(path: path, mode: .readOnly) }

            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            #expect(try store.schemaVersion() == StoreSchema.migrations.count)
            #expect(try store.tableNames().contains("body_measurement"))
            before[2] = OldStoreWriter.migratedBlockRows(before[2])
            #expect(try tables.map { try store.tableRows($0) } == before, "every row of version 1 is kept")
            let after = try store.loadHistory()
            #expect(after.workouts.count == workouts.count)
            #expect(after.body.isEmpty)
            #expect(try store.integrityCheck() == "ok")

            let outcome = try store.apply(
                StoreFixtures.entries(Self.batch([Self.measurement("2024-02-01", 80), Self.measurement("2024-01-01", 81, "stronglifts")])),
                dryRun: false)
            #expect(outcome.map(\.measurementsAdded) == [2])
            let reader = try WorkoutStore.open(path: path, mode: .readOnly)
            #expect(try reader.loadHistory().body == [Self.measurement("2024-01-01", 81, "stronglifts"), Self.measurement("2024-02-01", 80)])
            #expect(try reader.loadHistory().workouts == after.workouts)
        }
    }

    @Test("one row per day and source: the last one read wins, sources stay apart, a re-import changes nothing")
    func dedupe() throws {
        let store = try WorkoutStore.inMemory()
        let first = Self.batch([
            Self.measurement("2024-03-02", 80.1), Self.measurement("2024-03-01", 80.4),
            Self.measurement("2024-03-02", 79.9), Self.measurement("2024-03-02", 81, "wkt"),
        ])
        let added = try store.apply(StoreFixtures.entries(first), dryRun: false)
        #expect(added.map(\.measurementsAdded) == [3])
        #expect(try store.loadHistory().body == [
            Self.measurement("2024-03-01", 80.4), Self.measurement("2024-03-02", 79.9),
            Self.measurement("2024-03-02", 81, "wkt"),
        ])
        let digest = try store.contentDigest()
        let again = try store.apply(StoreFixtures.entries(first), dryRun: false)
        #expect(again.map(\.measurementsAdded) == [0] && again.map(\.measurementsUpdated) == [0])
        #expect(try store.contentDigest() == digest)

        let corrected = try store.apply(
            StoreFixtures.entries(Self.batch([Self.measurement("2024-03-02", 79.5)])), dryRun: false)
        #expect(corrected.map(\.measurementsUpdated) == [1] && corrected.map(\.measurementsAdded) == [0])
        #expect(try store.loadHistory().body.map(\.weightKg) == [80.4, 79.5, 81])
        #expect(try store.contentDigest() != digest, "a changed measurement changes the content digest")

        let dry = try store.apply(StoreFixtures.entries(Self.batch([Self.measurement("2024-03-05", 79)])), dryRun: true)
        #expect(dry.map(\.measurementsAdded) == [1])
        #expect(try store.loadHistory().body.count == 3, "a dry run writes nothing")
    }

    @Test("an implausible or non-finite weight is bad data naming the file, and nothing of the batch is written")
    func implausible() throws {
        let store = try WorkoutStore.inMemory()
        for kg in [19.9, 400.5, Double.nan, -.infinity] {
            let batch = Self.batch([Self.measurement("2024-03-01", kg)], workouts: [StoreFixtures.simpleWorkout(day: 1)], file: "bad.xml")
            #expect {
                try store.apply(StoreFixtures.entries(batch), dryRun: false)
            } throws: { error in
                guard case let .invalidData(_, file, detail) = error as? StoreError else { return false }
                return file == "bad.xml" && detail.contains("2024-03-01") && detail.contains("kg")
                    || file == "bad.xml" && detail.contains("finite")
            }
        }
        #expect(try store.loadHistory().workouts.isEmpty)
        #expect(try store.loadHistory().body.isEmpty)
        // The bounds themselves are accepted.
        _ = try store.apply(
            StoreFixtures.entries(Self.batch([Self.measurement("2024-03-01", 20), Self.measurement("2024-03-02", 400)])),
            dryRun: false)
        #expect(try store.loadHistory().body.map(\.weightKg) == [20, 400])
    }
}
