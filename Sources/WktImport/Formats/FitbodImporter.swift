import Foundation
import WktCore

/// Reads Fitbod `WorkoutExport.csv` files (docs/formats.md §8) into an ``ImportBatch``.
///
/// Rules:
/// * Detected by its header: all eleven names Fitbod writes (`Date`, `Exercise`, `Reps`,
///   `Weight(kg)`, `Duration(s)`, `Distance(m)`, `Incline`, `Resistance`, `isWarmup`, `Note`,
///   `multiplier`), spelled exactly. Columns are mapped by name; `Date`, `Exercise`, `Reps`,
///   `Weight(kg)` and `isWarmup` are required, other names are ignored with a warning.
/// * `Date` is `YYYY-MM-DD HH:MM:SS +HHMM` and nothing else: an instant (real files write
///   `+0000`). The workout starts at that instant's wall time in ``ImportOptions/timeZone`` (the
///   configured `timezone`), and ``Workout/utcOffsetSeconds`` is the zone's offset at the
///   instant. An unknown zone name rejects the file at line 1.
/// * One `Date` value is one workout, keyed by the `Date` text as written (§6); its rows must be
///   contiguous. Fitbod writes the newest workout first; the batch is sorted oldest first (by
///   instant). Every workout is named `Fitbod workout`, has no duration and is a strength workout.
/// * An exercise block is a contiguous run of one exercise name inside a workout; set order is row
///   order. `isWarmup` `true` is a warm-up set, `false` a normal one; anything else is a row error.
/// * Numbers may carry ASCII spaces around them (` 8`, ` 2.0`); they are trimmed for this format
///   only. Anything else that is not a non-negative number is a row error; `Reps` must be whole.
/// * Values: `Weight(kg)` is kept to the gram (a pound user's `20.41168092460379` is 20.412); 0
///   is bodyweight (nil). `Reps`, `Duration(s)` and `Distance(m)` of 0 are "not applicable"
///   (nil); seconds keep their fraction, metres are rounded to 0.01. A row with none of them is
///   still stored as a set, as in every format (``WorkoutSet/isDone`` leaves it out of statistics).
/// * `multiplier` (1 barbell, 2 or 4 dumbbells, 0 cardio) says how many implements the weight is
///   per; it is validated and not stored. The stored weight is the logged per-implement weight,
///   like every other format, so records and volume compare across apps (docs/formats.md §8).
/// * `Note` is the set's note. A non-zero `Incline` or `Resistance` is appended to it
///   (`incline 2.5`, `resistance 5`, joined with `; `) so nothing is lost.
/// * The file carries no workout notes, exercise notes, duration or RPE: a re-import keeps the
///   stored ones.
enum FitbodImporter {
    /// The header Fitbod writes, in its order.
    static let columns = [
        "Date", "Exercise", "Reps", "Weight(kg)", "Duration(s)", "Distance(m)", "Incline", "Resistance", "isWarmup",
        "Note", "multiplier",
    ]

    /// The name every Fitbod workout gets (the export has none).
    static let workoutName = "Fitbod workout"

    /// Whether a header is Fitbod's: every name of ``columns`` is in it.
    static func matches(header: [String]) -> Bool {
        columns.allSatisfy(header.contains)
    }

    /// Imports a parsed Fitbod table.
    ///
    /// - Throws: ``ImportError/badData(file:line:message:)`` for a missing required column, an
    ///   unknown time zone (line 1) or a bad row (its line) unless `--skip-bad-rows` sets it aside.
    static func read(_ table: CSVTable, options: ImportOptions) throws(ImportError) -> ImportBatch {
        let layout = try FitbodLayout(header: table.header, file: table.file)
        guard let zone = ReferenceDateTime.zone(named: options.timeZone) else {
            throw .badData(
                file: table.file, line: 1, message: "the time zone '\(options.timeZone)' is not a known IANA zone name")
        }
        var assembler = FitbodAssembler(
            layout: layout, zone: zone, collector: WorkoutCollector(table: table, options: options))
        try assembler.addRows()
        return assembler.finish()
    }

    /// The wall time in `zone` of a `Date` value, and the zone's offset at that instant.
    ///
    /// - Returns: nil when the text is not `YYYY-MM-DD HH:MM:SS +HHMM` or the instant lies outside
    ///   the years 1970–9999 (UTC).
    static func start(_ text: String, in zone: TimeZone) -> (time: WallTime, offsetSeconds: Int)? {
        // HealthTimestamp also reads `+01:00`; Fitbod's `+0000` has no colon, so the text is 25 characters.
        guard text.utf8.count == 25, let stamp = HealthTimestamp.parse(text) else { return nil }
        return ReferenceDateTime.wallTime(
            referenceSeconds: Double(stamp.epochSeconds - ReferenceDateTime.referenceOffset), in: zone)
    }
}

/// A Fitbod header mapped by name.
private struct FitbodLayout {
    /// The required columns: `Date`, `Exercise`, `Reps`, `Weight(kg)`, `isWarmup`.
    let date, exercise, reps, weight, isWarmup: Int
    /// The optional columns: `Duration(s)`, `Distance(m)`, `Incline`, `Resistance`, `Note`, `multiplier`.
    let duration, distance, incline, resistance, note, multiplier: Int?
    /// Header names that map to nothing, in header order.
    let unknownColumns: [String]

    init(header: [String], file: String) throws(ImportError) {
        let columns = HeaderColumns(
            header: header, file: file, format: "Fitbod",
            requiredNames: ["Date", "Exercise", "Reps", "Weight(kg)", "isWarmup"])
        let required = { (name: String) throws(ImportError) -> Int in try columns.required(name) }
        (date, exercise, reps) = (try required("Date"), try required("Exercise"), try required("Reps"))
        (weight, isWarmup) = (try required("Weight(kg)"), try required("isWarmup"))
        let optional = columns.column
        (duration, distance, incline) = (optional("Duration(s)"), optional("Distance(m)"), optional("Incline"))
        (resistance, note, multiplier) = (optional("Resistance"), optional("Note"), optional("multiplier"))
        unknownColumns = columns.unknown(Set(FitbodImporter.columns))
    }
}

/// Folds Fitbod rows into one workout per `Date` value.
private struct FitbodAssembler: RowAssembler {
    let layout: FitbodLayout
    let zone: TimeZone
    var collector: WorkoutCollector

    mutating func add(_ fields: RowFields) throws(RowError) {
        let newWorkout = try workoutStart(fields)
        guard let exercise = fields.text(layout.exercise) else { throw RowError(message: "Exercise is empty") }
        let set = try parseSet(fields)
        if let newWorkout { collector.start(newWorkout, row: fields.row) }
        let continuesBlock = collector.blockFirstRow.map { fields.sameValue(layout.exercise, asRow: $0) } ?? false
        if !continuesBlock { collector.startBlock(ExerciseBlock(name: exercise), row: fields.row) }
        collector.updateLastBlock { $0.sets.append(set) }
    }

    /// A new draft when the row starts a workout, nil when it continues the current one.
    private func workoutStart(_ fields: RowFields) throws(RowError) -> WorkoutDraft? {
        if let first = collector.workoutFirstRow, fields.sameValue(layout.date, asRow: first) { return nil }
        let text = fields.text(layout.date) ?? ""
        try collector.rejectRepeated(key: text)
        guard let start = FitbodImporter.start(text, in: zone) else {
            throw RowError(
                message: "Date '\(text)' is not a date and time like 2021-01-17 22:14:35 +0000 "
                    + "(YYYY-MM-DD HH:MM:SS +HHMM, in the years 1970–9999)")
        }
        return WorkoutDraft(
            key: text, start: start.time, utcOffsetSeconds: start.offsetSeconds, name: FitbodImporter.workoutName,
            line: fields.line)
    }

    /// Parses the set fields of a row.
    private func parseSet(_ fields: RowFields) throws(RowError) -> WorkoutSet {
        let kind: SetKind
        switch fields.text(layout.isWarmup) {
        case "true": kind = .warmup
        case "false": kind = .normal
        case let other:
            throw RowError(message: "isWarmup '\(other ?? "")' is not true or false")
        }
        _ = try fields.decimal(layout.multiplier, trimmingSpaces: true)
        var notes = fields.text(layout.note).map { [$0] } ?? []
        for (label, column) in [("incline", layout.incline), ("resistance", layout.resistance)] {
            if let value = try fields.positiveDecimal(column, trimmingSpaces: true) {
                notes.append("\(label) \(NumberText.plain(value))")
            }
        }
        return WorkoutSet(
            kind: kind,
            weightKg: try fields.positiveDecimal(layout.weight, trimmingSpaces: true).map(WeightUnit.kg.toKilograms),
            reps: try fields.positiveInteger(layout.reps, trimmingSpaces: true),
            seconds: try fields.positiveDecimal(layout.duration, trimmingSpaces: true),
            distanceM: try fields.positiveDecimal(layout.distance, trimmingSpaces: true).map(Measure.roundMetres),
            notes: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The batch, oldest workout first (by instant, then key).
    func finish() -> ImportBatch {
        func instant(_ draft: WorkoutDraft) -> Int {
            draft.start.date.dayNumber * 86_400 + draft.start.secondOfDay - (draft.utcOffsetSeconds ?? 0)
        }
        return collector.batch(
            source: .fitbod, format: ImportFormat.fitbod.rawValue, carried: [], unknownColumns: layout.unknownColumns,
            order: { a, b in
                instant(a) != instant(b) ? instant(a) < instant(b) : CanonicalName.precedes(a.key, b.key)
            })
    }
}
