import WktCore

/// The header dialects of Strong CSV exports (docs/formats.md §1.1). The raw value follows the
/// batch's format id: `strong/A`, `strong/Aprime` (A′), `strong/A-de`, …
public enum StrongDialect: String, Sendable, CaseIterable {
    /// 2016–17: `kg`/`km` headers, 0-based Set Order, CRLF.
    case l0 = "L0"
    /// ≈2019: no Duration, no RPE.
    case l1 = "L1"
    /// Late 2019: no Duration, with RPE.
    case l2 = "L2"
    /// 2020 → 2026, comma-separated, no unit anywhere.
    case a = "A"
    /// A without the two notes columns.
    case aPrime = "Aprime"
    /// A with German column names.
    case aGerman = "A-de"
    /// `;` with per-row unit columns, no duration.
    case b0 = "B0"
    /// `;` with per-row unit columns and `Workout Duration`.
    case b = "B"
    /// `;`, every field quoted, `Workout #`, kg and metres in the header.
    case c = "C"

    /// The batch's format id (`strong/C`).
    public var formatID: String { "strong/" + rawValue }
}

/// The fields of a Strong row, whatever the column is called.
enum StrongField: Int, CaseIterable {
    /// `Workout #` (C only; a cross-check, never the key).
    case workoutNumber
    /// The start wall time.
    case date
    /// The workout name.
    case workoutName
    /// The workout duration (tokens, or seconds in C).
    case duration
    /// The exercise name.
    case exercise
    /// `Set Order`.
    case setOrder
    /// The weight.
    case weight
    /// The per-row weight unit (B0, B).
    case weightUnit
    /// Repetitions.
    case reps
    /// The distance.
    case distance
    /// The per-row distance unit (B0, B).
    case distanceUnit
    /// Seconds of a timed set (or of a rest on rest rows).
    case seconds
    /// Rate of perceived exertion.
    case rpe
    /// The exercise note (A, B, L) or the `Note` row text (C).
    case notes
    /// The workout note.
    case workoutNotes
}

/// Where a Strong file's weight or distance unit comes from (docs/formats.md §1.5).
enum UnitSource<Unit: Sendable & Equatable>: Sendable, Equatable {
    /// Written in the header (`kg`, `Weight (kg)`, `Distance (meters)`).
    case header(Unit)
    /// Given on every row in a unit column (B0, B).
    case perRow
    /// Not in the file: the user's display setting (A, A′, A-de, L1, L2).
    case userSetting
}

/// A Strong header mapped by name through the alias table: column indices per field, the units,
/// the dialect, and the columns it does not know.
struct StrongLayout {
    /// Column index per ``StrongField`` raw value, nil when absent.
    private let indices: [Int?]
    /// The dialect by §1.7.
    let dialect: StrongDialect
    /// Where weights get their unit.
    let weightUnit: UnitSource<WeightUnit>
    /// Where distances get their unit.
    let distanceUnit: UnitSource<DistanceUnit>
    /// Whether the duration column holds integer seconds (`Duration (sec)`, C) rather than tokens.
    let durationInSeconds: Bool
    /// Header names that map to no field, in header order.
    let unknownColumns: [String]

    /// The column of a field.
    subscript(_ field: StrongField) -> Int? { indices[field.rawValue] }

    /// Which optional fields the file carries; a re-import keeps stored values of the others.
    var carried: CarriedFields {
        var fields: CarriedFields = []
        if self[.workoutNotes] != nil { fields.insert(.workoutNotes) }
        if self[.notes] != nil { fields.insert(.exerciseNotes) }
        if self[.duration] != nil { fields.insert(.duration) }
        if self[.rpe] != nil { fields.insert(.rpe) }
        return fields
    }

    /// One alias: a header name, its field, whether it is German, and a unit the name implies.
    private struct Alias {
        let name: String
        let field: StrongField
        var german = false
    }

    /// Every header name seen in a real Strong export or reported by another importer (§1.1, §1.2).
    private static let aliases: [Alias] = [
        Alias(name: "Workout #", field: .workoutNumber),
        Alias(name: "Date", field: .date), Alias(name: "Datum", field: .date, german: true),
        Alias(name: "Workout Name", field: .workoutName),
        Alias(name: "Workout-Name", field: .workoutName, german: true),
        Alias(name: "Duration", field: .duration), Alias(name: "Workout Duration", field: .duration),
        Alias(name: "Duration (sec)", field: .duration), Alias(name: "Dauer", field: .duration, german: true),
        Alias(name: "Workout-Dauer", field: .duration, german: true),
        Alias(name: "Exercise Name", field: .exercise),
        Alias(name: "Name der Übung", field: .exercise, german: true),
        Alias(name: "Set Order", field: .setOrder),
        Alias(name: "Reihenfolge festlegen", field: .setOrder, german: true),
        Alias(name: "Weight", field: .weight), Alias(name: "kg", field: .weight),
        Alias(name: "Gewicht", field: .weight, german: true),
        Alias(name: "Weight Unit", field: .weightUnit),
        Alias(name: "Reps", field: .reps), Alias(name: "Wiederh.", field: .reps, german: true),
        Alias(name: "Distance", field: .distance), Alias(name: "km", field: .distance),
        Alias(name: "Entfernung", field: .distance, german: true),
        Alias(name: "Distance Unit", field: .distanceUnit),
        Alias(name: "Seconds", field: .seconds), Alias(name: "Sekunden", field: .seconds, german: true),
        Alias(name: "RPE", field: .rpe),
        Alias(name: "Notes", field: .notes), Alias(name: "Notizen", field: .notes, german: true),
        Alias(name: "Workout Notes", field: .workoutNotes),
        Alias(name: "Workout-Notizen", field: .workoutNotes, german: true),
    ]

    /// The header names of the date column (§1.7 step 1).
    static let dateNames = ["Date", "Datum"]
    /// The header names of the exercise-name column (§1.7 step 1).
    static let exerciseNames = ["Exercise Name", "Name der Übung"]

    /// Whether a header is a Strong header: an exercise-name and a date column (§1.7 step 1).
    static func matches(header: [String]) -> Bool {
        header.contains { dateNames.contains($0) } && header.contains { exerciseNames.contains($0) }
    }

    /// Maps a header.
    ///
    /// - Throws: a line-1 ``ImportError/badData(file:line:message:)`` when the date or exercise
    ///   column is missing (listing the accepted names), when two columns give the same field, or
    ///   when a `Weight (…)`/`Distance (…)` header names an unknown unit.
    init(header: [String], file: String) throws(ImportError) {
        func fail(_ message: String) -> ImportError { .badData(file: file, line: 1, message: message) }
        var indices = [Int?](repeating: nil, count: StrongField.allCases.count)
        var german = false
        var weightFromHeader: WeightUnit?
        var distanceFromHeader: DistanceUnit?
        var durationInSeconds = false
        var unknown: [String] = []
        for (column, name) in header.enumerated() {
            var field: StrongField
            if let alias = StrongLayout.aliases.first(where: { $0.name == name }) {
                field = alias.field
                german = german || alias.german
                if name == "kg" { weightFromHeader = .kg }
                if name == "km" { distanceFromHeader = .kilometres }
                if name == "Duration (sec)" { durationInSeconds = true }
            } else if let unit = StrongLayout.parenthesised(name, prefix: "Weight (") {
                guard let parsed = WeightUnit(exportText: unit) else {
                    throw fail("the column \"\(name)\" names an unknown weight unit (expected kg or lbs)")
                }
                field = .weight
                weightFromHeader = parsed
            } else if let unit = StrongLayout.parenthesised(name, prefix: "Distance (") {
                guard let parsed = DistanceUnit(text: unit) else {
                    throw fail("the column \"\(name)\" names an unknown distance unit (expected meters, km or miles)")
                }
                field = .distance
                distanceFromHeader = parsed
            } else {
                unknown.append(name)
                continue
            }
            if let earlier = indices[field.rawValue] {
                throw fail("the columns \"\(header[earlier])\" and \"\(name)\" hold the same field")
            }
            indices[field.rawValue] = column
        }
        func has(_ field: StrongField) -> Bool { indices[field.rawValue] != nil }
        guard has(.date), has(.exercise) else {
            let expected = (StrongLayout.dateNames + StrongLayout.exerciseNames).map { "\"\($0)\"" }
            throw fail(
                "not a complete Strong header: it needs a date and an exercise-name column ("
                    + expected.joined(separator: ", ") + ")")
        }
        let dialect: StrongDialect
        if has(.workoutNumber) {
            dialect = .c
        } else if has(.weightUnit) {
            dialect = has(.duration) ? .b : .b0
        } else if weightFromHeader == .kg && header.contains("kg") {
            dialect = .l0
        } else if german {
            dialect = .aGerman
        } else if has(.duration) {
            dialect = has(.notes) || has(.workoutNotes) ? .a : .aPrime
        } else {
            dialect = has(.rpe) ? .l2 : .l1
        }
        self.indices = indices
        self.dialect = dialect
        self.weightUnit = weightFromHeader.map { .header($0) } ?? (has(.weightUnit) ? .perRow : .userSetting)
        self.distanceUnit = distanceFromHeader.map { .header($0) } ?? (has(.distanceUnit) ? .perRow : .userSetting)
        self.durationInSeconds = durationInSeconds
        self.unknownColumns = unknown
    }

    /// `kg` for `Weight (kg)` with prefix `Weight (`; nil when the name has another shape.
    private static func parenthesised(_ name: String, prefix: String) -> String? {
        guard name.hasPrefix(prefix), name.hasSuffix(")"), name.count > prefix.count + 1 else { return nil }
        return String(name.dropFirst(prefix.count).dropLast())
    }
}

/// What a Strong `Set Order` value says (docs/formats.md §1.4).
enum StrongSetOrder: Equatable {
    /// A real set of this kind.
    case set(SetKind)
    /// A `Rest Timer`/`Ruhezeit` pseudo-row: counted, never stored.
    case rest
    /// A `Note` pseudo-row (C): the exercise note.
    case note

    /// Parses a value; `zeroBased` is true for L0, whose ordinals start at 0.
    static func parse(_ bytes: ArraySlice<UInt8>, zeroBased: Bool) throws(RowError) -> StrongSetOrder {
        // Only a field starting with a digit can be an ordinal: trying `W` or `Rest Timer` as a number
        // first built a failure message per row (7 % of a Strong import, measured with callgrind).
        if let first = bytes.first, ASCII.isDigit(first),
            let ordinal = try? NumberParser.integer(bytes, decimalComma: false), ordinal >= (zeroBased ? 0 : 1)
        {
            return .set(.normal)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        switch text {
        case "W", "WARM_UP": return .set(.warmup)
        case "D", "DROP_SET": return .set(.drop)
        case "F", "FAILURE": return .set(.failure)
        case "Rest Timer", "Ruhezeit": return .rest
        case "Note": return .note
        default:
            throw RowError(
                message: "unknown Set Order '\(text)' (expected \(zeroBased ? "0" : "1")…n, W, D, F, WARM_UP, "
                    + "FAILURE, DROP_SET, Rest Timer, Ruhezeit or Note)")
        }
    }
}
