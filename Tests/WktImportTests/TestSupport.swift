import Foundation
import Testing
import WktCore
@testable import WktImport

/// Imports CSV text given inline, as a file named `test.csv`.
func importCSV(_ text: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportBatch {
    try FileImporter.read(bytes: Array(text.utf8), file: "test.csv", options: options)
}

/// The error an import of `text` fails with, nil when it succeeds.
func importError(_ text: String, options: ImportOptions = ImportOptions()) -> ImportError? {
    importError(bytes: Array(text.utf8), options: options)
}

/// The error an import of `bytes` fails with, nil when it succeeds.
func importError(bytes: [UInt8], options: ImportOptions = ImportOptions()) -> ImportError? {
    do {
        _ = try FileImporter.read(bytes: bytes, file: "test.csv", options: options)
        return nil
    } catch {
        return error
    }
}

/// Reads CSV text strictly with the reader alone.
func readTable(_ text: String, limits: CSVLimits = .standard) throws(ImportError) -> CSVTable {
    try CSVReader.read(bytes: Array(text.utf8), file: "test.csv", limits: limits)
}

/// The same text with CRLF line ends.
func crlf(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
}

/// The same text with LF line ends (`"\r\n"` is a single `Character`).
func lf(_ text: String) -> String {
    text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
}

/// Builds a wall time from its fields in tests.
func wall(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> WallTime? {
    CivilDate(year: y, month: mo, day: d).flatMap { WallTime(date: $0, hour: h, minute: mi, second: s) }
}

/// The bytes of a committed fixture file, `Fixtures/<path>` (the test target copies `Fixtures` as a resource).
func fixture(_ path: String) throws -> [UInt8] {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil), "no Fixtures resource")
    return Array(try Data(contentsOf: folder.appendingPathComponent(path)))
}

/// The headers of Strong's main export dialects (A: comma; B: semicolon with unit columns;
/// C: semicolon, every field quoted), shared by the importer and hostile-input suites.
enum StrongHeaders {
    static let dialectA = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    static let dialectB = "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes"
    static let dialectC = "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\""
}
