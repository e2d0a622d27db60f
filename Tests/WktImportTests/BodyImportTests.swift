import Foundation
import Testing
import WktCore
@testable import WktImport

/// Bodyweight measurements from every importer that has them (docs/formats.md "Bodyweight
/// measurements").
@Suite("bodyweight measurements in imports")
struct BodyImportTests {
    private func day(_ text: String) throws -> CivilDate { try #require(CivilDate.parse(text)) }

    @Test("StrongLifts: Body Weight (KG) per workout becomes a measurement; 0/empty is none; implausible warns with the line")
    func strongLifts() throws {
        let batch = try importCSV(StrongLiftsImporterTests.file([
            StrongLiftsImporterTests.row("2025/01/07", "1", bodyWeight: "80.5"),
            StrongLiftsImporterTests.row("2025/01/07", "1", bodyWeight: "80.5", exercise: "Bench Press"),
            StrongLiftsImporterTests.row("2025/01/07", "2", bodyWeight: "81"),
            StrongLiftsImporterTests.row("2025/01/09", "3", bodyWeight: "0"),
            StrongLiftsImporterTests.row("2025/01/11", "4", bodyWeight: ""),
            StrongLiftsImporterTests.row("2025/01/13", "5", bodyWeight: "805"),
        ]))
        #expect(batch.body == [BodyMeasurement(day: try day("2025-01-07"), weightKg: 81, source: "stronglifts")])
        #expect(batch.warnings == [
            "test.csv:7: body weight 805 kg is outside the plausible 20–400 kg (a typo, or another unit?); not imported",
        ])
        #expect(importError(StrongLiftsImporterTests.file([StrongLiftsImporterTests.row(bodyWeight: "-80")])) != nil)
    }

    @Test("Gym-Baazi: userProfile.weightKg on the local day of exportedAt; no exportedAt or 0 kg")
    func gymBaazi() throws {
        let backup = try gymBaaziBackup()
        let utc = try FileImporter.read(bytes: backup, file: "backup.json", options: ImportOptions())
        // exportedAt 765100000 is 2025-03-31T07:46:40Z: in Honolulu still the 30th.
        #expect(utc.body == [BodyMeasurement(day: try day("2025-03-31"), weightKg: 68.5, source: "gym-baazi")])
        let honolulu = try FileImporter.read(bytes: backup, file: "backup.json", options: ImportOptions(timeZone: "Pacific/Honolulu"))
        #expect(honolulu.body.map(\.day) == [try day("2025-03-30")])

        func read(_ top: String) throws -> ImportBatch {
            try FileImporter.read(bytes: Array(("{" + top + #", "workoutLogs": []}"#).utf8), file: "b.json", options: ImportOptions())
        }
        let undated = try read(#""userProfile": {"name": "A", "weightKg": 70}"#)
        #expect(undated.body.isEmpty)
        #expect(undated.warnings == ["b.json: $.userProfile.weightKg: body weight 70 kg has no day (no exportedAt); not imported"])
        #expect(try read(#""userProfile": {"weightKg": 0}, "exportedAt": 765100000"#).body.isEmpty)
        let light = try read(#""userProfile": {"weightKg": 7}, "exportedAt": 765100000"#)
        #expect(light.body.isEmpty && light.warnings.count == 1 && light.warnings[0].contains("$.userProfile.weightKg"))
        #expect(throws: ImportError.self) { try read(#""userProfile": {"weightKg": "70"}, "exportedAt": 765100000"#) }
    }

    @Test("wkt JSON: body read and written, sources kept apart, last of a day wins, bad entries name their path")
    func wktJSON() throws {
        let text = """
            {"format": "wkt", "version": 1, "workouts": [], "body": [
              {"date": "2026-11-18", "weight_kg": 82.4},
              {"date": "2026-11-17", "weight_kg": 83, "source": "apple-health"},
              {"date": "2026-11-18", "weight_kg": 82.1}
            ]}
            """
        let batch = try WktJSON.decode(bytes: Array(text.utf8), file: "in.json")
        #expect(batch.body == [
            BodyMeasurement(day: try day("2026-11-17"), weightKg: 83, source: "apple-health"),
            BodyMeasurement(day: try day("2026-11-18"), weightKg: 82.1, source: "wkt"),
        ])
        let written = WktJSON.encode(workouts: [], schedule: nil, body: batch.body)
        #expect(written.contains(#""source": "apple-health""#))
        let again = try WktJSON.decode(bytes: Array(written.utf8), file: "out.json")
        #expect(again.body == batch.body)
        #expect(WktJSON.encode(workouts: [], schedule: nil, body: again.body) == written)
        #expect(!WktJSON.encode(workouts: [], schedule: nil).contains("body"))

        for (entry, path) in [
            (#"{"date": "2026-11-18", "weight_kg": 1000}"#, "$.body[0].weight_kg"),
            (#"{"date": "2026-11-18", "weight_kg": 0}"#, "$.body[0].weight_kg"),
            (#"{"date": "2026-13-18", "weight_kg": 80}"#, "$.body[0].date"),
            (#"{"date": "2026-11-18"}"#, "$.body[0].weight_kg"),
            (#"{"date": "2026-11-18", "weight_kg": "80"}"#, "$.body[0].weight_kg"),
            (#"{"date": "2026-11-18", "weight_kg": 80, "source": "myscale"}"#, "$.body[0].source"),
            (#"{"date": "2026-11-18", "weight_kg": 80, "bmi": 24}"#, "$.body[0].bmi"),
        ] {
            let document = #"{"format": "wkt", "version": 1, "workouts": [], "body": ["# + entry + "]}"
            do {
                _ = try WktJSON.decode(bytes: Array(document.utf8), file: "in.json")
                Issue.record("decoded \(entry)")
            } catch {
                #expect(error.path == path, "\(entry): \(error)")
            }
        }
    }

    static func bodyMass(_ value: String, unit: String = "kg", start: String = "2024-06-01 07:00:00 +0200") -> String {
        """
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="\(unit)" creationDate="\(start)" startDate="\(start)" endDate="\(start)" value="\(value)">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
        """
    }

    @Test("Apple Health: BodyMass records in kg and lb on their local day, the latest of a day wins, BMI is not body mass")
    func appleHealth() throws {
        let document = healthDocument(workouts: [
            Self.bodyMass("80.2"),
            Self.bodyMass("177", unit: "lb", start: "2024-06-02 23:30:00 -0400"),
            Self.bodyMass("81", start: "2024-06-05 20:00:00 +0200"),
            Self.bodyMass("80.6", start: "2024-06-05 07:00:00 +0200"),
            #" <Record type="HKQuantityTypeIdentifierBodyMassIndex" sourceName="Scale" unit="count" startDate="2024-06-06 07:00:00 +0200" endDate="2024-06-06 07:00:00 +0200" value="24"/>"#,
            #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-06-07 07:00:00 +0200" endDate="2024-06-07 07:00:00 +0200" value="8000"/>"#,
            Self.bodyMass("12", unit: "stone"),
            healthWorkout(start: "2024-06-03 18:00:00 +0200", end: "2024-06-03 18:45:00 +0200"),
        ])
        let batch = try importHealth(document).get()
        #expect(batch.workouts.count == 1)
        #expect(batch.body == [
            BodyMeasurement(day: try day("2024-06-01"), weightKg: 80.2, source: "apple-health"),
            BodyMeasurement(day: try day("2024-06-02"), weightKg: 80.286, source: "apple-health"),
            BodyMeasurement(day: try day("2024-06-05"), weightKg: 81, source: "apple-health"),
        ])
        #expect(batch.warnings.count == 2)
        #expect(batch.warnings.allSatisfy { $0.contains("export.xml:") && $0.hasSuffix("not imported") })
        #expect(batch.warnings.contains { $0.contains("8000 kg is outside") })
        #expect(batch.warnings.contains { $0.contains("unit \"stone\"") })
    }

    @Test("the pre-pass passes on body-mass records only, keeps line numbers, and drops an endless Record tag")
    func prepass() throws {
        let text = "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierStepCount\"\n value=\"1\"/>\n"
            + Self.bodyMass("80") + "\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" value=\"81\"/></HealthData>\n"
        let bytes = Array(text.utf8)
        for chunk in [1, 7, 4096] {
            let out = try HealthPrepassTests().filter(bytes, chunk: chunk)
            let passed = String(decoding: out, as: UTF8.self)
            #expect(!passed.contains("StepCount"))
            #expect(passed.contains("HKWasUserEntered") && passed.contains("value=\"81\"/>"))
            #expect(out.filter { $0 == 0x0A }.count == bytes.filter { $0 == 0x0A }.count)
        }

        let long = "<HealthData>\n<Record note=\"" + String(repeating: "x", count: HealthPrepass.maxHeldTag + 10)
            + "\" type=\"HKQuantityTypeIdentifierBodyMass\" value=\"80\"/>\n</HealthData>\n"
        let batch = try importHealth(long).get()
        #expect(batch.body.isEmpty)
    }
}
