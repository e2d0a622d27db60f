import WktCore

/// Reads Hevy `workout_data.csv` exports (docs/formats.md §2) into an ``ImportBatch``.
///
/// * Columns are mapped by name; column 10 is `weight_kg` or `weight_lbs` and column 12
///   `distance_km` or `distance_miles`, chosen independently.
/// * A workout is a contiguous run of rows with the same (`start_time`, `end_time`, `title`); its
///   key is `start|end|title` with both times normalised to `YYYY-MM-DD HH:MM:SS` and the title in
///   NFC (§6). Its duration is end − start, counted on wall-clock fields; `description` is its note.
/// * Weights are written to 0.01 of the file's unit: the batch says so in ``ImportBatch/steps``, so
///   re-importing a history exported in the other unit changes no stored weight (§6.2).
/// * Hevy writes the newest workout first; the batch is sorted oldest first (by start, then key).
/// * A block is a contiguous run of one exercise with one `superset_id`; a `set_index` that does not
///   grow starts a new block of the same exercise. `set_index` is 0-based and required on every set
///   row (a missing one is a row error, never a default). `exercise_notes` is the block note.
/// * `set_type` is `normal`, `warmup`, `failure` or `dropset`. An empty or 0 weight, reps,
///   distance, `duration_seconds` or RPE is nil (one export writes `0` seconds on every lifting set).
enum HevyImporter {
    /// The columns that identify a Hevy header.
    static let identifyingColumns = ["title", "start_time", "end_time", "exercise_title"]

    /// Whether a header is Hevy's.
    static func matches(header: [String]) -> Bool {
        identifyingColumns.allSatisfy(header.contains)
    }

    /// Imports a parsed Hevy table.
    static func read(_ table: CSVTable, options: ImportOptions) throws(ImportError) -> ImportBatch {
        try HevyAssembler.read(table, layout: try HevyLayout(header: table.header, file: table.file), options: options)
    }
}

/// A Hevy header mapped by name.
private struct HevyLayout {
    let title: Int
    let startTime: Int
    let endTime: Int
    let exerciseTitle: Int
    let setIndex: Int
    let description: Int?
    let supersetID: Int?
    let exerciseNotes: Int?
    let setType: Int?
    let weight: Int?
    let weightUnit: WeightUnit
    let reps: Int?
    let distance: Int?
    let distanceUnit: DistanceUnit
    let durationSeconds: Int?
    let rpe: Int?
    let unknownColumns: [String]

    /// Every column name of the Hevy header.
    static let knownColumns: Set<String> = [
        "title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes",
        "set_index", "set_type", "weight_kg", "weight_lbs", "reps", "distance_km", "distance_miles",
        "duration_seconds", "rpe",
    ]

    init(header: [String], file: String) throws(ImportError) {
        let columns = HeaderColumns(
            header: header, file: file, format: "Hevy",
            requiredNames: ["title", "start_time", "end_time", "exercise_title", "set_index"])
        func either(_ a: String, _ b: String) throws(ImportError) -> (Int?, Bool) {
            switch (columns.column(a), columns.column(b)) {
            case (let first?, nil): return (first, true)
            case (nil, let second?): return (second, false)
            case (nil, nil): return (nil, true)
            case (_?, _?): throw columns.fail("the header has both \"\(a)\" and \"\(b)\"; a Hevy export has one of them")
            }
        }
        title = try columns.required("title")
        startTime = try columns.required("start_time")
        endTime = try columns.required("end_time")
        exerciseTitle = try columns.required("exercise_title")
        setIndex = try columns.required("set_index")
        description = columns.column("description")
        supersetID = columns.column("superset_id")
        exerciseNotes = columns.column("exercise_notes")
        setType = columns.column("set_type")
        let (weightColumn, kilograms) = try either("weight_kg", "weight_lbs")
        weight = weightColumn
        weightUnit = kilograms ? .kg : .lb
        reps = columns.column("reps")
        let (distanceColumn, kilometres) = try either("distance_km", "distance_miles")
        distance = distanceColumn
        distanceUnit = kilometres ? .kilometres : .miles
        durationSeconds = columns.column("duration_seconds")
        rpe = columns.column("rpe")
        unknownColumns = columns.unknown(HevyLayout.knownColumns)
    }

    /// `hevy/kg-km`, `hevy/lb-mi`, …
    var formatID: String {
        "hevy/" + weightUnit.rawValue + "-" + (distanceUnit == .miles ? "mi" : "km")
    }

    /// Which optional fields the file carries.
    var carried: CarriedFields {
        var fields: CarriedFields = [.duration]
        if description != nil { fields.insert(.workoutNotes) }
        if exerciseNotes != nil { fields.insert(.exerciseNotes) }
        if rpe != nil { fields.insert(.rpe) }
        return fields
    }
}

/// Folds Hevy rows into workouts and blocks.
private struct HevyAssembler: LayoutRowAssembler {
    let layout: HevyLayout
    var collector: WorkoutCollector
    var lastSetIndex = -1

    init(layout: HevyLayout, collector: WorkoutCollector) {
        self.layout = layout
        self.collector = collector
    }

    mutating func add(_ fields: RowFields) throws(RowError) {
        let newWorkout = try workoutStart(fields)
        guard let exercise = fields.text(layout.exerciseTitle) else {
            throw RowError(message: "exercise_title is empty")
        }
        guard let setIndex = try fields.integer(layout.setIndex) else {
            throw RowError(message: "set_index is empty (Hevy writes a 0-based index on every set)")
        }
        let superset = try fields.integer(layout.supersetID)
        let set = try parseSet(fields)
        if let newWorkout { collector.start(newWorkout, row: fields.row) }
        if collector.current?.notes == nil { collector.current?.notes = fields.text(layout.description) }
        let continuesBlock = collector.blockFirstRow.map { first in
            fields.sameValue(layout.exerciseTitle, asRow: first) && fields.sameValue(layout.supersetID, asRow: first)
                && setIndex > lastSetIndex
        } ?? false
        if !continuesBlock {
            collector.startBlock(ExerciseBlock(name: exercise, supersetID: superset), row: fields.row)
        }
        let notes = fields.text(layout.exerciseNotes)
        collector.updateLastBlock { block in
            if block.notes == nil { block.notes = notes }
            block.sets.append(set)
        }
        lastSetIndex = setIndex
    }

    /// Returns a new draft when the row starts a workout, nil when it continues the current one.
    private func workoutStart(_ fields: RowFields) throws(RowError) -> WorkoutDraft? {
        if let first = collector.workoutFirstRow, fields.sameValue(layout.startTime, asRow: first),
           fields.sameValue(layout.endTime, asRow: first), fields.sameValue(layout.title, asRow: first) {
            return nil
        }
        let start = try time(fields, layout.startTime)
        let end = try time(fields, layout.endTime)
        let title = fields.text(layout.title) ?? ""
        let key = "\(start)|\(end)|\(CanonicalName.normalize(title))"
        try collector.rejectRepeated(key: key)
        let seconds = TimeText.seconds(from: start, to: end)
        guard seconds >= 0 else {
            throw RowError(message: "end_time '\(fields.text(layout.endTime) ?? "")' is before start_time "
                + "'\(fields.text(layout.startTime) ?? "")'")
        }
        var draft = WorkoutDraft(
            key: key, start: start, durationSeconds: seconds == 0 ? nil : seconds, name: title, line: fields.line)
        // Hevy writes weights to 0.01 of the export's unit (a 225 lb set is `102.06` in a kg
        // export), so a re-import in the other unit differs by a few grams (docs/formats.md §6.2).
        if layout.weight != nil { draft.steps = .weights(roundedTo: 0.01, in: layout.weightUnit) }
        return draft
    }

    private func time(_ fields: RowFields, _ column: Int) throws(RowError) -> WallTime {
        let text = fields.text(column) ?? ""
        guard let time = TimeText.hevyDate(text) else {
            throw RowError(
                message: "\(table.header[column]) '\(text)' is not a valid date and time "
                    + "(expected like 9 Sep 2025, 06:46)")
        }
        return time
    }

    private func parseSet(_ fields: RowFields) throws(RowError) -> WorkoutSet {
        let kind: SetKind
        switch fields.text(layout.setType) {
        case nil, "normal": kind = .normal
        case "warmup": kind = .warmup
        case "failure": kind = .failure
        case "dropset": kind = .drop
        case let other?:
            throw RowError(message: "set_type '\(other)' is not normal, warmup, failure or dropset")
        }
        return WorkoutSet(
            kind: kind, weightKg: try fields.positiveDecimal(layout.weight).map(layout.weightUnit.toKilograms),
            reps: try fields.positiveInteger(layout.reps), seconds: try fields.positiveDecimal(layout.durationSeconds),
            distanceM: try fields.positiveDecimal(layout.distance).map(layout.distanceUnit.toMetres),
            rpe: try fields.rpe(layout.rpe))
    }

    /// The batch, oldest workout first, with its warnings.
    func finish() -> ImportBatch {
        collector.batch(
            source: .hevy, format: layout.formatID, carried: layout.carried, unknownColumns: layout.unknownColumns,
            order: { a, b in a.start != b.start ? a.start < b.start : CanonicalName.precedes(a.key, b.key) })
    }
}
