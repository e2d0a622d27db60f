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
    /// <fingerprint>`) are written as bytes from SQLite's columns (``StoredRows``) into one
    /// buffer, hashed every ``digestChunk`` bytes: through GRDB rows and string interpolation the
    /// digest of the 10-year demo took 22.7 M instructions, line by line into the hasher 18.7 M,
    /// this way 17.1 M, most of it SHA-256 itself (callgrind). `ContentDigestTests` holds the
    /// digest to the text form.
    public func contentDigest() throws(StoreError) -> String {
        try run { queue throws in
            try queue.read { db in
                var hasher = SHA256()
                let workouts = try StoredRows(
                    db, sql: "SELECT id, fingerprint FROM workout ORDER BY id", table: "workout", storePath: path)
                var text: [UInt8] = []
                text.reserveCapacity(Self.digestChunk + 256)
                while try workouts.next() {
                    let id = try workouts.integer(0, row: 0)
                    text.append(UInt8(ascii: "w"))
                    text.append(UInt8(ascii: " "))
                    Self.appendDecimal(id, to: &text)
                    text.append(UInt8(ascii: " "))
                    guard try workouts.appendText(1, row: id, to: &text) else {
                        throw StoreError.invalidStoredValue(path: path, table: "workout", rowID: id, detail: "fingerprint is NULL")
                    }
                    text.append(UInt8(ascii: "\n"))
                    if text.count >= Self.digestChunk {
                        hasher.update(text)
                        text.removeAll(keepingCapacity: true)
                    }
                }
                hasher.update(text)
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

    /// Bytes of workout lines gathered before they are hashed (SHA-256 takes any split).
    static let digestChunk = 32 * 1024

    /// Appends `value` in decimal, as `String(value)` writes it (`-` for a negative number,
    /// `Int64.min` included), without making a string.
    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }
}
