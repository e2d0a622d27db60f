import WktCore

/// wkt JSON version 1, wkt-site's own interchange format (docs/formats.md §5): what
/// `wkt-site export` writes and any logger can produce.
///
/// Layout, in this key order:
///
/// ```json
/// {
///   "format": "wkt",
///   "version": 1,
///   "schedule": {"monday": "Push", "wednesday": "Pull"},
///   "workouts": [{
///     "id": "…", "start": "2026-11-18T06:00:00+01:00", "duration_s": 2640, "name": "Push Day",
///     "notes": "markdown", "activity": "strength", "energy_kcal": 320, "rating": 4,
///     "check_in": {"energy": 3, "knee_pain": 1},
///     "exercises": [{"name": "Bench Press (Barbell)", "notes": null, "pain_flag": false,
///                    "planned_sets": 4,
///                    "sets": [{"kind": "normal", "weight_kg": 100, "reps": 5,
///                              "seconds": null, "distance_m": null, "rpe": 8}]}]
///   }],
///   "body": [{"date": "2026-11-18", "weight_kg": 82.4, "source": "apple-health"}]
/// }
/// ```
///
/// Choices this implementation makes, beyond docs/formats.md §5:
/// * **Identity.** On export a wkt workout's `id` is its `sourceKey`; a workout from another
///   source gets `"<source>:<sourceKey>"` (`strong:2024-03-05 18:00:00`), stable across exports.
///   On import an `id` of that form with a known source other than `wkt` gets its original
///   identity back (``identity(ofID:)``), so importing an export into the store it came from
///   changes nothing and an export → import → export round trip is byte-identical; any other
///   `id` gets `source` `.wkt` and `sourceKey` = the `id`. Ids must be unique within a file.
/// * **Not in version 1, so not exported:** set notes (``WorkoutSet/notes``), Hevy superset
///   ids (``ExerciseBlock/supersetID``) and FitNotes categories (``ExerciseBlock/category``).
///   The format stays exactly as documented. An import keeps the stored category of a workout it
///   updates (``CarriedFields/all`` lacks it), so importing an export into its own store changes nothing.
/// * **Required keys:** `format`, `version`, `workouts`; per workout `id`, `start`, `name`; per
///   exercise `name`. Every other key may be absent or `null` (not given): `activity` then
///   defaults to `strength`, `pain_flag` to false, `kind` to `normal`, `exercises`, `sets` and
///   `check_in` to empty. Empty notes (`""`) are no notes.
/// * **Numbers:** whole-number fields (`version`, `duration_s`, `reps`, `planned_sets`,
///   `rating` 1–5, check-in values) accept `5` or `5.0`, never `5.5`. Decimals are non-negative
///   (`rpe` at most 10) and read rounded like the importers round: `weight_kg` to 0.001,
///   `distance_m` to 0.01, `seconds`, `rpe` and `energy_kcal` to 0.001. They are written with at
///   most three fraction digits and no trailing zeros, whole numbers without `.0`.
/// * **`body`** (optional): bodyweight measurements. `date` and `weight_kg` are required; the
///   weight must lie within ``WktCore/BodyMeasurement/plausibleKg`` (else an error naming the
///   path). `source` is the source the measurement was stored under (`apple-health`,
///   `stronglifts`, …), `wkt` when absent, so an export keeps the measurements of every source
///   apart and imports back as the same rows. Several entries with one date and source: the last
///   wins. Written oldest first (by date, then source), only when there are measurements.
/// * **`start`:** written `YYYY-MM-DDTHH:MM:SS±HH:MM` when the offset is known, without the
///   offset when not; read from that form, with `Z`, or with fractional seconds (dropped).
/// * **Output:** two-space indentation, one member or element per line, every documented key
///   written (`null` when not given), `schedule` only when one is passed, a final line feed.
///   The same input always gives the same bytes; `encode(decode(encode(x))) == encode(x)`.
public enum WktJSON {
    /// The format version this build reads and writes.
    public static let version = 1

    /// The identity a wkt `id` stands for: `<source>:<key>` with a known source other than `wkt`
    /// (as ``encode(workouts:schedule:)`` writes it) gives that source and key back; any other id
    /// is a wkt workout keyed by the id itself.
    public static func identity(ofID id: String) -> (source: WorkoutSource, key: String) {
        if let colon = id.firstIndex(of: ":"),
           let source = WorkoutSource(rawValue: String(id[..<colon])), source != .wkt
        {
            let key = String(id[id.index(after: colon)...])
            if !key.isEmpty { return (source, key) }
        }
        return (.wkt, id)
    }

    /// Whether a file's first bytes look like a wkt JSON document: a JSON object whose
    /// `"format"` member is `"wkt"` (checked on the prefix, so the whole file is not needed).
    public static func looksLikeWktJSON(prefix: [UInt8]) -> Bool {
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        guard text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).first == "{" else { return false }
        let compact = text.filter { !$0.isWhitespace }
        return compact.contains("\"format\":\"wkt\"")
    }

    /// Strictly decodes a wkt JSON file (docs/reliability.md I-28): invalid UTF-8, JSON syntax errors
    /// (including `\ud800`, `1e400`, `NaN`), duplicate keys, nesting deeper than 64, unknown keys,
    /// missing or mistyped values and a `version` other than 1 are errors naming the line and
    /// JSON path. Returns the batch with format `wkt/1`, every optional field carried.
    public static func decode(bytes: [UInt8], file: String) throws(WktJSONError) -> ImportBatch {
        if let offset = UTF8Validator.firstInvalidOffset(in: bytes) {
            let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw WktJSONError(
                kind: .invalidUTF8, file: file, line: line,
                message: "invalid UTF-8 at byte offset \(offset); wkt JSON is UTF-8")
        }
        var scanner = JSONScanner(bytes: bytes)
        let root: JSONNode
        do throws(JSONScanError) {
            root = try scanner.document()
        } catch {
            throw WktJSONError(error, file: file)
        }
        return try WktJSONDecoding(file: file).batch(from: root)
    }

    /// Deterministically encodes `workouts` (in the order given), an optional schedule and the
    /// bodyweight measurements (in the order given; `body` is left out when empty).
    public static func encode(workouts: [Workout], schedule: Schedule?, body: [BodyMeasurement] = []) -> String {
        WktJSONEncoding.document(workouts: workouts, schedule: schedule, body: body).pretty() + "\n"
    }
}
