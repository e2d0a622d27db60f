import WktCore

/// A strict RFC 4180 CSV reader over UTF-8 bytes, with physical line numbers.
///
/// Why our own reader: the Swift CSV libraries accept broken files silently (docs/reliability.md P5,
/// measured with SwiftCSV 0.10.0 and CSV.swift 2.5.2): an unterminated quote swallows the rest of
/// the file into one field, a short row comes back short, a `;` file's `82,5` is split in two,
/// CSV.swift keeps a BOM in the first header name. This reader instead:
///
/// * strips a UTF-8 BOM and rejects UTF-16/UTF-32, invalid UTF-8 (Windows-1252 bytes) and NUL bytes
///   with a message naming the encoding problem (I-17);
/// * accepts LF and CRLF line ends (CRLF inside a quoted field is stored as LF, so a CRLF file and
///   its LF twin give the same values, I-01) and a last record without a final line break (I-06);
/// * reads quoted fields with the delimiter, `""` escapes and real newlines (I-03);
/// * fails with the line of the opening quote on an unterminated quote (I-05), on a quote inside an
///   unquoted field, on a stray character after a closing quote and on a bare CR;
/// * checks every record's field count against the header's (I-07; a ragged row can instead be set
///   aside when the caller tolerates bad rows, and a row wider than the header handed whole to an
///   importer that repairs it, for FitNotes' unquoted commas);
/// * sniffs the delimiter from line 1: `;` when it occurs more often than `,` (docs/formats.md §0.3);
/// * caps the file size and the record count (I-20).
///
/// Blank lines at the very end of the file are ignored; anywhere else a blank line is a record
/// with one empty field, so in a multi-column file it is a ragged row.
///
/// The scan works on the byte buffer directly (no per-character `String` work); field bytes are
/// copied once into a flat store and turned into `String`s only when an importer asks for text.
public struct CSVReader: Sendable {
    /// The file's path as given by the user, for messages.
    public let file: String
    /// The delimiter sniffed from line 1: `,` or `;`.
    public let delimiter: UInt8
    /// The header's column names, in file order.
    public let header: [String]
    private let bytes: [UInt8]
    private let limits: CSVLimits
    private let bodyStart: Int
    private let bodyLine: Int

    /// Checks the size, the encoding and the header of a CSV file.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the path to name in errors.
    ///   - limits: the size and record caps.
    /// - Throws: ``ImportError/badData(file:line:message:)`` for a file over the size cap, a wrong
    ///   encoding, an empty file, a broken header record or a duplicate column name.
    public init(bytes: [UInt8], file: String, limits: CSVLimits = .standard) throws(ImportError) {
        guard bytes.count <= limits.maxBytes else {
            throw .badData(
                file: file, line: nil,
                message: "the file has \(bytes.count) bytes; the limit is \(limits.maxBytes) bytes")
        }
        let start = bytes.starts(with: TextEncodingCheck.utf8BOM) ? 3 : 0
        let problem: (TextEncodingCheck.Problem, Int)? = bytes.withUnsafeBufferPointer { p in
            if let bom = TextEncodingCheck.byteOrderMarkProblem(p) { return (bom, 1) }
            if let bad = TextEncodingCheck.utf8Problem(p, from: start) {
                return (bad, TextEncodingCheck.line(of: bad.offset, in: p))
            }
            return nil
        }
        if let (issue, line) = problem { throw .badData(file: file, line: line, message: issue.message) }
        let delimiter = CSVReader.sniffDelimiter(bytes, from: start)
        var scanner = RecordScanner(delimiter: delimiter, position: start, line: 1)
        let found = try bytes.withUnsafeBufferPointer { p throws(ImportError) in
            try scanner.next(p, file: file)
        }
        guard found else { throw .badData(file: file, line: nil, message: "the file is empty: there is no header line") }
        guard !(scanner.ends.count == 1 && scanner.ends[0] == 0) else {
            throw .badData(file: file, line: 1, message: "line 1 is blank: the header must be the first line")
        }
        let header = scanner.fieldStrings()
        var seen = Set<String>()
        for name in header where !seen.insert(name).inserted {
            throw .badData(file: file, line: 1, message: "the header names the column \"\(name)\" twice")
        }
        self.file = file
        self.delimiter = delimiter
        self.header = header
        self.bytes = bytes
        self.limits = limits
        self.bodyStart = scanner.position
        self.bodyLine = scanner.line
    }

    /// Reads every data record after the header.
    ///
    /// - Parameters:
    ///   - tolerateRaggedRows: when true, a record whose field count differs from the header's is
    ///     left out and listed in ``CSVTable/skipped``; when false it is an error.
    ///   - keepingWideRows: when true, a record with *more* fields than the header is neither an
    ///     error nor skipped: it is set aside whole in ``CSVTable/wideRows`` for an importer that can
    ///     repair it (FitNotes does not quote exercise names holding commas, docs/formats.md §3). Short
    ///     records still follow `tolerateRaggedRows`. Only an importer that repairs or rejects every
    ///     wide row may ask for this.
    /// - Returns: the records with their physical start lines.
    /// - Throws: ``ImportError/badData(file:line:message:)`` naming the line of a quoting error, a
    ///   ragged row (unless tolerated or kept) or the record that exceeds the cap.
    public func readRecords(tolerateRaggedRows: Bool = false, keepingWideRows: Bool = false) throws(ImportError) -> CSVTable {
        let width = header.count
        var scanner = RecordScanner(delimiter: delimiter, position: bodyStart, line: bodyLine)
        scanner.storage.reserveCapacity(bytes.count)
        scanner.ends.reserveCapacity(bytes.count / 4)
        var lines: [Int] = []
        var skipped: [LineIssue] = []
        var wideRows: [CSVWideRecord] = []
        var records = 0
        try bytes.withUnsafeBufferPointer { p throws(ImportError) in
            while true {
                let recordLine = scanner.line
                let storageMark = scanner.storage.count
                let endsMark = scanner.ends.count
                guard try scanner.next(p, file: file) else { break }
                records += 1
                guard records <= limits.maxRecords else {
                    throw .badData(
                        file: file, line: recordLine,
                        message: "the file has more than \(limits.maxRecords) rows, the limit")
                }
                let count = scanner.ends.count - endsMark
                if count > width && keepingWideRows {
                    wideRows.append(CSVWideRecord(line: recordLine, fields: scanner.fieldStrings(from: endsMark)))
                    scanner.storage.removeSubrange(storageMark...)
                    scanner.ends.removeSubrange(endsMark...)
                    continue
                }
                if count != width {
                    let message = "the row has \(count) field\(count == 1 ? "" : "s") but the header has \(width)"
                    guard tolerateRaggedRows else { throw .badData(file: file, line: recordLine, message: message) }
                    skipped.append(LineIssue(line: recordLine, message: message))
                    scanner.storage.removeSubrange(storageMark...)
                    scanner.ends.removeSubrange(endsMark...)
                    continue
                }
                lines.append(recordLine)
            }
        }
        return CSVTable(
            file: file, delimiter: delimiter, header: header, lines: lines, storage: scanner.storage,
            ends: scanner.ends, skipped: skipped, wideRows: wideRows)
    }

    /// Reads a whole file strictly: header and records, ragged rows rejected.
    public static func read(bytes: [UInt8], file: String, limits: CSVLimits = .standard) throws(ImportError) -> CSVTable {
        try CSVReader(bytes: bytes, file: file, limits: limits).readRecords()
    }

    /// `;` when line 1 holds more semicolons than commas, else `,` (docs/formats.md §0.3).
    static func sniffDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var commas = 0
        var semicolons = 0
        var i = start
        while i < bytes.count, bytes[i] != ASCII.lf {
            if bytes[i] == ASCII.comma { commas += 1 } else if bytes[i] == ASCII.semicolon { semicolons += 1 }
            i += 1
        }
        return semicolons > commas ? ASCII.semicolon : ASCII.comma
    }
}

/// ASCII bytes the reader and the parsers look for.
enum ASCII {
    /// Line feed.
    static let lf = UInt8(ascii: "\n")
    /// Carriage return.
    static let cr = UInt8(ascii: "\r")
    /// Double quote.
    static let quote = UInt8(ascii: "\"")
    /// Comma.
    static let comma = UInt8(ascii: ",")
    /// Semicolon.
    static let semicolon = UInt8(ascii: ";")
    /// Full stop (decimal point).
    static let dot = UInt8(ascii: ".")
    /// Space.
    static let space = UInt8(ascii: " ")
    /// Digit zero.
    static let zero = UInt8(ascii: "0")
    /// Digit nine.
    static let nine = UInt8(ascii: "9")

    /// Whether `b` is an ASCII digit.
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= zero && b <= nine }
}

/// The RFC 4180 state machine: reads one record at a time, appending the unescaped field bytes to
/// `storage` and each field's end offset to `ends`.
struct RecordScanner {
    /// The field delimiter.
    let delimiter: UInt8
    /// Offset of the next unread byte.
    var position: Int
    /// 1-based physical line of the next unread byte.
    var line: Int
    /// The unescaped bytes of every field read, concatenated.
    var storage: [UInt8] = []
    /// The end offset in `storage` of every field read; a field starts where the previous ends.
    var ends: [Int] = []

    /// Creates a scanner that starts at byte `position`, which is on `line`.
    init(delimiter: UInt8, position: Int, line: Int) {
        self.delimiter = delimiter
        self.position = position
        self.line = line
    }

    /// The fields read so far from field index `first` on, as strings (the header, a wide row).
    func fieldStrings(from first: Int = 0) -> [String] {
        var start = first == 0 ? 0 : ends[first - 1]
        return ends[first...].map { end in
            defer { start = end }
            return String(decoding: storage[start..<end], as: UTF8.self)
        }
    }

    /// Reads the next record; false at the end of the input (including when only blank lines are
    /// left).
    mutating func next(_ p: UnsafeBufferPointer<UInt8>, file: String) throws(ImportError) -> Bool {
        let n = p.count
        var i = position
        var onlyLineBreaksLeft = true
        var j = i
        while j < n {
            if p[j] != ASCII.lf && p[j] != ASCII.cr { onlyLineBreaksLeft = false; break }
            j += 1
        }
        if onlyLineBreaksLeft { position = n; return false }
        let delimiter = self.delimiter
        var endOfRecord = false
        while !endOfRecord {
            if i < n && p[i] == ASCII.quote {
                let openingLine = line
                i += 1
                var segment = i
                while true {
                    guard i < n else {
                        throw .badData(
                            file: file, line: openingLine,
                            message: "unterminated quoted field: the quote opened on this line is never closed "
                                + "(truncated export?)")
                    }
                    let b = p[i]
                    if b == ASCII.quote {
                        append(p, segment, i)
                        if i + 1 < n && p[i + 1] == ASCII.quote {
                            storage.append(ASCII.quote)
                            i += 2
                            segment = i
                            continue
                        }
                        i += 1
                        break
                    } else if b == ASCII.lf {
                        line += 1
                    } else if b == ASCII.cr && i + 1 < n && p[i + 1] == ASCII.lf {
                        append(p, segment, i)
                        segment = i + 1
                    }
                    i += 1
                }
                if i < n && p[i] != delimiter && p[i] != ASCII.lf && p[i] != ASCII.cr {
                    throw .badData(
                        file: file, line: line,
                        message: "unexpected character after the closing quote of a field "
                            + "(a quote inside a quoted field must be doubled)")
                }
            } else {
                let start = i
                while i < n {
                    let b = p[i]
                    if b == delimiter || b == ASCII.lf || b == ASCII.cr || b == ASCII.quote { break }
                    i += 1
                }
                if i < n && p[i] == ASCII.quote {
                    throw .badData(
                        file: file, line: line,
                        message: "quote character inside an unquoted field (a field holding quotes must be quoted)")
                }
                append(p, start, i)
            }
            ends.append(storage.count)
            if i == n {
                endOfRecord = true
            } else if p[i] == delimiter {
                i += 1
            } else if p[i] == ASCII.lf {
                i += 1
                line += 1
                endOfRecord = true
            } else if i + 1 < n && p[i + 1] == ASCII.lf {  // p[i] is CR
                i += 2
                line += 1
                endOfRecord = true
            } else {
                throw .badData(file: file, line: line, message: "carriage return (CR) not followed by a line feed")
            }
        }
        position = i
        return true
    }

    /// Copies the input bytes `from..<to` into the field store.
    @inline(__always)
    private mutating func append(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        if to > from { storage.append(contentsOf: UnsafeBufferPointer(rebasing: p[from..<to])) }
    }
}
