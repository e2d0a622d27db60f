import FuzzImport
import FuzzSupport
@testable import WktImport
import WktCore

/// Fuzz target `health`: the Apple Health byte pre-pass (`HealthPrepass`), and the whole
/// importer behind it (`FileImporter.readAppleHealth`, the call `wkt-site import` makes in its
/// child process): the zip reader (`HealthZip`) for inputs starting with `PK\3\4`, the pre-pass,
/// then Foundation's `XMLParser`.
///
/// Properties, on any bytes:
/// - no crash, no hang; failures are `HealthImportError`/`ImportError` with an A-09 message;
/// - the pre-pass gives the same output, or the same error, whether the document comes in one
///   chunk or in chunks of 1 to 7 bytes (chunk boundaries must not matter);
/// - what the pre-pass passes on is valid UTF-8 without the control bytes it promises to replace,
///   and has exactly as many line feeds as the input (so `XMLParser` line numbers are the file's);
/// - the import's warnings obey A-09.
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzHealth(_:_:)``.
@_cdecl("fuzz_health_main")
public func fuzzHealthMain(_ argc: CInt, _ argv: Fuzz.Arguments) -> CInt { Fuzz.runDriver(argc, argv, fuzzHealth) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { Fuzz.run(data, size, checkHealth) }

private func checkHealth(_ bytes: [UInt8]) {
    checkPrepass(bytes)
    Fuzz.withScratchFile(bytes, suffix: bytes.starts(with: [0x50, 0x4B]) ? ".zip" : ".xml") { path in
        do throws(ImportError) {
            Fuzz.checkMessages(of: try FileImporter.readAppleHealth(path: path, file: "export.xml"), source: "health")
        } catch {
            Fuzz.checkMessage(error.description, "ImportError")
        }
    }
}

/// The pre-pass output (or error) for `bytes` fed in chunks of `chunk` bytes.
private func prepass(_ bytes: [UInt8], chunk: Int) -> Result<[UInt8], HealthImportError> {
    var pass = HealthPrepass(file: "export.xml")
    var out: [UInt8] = []
    do throws(HealthImportError) {
        try bytes.withUnsafeBufferPointer { (all) throws(HealthImportError) in
            var start = 0
            repeat {
                let end = min(start + chunk, all.count)
                try pass.feed(UnsafeBufferPointer(rebasing: all[start..<end]), into: &out)
                start = end
            } while start < all.count
        }
        try pass.finish(into: &out)
        return .success(out)
    } catch {
        return .failure(error)
    }
}

private func checkPrepass(_ bytes: [UInt8]) {
    let whole = prepass(bytes, chunk: max(bytes.count, 1))
    let small = prepass(bytes, chunk: 1 + bytes.count % 7)
    guard whole == small else {
        Fuzz.fail("pre-pass depends on chunking: whole \(whole) vs chunks of \(1 + bytes.count % 7): \(small)")
    }
    switch whole {
    case .failure(let error):
        Fuzz.checkMessage(error.description, "HealthImportError")
    case .success(let out):
        guard String(validating: out, as: UTF8.self) != nil else { Fuzz.fail("pre-pass output is not UTF-8") }
        if let bad = out.first(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            Fuzz.fail("pre-pass output holds control byte \(bad)")
        }
        let inLines = bytes.lazy.filter { $0 == 0x0A }.count
        let outLines = out.lazy.filter { $0 == 0x0A }.count
        guard inLines == outLines else { Fuzz.fail("pre-pass has \(outLines) line feeds for \(inLines) in the input") }
    }
}
