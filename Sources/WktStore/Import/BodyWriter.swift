import GRDB
import WktCore

/// Writes a batch's bodyweight measurements (docs/formats.md §10): at most
/// one row per day and source; a measurement of a stored day and source replaces the stored
/// weight (the last one read wins) and one with the same weight changes nothing, so importing a
/// file twice adds nothing the second time.
struct BodyWriter {
    /// The store path, for error messages.
    let storePath: String

    /// Upserts `batch.body` (the last measurement of a day and source in the batch wins) and
    /// counts what changed in `outcome`.
    func write(_ batch: ImportBatch, into outcome: inout ImportOutcome, _ db: Database) throws {
        guard !batch.body.isEmpty else { return }
        let select = try db.cachedStatement(sql: "SELECT weight_kg FROM body_measurement WHERE day = ? AND source = ?")
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO body_measurement (day, source, weight_kg) VALUES (?, ?, ?)
                ON CONFLICT (day, source) DO UPDATE SET weight_kg = excluded.weight_kg
                """)
        for incoming in BodyMeasurement.lastPerDay(batch.body) {
            let measurement = incoming.normalized
            let where_ = "bodyweight of \(measurement.day) (\(StoreError.shown(measurement.source)))"
            if let problem = BodyMeasurement.problem(withKilograms: measurement.weightKg) {
                throw StoreError.invalidData(path: storePath, file: batch.file, detail: "\(where_): \(problem)")
            }
            guard !measurement.source.isEmpty else {
                throw StoreError.invalidData(path: storePath, file: batch.file, detail: "\(where_): the source is empty")
            }
            let day = measurement.day.description
            let stored = try Double.fetchOne(select, arguments: [day, measurement.source])
            if stored == measurement.weightKg { continue }
            do {
                try upsert.execute(arguments: [day, measurement.source, measurement.weightKg])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw StoreError.invalidData(
                    path: storePath, file: batch.file, detail: "\(where_): " + StoreRules.describe(error))
            }
            if stored == nil { outcome.measurementsAdded += 1 } else { outcome.measurementsUpdated += 1 }
        }
    }
}
