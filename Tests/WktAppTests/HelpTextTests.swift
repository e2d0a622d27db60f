import Foundation
import Testing
import WktImport
@testable import WktApp

/// #13 point 5: the help names every format that can be imported, and `--json` names the format
/// of a rejected file.
@Suite("help texts and the format of rejected files")
struct HelpTextTests {
    /// `text` with every run of white space made one space, as a terminal reader sees wrapped help.
    private func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("the overview, the files argument and --format name every importable format")
    func everyFormatNamed() {
        #expect(ImportFormat.importable.count == ImportFormat.allCases.count - 1)
        for format in ImportFormat.importable {
            #expect(format.appName != nil && format.exportFile != nil)
            #expect(HelpText.overview.contains(format.appName ?? "?"), "overview lacks \(format)")
            #expect(HelpText.importFiles.contains(format.exportFile ?? "?"), "files help lacks \(format)")
            #expect(HelpText.formatOption.contains("\(format.rawValue) ("), "--format help lacks \(format)")
        }
        #expect(!HelpText.overview.contains("Strong or Hevy export"), "the old two-app sentence is gone")
    }

    @Test("the real binary's --help and import --help name every app", .enabled(if: Binary.available))
    func binaryHelp() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let top = try Binary.run(["--help"], in: directory)
        let importHelp = try Binary.run(["import", "--help"], in: directory)
        #expect(top.status == 0 && importHelp.status == 0)
        for format in ImportFormat.importable {
            let app = format.appName ?? "?"
            #expect(flat(top.stdout).contains(app), "wkt-site --help lacks \(app)")
            #expect(flat(importHelp.stdout).contains(flat(format.exportFile ?? "?")), "import --help lacks \(format)")
            #expect(flat(importHelp.stdout).contains(format.rawValue))
        }
    }

    @Test("--json names the detected format of a file rejected by a later check, and the forced one")
    func rejectedFileFormat() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // A Strong header whose second row breaks a rule: detected as strong, rejected on line 3.
        let strong = try box.write("strong.csv", """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",1,80,5,0,0,"","",
            2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",2,-80,5,0,0,"","",

            """)
        let detected = ImportRunner.run(ImportRequest(files: [strong], unit: .kg, json: true), env: box.env)
        #expect(detected.exitCode == 65)
        #expect(detected.stdout.hasPrefix("{\"file\": \"strong.csv\", \"format\": \"strong\", "), "\(detected.stdout)")
        #expect(detected.stdout.contains("\"errors\": [{\"line\": 3, "))

        let unknown = try box.write("other.csv", "a,b\n1,2\n")
        let none = ImportRunner.run(ImportRequest(files: [unknown], json: true), env: box.env)
        #expect(none.stdout.hasPrefix("{\"file\": \"other.csv\", \"format\": null, "), "no format claims it")
        let forced = ImportRunner.run(ImportRequest(files: [unknown], format: .hevy, json: true), env: box.env)
        #expect(forced.exitCode == 65)
        #expect(forced.stdout.hasPrefix("{\"file\": \"other.csv\", \"format\": \"hevy\", "), "\(forced.stdout)")
    }
}
