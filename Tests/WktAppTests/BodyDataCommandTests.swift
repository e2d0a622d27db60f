import Foundation
import Testing
import WktCore
import WktStore
@testable import WktApp

/// Bodyweight measurements through the commands: import summaries, export round trip, rebuilds
/// (docs/formats.md §10, docs/product.md "Speed budgets").
@Suite("bodyweight measurements through import, export and build")
struct BodyDataCommandTests {
    static let body = """
        {"format": "wkt", "version": 1, "workouts": [], "body": [
          {"date": "2026-11-10", "weight_kg": 82.4},
          {"date": "2026-11-12", "weight_kg": 82.1, "source": "apple-health"}
        ]}
        """

    /// A sandbox whose store holds the Strong sample's workouts, and the path of the body file.
    static func storeWithWorkouts() throws -> (box: Sandbox, bodyFile: String) {
        let box = try Sandbox()
        let csv = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [csv], unit: .kg), env: box.env).exitCode == 0)
        return (box, try box.write("body.json", Self.body))
    }

    @Test("import says how many measurements were added; export writes them; the export imports back unchanged")
    func exportRoundTrip() throws {
        let (box, file) = try Self.storeWithWorkouts()
        defer { box.remove() }
        let first = ImportRunner.run(ImportRequest(files: [file]), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout.contains("; 2 bodyweight measurements added"), "\(first.stdout)")
        let again = ImportRunner.run(ImportRequest(files: [file], json: true), env: box.env)
        #expect(again.stdout.contains(#""measurements_added": 0, "measurements_updated": 0"#), "\(again.stdout)")

        let exported = ExportRunner.run(ExportRequest(output: "out.json"), env: box.env)
        #expect(exported.exitCode == 0)
        #expect(exported.stderr.first?.contains("and 2 bodyweight measurements") == true, "\(exported.stderr)")
        let text = String(decoding: try box.bytes("out.json"), as: UTF8.self)
        #expect(text.contains(#""date": "2026-11-10""#) && text.contains(#""source": "apple-health""#))

        // Into an empty store: the same workouts and measurements; exported again: the same bytes.
        let fresh = box.directory + "/fresh.sqlite"
        let back = ImportRunner.run(ImportRequest(files: [box.directory + "/out.json"], store: fresh), env: box.env)
        #expect(back.exitCode == 0, "\(back.stderr)")
        let original = try WorkoutStore.open(path: box.directory + "/workouts.sqlite", mode: .readOnly).loadHistory()
        let copy = try WorkoutStore.open(path: fresh, mode: .readOnly).loadHistory()
        #expect(copy.body == original.body)
        #expect(copy.body.count == 2)
        #expect(copy.workouts.map(\.workout) == original.workouts.map(\.workout))
        let second = ExportRunner.run(ExportRequest(output: "out2.json", store: fresh), env: box.env)
        #expect(second.exitCode == 0)
        #expect(try box.bytes("out2.json") == box.bytes("out.json"))
    }

    @Test("a new measurement makes an up-to-date site stale and rebuilds every page")
    func rebuild() throws {
        let (box, file) = try Self.storeWithWorkouts()
        defer { box.remove() }
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).stdout.contains("is up to date"))
        let page = try box.bytes("site/index.html")

        #expect(ImportRunner.run(ImportRequest(files: [file]), env: box.env).exitCode == 0)
        let rebuilt = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(rebuilt.exitCode == 0)
        #expect(!rebuilt.stdout.contains("is up to date"), "\(rebuilt.stdout)")
        #expect(rebuilt.stdout.contains(" written, 0 unchanged)"), "every page is rebuilt: \(rebuilt.stdout)")
        #expect(try box.bytes("site/index.html") != page)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).stdout.contains("is up to date"))
    }
}
