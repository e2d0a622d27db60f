import FuzzImport
import FuzzSupport
import WktCore
import WktImport

/// Fuzz target `json`: the wkt JSON reader (`WktJSON.decode`) and the Gym-Baazi backup importer
/// with its strict document check, through `FileImporter.read(bytes:file:options:)` as
/// `wkt-site import` calls it: once with `--format auto` and once forced to each JSON format.
///
/// Properties, on any bytes:
/// - no crash, no hang; failures are `WktJSONError`/`ImportError` with an A-09 message;
/// - a wkt document that decodes survives `WktJSON.encode` and a second decode with the same
///   workouts and schedule (what `wkt-site export` writes, `wkt-site import` reads back);
/// - each import's warnings and skipped-row messages obey A-09.
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzJSON(_:_:)``.
@_cdecl("fuzz_json_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: Fuzz.Arguments) -> CInt { Fuzz.runDriver(argc, argv, fuzzJSON) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { Fuzz.run(data, size, checkJSON) }

private func checkJSON(_ bytes: [UInt8]) {
    let file = "fuzz.json"
    for format in [ImportFormat.auto, .wkt, .gymBaazi] {
        let options = ImportOptions(
            format: format, today: CivilDate(year: 2024, month: 1, day: 1), timeZone: "America/New_York")
        Fuzz.importFile(bytes, file: file, options: options)
    }
    let batch: ImportBatch
    do throws(WktJSONError) {
        batch = try WktJSON.decode(bytes: bytes, file: file)
    } catch {
        Fuzz.checkMessage(error.description, "WktJSONError")
        return
    }
    let text = WktJSON.encode(workouts: batch.workouts, schedule: batch.schedule)
    do throws(WktJSONError) {
        let again = try WktJSON.decode(bytes: Array(text.utf8), file: file)
        guard again.workouts == batch.workouts else { Fuzz.fail("wkt JSON round trip changed the workouts") }
        guard again.schedule == batch.schedule else { Fuzz.fail("wkt JSON round trip changed the schedule") }
    } catch {
        Fuzz.fail("wkt JSON written by encode does not decode: \(error)")
    }
}
