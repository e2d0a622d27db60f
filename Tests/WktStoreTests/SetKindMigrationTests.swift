import Foundation
import GRDB
import Testing
import WktCore
@testable import WktStore

/// Migration `v4-set-kind-check`: `workout_set` rebuilt with the kind rule as equalities, so an
/// insert no longer builds a temporary b-tree per row (``StoreSchema/v4``).
@Suite("store version 4: the set-kind rule without a per-row temporary table")
struct SetKindMigrationTests {
    /// A workout with one set of every kind, empty and filled optional columns and notes.
    private static func everyKind(day: Int) -> Workout {
        var workout = StoreFixtures.simpleWorkout(day: day)
        workout.exercises[0].sets = [
            WorkoutSet(kind: .warmup, weightKg: 60, reps: 8, notes: "easy"),
            WorkoutSet(kind: .normal, weightKg: 100, reps: 5, rpe: 8.5),
            WorkoutSet(kind: .drop, weightKg: 80, reps: 7),
            WorkoutSet(kind: .failure, weightKg: 70, reps: 9, seconds: 42.5, distanceM: 0.25, rpe: 10),
        ]
        return workout
    }

    @Test("a version-3 store migrates keeping every row, id and value; the rules still hold afterwards")
    func migratesVersionThree() throws {
        try TempFolder.withStore { _, path in
            let old = try WorkoutStore.open(
                path: path, mode: .readWrite, busyTimeout: 5, migrations: Array(StoreSchema.migrations.prefix(3)))
            #expect(try old.schemaVersion() == 3)
            let workouts = (1...4).map { Self.everyKind(day: $0) } + [StoreFixtures.richWorkout()]
            _ = try old.apply(StoreFixtures.entries(StoreFixtures.batch(workouts)), dryRun: false)
            let tables = ["workout", "exercise", "workout_block", "workout_set", "check_in", "import_log"]
            let before = try tables.map { try old.tableRows($0) }
            let history = try old.loadHistory().workouts.map(\.workout)
            #expect(before[3].count == workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } })

            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            #expect(try store.schemaVersion() == StoreSchema.migrations.count)
            #expect(try tables.map { try store.tableRows($0) } == before, "every row of version 3 is kept")
            #expect(try store.loadHistory().workouts.map(\.workout) == history)
            #expect(try store.integrityCheck() == "ok")

            try store.queue.write { db in
                // The kind rule, the position rule and the unique position still reject bad rows.
                for sql in [
                    "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 99, 'bogus')",
                    "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 99, 'Normal')",
                    "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 0, 'normal')",
                    "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 1, 'normal')",
                    "INSERT INTO workout_set (block_id, position, kind) VALUES (9999, 1, 'normal')",
                ] {
                    #expect(throws: DatabaseError.self, "\(sql)") { try db.execute(sql: sql) }
                }
                // Deleting a workout still removes its blocks and sets.
                let sets = try Int.fetchOne(db, sql: "SELECT count(*) FROM workout_set") ?? 0
                try db.execute(sql: "DELETE FROM workout WHERE id = 1")
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM workout_set") == sets - 4)
            }
        }
    }

    @Test("a version-3 store is read as it is by read-only commands (no import needed); version 2 still asks for one")
    func versionThreeReadsAsItIs() throws {
        try TempFolder.withStore { _, path in
            let old = try WorkoutStore.open(
                path: path, mode: .readWrite, busyTimeout: 5, migrations: Array(StoreSchema.migrations.prefix(3)))
            _ = try old.apply(StoreFixtures.entries(StoreFixtures.batch([Self.everyKind(day: 1)])), dryRun: false)
            let history = try old.loadHistory().workouts.map(\.workout)
            let reader = try WorkoutStore.open(path: path, mode: .readOnly)
            #expect(try reader.schemaVersion() == 3, "a read-only open changes nothing")
            #expect(try reader.loadHistory().workouts.map(\.workout) == history)
            // A further migration that is not read-compatible is refused as before.
            let newer = StoreSchema.migrations + [Migration(identifier: "v99-extra", sql: "CREATE TABLE extra (x INTEGER)")]
            #expect(throws: StoreError.olderSchema(path: path, storeVersion: 3, knownVersion: newer.count)) {
                try WorkoutStore.open(path: path, mode: .readOnly, busyTimeout: 5, migrations: newer)
            }
        }
        try TempFolder.withStore { _, path in
            _ = try WorkoutStore.open(
                path: path, mode: .readWrite, busyTimeout: 5, migrations: Array(StoreSchema.migrations.prefix(2)))
            #expect(throws: StoreError.olderSchema(path: path, storeVersion: 2, knownVersion: StoreSchema.migrations.count)) {
                try WorkoutStore.open(path: path, mode: .readOnly)
            }
        }
    }

    @Test("a set of an unknown kind is refused in words (a set's kind must be …), nothing imported")
    func unknownKindInWords() throws {
        let store = try WorkoutStore.inMemory()
        let message = try store.queue.write { db -> String in
            do {
                try db.execute(sql: "INSERT INTO workout_set (block_id, position, kind) VALUES (1, 1, 'bogus')")
                return "accepted"
            } catch let error as DatabaseError {
                return StoreRules.describe(error)
            }
        }
        #expect(message == "a set's kind must be normal, warmup, drop or failure")
    }

    @Test("inserting a set, a block, a workout or a check-in builds no temporary table per row")
    func noEphemeralTablePerInsert() throws {
        let store = try WorkoutStore.inMemory()
        let inserts = [
            "INSERT INTO workout_set (block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes) "
                + "VALUES (1, 1, 'normal', 1, 1, NULL, NULL, NULL, NULL)",
            "INSERT INTO workout_block (workout_id, position, exercise_id, notes, superset_id, pain_flag, planned_sets, "
                + "category) VALUES (1, 1, 1, NULL, NULL, 0, NULL, NULL)",
            "INSERT INTO check_in (workout_id, name, value) VALUES (1, 'x', 1)",
            "INSERT INTO workout (source, source_key, start, utc_offset_s, duration_s, name, notes, activity, "
                + "energy_kcal, rating, fingerprint) VALUES ('strong', 'k', '2024-01-01 10:00:00', NULL, NULL, 'n', "
                + "NULL, 'strength', NULL, NULL, '\(String(repeating: "0", count: 64))')",
        ]
        try store.queue.inDatabase { db in
            for sql in inserts {
                let opcodes = try Row.fetchAll(db, sql: "EXPLAIN \(sql)").map { row -> String in row["opcode"] ?? "" }
                #expect(!opcodes.isEmpty)
                #expect(!opcodes.contains("OpenEphemeral"), "\(sql)")
            }
        }
    }
}
