import GRDB
import WktCore

extension WorkoutStore {
    /// A SHA-256 over everything a site is built from: every workout's id and content
    /// fingerprint, the stored schedule and every bodyweight measurement (the import log is left
    /// out: re-importing an unchanged export does not change the site). Equal digests mean equal
    /// histories, so a build can skip rendering when the digest and its other inputs are
    /// unchanged. Costs a few small queries (about 130 KB of text for ten years of training).
    ///
    /// Every build runs it before anything else, on one core. The workouts' lines (`w <id>
    /// <fingerprint>`) are written as bytes from SQLite's columns (``StoredRows``): through GRDB
    /// rows and string interpolation the digest of the 10-year demo took 22.7 M instructions,
    /// this way 18.7 M, most of it SHA-256 itself (callgrind). `ContentDigestTests` holds the
    /// digest to the text form.
    public func contentDigest() throws(StoreError) -> String {
        try run { queue throws in
            try queue.read { db in
                var hasher = SHA256()
                let workouts = try StoredRows(
                    db, sql: "SELECT id, fingerprint FROM workout ORDER BY id", table: "workout", storePath: path)
                var line: [UInt8] = []
                while try workouts.next() {
                    let id = try workouts.integer(0, row: 0)
                    line.removeAll(keepingCapacity: true)
                    line.append(contentsOf: [UInt8(ascii: "w"), UInt8(ascii: " ")])
                    line.append(contentsOf: String(id).utf8)
                    line.append(UInt8(ascii: " "))
                    guard try workouts.appendText(1, row: id, to: &line) else {
                        throw StoreError.invalidStoredValue(path: path, table: "workout", rowID: id, detail: "fingerprint is NULL")
                    }
                    line.append(UInt8(ascii: "\n"))
                    hasher.update(line)
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
