import GRDB
import WktCore
@testable import WktStore

/// Writes workouts the way a binary from before `v3-block-category` did (its writer knew no
/// category column), so migration tests can build a version-1 or version-2 store.
enum OldStoreWriter {
    static func write(_ workouts: [Workout], into store: WorkoutStore) throws {
        try store.queue.write { db in
            for original in workouts {
                let workout = original.normalizedForStore()
                try db.execute(
                    sql: """
                        INSERT INTO workout (source, source_key, start, utc_offset_s, duration_s, name, notes, activity,
                                             energy_kcal, rating, fingerprint)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        workout.source.rawValue, workout.sourceKey, workout.start.description, workout.utcOffsetSeconds,
                        workout.durationSeconds, workout.name, workout.notes, workout.activity, workout.energyKcal,
                        workout.rating, WorkoutFingerprint.of(workout),
                    ])
                let workoutID = db.lastInsertedRowID
                for checkIn in workout.checkIns {
                    try db.execute(
                        sql: "INSERT INTO check_in (workout_id, name, value) VALUES (?, ?, ?)",
                        arguments: [workoutID, checkIn.name, checkIn.value])
                }
                for (b, block) in workout.exercises.enumerated() {
                    try db.execute(sql: "INSERT OR IGNORE INTO exercise (name) VALUES (?)", arguments: [block.name])
                    try db.execute(
                        sql: """
                            INSERT INTO workout_block (workout_id, position, exercise_id, notes, superset_id, pain_flag, planned_sets)
                            SELECT ?, ?, id, ?, ?, ?, ? FROM exercise WHERE name = ?
                            """,
                        arguments: [
                            workoutID, b + 1, block.notes, block.supersetID, block.painFlag, block.plannedSets, block.name,
                        ])
                    let blockID = db.lastInsertedRowID
                    for (s, set) in block.sets.enumerated() {
                        try db.execute(
                            sql: """
                                INSERT INTO workout_set (block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes)
                                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                                """,
                            arguments: [
                                blockID, s + 1, set.kind.rawValue, set.weightKg, set.reps, set.seconds, set.distanceM,
                                set.rpe, set.notes,
                            ])
                    }
                }
            }
        }
    }

    /// `workout_block` rows as the current schema shows them after migrating: with an empty category.
    static func migratedBlockRows(_ rows: [String]) -> [String] { rows.map { $0 + "|NULL" } }
}
