import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WktCore

/// Imports the workouts of an Apple Health export: `export.xml`, or `export.zip` holding
/// `apple_health_export/<localized name>.xml` (FORMATS.md §4, SEEDS.md AirFit row).
///
/// The document is streamed, never loaded whole: a file is read in 1 MiB chunks, a zip entry is
/// inflated chunk by chunk on a second thread; both go through ``HealthPrepass`` (DTD dropped,
/// UTF-8 validated, control bytes replaced, only `<Workout>` elements passed on) into
/// `XMLParser(stream:)` with external entities off. A parse counts only when the pre-pass saw
/// `</HealthData>`, `XMLParser` reported no error and every workout value could be read; any
/// failure rejects the whole file.
///
/// Each `<Workout>` becomes a ``Workout`` with no exercises: `source` `.appleHealth`; `sourceKey`
/// `<startDate in UTC>|<endDate in UTC>|<workoutActivityType>|<sourceName>` (FORMATS.md §6, e.g.
/// `2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple Watch`); `start`
/// the wall time in the timestamp's own offset with ``Workout/utcOffsetSeconds`` set, so the
/// training day is the local date (RELIABILITY.md T-01, T-02, T-12); `activity` and `name` from
/// the type (``HealthActivity``); duration from `duration` × `durationUnit`, rounded to the
/// second (end − start when absent); energy in kcal from the pre-iOS 16 `totalEnergyBurned`
/// attribute, else from the workout's own `WorkoutStatistics` `ActiveEnergyBurned` sum.
///
/// Foundation can still trap on inputs nobody has found yet; the app layer runs this in a child
/// process so that such a trap becomes a failed import (FORMATS.md §4.4 step 5).
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

    /// Words for an `XMLParser` error: what XML expected there (RELIABILITY.md A-09; on Linux the
    /// error carries only a number, e.g. 41 for an attribute without a value).
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        guard let known = XMLParser.ErrorCode(rawValue: code) else { return "not well-formed XML (XML error code \(code))" }
        return describe(known) ?? "not well-formed XML (XML error code \(code))"
    }

    /// Words for the errors a damaged or hostile export can produce.
    static func describe(_ code: XMLParser.ErrorCode) -> String? {
        switch code {
        case .undeclaredEntityError: "reference to an undeclared entity (entities are not supported)"
        case .attributeRedefinedError: "an attribute appears twice in one element"
        case .tagNameMismatchError: "an end tag does not match its start tag"
        case .invalidCharacterError: "a character that XML does not allow"
        case .lessThanSymbolInAttributeError: "'<' inside an attribute value"
        case .prematureDocumentEndError: "the document ends too early"
        case .emptyDocumentError, .documentStartError: "expected an XML document, found no element"
        case .attributeNotStartedError: "expected an attribute value in quotes after '='"
        case .attributeNotFinishedError: "expected the closing quote of an attribute value"
        case .attributeHasNoValueError: "expected '=' and a quoted value after an attribute name"
        case .equalExpectedError: "expected '=' after an attribute name"
        case .spaceRequiredError: "expected white space between attributes"
        case .gtRequiredError: "expected '>' to end a tag"
        case .ltRequiredError: "expected '<'"
        case .ltSlashRequiredError: "expected an end tag '</…>'"
        case .nameRequiredError: "expected a name"
        case .unfinishedTagError: "a tag is not finished"
        case .notWellBalancedError: "elements are not properly nested"
        case .extraContentError: "content after the end of the root element"
        case .commentNotFinishedError: "a comment '<!--' is not closed by '-->'"
        case .commentContainsDoubleHyphenError: "'--' inside a comment"
        case .cdataNotFinishedError: "a CDATA section is not closed by ']]>'"
        case .misplacedCDATAEndStringError: "']]>' outside a CDATA section"
        case .misplacedXMLDeclarationError: "an XML declaration '<?xml …?>' that is not at the start"
        case .xmlDeclNotStartedError, .xmlDeclNotFinishedError: "a malformed XML declaration '<?xml …?>'"
        case .processingInstructionNotStartedError, .processingInstructionNotFinishedError:
            "a malformed processing instruction '<?…?>'"
        case .doctypeDeclNotFinishedError: "a DOCTYPE declaration is not finished"
        case .entityRefLoopError: "entity references that loop"
        case .entityReferenceMissingSemiError, .parsedEntityRefMissingSemiError: "expected ';' to end an entity reference"
        case .entityReferenceWithoutNameError, .parsedEntityRefNoNameError: "'&' that does not start an entity reference"
        case .invalidCharacterRefError, .invalidDecimalCharacterRefError, .invalidHexCharacterRefError:
            "a character reference '&#…;' to a character XML does not allow"
        case .stringNotStartedError, .stringNotClosedError, .literalNotStartedError, .literalNotFinishedError:
            "a quoted string is not opened or not closed"
        case .unknownEncodingError, .encodingNotSupportedError, .invalidEncodingError, .invalidEncodingNameError:
            "an encoding other than UTF-8"
        case .namespaceDeclarationError: "a malformed namespace declaration"
        case .outOfMemoryError: "out of memory, or a name or value longer than the XML reader's limit (10 MB)"
        case .internalError: "the XML reader failed internally"
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
        _ = parser.parse()  // not trusted: truncated input parses "successfully" (FORMATS.md §4.4)
        parser.delegate = nil
        if let failure = stream.failure { throw failure }
        let parseError = collector.parseError ?? parser.parserError.map({ ($0, parser.lineNumber, parser.columnNumber) })
        // XMLParser goes on after some errors (an attribute without a value); the malformed XML,
        // when it comes first, is the cause to report, not the value it garbled.
        if let failure = collector.failure, parseError.map({ $0.1 > (failure.line ?? 0) }) ?? true { throw failure }
        if let (error, line, column) = parseError {
            throw HealthImportError(
                kind: .malformedXML, file: file, line: line,
                message: "malformed XML at line \(line), column \(column): \(describe(error))")
        }
        guard collector.sawRootEnd else {
            throw HealthImportError(
                kind: .truncated, file: file, line: parser.lineNumber,
                message: "truncated at line \(parser.lineNumber): </HealthData> was not reached")
        }
        var warnings = collector.warnings
        let replaced = stream.replacedControlBytes
        if replaced.count > 0, let line = replaced.firstLine {
            warnings.append(
                "\(file):\(line): \(replaced.count) control character(s) U+0000–U+001F (other than tab, "
                    + "line feed, carriage return) replaced by spaces")
        }
        return ImportBatch(
            file: file, format: format, workouts: collector.workouts, carried: [.duration], warnings: warnings)
    }
}
