import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WktCore

/// Imports the workouts of an Apple Health export: `export.xml`, or `export.zip` holding
/// `apple_health_export/<localized name>.xml` (docs/formats.md §4, docs/formats.md "The seed apps").
///
/// The document is streamed, never loaded whole: a file is read in 1 MiB chunks, a zip entry is
/// inflated chunk by chunk on a second thread; both go through ``HealthPrepass`` (DTD dropped,
/// UTF-8 validated, control bytes replaced, only `<Workout>` elements and bodyweight `<Record>`s
/// passed on) into
/// `XMLParser(stream:)` with external entities off. A parse counts only when the pre-pass saw
/// `</HealthData>`, `XMLParser` reported no error and every workout value could be read; any
/// failure rejects the whole file.
///
/// Each `<Workout>` becomes a ``Workout`` with no exercises: `source` `.appleHealth`; `sourceKey`
/// `<startDate in UTC>|<endDate in UTC>|<workoutActivityType>|<sourceName>` (docs/formats.md §6, e.g.
/// `2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple Watch`); `start`
/// the wall time in the timestamp's own offset with ``Workout/utcOffsetSeconds`` set, so the
/// training day is the local date (docs/reliability.md T-01, T-02, T-12); `activity` and `name` from
/// the type (``HealthActivity``); duration from `duration` × `durationUnit`, rounded to the
/// second (end − start when absent); energy in kcal from the pre-iOS 16 `totalEnergyBurned`
/// attribute, else from the workout's own `WorkoutStatistics` `ActiveEnergyBurned` sum.
/// `<Record>`s of type `HKQuantityTypeIdentifierBodyMass` become bodyweight measurements
/// (``HealthBodyMass``); the pre-pass passes on only those records.
///
/// Foundation can still trap on inputs nobody has found yet; the app layer runs this in a child
/// process so that such a trap becomes a failed import (docs/formats.md §4.4 step 5).
public enum AppleHealthImporter {
    /// Reads the export at `path`, detecting zip or XML by the first bytes.
    public static func read(path: String) throws(HealthImportError) -> ImportBatch {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HealthImportError(kind: .io, file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        let source = FileChunkSource(descriptor: descriptor, file: path)
        var magic = [UInt8](repeating: 0, count: 4)
        let count = magic.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        guard count >= 0 else {
            throw HealthImportError(kind: .io, file: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        if count == 4 && isZip(magic) {
            return try readZip(path: path)
        }
        return try parse(HealthPrepassStream(file: path, source: source), file: path, format: "apple-health/xml")
    }

    /// Whether the first bytes of a file look like an Apple Health export: a zip whose first
    /// entry is in `apple_health_export/`, or XML that names `HealthData` (in its DOCTYPE or root
    /// element) within the given prefix. A few kilobytes of prefix are enough.
    public static func looksLikeHealthExport(prefix: [UInt8]) -> Bool {
        if prefix.count >= 4 && isZip(Array(prefix.prefix(4))) {
            // Local file header: the name starts at byte 30, its length is at bytes 26–27.
            guard prefix.count >= 30 else { return false }
            let nameLength = Int(prefix[26]) | Int(prefix[27]) << 8
            let name = prefix.dropFirst(30).prefix(nameLength)
            return name.starts(with: Array("\(HealthZip.folder)/".utf8))
        }
        // A lone `<Workout …>` element (a fragment cut out of an export) is recognised too, so
        // importing one says what is missing instead of "unknown format".
        let needles = [
            Array("<!DOCTYPE HealthData".utf8), Array("<HealthData".utf8),
            Array("workoutActivityType=\"HKWorkoutActivityType".utf8),
        ]
        return needles.contains { needle in
            guard prefix.count >= needle.count else { return false }
            return (0...(prefix.count - needle.count)).contains { prefix[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
    }

    private static func isZip(_ magic: [UInt8]) -> Bool {
        magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06]
    }

    private static func readZip(path: String) throws(HealthImportError) -> ImportBatch {
        guard let entry = HealthZip.mainEntry(in: try HealthZip.members(of: path)) else {
            throw HealthImportError(
                kind: .notHealthExport, file: path,
                message: "no \(HealthZip.folder)/*.xml (other than export_cda.xml) in the zip")
        }
        let channel = HealthChunkChannel()
        HealthZip.startInflating(path: path, member: entry, into: channel)
        defer { channel.cancelAndWait() }
        let file = "\(path) (\(entry.path))"
        return try parse(
            HealthPrepassStream(file: file, source: ChannelChunkSource(channel: channel)), file: file,
            format: "apple-health/zip")
    }

    /// Words for an `XMLParser` error: what XML expected there (docs/reliability.md A-09).
    ///
    /// The error's code is libxml2's `xmlParserErrors` number, which Apple's `NSXMLParserError`
    /// numbers follow too (41 is an attribute without a value on both). swift-corelibs-foundation's
    /// `XMLParser.ErrorCode` enum is numbered from 0 and so names the neighbouring error; the
    /// words are therefore keyed by the number itself.
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        return describe(code: code) ?? "not well-formed XML (libxml2 error \(code))"
    }

    /// Words for the libxml2 error numbers a damaged or hostile export can produce.
    static func describe(code: Int) -> String? {
        switch code {
        case 1: "the XML reader failed internally"
        case 2: "out of memory, or a name or value longer than the XML reader's limit (10 MB)"
        case 3, 4: "expected an XML document, found no element"
        case 5: "the document ends too early"
        case 6, 7, 8: "a character reference '&#…;' to a character XML does not allow"
        case 9: "a character that XML does not allow (a control character?)"
        case 10...25: "an entity or character reference in a place XML does not allow"
        case 26, 27: "reference to an undeclared entity (entities are not supported)"
        case 28, 29, 30: "an entity reference that cannot be used here"
        case 31, 32, 81: "an encoding other than UTF-8"
        case 33, 34: "a quoted string is not opened or not closed"
        case 35: "a malformed namespace declaration"
        case 36, 37: "an entity value is not opened or not closed"
        case 38: "'<' inside an attribute value"
        case 39: "expected an attribute value in quotes after '='"
        case 40: "expected the closing quote of an attribute value"
        case 41: "expected '=' and a quoted value after an attribute name"
        case 42: "an attribute appears twice in one element"
        case 43, 44: "a quoted literal is not opened or not closed"
        case 45: "a comment '<!--' is not closed by '-->'"
        case 46, 47: "a malformed processing instruction '<?…?>'"
        case 48...55, 58, 59, 60, 83, 95: "a malformed declaration in the DOCTYPE"
        case 56, 57, 96: "a malformed XML declaration '<?xml …?>'"
        case 61: "the DOCTYPE declaration is not finished"
        case 62: "']]>' outside a CDATA section"
        case 63: "a CDATA section is not closed by ']]>'"
        case 64: "a name starting with 'xml' that XML reserves"
        case 65: "expected white space (between attributes?)"
        case 66, 67, 68: "expected a name"
        case 69: "expected text"
        case 70, 71, 91, 92: "a malformed URI or public identifier"
        case 72: "expected '<'"
        case 73: "expected '>' to end a tag"
        case 74: "expected an end tag '</…>'"
        case 75: "expected '=' after an attribute name"
        case 76: "an end tag does not match its start tag"
        case 77: "a tag is not finished"
        case 78, 82: "a malformed standalone declaration"
        case 79: "a malformed encoding name"
        case 80: "'--' inside a comment"
        case 84: "expected a value"
        case 85: "elements are not properly nested"
        case 86: "content after the end of the root element"
        case 87, 88, 89, 90: "an entity whose content is not allowed"
        case 94: "no DOCTYPE where one is required"
        default: nil
        }
    }

    private static func parse(
        _ stream: HealthPrepassStream, file: String, format: String
    ) throws(HealthImportError) -> ImportBatch {
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        let collector = HealthWorkoutCollector(file: file)
        parser.delegate = collector
        _ = parser.parse()  // not trusted: truncated input parses "successfully" (docs/formats.md §4.4)
        parser.delegate = nil
        if let failure = stream.failure { throw failure }
        let parseError = collector.parseError ?? parser.parserError.map({ ($0, parser.lineNumber, parser.columnNumber) })
        // XMLParser goes on after some errors (an attribute without a value); the malformed XML,
        // when it comes first, is the cause to report, not the value it garbled.
        // The abort the collector itself asked for (libxml2 111, Apple 512) is no XML error.
        let realParseError = parseError.flatMap { [111, 512].contains(($0.0 as NSError).code) ? nil : $0 }
        if let failure = collector.failure, realParseError.map({ $0.1 > (failure.line ?? 0) }) ?? true { throw failure }
        if let (error, line, column) = realParseError {
            throw HealthImportError(
                kind: .malformedXML, file: file, line: line,
                message: "malformed XML at line \(line), column \(column): \(describe(error))")
        }
        guard collector.sawRootEnd else {
            throw HealthImportError(
                kind: .truncated, file: file, line: parser.lineNumber,
                message: "truncated at line \(parser.lineNumber): </HealthData> was not reached")
        }
        var reading: [String] = []
        let replaced = stream.replacedControlBytes
        if replaced.count > 0, let line = replaced.firstLine {
            reading.append(
                "\(file):\(line): \(replaced.count) control character(s) U+0000–U+001F (other than tab, "
                    + "line feed, carriage return) replaced by spaces")
        }
        var batch = ImportBatch(
            file: file, format: format, workouts: collector.workouts, carried: [.duration],
            warnings: collector.bodyMass.warnings, workoutWarnings: collector.warnings, readingWarnings: reading)
        batch.body = collector.bodyMass.measurements
        return batch
    }
}
