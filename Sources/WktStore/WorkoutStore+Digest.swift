import GRDB
import WktCore

extension WorkoutStore {
    /// A SHA-256 over everything a site is built from: every workout's id and content
    /// fingerprint, the stored schedule and every bodyweight measurement (the import log is left
    /// out: re-importing an unchanged export does not change the site). Equal digests mean equal
    /// histories, so a build can skip rendering when the digest and its other inputs are
    /// unchanged. Costs a few small queries (about 130 KB of text for ten years of training).
    public func contentDigest() throws(StoreError) -> String {
        try run { queue throws in
            try queue.read { db in
                var hasher = SHA256()
                let workouts = try Row.fetchCursor(db, sql: "SELECT id, fingerprint FROM workout ORDER BY id")
                while let row = try workouts.next() {
                    let id: Int64 = row[0]
                    let fingerprint: String = row[1]
                    hasher.update("w \(id) \(fingerprint)\n")
                }
                let schedule = try Row.fetchCursor(db, sql: "SELECT weekday, routine FROM schedule ORDER BY weekday")
                while let row = try schedule.next() {
                    let weekday: Int = row[0]
                    let routine: String = row[1]
                    hasher.update("s \(weekday) \(routine.utf8.count) \(routine)\n")
                }
                let body = try Row.fetchCursor(
                    db, sql: "SELECT day, source, weight_kg FROM body_measurement ORDER BY day, source")
                while let row = try body.next() {
                    let day: String = row[0]
                    let source: String = row[1]
                    let weight: Double = row[2]
                    hasher.update("b \(day) \(source.utf8.count) \(source) \(weight)\n")
                }
                return SHA256.hexString(hasher.finalize())
            }
        }
    }
}
