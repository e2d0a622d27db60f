import Foundation
import Testing
import WktCore
import ZIPFoundation
@testable import WktImport

/// Where the real Apple Health samples are (`../shared/formats-samples/apple-health` from the
/// package root, or `$WKT_SAMPLES/apple-health`).
enum HealthSamples {
    /// The samples folder.
    static let directory: String = {
        let root = ProcessInfo.processInfo.environment["WKT_SAMPLES"] ?? "../shared/formats-samples"
        return root + "/apple-health"
    }()

    /// Whether the samples are present; tests that need them are skipped otherwise.
    static let available: Bool = FileManager.default.fileExists(atPath: directory)

    /// The full path of a sample.
    static func path(_ name: String) -> String { directory + "/" + name }

    /// The bytes of a sample.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}

/// A private temporary folder per test, removed by the caller with ``remove()``.
struct HealthScratch {
    /// The folder.
    let directory: String

    /// Creates an empty folder named after the test.
    init(_ name: String) throws {
        directory = NSTemporaryDirectory() + "wkt-health-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` in the folder and returns the path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes UTF-8 `text` to `name` in the folder and returns the path.
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// Every path below the folder, sorted.
    func listing() -> [String] {
        ((FileManager.default.subpaths(atPath: directory)) ?? []).sorted()
    }

    /// Creates an empty zip named `name` in the folder.
    func zip(_ name: String) throws -> (path: String, archive: Archive) {
        let path = directory + "/" + name
        return (path, try Archive(url: URL(fileURLWithPath: path), accessMode: .create))
    }

    /// Deletes the folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Imports `text` written to a scratch file, returning the batch or the error.
func importHealth(_ text: String, name: String = "export.xml") throws -> Result<ImportBatch, HealthImportError> {
    try importHealth(Array(text.utf8), name: name)
}

/// Imports `bytes` written to a scratch file, returning the batch or the error.
func importHealth(_ bytes: [UInt8], name: String = "export.xml") throws -> Result<ImportBatch, HealthImportError> {
    let scratch = try HealthScratch("import-\(name)-\(bytes.count)-\(bytes.reduce(0) { ($0 &* 31) &+ Int($1) })")
    defer { scratch.remove() }
    let path = try scratch.write(name, bytes)
    do throws(HealthImportError) {
        var batch = try AppleHealthImporter.read(path: path)
        batch.file = name
        return .success(batch)
    } catch {
        return .failure(error)
    }
}

/// A one-workout document around the given `<Workout>` attributes and children.
func healthDocument(workouts: [String], dtd: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    \(dtd)<HealthData locale="en_US">
     <ExportDate value="2024-07-01 10:00:00 +0200"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-06-01 10:00:00 +0200" endDate="2024-06-01 10:01:00 +0200" value="12"/>
    \(workouts.joined(separator: "\n"))
    </HealthData>

    """
}

/// A `<Workout>` element with the given start, end and type (duration 30 min, 200 kcal).
func healthWorkout(
    start: String, end: String, type: String = "HKWorkoutActivityTypeTraditionalStrengthTraining",
    source: String = "Apple Watch", extra: String = ""
) -> String {
    """
     <Workout workoutActivityType="\(type)" duration="30" durationUnit="min" totalEnergyBurned="200" totalEnergyBurnedUnit="kcal" sourceName="\(source)" sourceVersion="10.5" creationDate="\(end)" startDate="\(start)" endDate="\(end)"\(extra)>
      <MetadataEntry key="HKIndoorWorkout" value="1"/>
     </Workout>
    """
}

/// The error of a failed import, or nil (recording an issue) when it succeeded.
func healthError(_ result: Result<ImportBatch, HealthImportError>) -> HealthImportError? {
    switch result {
    case .success(let batch):
        Issue.record("expected a failure, imported \(batch.workouts.count) workouts")
        return nil
    case .failure(let error):
        return error
    }
}

/// Reads `path` with ``AppleHealthImporter``, returning the batch or the error.
func readHealth(_ path: String) -> Result<ImportBatch, HealthImportError> {
    Result { () throws(HealthImportError) in try AppleHealthImporter.read(path: path) }
}

/// Adds a deflated text entry to a zip being built.
func addZipEntry(_ archive: Archive, _ path: String, _ text: String) throws {
    let bytes = Array(text.utf8)
    try archive.addEntry(
        with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate,
        provider: { position, size in Data(bytes[Int(position)..<(Int(position) + size)]) })
}
