import WktCore

/// The data records of a CSV file, every one as wide as the header, with the physical line each
/// starts on. Field values are kept as UTF-8 bytes; ``string(_:_:)`` decodes on demand and
/// ``bytes(_:_:)`` lets number parsers work without building strings.
public struct CSVTable: Sendable {
    /// The file's path as given by the user.
    public let file: String
    /// The delimiter: `,` or `;`.
    public let delimiter: UInt8
    /// The header's column names.
    public let header: [String]
    /// The 1-based physical line each data record starts on.
    public let lines: [Int]
    /// Ragged rows left out because the caller tolerated them.
    public let skipped: [LineIssue]
    /// Rows wider than the header, set aside whole for the importer to repair (only when the reader
    /// was asked to keep them); not part of ``rowCount``.
    public let wideRows: [CSVWideRecord]
    private let storage: [UInt8]
    private let ends: [Int]

    /// Creates a table from the reader's flat storage.
    init(
        file: String, delimiter: UInt8, header: [String], lines: [Int], storage: [UInt8], ends: [Int],
        skipped: [LineIssue], wideRows: [CSVWideRecord] = []
    ) {
        self.file = file
        self.delimiter = delimiter
        self.header = header
        self.lines = lines
        self.storage = storage
        self.ends = ends
        self.skipped = skipped
        self.wideRows = wideRows
    }

    /// The table with `repaired` records put back among the rows in line order, no wide rows left,
    /// and `skipped` as its skipped rows (the reader's plus the wide rows the importer set aside).
    /// Each record must be as wide as the header (the importer's repair guarantees it).
    func inserting(_ repaired: [CSVWideRecord], skipped: [LineIssue]) -> CSVTable {
        let added = repaired.sorted { $0.line < $1.line }
        var newLines: [Int] = []
        var newStorage: [UInt8] = []
        var newEnds: [Int] = []
        newLines.reserveCapacity(lines.count + added.count)
        newStorage.reserveCapacity(storage.count + added.reduce(0) { $0 + $1.fields.reduce(0) { $0 + $1.utf8.count } })
        newEnds.reserveCapacity(ends.count + added.count * header.count)
        var next = 0
        func append(_ record: CSVWideRecord) {
            for field in record.fields {
                newStorage.append(contentsOf: field.utf8)
                newEnds.append(newStorage.count)
            }
            newLines.append(record.line)
        }
        for row in 0..<rowCount {
            while next < added.count, added[next].line < lines[row] {
                append(added[next])
                next += 1
            }
            for column in 0..<header.count {
                newStorage.append(contentsOf: bytes(row, column))
                newEnds.append(newStorage.count)
            }
            newLines.append(lines[row])
        }
        for record in added[next...] { append(record) }
        return CSVTable(
            file: file, delimiter: delimiter, header: header, lines: newLines, storage: newStorage, ends: newEnds,
            skipped: skipped)
    }

    /// Number of data records.
    public var rowCount: Int { lines.count }

    /// The raw bytes of one field.
    public func bytes(_ row: Int, _ column: Int) -> ArraySlice<UInt8> {
        let k = row * header.count + column
        return storage[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
    }

    /// One field as text.
    public func string(_ row: Int, _ column: Int) -> String {
        String(decoding: bytes(row, column), as: UTF8.self)
    }

    /// One record's fields as text.
    public func record(_ row: Int) -> [String] {
        (0..<header.count).map { string(row, $0) }
    }

    /// Whether a field is empty.
    public func isEmpty(_ row: Int, _ column: Int) -> Bool { bytes(row, column).isEmpty }
}

/// A record with more fields than the header, kept whole by
/// ``CSVReader/readRecords(tolerateRaggedRows:keepingWideRows:)``.
public struct CSVWideRecord: Sendable, Hashable {
    /// The 1-based physical line the record starts on.
    public let line: Int
    /// Every field of the record, in file order.
    public let fields: [String]

    /// Creates a record.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
