import WktCore

/// The columns of a StrongLifts 5×5 export other than the `Set N` pairs (docs/formats.md §9).
enum StrongLiftsColumn: CaseIterable {
    case date, workout, workoutName, programName, bodyWeight, exercise, setsReps, setsTime, topSet, e1RM, reps, volume
    case workoutVolume, duration, startTime, endTime, notes

    /// The spellings StrongLifts writes, the first as messages name the column. Columns holding
    /// StrongLifts' own derived numbers exist in a KG and an LB spelling; `Body Weight (KG)` stays
    /// in kg in pound exports.
    var spellings: [String] {
        switch self {
        case .date: ["Date (yyyy/mm/dd)"]
        case .workout: ["Workout"]
        case .workoutName: ["Workout Name"]
        case .programName: ["Program Name"]
        case .bodyWeight: ["Body Weight (KG)"]
        case .exercise: ["Exercise"]
        case .setsReps: ["Sets×Reps"]
        case .setsTime: ["Sets×Time"]
        case .topSet: ["Top Set (Reps×KG)", "Top Set (Reps×LB)"]
        case .e1RM: ["e1RM (KG)", "e1RM (LB)"]
        case .reps: ["Reps"]
        case .volume: ["Volume (KG)", "Volume (LB)"]
        case .workoutVolume: ["Workout Volume (KG)", "Workout Volume (LB)"]
        case .duration: ["Duration (hours)"]
        case .startTime: ["Start Time (h:mm)"]
        case .endTime: ["End Time (h:mm)"]
        case .notes: ["Notes"]
        }
    }

    /// The columns a StrongLifts import cannot do without.
    static let required: [StrongLiftsColumn] = [.date, .workout, .exercise]
}

/// A StrongLifts header mapped by normalised name (docs/formats.md §9): names match after
/// ``normalize(_:)``, so `SetsxReps`, `e1RM  (KG)` and ` Set 1 (KG)` are the columns StrongLifts
/// spells `Sets×Reps`, `e1RM (KG)` and `Set 1 (KG)`; the count is strict: every column at most
/// once, and the set columns exactly the pairs `Set N (Reps)`, `Set N (KG|LB)` for N = 1, 2, 3 …
struct StrongLiftsLayout {
    /// The columns of one set slot.
    struct SetPair: Equatable {
        /// `Set N (Reps)`.
        let reps: Int
        /// `Set N (KG)` or `Set N (LB)`, the column right after ``reps``.
        let weight: Int
    }

    /// The columns found, by field.
    private let columns: [StrongLiftsColumn: Int]
    /// The set slots in order (at least one).
    let pairs: [SetPair]
    /// The unit of every `Set N` weight column.
    let unit: WeightUnit
    /// Header names that map to nothing, in header order.
    let unknownColumns: [String]

    /// The column of a field, nil when the header has none.
    subscript(_ column: StrongLiftsColumn) -> Int? { columns[column] }

    /// `date`, `workout` and `exercise`, which ``init(header:file:)`` has checked are present.
    var date: Int { columns[.date] ?? 0 }
    var workout: Int { columns[.workout] ?? 0 }
    var exercise: Int { columns[.exercise] ?? 0 }

    /// A header name as compared: spaces trimmed, runs of spaces collapsed to one, case folded,
    /// `×` read as `x`.
    static func normalize(_ name: String) -> String {
        let folded = name.replacingOccurrences(of: "×", with: "x").lowercased()
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a normalised set column name says: its slot number and whether it holds reps or a
    /// weight in a unit; nil when the name is no set column.
    static func setColumn(_ normalized: String) -> (number: Int, unit: WeightUnit?)? {
        guard normalized.hasPrefix("set "), normalized.hasSuffix(")") else { return nil }
        let parts = normalized.dropFirst(4).dropLast().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("("), let number = ASCIIDigits.int(parts[0].utf8), number > 0
        else { return nil }
        switch parts[1].dropFirst() {
        case "reps": return (number, nil)
        case "kg": return (number, .kg)
        case "lb": return (number, .lb)
        default: return nil
        }
    }

    /// Whether a header is StrongLifts': it has the date, `Workout` and `Exercise` columns and a
    /// `Set 1 (Reps)`, `Set 1 (KG|LB)` pair.
    static func matches(header: [String]) -> Bool {
        let names = Set(header.map(normalize))
        let needed = StrongLiftsColumn.required.map { normalize($0.spellings[0]) }
        return needed.allSatisfy(names.contains) && names.contains("set 1 (reps)")
            && (names.contains("set 1 (kg)") || names.contains("set 1 (lb)"))
    }

    /// Maps a header.
    ///
    /// - Throws: a line-1 ``ImportError/badData(file:line:message:)`` for two columns with one
    ///   normalised name, a missing required column, set columns that are not consecutive
    ///   `Set N (Reps)`, `Set N (KG|LB)` pairs from 1, or pairs in both KG and LB.
    init(header: [String], file: String) throws(ImportError) {
        func fail(_ message: String) -> ImportError { .badData(file: file, line: 1, message: message) }
        let normalized = header.map(Self.normalize)
        var firstIndex: [String: Int] = [:]
        for (index, name) in normalized.enumerated() {
            if let earlier = firstIndex[name] {
                throw fail(
                    "the StrongLifts header has the column \"\(header[earlier])\" twice (again as "
                        + "\"\(header[index])\"); names are compared without case, extra spaces or the difference "
                        + "between × and x")
            }
            firstIndex[name] = index
        }
        var columns: [StrongLiftsColumn: Int] = [:]
        var known = Set<Int>()
        for column in StrongLiftsColumn.allCases {
            let found = column.spellings.compactMap { firstIndex[Self.normalize($0)] }
            guard let index = found.first else { continue }
            if found.count > 1 {
                throw fail(
                    "the StrongLifts header has both \"\(header[found[0]])\" and \"\(header[found[1]])\"; "
                        + "an export has one of them")
            }
            columns[column] = index
            known.insert(index)
        }
        for column in StrongLiftsColumn.required where columns[column] == nil {
            throw fail(
                "the StrongLifts header lacks the column \"\(column.spellings[0])\" (required: "
                    + StrongLiftsColumn.required.map { $0.spellings[0] }.joined(separator: ", ") + ", and set columns)")
        }
        let (pairs, unit) = try Self.setPairs(header: header, normalized: normalized, fail: fail)
        self.columns = columns
        self.pairs = pairs
        self.unit = unit
        known.formUnion(pairs.flatMap { [$0.reps, $0.weight] })
        unknownColumns = header.indices.filter { !known.contains($0) }.map { header[$0] }
    }

    /// The `Set N` pairs of a header and their unit.
    private static func setPairs(
        header: [String], normalized: [String], fail: (String) -> ImportError
    ) throws(ImportError) -> ([SetPair], WeightUnit) {
        let expected = "the StrongLifts set columns must be pairs \"Set N (Reps)\", \"Set N (KG)\" (or \"(LB)\") "
            + "side by side for N = 1, 2, 3 …"
        var pairs: [SetPair] = []
        var units: [(unit: WeightUnit, column: Int)] = []
        var pendingReps: Int?
        for (index, name) in normalized.enumerated() {
            guard name.hasPrefix("set "), name.dropFirst(4).first?.isNumber == true else {
                if let reps = pendingReps {
                    throw fail(expected + "; \"\(header[reps])\" is not followed by its weight column")
                }
                continue
            }
            guard let (number, unit) = setColumn(name) else {
                throw fail(
                    "the StrongLifts header column \"\(header[index])\" is no set column it can read; " + expected)
            }
            let slot = "\"Set \(pairs.count + 1) "
            let wanted = pendingReps == nil ? slot + "(Reps)\"" : slot + "(KG)\" or " + slot + "(LB)\""
            guard number == pairs.count + 1, (unit == nil) == (pendingReps == nil) else {
                throw fail(expected + "; found \"\(header[index])\" where \(wanted) belongs")
            }
            if let unit, let reps = pendingReps {
                pairs.append(SetPair(reps: reps, weight: index))
                units.append((unit, index))
                pendingReps = nil
            } else {
                pendingReps = index
            }
        }
        if let reps = pendingReps {
            throw fail(expected + "; \"\(header[reps])\" is not followed by its weight column")
        }
        guard let first = units.first else {
            throw fail(
                "the StrongLifts header has no set columns: \"Set 1 (Reps)\" with \"Set 1 (KG)\" or \"Set 1 (LB)\"")
        }
        if let other = units.first(where: { $0.unit != first.unit }) {
            throw fail(
                "the StrongLifts set columns mix units: \"\(header[first.column])\" and \"\(header[other.column])\"; "
                    + "an export writes every set weight in KG or every one in LB")
        }
        return (pairs, first.unit)
    }

    /// `stronglifts/kg` or `stronglifts/lb`.
    var formatID: String { "stronglifts/" + unit.rawValue }

    /// Workout notes (from `Notes` or `Program Name`) and the duration (from `Duration (hours)` or
    /// both clock times), when the header has their columns.
    var carried: CarriedFields {
        var fields: CarriedFields = []
        if self[.notes] != nil || self[.programName] != nil { fields.insert(.workoutNotes) }
        if self[.duration] != nil || (self[.startTime] != nil && self[.endTime] != nil) { fields.insert(.duration) }
        return fields
    }
}
