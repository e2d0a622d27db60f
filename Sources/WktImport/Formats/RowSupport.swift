import WktCore

/// A rule broken by one row; the importer adds the file and line.
struct RowError: Error, Equatable {
    /// The rule broken, naming the column and quoting the value.
    var message: String
}

/// Applies `--skip-bad-rows`: without it a bad row rejects the file (docs/reliability.md P5); with it
/// the row is listed in ``skipped`` and the import goes on.
struct RowErrorPolicy {
    /// The file's path, for the error.
    let file: String
    /// Whether bad rows are set aside instead of rejecting the file.
    let skipBadRows: Bool
    /// The rows set aside so far.
    private(set) var skipped: [LineIssue]

    /// Creates a policy; `skipped` starts with the issues the CSV reader already set aside.
    init(file: String, skipBadRows: Bool, alreadySkipped: [LineIssue]) {
        self.file = file
        self.skipBadRows = skipBadRows
        self.skipped = alreadySkipped
    }

    /// Rejects the file, or records the row as skipped.
    mutating func reject(_ error: RowError, line: Int) throws(ImportError) {
        guard skipBadRows else { throw .badData(file: file, line: line, message: error.message) }
        skipped.append(LineIssue(line: line, message: error.message))
    }

    /// The skipped rows in line order.
    var sortedSkipped: [LineIssue] { skipped.sorted { $0.line < $1.line } }
}

/// A CSV header mapped to columns by name, for an importer's layout; every failure is a line-1
/// ``ImportError/badData(file:line:message:)``.
struct HeaderColumns {
    /// The header's names.
    let header: [String]
    /// The file's path, for errors.
    let file: String
    /// The format, as messages name it (`Hevy`, `FitNotes`).
    let format: String
    /// The columns the format cannot do without, as messages list them.
    let requiredNames: [String]

    /// The column named `name`, nil when the header has none.
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// The column named `name`, which must be one of ``requiredNames``.
    func required(_ name: String) throws(ImportError) -> Int {
        guard let index = column(name) else {
            throw fail(
                "the \(format) header lacks the column \"\(name)\" (required: "
                    + requiredNames.joined(separator: ", ") + ")")
        }
        return index
    }

    /// The header's names that are not in `known`, in header order.
    func unknown(_ known: Set<String>) -> [String] { header.filter { !known.contains($0) } }

    /// A line-1 error with `message`.
    func fail(_ message: String) -> ImportError { .badData(file: file, line: 1, message: message) }
}

/// Typed access to the fields of one CSV record; every failure names the column.
struct RowFields {
    /// The table.
    let table: CSVTable
    /// The 0-based data row.
    let row: Int

    /// Whether `82,5` is a decimal (only in `;` files, docs/formats.md §0.4).
    var decimalComma: Bool { table.delimiter == ASCII.semicolon }

    /// The 1-based physical line of the row.
    var line: Int { table.lines[row] }

    /// The raw bytes of a column; empty when the file has no such column.
    func bytes(_ column: Int?) -> ArraySlice<UInt8> {
        guard let column else { return [] }
        return table.bytes(row, column)
    }

    /// The text of a column as written, nil when the column is absent or the field empty.
    func text(_ column: Int?) -> String? {
        guard let column, !table.isEmpty(row, column) else { return nil }
        return table.string(row, column)
    }

    /// A non-negative decimal, nil when absent or empty. `trimmingSpaces` drops the ASCII spaces
    /// around the value first (only Fitbod writes ` 8`, docs/formats.md §8); elsewhere a space is an error.
    func decimal(_ column: Int?, trimmingSpaces: Bool = false) throws(RowError) -> Double? {
        try number(column, trimmingSpaces: trimmingSpaces) { bytes, comma throws(NumberParser.Failure) in
            try NumberParser.decimal(bytes, decimalComma: comma)
        }
    }

    /// A non-negative whole number (`20.0` is 20), nil when absent or empty.
    func integer(_ column: Int?, trimmingSpaces: Bool = false) throws(RowError) -> Int? {
        try number(column, trimmingSpaces: trimmingSpaces) { bytes, comma throws(NumberParser.Failure) in
            try NumberParser.integer(bytes, decimalComma: comma)
        }
    }

    /// Runs a number parser on a column, naming the column in the error.
    private func number<Value>(
        _ column: Int?, trimmingSpaces: Bool,
        _ parse: (ArraySlice<UInt8>, Bool) throws(NumberParser.Failure) -> Value?
    ) throws(RowError) -> Value? {
        guard let column else { return nil }
        var bytes = table.bytes(row, column)
        if trimmingSpaces {
            while bytes.first == ASCII.space { bytes = bytes.dropFirst() }
            while bytes.last == ASCII.space { bytes = bytes.dropLast() }
        }
        do {
            return try parse(bytes, decimalComma)
        } catch {
            throw RowError(message: "\(table.header[column]): \(error.message)")
        }
    }

    /// A decimal where 0 means "not applicable" (Strong A writes `0` for an unused distance).
    func positiveDecimal(_ column: Int?, trimmingSpaces: Bool = false) throws(RowError) -> Double? {
        guard let value = try decimal(column, trimmingSpaces: trimmingSpaces), value > 0 else { return nil }
        return value
    }

    /// A whole number where 0 means "not applicable".
    func positiveInteger(_ column: Int?, trimmingSpaces: Bool = false) throws(RowError) -> Int? {
        guard let value = try integer(column, trimmingSpaces: trimmingSpaces), value > 0 else { return nil }
        return value
    }

    /// RPE: 0 or empty is none; above 10 is an error.
    func rpe(_ column: Int?) throws(RowError) -> Double? {
        guard let column, let value = try positiveDecimal(column) else { return nil }
        guard value <= 10 else {
            throw RowError(message: "\(table.header[column]): RPE '\(table.string(row, column))' is above 10")
        }
        return value
    }

    /// Whether two rows hold the same bytes in a column (true when the column is absent).
    func sameValue(_ column: Int?, asRow other: Int) -> Bool {
        guard let column else { return true }
        return table.bytes(row, column) == table.bytes(other, column)
    }
}

/// Distance units found in exports and headers.
enum DistanceUnit: String, Sendable, CaseIterable {
    /// Kilometres (`km`).
    case kilometres
    /// International miles (`miles`).
    case miles
    /// Metres (`meters` in Strong C headers).
    case metres

    /// Metres per unit (a mile is exactly 1,609.344 m).
    var metres: Double {
        switch self {
        case .kilometres: 1000
        case .miles: 1609.344
        case .metres: 1
        }
    }

    /// Converts a value in this unit to metres rounded to 0.01 m (docs/formats.md §6).
    func toMetres(_ value: Double) -> Double { Measure.roundMetres(value * metres) }

    /// Parses a unit as exports and headers spell it (`km`, `miles`, `mi`, `meters`, `m`).
    init?(text: String) {
        switch text {
        case "km": self = .kilometres
        case "miles", "mile", "mi": self = .miles
        case "meters", "metres", "m": self = .metres
        default: return nil
        }
    }
}

extension WeightUnit {
    /// Parses a weight unit as exports and headers spell it (`kg`, `kgs`, `lbs`, `lb`).
    init?(exportText text: String) {
        switch text {
        case "kg", "kgs": self = .kg
        case "lb", "lbs": self = .lb
        default: return nil
        }
    }
}

/// Appends note text to an existing note, separated by a blank line.
func joinedNote(_ existing: String?, _ added: String?) -> String? {
    guard let added else { return existing }
    guard let existing else { return added }
    return existing + "\n\n" + added
}
