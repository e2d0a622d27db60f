import WktCore

/// Reads FitNotes (Android) `FitNotes_Export.csv` files (docs/formats.md §3) into an ``ImportBatch``.
///
/// Rules:
/// * Headers: 8 columns with the weight unit in the header (`Weight (lbs)`, `Weight (kgs)`), or
///   `Weight` + `Weight Unit` (`kgs`/`lbs` on every row) with an optional `Comment` (9 and 10
///   columns). Columns are mapped by name; `Date`, `Exercise` and `Category` are required.
/// * `Date` is `YYYY-MM-DD` and nothing else. One date is one workout, keyed by that date (§6); its
///   rows must be contiguous. FitNotes records no time, so every workout starts at **12:00:00**
///   wall time: noon keeps it on its own training day for any `day_cutoff_hour` up to 12 (a
///   midnight start would move every FitNotes workout to the previous day as soon as a cutoff is
///   set) and never falls in a DST gap.
/// * The workout name is the row categories in order of first appearance, joined with `, `
///   (`Chest, Triceps, Abs`): FitNotes has no workout name, and the muscle groups trained are what
///   a lifter calls such a day. A workout without any category is named `Workout`.
/// * An exercise block is a contiguous run of one exercise inside a date; set order is row order.
///   The block keeps its first non-empty `Category` (``ExerciseBlock/category``), the muscle
///   fallback of docs/statistics.md "Sets per muscle".
///   Every row is one normal set (FitNotes has no set types, RPE, supersets or exercise notes).
/// * Values: empty or 0 weight is bodyweight (nil); empty or 0 reps, distance and time are "not
///   applicable" (nil). A unit beside an empty or 0 value is ignored (Side Plank rows carry
///   `0.0,kg,0:00:00`). `Time` is `H:MM:SS`. `Comment` is the set's note.
/// * Distance units `km`, `mi` and `m` are read as such, but FitNotes' `m` is unreliable: an
///   Elliptical row `3.37,m,0:32:32` cannot be metres. A distance in `m` covered slower than
///   ``slowestMetresPerSecond`` over its `Time` is left out (nil; the time is kept) and listed in a
///   warning, since guessing km or mi would invent data.
/// * Unquoted commas: FitNotes writes `Overhead Press (Each Side, Dumbbells)` without quotes, so the
///   row has surplus fields. The surplus is joined back into `Exercise` (with `,`), anchored on the
///   `Category` column: the field where the category lands after the join must be a known category
///   (``knownCategories`` or any category of a row without surplus in the same file). When the
///   header ends with `Comment`, the surplus may also belong to an unquoted comment; then exactly
///   one split may put a known category in place. No such anchor, or more than one, is a row error
///   (I-07): the file is rejected with the line, or the row skipped under `--skip-bad-rows`.
enum FitNotesImporter {
    /// Categories FitNotes ships or that real exports show (docs/formats.md §3 and the samples); a
    /// file's own categories are added to these when anchoring a repaired row.
    static let knownCategories: Set<String> = [
        "Abs", "Back", "Biceps", "Calves", "Cardio", "Chest", "Forearms", "Glutes", "Hamstrings", "Legs",
        "Quads", "Shoulders", "Triceps",
    ]

    /// Below this speed a distance logged in `m` is taken as a mislabelled unit (0.1 m/s is 360 m
    /// an hour, slower than any walk; the `m` Elliptical rows of the 2017 sample run at 0.002 m/s).
    static let slowestMetresPerSecond = 0.1

    /// Whether a header is FitNotes' (`Date`, `Exercise` and `Category` columns; Strong says
    /// `Exercise Name`, Hevy `exercise_title`).
    static func matches(header: [String]) -> Bool {
        ["Date", "Exercise", "Category"].allSatisfy(header.contains)
    }

    /// Imports a parsed FitNotes table whose wide rows were kept by the reader.
    static func read(_ table: CSVTable, options: ImportOptions) throws(ImportError) -> ImportBatch {
        let layout = try FitNotesLayout(header: table.header, file: table.file)
        var policy = RowErrorPolicy(file: table.file, skipBadRows: options.skipBadRows, alreadySkipped: table.skipped)
        let inFile = (0..<table.rowCount).compactMap { row in
            table.isEmpty(row, layout.category) ? nil : table.string(row, layout.category)
        }
        let vocabulary = knownCategories.union(inFile)
        var repaired: [CSVWideRecord] = []
        for record in table.wideRows {
            do throws(RowError) {
                repaired.append(try repair(record, layout: layout, width: table.header.count, vocabulary: vocabulary))
            } catch {
                try policy.reject(error, line: record.line)
            }
        }
        let merged = table.inserting(repaired, skipped: policy.skipped)
        var assembler = FitNotesAssembler(layout: layout, collector: WorkoutCollector(table: merged, options: options))
        try assembler.addRows()
        return assembler.finish(repaired: repaired)
    }

    /// Joins the surplus fields of a wide row back into `Exercise` (and, when the header ends with
    /// `Comment`, into the comment), anchored on a known category.
    ///
    /// - Returns: the record with exactly `width` fields.
    /// - Throws: a ``RowError`` when no split, or more than one, puts a known category in the
    ///   `Category` column.
    static func repair(
        _ record: CSVWideRecord, layout: FitNotesLayout, width: Int, vocabulary: Set<String>
    ) throws(RowError) -> CSVWideRecord {
        let fields = record.fields
        let surplus = fields.count - width
        let known = "(known: " + vocabulary.sorted().joined(separator: ", ") + ")"
        let prefix = "the row has \(fields.count) fields but the header has \(width), and "
        guard layout.category == layout.exercise + 1 else {
            throw RowError(message: prefix + "the surplus cannot be joined into Exercise: Category does not follow it")
        }
        let commentAbsorbs = layout.comment == width - 1 && layout.comment != layout.category
        let splits = commentAbsorbs ? Array(0...surplus) : [surplus]
        let anchored = splits.filter { vocabulary.contains(fields[layout.category + $0]) }
        guard anchored.count == 1, let taken = anchored.first else {
            if anchored.isEmpty {
                let landing = fields[layout.category + surplus]
                throw RowError(
                    message: prefix + "no split of the exercise name puts a known category in Category "
                        + "('\(landing)' is not one) \(known)")
            }
            let names = anchored.map { "'\(fields[layout.category + $0])'" }.joined(separator: " and ")
            throw RowError(message: prefix + "the exercise name cannot be told from the comment: \(names) are both categories")
        }
        var result = Array(fields[..<layout.exercise])
        result.append(fields[layout.exercise...(layout.exercise + taken)].joined(separator: ","))
        let tail = fields[(layout.category + taken)...]
        if taken == surplus {
            result += tail
        } else {
            // The comment, the last column, takes what the exercise name did not.
            let kept = width - layout.category - 1
            result += tail.prefix(kept)
            result.append(tail.dropFirst(kept).joined(separator: ","))
        }
        return CSVWideRecord(line: record.line, fields: result)
    }
}

/// A FitNotes header mapped by name.
struct FitNotesLayout {
    /// `Date`.
    let date: Int
    /// `Exercise`.
    let exercise: Int
    /// `Category`.
    let category: Int
    /// `Weight`, `Weight (lbs)` or `Weight (kgs)`.
    let weight: Int?
    /// The unit in the header (8 columns), or nil when `Weight Unit` gives it per row.
    let headerWeightUnit: WeightUnit?
    /// `Weight Unit` (9 and 10 columns).
    let weightUnit: Int?
    /// `Reps`.
    let reps: Int?
    /// `Distance`.
    let distance: Int?
    /// `Distance Unit`.
    let distanceUnit: Int?
    /// `Time` (`H:MM:SS`).
    let time: Int?
    /// `Comment` (10 columns).
    let comment: Int?
    /// Header names that map to nothing, in header order.
    let unknownColumns: [String]

    /// Every column name FitNotes (Android) writes.
    static let knownColumns: Set<String> = [
        "Date", "Exercise", "Category", "Weight", "Weight (lbs)", "Weight (kgs)", "Weight Unit", "Reps", "Distance",
        "Distance Unit", "Time", "Comment",
    ]

    /// Maps a header.
    ///
    /// - Throws: a line-1 ``ImportError/badData(file:line:message:)`` for a missing required column
    ///   or a contradictory set of weight columns.
    init(header: [String], file: String) throws(ImportError) {
        let columns = HeaderColumns(
            header: header, file: file, format: "FitNotes", requiredNames: ["Date", "Exercise", "Category"])
        date = try columns.required("Date")
        exercise = try columns.required("Exercise")
        category = try columns.required("Category")
        let weightColumns = [("Weight (lbs)", WeightUnit.lb), ("Weight (kgs)", .kg)].compactMap { name, unit in
            columns.column(name).map { (index: $0, unit: unit) }
        }
        weightUnit = columns.column("Weight Unit")
        switch (weightColumns.count, columns.column("Weight"), weightUnit) {
        case (0, let plain?, _?):
            weight = plain
            headerWeightUnit = nil
        case (0, nil, nil):
            weight = nil
            headerWeightUnit = nil
        case (1, nil, nil):
            weight = weightColumns[0].index
            headerWeightUnit = weightColumns[0].unit
        default:
            throw columns.fail(
                "the FitNotes header must have one weight column: \"Weight (lbs)\", \"Weight (kgs)\", "
                    + "or \"Weight\" with \"Weight Unit\"")
        }
        reps = columns.column("Reps")
        distance = columns.column("Distance")
        distanceUnit = columns.column("Distance Unit")
        time = columns.column("Time")
        comment = columns.column("Comment")
        unknownColumns = columns.unknown(FitNotesLayout.knownColumns)
    }

    /// `fitnotes/8col-lbs`, `fitnotes/8col-kgs`, `fitnotes/9col` or `fitnotes/10col`.
    var formatID: String {
        if let headerWeightUnit { return "fitnotes/8col-" + (headerWeightUnit == .lb ? "lbs" : "kgs") }
        return comment == nil ? "fitnotes/9col" : "fitnotes/10col"
    }
}

/// One FitNotes row, parsed before anything is changed.
private struct FitNotesRow {
    /// The set.
    var set: WorkoutSet
    /// A distance in `m` left out as implausible: its text for the warning.
    var implausibleDistance: String?
}

/// Folds FitNotes rows into one workout per date.
private struct FitNotesAssembler: RowAssembler {
    let layout: FitNotesLayout
    var collector: WorkoutCollector
    /// The current workout's categories in order of first appearance.
    var categories: [String] = []
    /// Lines whose distance was left out, with the text of the distance and time.
    var implausible: [LineIssue] = []

    mutating func add(_ fields: RowFields) throws(RowError) {
        let dateText = fields.text(layout.date) ?? ""
        guard let date = CivilDate.parse(dateText), let start = WallTime(date: date, hour: 12, minute: 0) else {
            throw RowError(message: "Date '\(dateText)' is not a valid date (expected YYYY-MM-DD)")
        }
        let key = date.description
        let newWorkout = collector.current?.key != key
        if newWorkout { try collector.rejectRepeated(key: key) }
        guard let exercise = fields.text(layout.exercise) else { throw RowError(message: "the exercise name is empty") }
        let row = try parse(fields)
        if newWorkout {
            collector.start(WorkoutDraft(key: key, start: start, name: "Workout", line: fields.line), row: fields.row)
            categories = []
        }
        if let category = fields.text(layout.category), !categories.contains(category) {
            categories.append(category)
            collector.current?.name = categories.joined(separator: ", ")
        }
        let continuesBlock = collector.blockFirstRow.map { fields.sameValue(layout.exercise, asRow: $0) } ?? false
        let category = fields.text(layout.category)
        if !continuesBlock { collector.startBlock(ExerciseBlock(name: exercise, category: category), row: fields.row) }
        collector.updateLastBlock { block in
            block.sets.append(row.set)
            if block.category == nil { block.category = category }
        }
        if let text = row.implausibleDistance { implausible.append(LineIssue(line: fields.line, message: text)) }
    }

    /// Parses the set fields of a row.
    private func parse(_ fields: RowFields) throws(RowError) -> FitNotesRow {
        let weight = try fields.positiveDecimal(layout.weight)
        let weightKg = try weight.map { value throws(RowError) in try weightUnit(fields, value).toKilograms(value) }
        let seconds = try time(fields)
        var row = FitNotesRow(
            set: WorkoutSet(
                weightKg: weightKg, reps: try fields.positiveInteger(layout.reps), seconds: seconds.map(Double.init),
                notes: fields.text(layout.comment)))
        guard let distance = try fields.positiveDecimal(layout.distance) else { return row }
        let unitText = fields.text(layout.distanceUnit) ?? ""
        guard let unit = DistanceUnit(text: unitText) else {
            throw RowError(message: "distance \(NumberText.plain(distance)) has the unit '\(unitText)' (expected km, mi or m)")
        }
        if unit == .metres, let seconds, distance / Double(seconds) < FitNotesImporter.slowestMetresPerSecond {
            row.implausibleDistance = "\(NumberText.plain(distance)) m in \(fields.text(layout.time) ?? "")"
        } else {
            row.set.distanceM = unit.toMetres(distance)
        }
        return row
    }

    /// The unit of a weight > 0 on this row.
    private func weightUnit(_ fields: RowFields, _ value: Double) throws(RowError) -> WeightUnit {
        if let unit = layout.headerWeightUnit { return unit }
        let text = fields.text(layout.weightUnit) ?? ""
        guard let unit = WeightUnit(exportText: text) else {
            throw RowError(message: "weight \(NumberText.plain(value)) has the unit '\(text)' (expected kgs or lbs)")
        }
        return unit
    }

    /// `Time` in seconds; nil when absent, empty or 0:00:00.
    private func time(_ fields: RowFields) throws(RowError) -> Int? {
        guard let text = fields.text(layout.time) else { return nil }
        guard let seconds = TimeText.clockDuration(text) else {
            throw RowError(message: "Time '\(text)' is not a duration like 0:32:32 (H:MM:SS)")
        }
        return seconds == 0 ? nil : seconds
    }

    /// The batch, in file order, with its warnings.
    func finish(repaired: [CSVWideRecord]) -> ImportBatch {
        var batch = collector.batch(
            source: .fitnotes, format: layout.formatID, carried: [.category], unknownColumns: layout.unknownColumns)
        if let first = repaired.map(\.line).min() {
            batch.readingWarnings.append(
                "joined the surplus fields of \(repaired.count) row\(repaired.count == 1 ? "" : "s") back into the "
                    + "exercise name (FitNotes writes names holding commas unquoted), first on line \(first)")
        }
        if !implausible.isEmpty {
            let listed = implausible.prefix(10).map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
            batch.warnings.append(
                "left out \(implausible.count) distance\(implausible.count == 1 ? "" : "s") in m too slow for "
                    + "\(implausible.count == 1 ? "its" : "their") time (the unit is probably km or mi; the time is kept): "
                    + listed + (implausible.count > 10 ? "; …" : ""))
        }
        return batch
    }
}

extension TimeText {
    /// FitNotes `Time`: `H:MM:SS` (hours of one or more digits, minutes and seconds of two digits
    /// below 60) in seconds; nil for anything else.
    static func clockDuration(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...6).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
              parts[2].utf8.count == 2, let hours = ASCIIDigits.int(parts[0].utf8),
              let minutes = ASCIIDigits.int(parts[1].utf8), let seconds = ASCIIDigits.int(parts[2].utf8),
              minutes < 60, seconds < 60
        else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }
}
