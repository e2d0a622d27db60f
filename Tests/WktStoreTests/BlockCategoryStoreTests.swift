import Foundation
import Testing
import WktCore
@testable import WktStore

/// FitNotes' category per exercise block in the store (migration `v3-block-category`,
/// docs/statistics.md "Sets per muscle").
@Suite("FitNotes categories in the store")
struct BlockCategoryStoreTests {
    /// A FitNotes workout on day `day` of January 2024; `categories` nil leaves every block without one.
    private static func fitNotes(day: Int, categories: Bool) -> Workout {
        let start = StoreFixtures.time(String(format: "2024-01-%02d 12:00:00", day))
        return Workout(
            source: .fitnotes, sourceKey: String(format: "2024-01-%02d", day), start: start, name: "Chest, Back",
            exercises: [
                ExerciseBlock(name: "Café Fly", sets: [WorkoutSet(weightKg: 20, reps: 10)], category: categories ? "Chest" : nil),
                ExerciseBlock(name: "Odd Row", sets: [WorkoutSet(weightKg: 40, reps: 8)], category: categories ? "Back" : nil),
            ])
    }

    @Test("categories round-trip; a file without them (wkt JSON) keeps the stored ones; the same file again changes nothing")
    func roundTrip() throws {
        try TempFolder.withStore { _, path in
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            let workouts = (1...3).map { Self.fitNotes(day: $0, categories: true) }
            let first = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(workouts, file: "FitNotes.csv", format: "fitnotes/10col", carried: [.category])),
                dryRun: false)
            #expect(first.map(\.added) == [3])
            let loaded = try store.loadHistory().workouts.map(\.workout)
            #expect(loaded.map { $0.exercises.map(\.category) } == Array(repeating: ["Chest", "Back"], count: 3))
            let again = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(workouts, file: "FitNotes.csv", format: "fitnotes/10col", carried: [.category])),
                dryRun: false)
            #expect(again.map(\.unchanged) == [3])
            // A wkt JSON file does not carry categories: the stored ones stay, nothing is updated.
            let plain = (1...3).map { Self.fitNotes(day: $0, categories: false) }
            let wkt = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(plain, file: "x.wkt.json", format: "wkt/1", carried: .all)),
                dryRun: false)
            #expect(wkt.map(\.unchanged) == [3])
            #expect(try store.loadHistory().workouts.map(\.workout) == loaded)
            // A changed category in a new FitNotes export is news.
            var moved = workouts[0]
            moved.exercises[1].category = "Shoulders"
            let changed = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch([moved], file: "FitNotes.csv", format: "fitnotes/10col", carried: [.category])),
                dryRun: false)
            #expect(changed.map(\.updated) == [1])
            #expect(try store.loadHistory().workouts.first?.workout.exercises.map(\.category) == ["Chest", "Shoulders"])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a version-2 store migrates keeping every row; re-importing its FitNotes file adds the categories once, losing nothing")
    func migratesVersionTwo() throws {
        try TempFolder.withStore { _, path in
            let old = try WorkoutStore.open(
                path: path, mode: .readWrite, busyTimeout: 5, migrations: Array(StoreSchema.migrations.prefix(2)))
            #expect(try old.schemaVersion() == 2)
            let plain = (1...3).map { Self.fitNotes(day: $0, categories: false) }
            try OldStoreWriter.write(plain + [StoreFixtures.richWorkout()], into: old)
            let tables = ["workout", "exercise", "workout_block", "workout_set", "body_measurement"]
            var before = try tables.map { try old.tableRows($0) }
            #expect(before[0].count == 4 && before[2].count == 10 && before[3].count == 13)

            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            #expect(try store.schemaVersion() == StoreSchema.migrations.count)
            before[2] = OldStoreWriter.migratedBlockRows(before[2])
            #expect(try tables.map { try store.tableRows($0) } == before, "every row of version 2 is kept")
            let migrated = try store.loadHistory().workouts.map(\.workout).filter { $0.source == .fitnotes }
            #expect(migrated.map { $0.exercises.map(\.category) } == Array(repeating: [nil, nil], count: 3))
            // The same workouts without categories (a wkt JSON or an old import) match the stored fingerprints.
            let same = try store.apply(
                StoreFixtures.entries(StoreFixtures.batch(plain, file: "x.wkt.json", format: "wkt/1", carried: .all)),
                dryRun: false)
            #expect(same.map(\.unchanged) == [3])
            // The FitNotes file again: each workout is updated once (it gains its categories), every set stays.
            let withCategories = (1...3).map { Self.fitNotes(day: $0, categories: true) }
            let batch = StoreFixtures.batch(withCategories, file: "FitNotes.csv", format: "fitnotes/10col", carried: [.category])
            let updated = try store.apply(StoreFixtures.entries(batch), dryRun: false)
            #expect(updated.map(\.updated) == [3])
            let after = try store.loadHistory().workouts.map(\.workout).filter { $0.source == .fitnotes }
            #expect(after.map { $0.exercises.map(\.sets) } == migrated.map { $0.exercises.map(\.sets) })
            #expect(after.map { $0.exercises.map(\.category) } == Array(repeating: ["Chest", "Back"], count: 3))
            #expect(try store.apply(StoreFixtures.entries(batch), dryRun: false).map(\.unchanged) == [3])
            #expect(try store.integrityCheck() == "ok")
        }
    }
}
