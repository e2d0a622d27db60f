import WktCore

/// Reads Strong (strong.app) CSV exports of every dialect (docs/formats.md §1) into an ``ImportBatch``.
///
/// Rules, beyond the column map of ``StrongLayout``:
/// * A workout is a contiguous run of rows with the same `Date`; its key is that date normalised to
///   `YYYY-MM-DD HH:MM:SS` (§6). Rows of one workout must agree on the workout name, duration and
///   `Workout #`; a date that comes back after another workout is an error.
/// * An exercise block is a contiguous run of one exercise name inside a workout; an exercise can
///   have several blocks (§1.3). Sets keep file order, so their position among the block's real
///   rows is their number: typed sets (`W`, `D`, `F`) carry no ordinal, and an export with rest rows
///   numbers sets like one without.
/// * `Rest Timer`/`Ruhezeit` rows are counted in ``ImportBatch/pseudoRows`` and never stored.
/// * Notes are stored as written (real newlines and a literal `\n` alike); empty is nil. The exercise
///   note is the `Notes` of the block's first row (A, B, L) or of a `Note` row (C, joined with a
///   blank line when there are several); a `Notes` value on a later set row becomes that set's note,
///   one on a later rest row is added to the exercise note. The workout note is the first non-empty
///   `Workout Notes` of the workout (A/B write it on the first row, C on every row).
/// * Values: 0 or empty weight is bodyweight (nil); 0 or empty reps, seconds, distance or RPE is
///   "not applicable" (nil), so A's `0` and C's `""` give the same set. Incomplete rows (B, C: no
///   weight, reps, seconds or distance) are kept as sets: ``WorkoutSet/isDone`` already leaves them
///   out of statistics, and keeping them keeps set positions identical across dialects.
/// * Units: L0 and C name theirs in the header, B0/B on every row (a unit beside an empty or 0
///   value is ignored); the other dialects have none, so ``ImportOptions/unit`` decides, and when
///   it is nil kg is assumed, recorded in ``ImportBatch/unitAssumed`` and, when the weights look
///   like pounds (§1.5), warned about. Distances in unit-less files are km, or miles when the
///   user's unit is lb.
/// * Durations over 6 hours are kept and warned about; workouts after `today` are warned about.
enum StrongImporter {
    /// Whether a header is Strong's (docs/formats.md §1.7).
    static func matches(header: [String]) -> Bool { StrongLayout.matches(header: header) }

    /// Imports a parsed Strong table.
    static func read(_ table: CSVTable, options: ImportOptions) throws(ImportError) -> ImportBatch {
        try StrongAssembler.read(table, layout: try StrongLayout(header: table.header, file: table.file), options: options)
    }
}

/// One Strong row, parsed and checked before anything is changed.
private struct StrongRow {
    /// What the row is.
    var order: StrongSetOrder
    /// The set, for real set rows.
    var set: WorkoutSet?
    /// The weight as written, when the file has no unit (for the pounds hint).
    var unitlessWeight: Double?
    /// `Notes`.
    var notes: String?
}

/// Folds Strong rows into workouts and blocks.
private struct StrongAssembler: LayoutRowAssembler {
    let layout: StrongLayout
    var collector: WorkoutCollector
    var pseudoRows = 0
    var unitlessWeights: [Double] = []

    init(layout: StrongLayout, collector: WorkoutCollector) {
        self.layout = layout
        self.collector = collector
    }

    /// The unit of weights in a file without one.
    var userWeightUnit: WeightUnit { options.unit ?? .kg }

    mutating func add(_ fields: RowFields) throws(RowError) {
        let newWorkout = try workoutStart(fields)
        guard !fields.bytes(layout[.exercise]).isEmpty else { throw RowError(message: "the exercise name is empty") }
        let parsed = try parse(fields)
        if let newWorkout { collector.start(newWorkout, row: fields.row) }
        if collector.current?.notes == nil { collector.current?.notes = fields.text(layout[.workoutNotes]) }
        let continuesBlock = collector.blockFirstRow.map { fields.sameValue(layout[.exercise], asRow: $0) } ?? false
        if !continuesBlock {
            collector.startBlock(ExerciseBlock(name: fields.text(layout[.exercise]) ?? ""), row: fields.row)
        }
        switch parsed.order {
        case .set:
            var set = parsed.set ?? WorkoutSet()
            if continuesBlock { set.notes = parsed.notes }
            collector.updateLastBlock { block in
                if !continuesBlock { block.notes = parsed.notes }
                block.sets.append(set)
            }
            if let weight = parsed.unitlessWeight { unitlessWeights.append(weight) }
        case .note, .rest:
            collector.updateLastBlock { $0.notes = joinedNote($0.notes, parsed.notes) }
            if parsed.order == .rest { pseudoRows += 1 }
        }
    }

    /// Checks the row's workout fields; returns a new draft when the row starts a workout, nil when
    /// it continues the current one.
    private func workoutStart(_ fields: RowFields) throws(RowError) -> WorkoutDraft? {
        if let first = collector.workoutFirstRow, fields.sameValue(layout[.date], asRow: first) {
            try checkSameWorkout(fields, firstRow: first)
            return nil
        }
        let dateText = fields.text(layout[.date]) ?? ""
        guard let start = TimeText.strongDate(dateText) else {
            throw RowError(
                message: "\(table.header[layout[.date] ?? 0]) '\(dateText)' is not a valid date and time "
                    + "(expected YYYY-MM-DD HH:MM:SS)")
        }
        let key = start.description
        if let first = collector.workoutFirstRow, collector.current?.key == key {
            try checkSameWorkout(fields, firstRow: first)
            return nil
        }
        try collector.rejectRepeated(key: key)
        var draft = WorkoutDraft(
            key: key, start: start, durationSeconds: try duration(fields), name: fields.text(layout[.workoutName]) ?? "",
            line: fields.line)
        if draft.durationSeconds != nil, !layout.durationInSeconds, let text = fields.text(layout[.duration]) {
            draft.steps.durationSeconds = TimeText.strongDurationStep(text)
        }
        return draft
    }

    /// Rejects a row whose workout-level fields differ from the workout's first row.
    private func checkSameWorkout(_ fields: RowFields, firstRow: Int) throws(RowError) {
        for field in [StrongField.workoutName, .duration, .workoutNumber] where !fields.sameValue(layout[field], asRow: firstRow) {
            let column = layout[field] ?? 0
            throw RowError(
                message: "\(table.header[column]) '\(fields.text(column) ?? "")' differs from "
                    + "'\(table.string(firstRow, column))' on line \(table.lines[firstRow]), the workout's first row")
        }
    }

    /// The workout duration in seconds: integer seconds in C, `1h 5m` tokens elsewhere; 0 is none.
    private func duration(_ fields: RowFields) throws(RowError) -> Int? {
        guard let column = layout[.duration] else { return nil }
        let seconds: Int?
        if layout.durationInSeconds {
            seconds = try fields.integer(column)
        } else {
            do {
                seconds = try TimeText.strongDuration(fields.text(column) ?? "")
            } catch {
                throw RowError(message: "\(table.header[column]): \(error.message)")
            }
        }
        return seconds == 0 ? nil : seconds
    }

    /// Parses the set-level fields of a row.
    private func parse(_ fields: RowFields) throws(RowError) -> StrongRow {
        let order = try layout[.setOrder].map { column throws(RowError) in
            try StrongSetOrder.parse(fields.bytes(column), zeroBased: layout.dialect == .l0)
        } ?? .set(.normal)
        var row = StrongRow(order: order, notes: fields.text(layout[.notes]))
        guard case .set(let kind) = order else { return row }
        let weight = try fields.positiveDecimal(layout[.weight])
        let distance = try fields.positiveDecimal(layout[.distance])
        row.set = WorkoutSet(
            kind: kind, weightKg: try weight.map { value throws(RowError) in try weightUnit(fields, value).toKilograms(value) },
            reps: try fields.positiveInteger(layout[.reps]), seconds: try fields.positiveDecimal(layout[.seconds]),
            distanceM: try distance.map { value throws(RowError) in try distanceUnit(fields, value).toMetres(value) },
            rpe: try fields.rpe(layout[.rpe]))
        if layout.weightUnit == .userSetting { row.unitlessWeight = weight }
        return row
    }

    /// The unit of a weight > 0 on this row.
    private func weightUnit(_ fields: RowFields, _ value: Double) throws(RowError) -> WeightUnit {
        switch layout.weightUnit {
        case .header(let unit): return unit
        case .userSetting: return userWeightUnit
        case .perRow:
            let text = fields.text(layout[.weightUnit]) ?? ""
            guard let unit = WeightUnit(exportText: text) else {
                throw RowError(message: "weight \(NumberText.plain(value)) has the unit '\(text)' (expected kg or lbs)")
            }
            return unit
        }
    }

    /// The unit of a distance > 0 on this row.
    private func distanceUnit(_ fields: RowFields, _ value: Double) throws(RowError) -> DistanceUnit {
        switch layout.distanceUnit {
        case .header(let unit): return unit
        case .userSetting: return userWeightUnit == .lb ? .miles : .kilometres
        case .perRow:
            let text = fields.text(layout[.distanceUnit]) ?? ""
            guard let unit = DistanceUnit(text: text) else {
                throw RowError(message: "distance \(NumberText.plain(value)) has the unit '\(text)' (expected km or miles)")
            }
            return unit
        }
    }

    /// The batch, with its warnings.
    func finish() -> ImportBatch {
        var batch = collector.batch(
            source: .strong, format: layout.dialect.formatID, carried: layout.carried,
            unknownColumns: layout.unknownColumns)
        batch.pseudoRows = pseudoRows
        if layout.weightUnit == .userSetting && options.unit == nil {
            batch.unitAssumed = .kg
            if let hint = BatchChecks.poundsHint(weights: unitlessWeights) { batch.readingWarnings.append(hint) }
        }
        return batch
    }
}
