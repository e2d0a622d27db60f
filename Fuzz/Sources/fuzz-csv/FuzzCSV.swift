import FuzzImport
import FuzzSupport
import WktCore
import WktImport

/// Fuzz target `csv`: the strict CSV reader and the CSV importers (Strong, Hevy, FitNotes, Fitbod,
/// StrongLifts)
/// through `FileImporter.read(bytes:file:options:)`, the call `wkt-site import` makes for a
/// file that is not an Apple Health export.
///
/// Properties, on any bytes:
/// - no crash, no hang; failures are `ImportError` (typed throws) with an A-09 message;
/// - a file the reader accepts strictly reads the same when ragged rows are tolerated, with
///   none skipped, and its record lines increase;
/// - parse(serialize(rows)) == rows: the header and records, written back with every field
///   quoted, read back unchanged (docs/reliability.md §3);
/// - each import's warnings and skipped-row messages obey A-09.
///
/// Each input is imported twice: with the defaults (`--format auto`, strict) and with a variant
/// picked from the input's length (a forced format, `--skip-bad-rows`, a unit and a today), so
/// plain export files work as seeds.
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzCSV(_:_:)``.
@_cdecl("fuzz_csv_main")
public func fuzzCSVMain(_ argc: CInt, _ argv: Fuzz.Arguments) -> CInt { Fuzz.runDriver(argc, argv, fuzzCSV) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { Fuzz.run(data, size, checkCSV) }

private func checkCSV(_ bytes: [UInt8]) {
    let file = "fuzz.csv"
    checkReader(bytes, file: file)
    Fuzz.importFile(bytes, file: file, options: ImportOptions())
    let formats: [ImportFormat] = [.auto, .strong, .hevy, .fitnotes, .fitbod, .stronglifts, .auto]
    let units: [WeightUnit?] = [nil, .kg, .lb]
    let variant = ImportOptions(
        format: formats[bytes.count % formats.count], unit: units[bytes.count % units.count], skipBadRows: true,
        today: CivilDate(year: 2024, month: 1, day: 1), timeZone: "Europe/Berlin")
    Fuzz.importFile(bytes, file: file, options: variant)
}

private func checkReader(_ bytes: [UInt8], file: String) {
    let reader: CSVReader
    let table: CSVTable
    do throws(ImportError) {
        reader = try CSVReader(bytes: bytes, file: file)
        table = try reader.readRecords()
    } catch {
        Fuzz.checkMessage(error.description, "CSVReader")
        return
    }
    let tolerant: CSVTable
    do throws(ImportError) {
        tolerant = try reader.readRecords(tolerateRaggedRows: true)
    } catch {
        Fuzz.fail("a strictly readable file fails when ragged rows are tolerated: \(error)")
    }
    let rows = (0..<table.rowCount).map { table.record($0) }
    guard tolerant.skipped.isEmpty, tolerant.lines == table.lines,
          (0..<tolerant.rowCount).map({ tolerant.record($0) }) == rows
    else { Fuzz.fail("tolerant read differs from strict read") }
    guard zip(table.lines, table.lines.dropFirst()).allSatisfy({ $0 < $1 }), table.lines.allSatisfy({ $0 >= 2 })
    else { Fuzz.fail("record lines not increasing from 2: \(table.lines.prefix(20))") }

    // Round trip: quote every field; the delimiter is the one the reader sniffed. The reader
    // turns CR LF inside a quoted field into LF, so a value that still holds CR LF (read from
    // `"\r\r\n"`) cannot be written back as itself; such tables are left out.
    guard !rows.contains(where: { $0.contains { $0.utf8.contains(0x0D) } }),
          !table.header.contains(where: { $0.utf8.contains(0x0D) })
    else { return }
    let delimiter = String(UnicodeScalar(table.delimiter))
    func quoted(_ field: String) -> String { "\"" + field.replacingAll("\"", with: "\"\"") + "\"" }
    let text = ([table.header] + rows).map { $0.map(quoted).joined(separator: delimiter) }.joined(separator: "\n") + "\n"
    let again: CSVTable
    do throws(ImportError) {
        again = try CSVReader.read(bytes: Array(text.utf8), file: file)
    } catch {
        Fuzz.fail("serialized rows do not read back: \(error)")
    }
    guard again.header == table.header, again.delimiter == table.delimiter,
          (0..<again.rowCount).map({ again.record($0) }) == rows
    else { Fuzz.fail("parse(serialize(rows)) != rows") }
}

extension String {
    /// The string with every `target` scalar replaced (scalars, not characters: a quote followed
    /// by a combining mark is one `Character` but still a quote to the CSV reader).
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
