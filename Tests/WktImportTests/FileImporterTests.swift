import Foundation
import Testing
import WktCore
@testable import WktImport

@Suite("Format detection and the file entry point")
struct FileImporterTests {
    static let strongRow = "2024-03-05 18:00:00,Legs,Squat,1,100,5"
    static let strongFile = "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n\(strongRow)\n"
    static let hevyFile = "title,start_time,end_time,exercise_title,set_index\nPush,\"9 Sep 2025, 06:46\",\"9 Sep 2025, 07:00\",Dip,0\n"

    @Test("Strong and Hevy headers are detected; a forced format is used as given")
    func detection() throws {
        #expect(try importCSV(Self.strongFile).format == "strong/L1")
        #expect(try importCSV(Self.hevyFile).format == "hevy/kg-km")
        #expect(try importCSV(Self.hevyFile).workouts.first?.allSets == [WorkoutSet()])
        #expect(try importCSV(Self.strongFile, options: ImportOptions(format: .strong)).workouts.count == 1)
        let forced = importError(Self.hevyFile, options: ImportOptions(format: .strong))
        #expect(forced?.line == 1)
        #expect(forced?.message.hasPrefix("not a complete Strong header") == true)
        let forcedHevy = importError(Self.strongFile, options: ImportOptions(format: .hevy))
        #expect(forcedHevy?.message.hasPrefix("the Hevy header lacks the column \"title\"") == true)
    }

    @Test("an unknown header lists the supported formats, before any row is checked (I-12)")
    func unknownFormat() {
        let jefit = "mydate,exercisename,logs\n2025-01-01,Press,\"40x5,40x5\"\n"
        let supported = ["strong", "hevy", "fitnotes", "fitbod", "stronglifts", "gym-baazi", "wkt", "apple-health"]
        let error = importError(jefit)
        #expect(error == .unknownFormat(file: "test.csv", supported: supported))
        #expect(error?.exitCode == 65)
        #expect(error?.line == nil)
        #expect(error?.description
            == "test.csv: unrecognised header: not an export of a supported format "
            + "(supported: strong, hevy, fitnotes, fitbod, stronglifts, gym-baazi, wkt, apple-health)")
        let expected = ImportError.unknownFormat(file: "test.csv", supported: supported)
        #expect(importError("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData/>\n") == expected)
        #expect(importError(" {\"version\": 1}") == expected)
        #expect(importError(bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x08, 0xFF]) == expected)
        #expect(FormatDetector.supportedIDs == ImportFormat.allCases.filter { $0 != .auto }.map(\.rawValue))
    }

    @Test("the same bytes import to the same batch twice, with unique keys (I-14, importer side)")
    func deterministic() throws {
        let text = StrongDialectTests.fixtures.map(\.text).first { $0.hasPrefix("Date,Workout Name,Duration") } ?? ""
        let first = try importCSV(text)
        let second = try importCSV(text)
        #expect(first.workouts == second.workouts)
        #expect(first.warnings == second.warnings)
        #expect(!first.workouts.isEmpty)
    }

    @Test("error descriptions are one line: FILE:LINE: MESSAGE; exit codes 65 and 74")
    func errorShape() {
        let bad = ImportError.badData(file: "a.csv", line: 12, message: "Reps: 'x' is not a number")
        #expect(bad.description == "a.csv:12: Reps: 'x' is not a number")
        #expect(bad.exitCode == 65)
        #expect(bad.file == "a.csv")
        let io = ImportError.unreadable(file: "b.csv", message: "open failed: No such file or directory")
        #expect(io.exitCode == 74)
        #expect(io.description == "b.csv: cannot read the file: open failed: No such file or directory")
    }

    @Test("read(path:) reads a file; missing files and directories are I/O errors (74); size cap before reading")
    func paths() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wkt-import-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("strong.csv").path
        try Data(Self.strongFile.utf8).write(to: URL(fileURLWithPath: path))
        let batch = try FileImporter.read(path: path, options: ImportOptions())
        #expect(batch.file == path)
        #expect(batch.setCount == 1)

        let missing = dir.appendingPathComponent("missing.csv").path
        #expect(throws: ImportError.unreadable(file: missing, message: "open failed: No such file or directory")) {
            try FileImporter.read(path: missing, options: ImportOptions())
        }
        #expect(throws: ImportError.unreadable(file: dir.path, message: "not a regular file")) {
            try FileImporter.read(path: dir.path, options: ImportOptions())
        }
        let capped = ImportOptions(limits: CSVLimits(maxBytes: 10, maxRecords: 10))
        let tooBig = #expect(throws: ImportError.self) { try FileImporter.read(path: path, options: capped) }
        #expect(tooBig?.exitCode == 65)
        #expect(tooBig?.message == "the file has \(Self.strongFile.utf8.count) bytes; the limit is 10 bytes")
    }

    @Test("a 3 MB file reads quickly (the release budget is 0.1 s; debug builds get 20×)")
    func speed() throws {
        var text = "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"\n"
        var day = CivilDate(year: 2015, month: 1, day: 1)!
        var number = 0
        while text.utf8.count < 3_000_000 {
            number += 1
            day = day.adding(days: 1)
            for set in 1...20 {
                text += "\"\(number)\";\"\(day) 10:00:00\";\"Push\";\"3600\";\"Bench Press (Barbell)\";\"\(set)\";\"62.5\";\"8\";\"\";\"\";\"\";\"\";\"felt \"\"ok\"\"\nsecond line\"\n"
            }
        }
        let bytes = Array(text.utf8)
        let clock = ContinuousClock()
        var batch: ImportBatch?
        let elapsed = try clock.measure {
            batch = try FileImporter.read(bytes: bytes, file: "big.csv", options: ImportOptions())
        }
        #expect(batch?.workouts.count == number)
        #expect(batch?.setCount == number * 20)
        #expect(elapsed < .seconds(2))
    }
}
