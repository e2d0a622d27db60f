import WktCore

/// Reads StrongLifts 5×5 CSV exports (docs/formats.md §9) into an ``ImportBatch``.
///
/// Rules, beyond the header map of ``StrongLiftsLayout``:
/// * One row is one exercise of a workout, its sets in the `Set N (Reps)`/`Set N (KG|LB)` pairs.
///   A workout is identified by `Date (yyyy/mm/dd)` and `Workout` (StrongLifts' running number):
///   its key is `<date as written>#<number>` (`2026/08/11#1`), so two workouts on one day stay two.
///   Its rows must be contiguous and agree on `Workout Name`, `Program Name`, `Body Weight (KG)`,
///   `Start Time`, `End Time`, `Duration (hours)` and `Notes`; a row that differs is an error
///   naming the column.
/// * The name is `Workout Name` (`Workout` when empty or absent). The note is `Program: <name>`
///   from `Program Name`, then a blank line and `Notes` when there is one.
/// * Start: the date at `Start Time (h:mm)`, `10:56 PM` (12:xx AM is 00:xx) or 24-hour `22:56`, a
///   naive wall time in the configured zone (a time in a DST gap moves forward, see ``NaiveTimes``).
///   An empty start time gives 12:00, as every FitNotes workout starts, for the same reasons
///   (docs/formats.md §3).
///   Duration: `Duration (hours)` × 3600 rounded to the second when above 0; else end − start in
///   whole minutes (an end before the start is on the next day) when both times are given; else none.
/// * Sets, pair by pair: reps `0` is a slot not done (failed or skipped), so no set; an empty pair
///   ends the exercise, and a pair with a value after it is an error; reps without a weight, or a
///   weight without reps, is an error. A weight of 0 is bodyweight (nil); LB weights are converted
///   to kg (rounded to the gram). Every set is a normal set. An exercise without a done set is kept
///   with no sets.
/// * `Sets×Reps`, `Top Set`, `e1RM`, `Reps`, `Volume` and `Workout Volume` are StrongLifts' own
///   summaries of the pairs and are never read. A non-empty `Sets×Time` (timed work such as planks,
///   in a layout no export here shows) rejects its row rather than dropping the times.
/// * `Body Weight (KG)` (kg in pound exports too) must be a number ≥ 0. Above 0 it is a bodyweight
///   measurement on the workout's date, source `stronglifts` (two workouts on one date: the later
///   row's); 0 or empty is "not weighed". An implausible weight is a warning naming the line
///   (``BodyLog``), not a measurement.
enum StrongLiftsImporter {
    /// Whether a header is StrongLifts' (docs/formats.md §9).
    static func matches(header: [String]) -> Bool { StrongLiftsLayout.matches(header: header) }

    /// Imports a parsed StrongLifts table.
    static func read(_ table: CSVTable, options: ImportOptions) throws(ImportError) -> ImportBatch {
        try StrongLiftsAssembler.read(
            table, layout: try StrongLiftsLayout(header: table.header, file: table.file), options: options)
    }

    /// The workout-level columns every row of one workout must repeat unchanged.
    static let workoutColumns: [StrongLiftsColumn] = [
        .workoutName, .programName, .bodyWeight, .startTime, .endTime, .duration, .notes,
    ]
}

/// Folds StrongLifts rows (one exercise each) into workouts.
private struct StrongLiftsAssembler: LayoutRowAssembler {
    let layout: StrongLiftsLayout
    var collector: WorkoutCollector
    /// The body weights of the workouts.
    var body = BodyLog(source: .stronglifts)

    init(layout: StrongLiftsLayout, collector: WorkoutCollector) {
        self.layout = layout
        self.collector = collector
    }

    mutating func add(_ fields: RowFields) throws(RowError) {
        let (key, date) = try identity(fields)
        var newWorkout: (draft: WorkoutDraft, bodyWeight: Double?)?
        if collector.current?.key == key, let first = collector.workoutFirstRow {
            try checkSameWorkout(fields, firstRow: first)
        } else {
            try collector.rejectRepeated(key: key)
            newWorkout = try draft(fields, key: key, date: date)
        }
        guard let exercise = fields.text(layout.exercise) else {
            throw RowError(message: "\(table.header[layout.exercise]) is empty: every row names its exercise")
        }
        if let timed = fields.text(layout[.setsTime]) {
            throw RowError(
                message: "\(table.header[layout[.setsTime] ?? 0]) '\(timed)' holds timed sets, which the StrongLifts "
                    + "import does not read yet; the row is rejected rather than imported without its times")
        }
        let sets = try parseSets(fields)
        if let newWorkout {
            collector.start(newWorkout.draft, row: fields.row)
            if let kg = newWorkout.bodyWeight, kg > 0 {
                body.add(day: date, kg: kg, place: "\(table.file):\(fields.line)")
            }
        }
        collector.startBlock(ExerciseBlock(name: exercise, sets: sets), row: fields.row)
    }

    /// The workout key `<date>#<number>` and the date of a row.
    private func identity(_ fields: RowFields) throws(RowError) -> (key: String, date: CivilDate) {
        let dateText = fields.text(layout.date) ?? ""
        guard let date = StrongLiftsText.date(dateText) else {
            throw RowError(
                message: "\(table.header[layout.date]) '\(dateText)' is not a valid date (expected YYYY/MM/DD)")
        }
        guard let number = try fields.integer(layout.workout) else {
            throw RowError(message: "\(table.header[layout.workout]) is empty: StrongLifts numbers every workout")
        }
        return ("\(dateText)#\(number)", date)
    }

    /// The draft of the workout a row starts, and its body weight.
    private func draft(
        _ fields: RowFields, key: String, date: CivilDate
    ) throws(RowError) -> (draft: WorkoutDraft, bodyWeight: Double?) {
        let bodyWeight = try fields.decimal(layout[.bodyWeight])
        let startMinute = try minuteOfDay(fields, .startTime)
        let endMinute = try minuteOfDay(fields, .endTime)
        let minute = startMinute ?? 12 * 60
        guard let start = WallTime(date: date, hour: minute / 60, minute: minute % 60) else {
            throw RowError(message: "\(table.header[layout.date]) '\(date)' gives no valid start time")
        }
        var seconds: Int?
        if let hours = try fields.decimal(layout[.duration]), hours > 0 {
            let rounded = (hours * 3600).rounded()
            guard rounded < 1e9 else {
                let name = table.header[layout[.duration] ?? 0]
                throw RowError(message: "\(name) '\(NumberText.plain(hours))' is too long for a workout")
            }
            seconds = Int(rounded)
        }
        if seconds == nil || seconds == 0, let startMinute, let endMinute {
            seconds = (endMinute - startMinute + 1440) % 1440 * 60
        }
        let program = fields.text(layout[.programName]).map { "Program: " + $0 }
        var draft = WorkoutDraft(
            key: key, start: start, durationSeconds: seconds == 0 ? nil : seconds,
            name: fields.text(layout[.workoutName]) ?? "Workout",
            notes: joinedNote(program, fields.text(layout[.notes])), line: fields.line)
        // StrongLifts writes weights to 0.1 of the export's unit (55 kg is `121.3` lb), so the kg
        // and the lb export of one history agree (docs/formats.md §6.2).
        draft.steps = .weights(roundedTo: 0.1, in: layout.unit)
        return (draft, bodyWeight)
    }

    /// A clock time column in minutes after midnight; nil when absent or empty.
    private func minuteOfDay(_ fields: RowFields, _ column: StrongLiftsColumn) throws(RowError) -> Int? {
        guard let text = fields.text(layout[column]) else { return nil }
        guard let minute = StrongLiftsText.minuteOfDay(text) else {
            throw RowError(
                message: "\(table.header[layout[column] ?? 0]) '\(text)' is not a clock time like 10:56 PM or 22:56")
        }
        return minute
    }

    /// Rejects a row whose workout-level fields differ from the workout's first row.
    private func checkSameWorkout(_ fields: RowFields, firstRow: Int) throws(RowError) {
        for field in StrongLiftsImporter.workoutColumns {
            guard let column = layout[field], !fields.sameValue(column, asRow: firstRow) else { continue }
            throw RowError(
                message: "\(table.header[column]) '\(fields.text(column) ?? "")' differs from "
                    + "'\(table.string(firstRow, column))' on line \(table.lines[firstRow]), the first row of workout "
                    + (collector.current?.key ?? ""))
        }
    }

    /// The done sets of a row's pairs.
    private func parseSets(_ fields: RowFields) throws(RowError) -> [WorkoutSet] {
        var sets: [WorkoutSet] = []
        var firstEmpty: StrongLiftsLayout.SetPair?
        for pair in layout.pairs {
            let repsName = table.header[pair.reps]
            let weightName = table.header[pair.weight]
            if fields.text(pair.reps) == nil && fields.text(pair.weight) == nil {
                if firstEmpty == nil { firstEmpty = pair }
                continue
            }
            if let empty = firstEmpty {
                throw RowError(
                    message: "\(repsName) '\(fields.text(pair.reps) ?? "")' and \(weightName) "
                        + "'\(fields.text(pair.weight) ?? "")' follow the empty \(table.header[empty.reps]) pair: "
                        + "an empty pair ends the exercise")
            }
            guard let reps = try fields.integer(pair.reps) else {
                throw RowError(message: "\(weightName) '\(fields.text(pair.weight) ?? "")' has no reps in \(repsName)")
            }
            guard let weight = try fields.decimal(pair.weight) else {
                throw RowError(message: "\(repsName) '\(fields.text(pair.reps) ?? "")' has no weight in \(weightName)")
            }
            guard reps > 0 else { continue }
            sets.append(WorkoutSet(weightKg: weight > 0 ? layout.unit.toKilograms(weight) : nil, reps: reps))
        }
        return sets
    }

    /// The batch, in file order, with its warnings.
    func finish() -> ImportBatch {
        var batch = collector.batch(
            source: .stronglifts, format: layout.formatID, carried: layout.carried,
            unknownColumns: layout.unknownColumns)
        batch.body = body.perDay
        batch.warnings += body.warnings
        return batch
    }
}

/// The date and clock texts of StrongLifts exports, parsed by hand (docs/formats.md §0.6).
enum StrongLiftsText {
    /// `YYYY/MM/DD`, nothing else; nil for another layout or an invalid day.
    static func date(_ text: String) -> CivilDate? {
        let slash = UInt8(ascii: "/")
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == slash, bytes[7] == slash else { return nil }
        return CivilDate.parse(String(decoding: bytes.map { $0 == slash ? UInt8(ascii: "-") : $0 }, as: UTF8.self))
    }

    /// Minutes after midnight of `h:mm AM`/`h:mm PM` (hour 1–12; 12:05 AM is 00:05, 12:30 PM is
    /// 12:30; the marker in either case, after a space, U+00A0, U+202F or nothing) or of 24-hour
    /// `H:MM`/`HH:MM`; nil for anything else.
    static func minuteOfDay(_ text: String) -> Int? {
        var clock = Substring(text)
        var afternoon: Bool?
        let marker = String(clock.suffix(2)).lowercased()
        if marker == "am" || marker == "pm" {
            afternoon = marker == "pm"
            clock = clock.dropLast(2)
            if let last = clock.last, [" ", "\u{A0}", "\u{202F}"].contains(last) { clock = clock.dropLast() }
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
              let hour = ASCIIDigits.int(parts[0].utf8), let minute = ASCIIDigits.int(parts[1].utf8), minute < 60
        else { return nil }
        guard let afternoon else { return hour < 24 ? hour * 60 + minute : nil }
        guard (1...12).contains(hour) else { return nil }
        return (hour % 12 + (afternoon ? 12 : 0)) * 60 + minute
    }
}
