import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import WktCore
import ZIPFoundation

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
        let archive = try HealthZip.open(path)
        guard let entry = HealthZip.mainEntry(in: archive) else {
            throw HealthImportError(
                kind: .notHealthExport, file: path,
                message: "no \(HealthZip.folder)/*.xml (other than export_cda.xml) in the zip")
        }
        let channel = HealthChunkChannel()
        HealthZip.startInflating(path: path, entryIndex: entry.index, entryPath: entry.path, into: channel)
        defer { channel.cancelAndWait() }
        let file = "\(path) (\(entry.path))"
        return try parse(
            HealthPrepassStream(file: file, source: ChannelChunkSource(channel: channel)), file: file,
            format: "apple-health/zip")
    }

    /// Words for the `XMLParser` errors a damaged export produces (Linux gives only a code).
    private static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        switch XMLParser.ErrorCode(rawValue: code) {
        case .undeclaredEntityError?: return "reference to an undeclared entity (entities are not supported)"
        case .attributeRedefinedError?: return "an attribute appears twice in one element"
        case .tagNameMismatchError?: return "an end tag does not match its start tag"
        case .invalidCharacterError?: return "a character that XML does not allow"
        case .lessThanSymbolInAttributeError?: return "'<' inside an attribute value"
        case .prematureDocumentEndError?: return "the document ends too early"
        default: return "XMLParser error \(code)"
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
        if let failure = collector.failure { throw failure }
        if let (error, line) = collector.parseError ?? parser.parserError.map({ ($0, parser.lineNumber) }) {
            throw HealthImportError(
                kind: .malformedXML, file: file, line: line,
                message: "malformed XML at line \(line): \(describe(error))")
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
