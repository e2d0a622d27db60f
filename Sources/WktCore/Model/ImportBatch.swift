/// Weight units found in exports.
public enum WeightUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case kg, lb

    /// Kilograms per pound, exact by definition.
    public static let kilogramsPerPound = 0.45359237

    /// Converts a value in this unit to kilograms rounded to 0.001 (docs/formats.md §6).
    public func toKilograms(_ value: Double) -> Double {
        switch self {
        case .kg: return Measure.roundKg(value)
        case .lb: return Measure.roundKg(value * WeightUnit.kilogramsPerPound)
        }
    }
}

/// Rounding rules shared by every importer and the store.
public enum Measure {
    /// Rounds kilograms to 0.001 (so Strong C's `22.6796185` and A's `50` lb both give 22.680).
    public static func roundKg(_ kg: Double) -> Double { (kg * 1000).rounded() / 1000 }
    /// Rounds metres to 0.01.
    public static func roundMetres(_ m: Double) -> Double { (m * 100).rounded() / 100 }
}

/// Optional fields a file can or cannot carry. When a re-import of a workout comes from a file
/// that does not carry a field (Strong A′ has no notes columns), the stored value is kept.
public struct CarriedFields: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let workoutNotes = CarriedFields(rawValue: 1 << 0)
    public static let exerciseNotes = CarriedFields(rawValue: 1 << 1)
    public static let duration = CarriedFields(rawValue: 1 << 2)
    public static let rpe = CarriedFields(rawValue: 1 << 3)
    /// ``ExerciseBlock/category``: only FitNotes files carry it, and only FitNotes workouts have
    /// one, so it is not part of ``all``; a batch without it keeps a stored FitNotes workout's
    /// categories (a wkt JSON export does not write them).
    public static let category = CarriedFields(rawValue: 1 << 4)
    /// Every optional field of every source (not ``category``).
    public static let all: CarriedFields = [.workoutNotes, .exerciseNotes, .duration, .rpe]
}

/// A problem with one line of an input file.
public struct LineIssue: Sendable, Hashable, CustomStringConvertible {
    /// 1-based physical line number (for a quoted multi-line record, the line it starts on).
    public var line: Int
    /// What rule was broken, in words a user can act on.
    public var message: String

    /// Creates an issue; the message is made one printable line of at most 2,000 characters
    /// (docs/reliability.md A-09: it may quote hostile fields, and it reaches stderr and `--json`).
    public init(line: Int, message: String) {
        self.line = line
        self.message = MessageText.oneLine(message)
    }

    public var description: String { "line \(line): \(message)" }
}

/// The identity of a workout in the store: its app and the app's stable key (docs/formats.md §6).
public struct WorkoutIdentity: Sendable, Hashable {
    /// The app that wrote the workout.
    public var source: WorkoutSource
    /// Its stable key within that app (``Workout/sourceKey``).
    public var sourceKey: String

    /// Creates an identity.
    public init(source: WorkoutSource, sourceKey: String) { (self.source, self.sourceKey) = (source, sourceKey) }

    /// The identity of `workout`.
    public init(of workout: Workout) {
        self.init(source: workout.source, sourceKey: workout.sourceKey)
    }
}

/// A warning about one workout of a file (a long duration, a start after today, a start moved
/// out of a daylight-saving gap, a duplicate). `wkt-site import` prints it only when the import
/// adds or changes that workout (docs/formats.md §6.3).
public struct WorkoutWarning: Sendable, Hashable {
    /// The workout the warning is about.
    public var workout: WorkoutIdentity
    /// The warning, one line.
    public var message: String

    /// Creates a warning about the workout with identity `workout`.
    public init(workout: WorkoutIdentity, message: String) { (self.workout, self.message) = (workout, message) }
}

/// The result of reading one export file: what the store should contain for it.
public struct ImportBatch: Sendable {
    /// The file's path as given by the user.
    public var file: String
    /// Format id (`strong`, `hevy`, …) and, after a slash, the dialect (`strong/C`).
    public var format: String
    /// The weight unit assumed because the file has none (nil when the file says).
    public var unitAssumed: WeightUnit?
    /// The workouts, in file order.
    public var workouts: [Workout]
    /// Which optional fields this file carries.
    public var carried: CarriedFields
    /// Rows that were skipped under `--skip-bad-rows`, with why.
    public var skipped: [LineIssue]
    /// Pseudo-rows dropped by rule (rest timers); counted, never stored.
    public var pseudoRows: Int
    /// File-level warnings about data of the file that was left out (an unknown column, a
    /// bodyweight that is not plausible, sets not marked completed), one line each: printed on
    /// every import of the file, because that data is still not in the store (docs/formats.md §6.3).
    public var warnings: [String]
    /// Warnings about one workout each (absurd durations, future dates, DST gaps, duplicates):
    /// printed only when the import adds or changes that workout (docs/formats.md §6.3).
    public var workoutWarnings: [WorkoutWarning] = []
    /// File-level remarks about how the stored data was read (the weights look like pounds,
    /// rows repaired, control characters replaced): printed only when the import adds or changes
    /// something from the file (docs/formats.md §6.3).
    public var readingWarnings: [String] = []
    /// A schedule found in the file (wkt JSON, Gym-Baazi).
    public var schedule: Schedule?
    /// The steps of the values this file wrote coarsely, by workout ``Workout/sourceKey``; a
    /// workout without an entry is written exactly (docs/formats.md §6.2).
    public var steps: [String: ValueSteps]
    /// Bodyweight measurements found in the file (docs/formats.md §10),
    /// each plausible (``BodyMeasurement/problem(withKilograms:)``); the store keeps one per day
    /// and source, the last one winning.
    public var body: [BodyMeasurement] = []

    /// Creates a batch.
    public init(
        file: String, format: String, unitAssumed: WeightUnit? = nil, workouts: [Workout] = [],
        carried: CarriedFields = .all, skipped: [LineIssue] = [], pseudoRows: Int = 0,
        warnings: [String] = [], workoutWarnings: [WorkoutWarning] = [], readingWarnings: [String] = [],
        schedule: Schedule? = nil, steps: [String: ValueSteps] = [:]
    ) {
        self.file = file
        self.format = format
        self.unitAssumed = unitAssumed
        self.workouts = workouts
        self.carried = carried
        self.skipped = skipped
        self.pseudoRows = pseudoRows
        self.warnings = warnings
        self.workoutWarnings = workoutWarnings
        self.readingWarnings = readingWarnings
        self.schedule = schedule
        self.steps = steps
    }

    /// Every warning's message: the file-level ones, then the reading remarks, then the
    /// per-workout ones.
    public var allWarnings: [String] { warnings + readingWarnings + workoutWarnings.map(\.message) }

    /// Makes every message one printable line with quoted values cut (docs/reliability.md A-09).
    public mutating func cleanWarnings() {
        warnings = warnings.map { MessageText.oneLine($0) }
        readingWarnings = readingWarnings.map { MessageText.oneLine($0) }
        for index in workoutWarnings.indices {
            workoutWarnings[index].message = MessageText.oneLine(workoutWarnings[index].message)
        }
    }

    /// Number of stored sets in the batch.
    public var setCount: Int { workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } } }
}
