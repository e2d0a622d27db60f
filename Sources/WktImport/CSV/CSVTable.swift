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
    private let storage: [UInt8]
    private let ends: [Int]

    /// Creates a table from the reader's flat storage.
    init(
        file: String, delimiter: UInt8, header: [String], lines: [Int], storage: [UInt8], ends: [Int],
        skipped: [LineIssue]
    ) {
        self.file = file
        self.delimiter = delimiter
        self.header = header
        self.lines = lines
        self.storage = storage
        self.ends = ends
        self.skipped = skipped
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
