import WktCore

/// A workout being assembled from rows.
struct WorkoutDraft {
    /// The workout's identity within its source (docs/formats.md §6).
    var key: String
    /// Start wall time.
    var start: WallTime
    /// The start's UTC offset, for a format whose times are instants (Fitbod); nil for wall times.
    var utcOffsetSeconds: Int?
    /// Duration in seconds.
    var durationSeconds: Int?
    /// Workout name as written.
    var name: String
    /// Workout note as written.
    var notes: String?
    /// Exercise blocks in file order.
    var blocks: [ExerciseBlock] = []
    /// The line of the workout's first row.
    var line: Int
    /// The steps of the values the file wrote coarsely (docs/formats.md §6.2).
    var steps = ValueSteps()

    /// The finished workout.
    func workout(source: WorkoutSource) -> Workout {
        Workout(
            source: source, sourceKey: key, start: start, utcOffsetSeconds: utcOffsetSeconds,
            durationSeconds: durationSeconds, name: name, notes: notes, exercises: blocks)
    }
}

/// The state every row-per-set importer shares: the table and options, the workouts assembled so
/// far, the workout and block the last row belonged to, and the bad-row policy.
struct WorkoutCollector {
    /// The table being read.
    let table: CSVTable
    /// The import's options.
    let options: ImportOptions
    /// Applies `--skip-bad-rows`.
    var policy: RowErrorPolicy
    /// The finished workouts, in file order.
    private var finished: [WorkoutDraft] = []
    /// The workout the last accepted row belongs to.
    var current: WorkoutDraft?
    /// The 0-based row index of the current workout's first row.
    private(set) var workoutFirstRow: Int?
    /// The 0-based row index of the current block's first row.
    private(set) var blockFirstRow: Int?
    /// The line each workout key started on, to reject a workout whose rows are split by another.
    private var firstLineOfKey: [String: Int] = [:]

    /// Creates a collector for a table; its ragged rows already count as skipped.
    init(table: CSVTable, options: ImportOptions) {
        self.table = table
        self.options = options
        policy = RowErrorPolicy(file: table.file, skipBadRows: options.skipBadRows, alreadySkipped: table.skipped)
    }

    /// Every workout, in file order.
    var drafts: [WorkoutDraft] { finished + (current.map { [$0] } ?? []) }

    /// Fails when `key` belongs to a workout that already ended: rows of one workout are contiguous.
    func rejectRepeated(key: String) throws(RowError) {
        if let earlier = firstLineOfKey[key] {
            throw RowError(
                message: "the workout \(key) (first row on line \(earlier)) continues after other workouts; "
                    + "a workout's rows must be contiguous")
        }
    }

    /// Makes `draft`, which starts at `row`, the current workout.
    mutating func start(_ draft: WorkoutDraft, row: Int) {
        if let current { finished.append(current) }
        current = draft
        firstLineOfKey[draft.key] = draft.line
        workoutFirstRow = row
        blockFirstRow = nil
    }

    /// Opens a new block in the current workout, starting at `row`.
    mutating func startBlock(_ block: ExerciseBlock, row: Int) {
        current?.blocks.append(block)
        blockFirstRow = row
    }

    /// Changes the current workout's last block in place.
    mutating func updateLastBlock(_ change: (inout ExerciseBlock) -> Void) {
        guard let count = current?.blocks.count, count > 0 else { return }
        current?.blocks[count - 1].update(change)
    }

    /// The batch every row importer ends with: the workouts from `source` (a naive time in a DST
    /// gap moved, as ``NaiveTimes`` says), in file order or sorted by `order`, the skipped rows,
    /// and the warnings every format gives (unknown columns for the file; long durations, workouts
    /// after today and moved times for one workout each, docs/formats.md §6.3). The importer adds what is its own.
    func batch(
        source: WorkoutSource, format: String, carried: CarriedFields, unknownColumns: [String],
        order: ((WorkoutDraft, WorkoutDraft) -> Bool)? = nil
    ) -> ImportBatch {
        let (resolved, moved) = NaiveTimes.resolveGaps(drafts, source: source, zoneName: options.timeZone)
        let drafts = order.map { resolved.sorted(by: $0) } ?? resolved
        let workouts = drafts.map { $0.workout(source: source) }
        let warnings = unknownColumns.map { "ignored the unknown column \"\($0)\"" }
        var workoutWarnings: [WorkoutWarning] = []
        for (draft, workout) in zip(drafts, workouts) {
            let place = "line \(draft.line)"
            if let long = BatchChecks.longDuration(workout, place: place) { workoutWarnings.append(long) }
            if let future = BatchChecks.futureDate(workout, place: place, today: options.today) {
                workoutWarnings.append(future)
            }
        }
        var steps: [String: ValueSteps] = [:]
        for draft in drafts where !draft.steps.isExact { steps[draft.key] = draft.steps }
        return ImportBatch(
            file: table.file, format: format, workouts: workouts, carried: carried, skipped: policy.sortedSkipped,
            warnings: warnings, workoutWarnings: workoutWarnings + moved, steps: steps)
    }
}

extension ExerciseBlock {
    /// Applies a change in place (lets optional chaining mutate a block without copying it).
    mutating func update(_ change: (inout ExerciseBlock) -> Void) { change(&self) }
}

/// An importer that folds rows one at a time into a ``WorkoutCollector``.
protocol RowAssembler {
    /// The shared state.
    var collector: WorkoutCollector { get set }
    /// Parses one row completely and only then applies it, so a rejected row changes nothing.
    mutating func add(_ fields: RowFields) throws(RowError)
}

extension RowAssembler {
    /// The table being read.
    var table: CSVTable { collector.table }
    /// The import's options.
    var options: ImportOptions { collector.options }

    /// Feeds every row of the table, rejecting or skipping bad rows by the policy.
    mutating func addRows() throws(ImportError) {
        let table = table
        for row in 0..<table.rowCount {
            let fields = RowFields(table: table, row: row)
            do throws(RowError) {
                try add(fields)
            } catch {
                try collector.policy.reject(error, line: fields.line)
            }
        }
    }
}

/// A row assembler that needs nothing but its header layout: the whole import of a table is
/// "map the header, fold every row, finish the batch" (Strong, Hevy, StrongLifts).
protocol LayoutRowAssembler: RowAssembler {
    /// The format's header, mapped by name.
    associatedtype Layout
    /// An assembler for `layout` over `collector`'s table.
    init(layout: Layout, collector: WorkoutCollector)
    /// The batch of everything folded in.
    func finish() -> ImportBatch
}

extension LayoutRowAssembler {
    /// Folds every row of `table`, mapped by `layout`, into one batch.
    static func read(_ table: CSVTable, layout: Layout, options: ImportOptions) throws(ImportError) -> ImportBatch {
        var assembler = Self(layout: layout, collector: WorkoutCollector(table: table, options: options))
        try assembler.addRows()
        return assembler.finish()
    }
}
