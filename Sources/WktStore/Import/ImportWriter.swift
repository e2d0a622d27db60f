import GRDB
import WktCore

/// Applies import batches inside one open write transaction (see ``WorkoutStore/apply(_:dryRun:)``
/// for the policy). The caller owns the transaction: it commits, or rolls back for a dry run.
struct ImportWriter {
    /// The store path, for error messages.
    let storePath: String

    /// The identity of a workout in the store (docs/formats.md §6).
    private struct Key: Hashable {
        /// The app that wrote the workout.
        let source: WorkoutSource
        /// Its stable key within that app.
        let sourceKey: String
    }

    /// What the store holds under one identity.
    private struct Known {
        /// The workout's row id.
        let id: Int64
        /// The fingerprint of its stored content.
        var fingerprint: String
    }

    /// Applies `batches` in order and returns one outcome per batch, with the identities of the
    /// workouts the batch added or updated (docs/formats.md §6.3).
    func apply(_ batches: [(batch: ImportBatch, log: ImportLogEntry)], _ db: Database) throws -> [AppliedBatch] {
        // Normalising and fingerprinting run on another thread from here on (WorkoutPreparation).
        let preparation = WorkoutPreparation(batches.flatMap(\.batch.workouts))
        var known: [Key: Known] = [:]
        let identityRows = try Row.fetchCursor(db, sql: "SELECT id, source, source_key, fingerprint FROM workout")
        while let row = try identityRows.next() {
            let id: Int64 = try row.decode(atIndex: 0)
            let rawSource: String = try row.decode(atIndex: 1)
            guard let source = WorkoutSource(rawValue: rawSource) else {
                throw StoreError.invalidStoredValue(
                    path: storePath, table: WorkoutRecord.databaseTableName, rowID: id,
                    detail: "unknown source \(rawSource)")
            }
            known[Key(source: source, sourceKey: try row.decode(atIndex: 2))] =
                Known(id: id, fingerprint: try row.decode(atIndex: 3))
        }
        var exerciseIDs: [String: Int64] = [:]
        for record in try ExerciseRecord.fetchAll(db) {
            if let id = record.id { exerciseIDs[record.name] = id }
        }
        // Stored content, loaded once and only when a workout of a batch that lacks some field or
        // writes some coarsely differs from its stored version (the merges need it).
        var storedContent: [Int64: Workout]?
        var anyUpdate = false
        var blockIDs = BlockIDs()

        var outcomes: [AppliedBatch] = []
        var nextPrepared = 0
        for (batch, log) in batches {
            var outcome = ImportOutcome()
            var changed: Set<WorkoutIdentity> = []
            for _ in batch.workouts {
                var (workout, storeFingerprint) = preparation.prepared(nextPrepared)
                nextPrepared += 1
                if let problem = workout.nonFiniteNumber {
                    throw StoreError.invalidData(
                        path: storePath, file: batch.file,
                        detail: "workout \(StoreError.shown(workout.sourceKey)): \(problem)")
                }
                let key = Key(source: workout.source, sourceKey: workout.sourceKey)
                do {
                    if let existing = known[key] {
                        var fingerprint = storeFingerprint
                        let steps = batch.steps[workout.sourceKey]
                        let keepsCategory = workout.source == .fitnotes && !batch.carried.contains(.category)
                        if fingerprint != existing.fingerprint, batch.carried != .all || steps != nil || keepsCategory {
                            if storedContent == nil { storedContent = try loadContent(db) }
                            if let stored = storedContent?[existing.id] {
                                workout = workout.merging(uncarriedFrom: stored, carried: batch.carried)
                                if let steps { workout = workout.keepingStoredValues(agreeingWith: stored, steps: steps) }
                                fingerprint = WorkoutFingerprint.of(workout)
                            }
                        }
                        if fingerprint == existing.fingerprint {
                            outcome.unchanged += 1
                            continue
                        }
                        try replace(
                            id: existing.id, with: workout, fingerprint: fingerprint, exerciseIDs: &exerciseIDs,
                            blockIDs: &blockIDs, db)
                        known[key]?.fingerprint = fingerprint
                        storedContent?[existing.id] = workout
                        anyUpdate = true
                        outcome.updated += 1
                        changed.insert(WorkoutIdentity(of: workout))
                    } else {
                        let fingerprint = storeFingerprint
                        let id = try insert(
                            workout, fingerprint: fingerprint, exerciseIDs: &exerciseIDs, blockIDs: &blockIDs, db)
                        known[key] = Known(id: id, fingerprint: fingerprint)
                        storedContent?[id] = workout
                        outcome.added += 1
                        changed.insert(WorkoutIdentity(of: workout))
                    }
                    outcome.sets += workout.exercises.reduce(0) { $0 + $1.sets.count }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                    // the rule in our words, never SQLite's "… constraint failed: …" text.
                    throw StoreError.invalidData(
                        path: storePath, file: batch.file,
                        detail: "workout \(StoreError.shown(workout.sourceKey)) at \(workout.start): "
                            + StoreRules.describe(error))
                }
            }
            try BodyWriter(storePath: storePath).write(batch, into: &outcome, db)
            if let schedule = batch.schedule {
                try replaceSchedule(schedule, from: batch, db)
            }
            var logRecord = ImportLogRecord(entry: log, outcome: outcome)
            do {
                try logRecord.insert(db)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw StoreError.invalidData(
                    path: storePath, file: batch.file, detail: "import-log entry: " + StoreRules.describe(error))
            }
            outcomes.append(AppliedBatch(outcome: outcome, changed: changed))
        }
        if anyUpdate {
            // Edits can leave exercises that no block names any more.
            try db.execute(sql: "DELETE FROM exercise WHERE id NOT IN (SELECT exercise_id FROM workout_block)")
        }
        return outcomes
    }

    private func loadContent(_ db: Database) throws -> [Int64: Workout] {
        var content: [Int64: Workout] = [:]
        for stored in try HistoryLoader(storePath: storePath).loadAll(db) {
            content[stored.id] = stored.workout
        }
        return content
    }

    private func insert(
        _ workout: Workout, fingerprint: String, exerciseIDs: inout [String: Int64], blockIDs: inout BlockIDs,
        _ db: Database
    ) throws -> Int64 {
        // The same columns as ``WorkoutRecord``, through ``BulkInsert``: a record insert builds its
        // SQL and a container per row (a tenth of a first import, measured with `perf`).
        let id = try BulkInsert(
            db,
            sql: """
                INSERT INTO workout
                    (source, source_key, start, utc_offset_s, duration_s, name, notes, activity, energy_kcal, rating,
                     fingerprint)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).insert([
            .text(workout.source.rawValue), .text(workout.sourceKey), .text(workout.start.description),
            .int(workout.utcOffsetSeconds), .int(workout.durationSeconds), .text(workout.name), .text(workout.notes),
            .text(workout.activity), .real(workout.energyKcal), .int(workout.rating), .text(fingerprint),
        ])
        try insertContent(of: workout, workoutID: id, exerciseIDs: &exerciseIDs, blockIDs: &blockIDs, db)
        return id
    }

    private func replace(
        id: Int64, with workout: Workout, fingerprint: String, exerciseIDs: inout [String: Int64],
        blockIDs: inout BlockIDs, _ db: Database
    ) throws {
        try WorkoutRecord(id: id, workout: workout, fingerprint: fingerprint).update(db)
        try db.execute(sql: "DELETE FROM workout_block WHERE workout_id = ?", arguments: [id])
        blockIDs.forget()
        try db.execute(sql: "DELETE FROM check_in WHERE workout_id = ?", arguments: [id])
        try insertContent(of: workout, workoutID: id, exerciseIDs: &exerciseIDs, blockIDs: &blockIDs, db)
    }

    /// Inserts a workout's check-ins, blocks and sets.
    ///
    /// These rows are the bulk of an import (40,000 sets for ten years), so they go through
    /// ``BulkInsert`` rather than records: record persistence allocated a container per row and took
    /// a quarter of a first import's time (measured with `perf`). Most of SQLite's cost for a row
    /// was the statement around it (opening cursors, halting, resetting), so a workout's blocks go
    /// in statements of up to ``blocksPerInsert`` rows and its sets, across blocks, in statements
    /// of up to ``setsPerInsert`` rows. The sets need their block's id before the block statement
    /// has run, so the blocks are given their ids here: the ids SQLite itself would have chosen,
    /// one more than the largest in the table for each row in order (``BlockIDs``).
    private func insertContent(
        of workout: Workout, workoutID: Int64, exerciseIDs: inout [String: Int64], blockIDs: inout BlockIDs,
        _ db: Database
    ) throws {
        let checkInInsert = try BulkInsert(db, sql: "INSERT INTO check_in (workout_id, name, value) VALUES (?, ?, ?)")
        for checkIn in workout.checkIns {
            try checkInInsert.insert([.integer(workoutID), .text(checkIn.name), .int(checkIn.value)])
        }
        guard !workout.exercises.isEmpty else { return }
        var exerciseIDsOfBlocks: [Int64] = []
        exerciseIDsOfBlocks.reserveCapacity(workout.exercises.count)
        for block in workout.exercises {
            if let id = exerciseIDs[block.name] {
                exerciseIDsOfBlocks.append(id)
            } else {
                var exercise = ExerciseRecord(name: block.name)
                try exercise.insert(db)
                exerciseIDs[block.name] = db.lastInsertedRowID
                exerciseIDsOfBlocks.append(db.lastInsertedRowID)
            }
        }
        let ids = try insertBlocks(of: workout, workoutID: workoutID, exerciseIDs: exerciseIDsOfBlocks, blockIDs: &blockIDs, db)
        var values: [BulkValue] = []
        values.reserveCapacity(Self.setsPerInsert * 9)
        var rows = 0
        for (block, blockID) in zip(workout.exercises, ids) {
            for (s, set) in block.sets.enumerated() {
                values += [
                    .integer(blockID), .int(s + 1), .text(set.kind.rawValue), .real(set.weightKg), .int(set.reps),
                    .real(set.seconds), .real(set.distanceM), .real(set.rpe), .text(set.notes),
                ]
                rows += 1
                if rows == Self.setsPerInsert {
                    try BulkInsert(db, sql: Self.setInsertSQL[rows - 1]).insert(values)
                    values.removeAll(keepingCapacity: true)
                    rows = 0
                }
            }
        }
        if rows > 0 { try BulkInsert(db, sql: Self.setInsertSQL[rows - 1]).insert(values) }
    }

    /// Inserts the workout's blocks and returns their ids in order. With ids from ``BlockIDs``
    /// they go in statements of up to ``blocksPerInsert`` rows; when the table's largest id leaves
    /// no room above it (only a store edited by hand can get there), one at a time, and SQLite
    /// picks each id as it does then (an unused one at random).
    private func insertBlocks(
        of workout: Workout, workoutID: Int64, exerciseIDs: [Int64], blockIDs: inout BlockIDs, _ db: Database
    ) throws -> [Int64] {
        func columns(_ b: Int) -> [BulkValue] {
            let block = workout.exercises[b]
            return [
                .integer(workoutID), .int(b + 1), .integer(exerciseIDs[b]), .text(block.notes), .int(block.supersetID),
                .int(block.painFlag ? 1 : 0), .int(block.plannedSets), .text(block.category),
            ]
        }
        let count = workout.exercises.count
        guard let first = try blockIDs.take(count, db) else {
            let insert = try BulkInsert(db, sql: Self.blockInsertWithoutIDSQL)
            return try (0..<count).map { b in try insert.insert(columns(b)) }
        }
        var values: [BulkValue] = []
        values.reserveCapacity(min(count, Self.blocksPerInsert) * 9)
        var rows = 0
        for b in 0..<count {
            values.append(.integer(first + Int64(b)))
            values += columns(b)
            rows += 1
            if rows == Self.blocksPerInsert || b == count - 1 {
                try BulkInsert(db, sql: Self.blockInsertSQL[rows - 1]).insert(values)
                values.removeAll(keepingCapacity: true)
                rows = 0
            }
        }
        return (0..<count).map { first + Int64($0) }
    }

    /// The ids the next blocks get: one more than the largest id in `workout_block`, as SQLite
    /// gives a row inserted without one (an `INTEGER PRIMARY KEY` without `AUTOINCREMENT`), so the
    /// store holds the same rows, ids included, as when SQLite chose them row by row.
    struct BlockIDs {
        /// The next free id, while known: after a delete it is read again, since the deleted
        /// blocks may have held the largest ids.
        private var next: Int64?

        /// Forgets the next id (blocks were deleted).
        mutating func forget() { next = nil }

        /// The first of `count` consecutive new ids, reserved; nil when they would pass the
        /// largest id SQLite allows.
        mutating func take(_ count: Int, _ db: Database) throws -> Int64? {
            let start: Int64
            if let next {
                start = next
            } else {
                let largest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM workout_block") ?? 0
                guard largest < Int64.max else { return nil }
                start = largest + 1
            }
            // Unknown until these ids are in: a caller that gets nil lets SQLite choose them.
            next = nil
            let (end, overflow) = start.addingReportingOverflow(Int64(count))
            // `end` is the id after the last one; Int64.max itself is a valid id.
            guard !overflow || end == Int64.min else { return nil }
            if !overflow { next = end }
            return start
        }
    }

    /// The most blocks one statement inserts.
    static let blocksPerInsert = 16

    /// The most sets one statement inserts (9 values a row, far below SQLite's limit of 32,766).
    static let setsPerInsert = 32

    /// `INSERT INTO workout_block … VALUES (…)` with an id and 1 … ``blocksPerInsert`` rows.
    private static let blockInsertSQL: [String] = (1...blocksPerInsert).map { rows in
        "INSERT INTO workout_block (id, workout_id, position, exercise_id, notes, superset_id, pain_flag, planned_sets, category) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// `INSERT INTO workout_block` of one row without an id (SQLite chooses it).
    private static let blockInsertWithoutIDSQL = """
        INSERT INTO workout_block
            (workout_id, position, exercise_id, notes, superset_id, pain_flag, planned_sets, category)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// `INSERT INTO workout_set … VALUES (…)` with 1 … ``setsPerInsert`` rows, built once.
    private static let setInsertSQL: [String] = (1...setsPerInsert).map { rows in
        "INSERT INTO workout_set (block_id, position, kind, weight_kg, reps, seconds, distance_m, rpe, notes) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    private func replaceSchedule(_ schedule: Schedule, from batch: ImportBatch, _ db: Database) throws {
        try ScheduleRecord.deleteAll(db)
        for entry in schedule.sortedEntries {
            try ScheduleRecord(
                weekday: entry.weekday.rawValue, routine: entry.routine, sourceFormat: batch.format,
                sourceFile: batch.file
            ).insert(db)
        }
    }
}
