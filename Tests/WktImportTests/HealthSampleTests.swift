import Foundation
import Testing
import WktCore
import ZIPFoundation
@testable import WktImport

/// Expected values below were computed independently with python3 (`datetime.strptime` with
/// `%z`, `float(duration) * 60` rounded, regular expressions over the sample files).
@Suite("Apple Health samples")
struct HealthSampleTests {
    @Test("2016 v3 export with the internal #REQUIRED DTD imports (I-21)", .enabled(if: HealthSamples.available))
    func dtdSample() throws {
        let batch = try AppleHealthImporter.read(path: HealthSamples.path("export-v3-2016-with-DTD-full.xml"))
        #expect(batch.format == "apple-health/xml")
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.source == .appleHealth)
        // Real exports write "Apple Watch" with a no-break space (U+00A0); the key keeps it.
        #expect(workout.sourceKey
            == "2016-04-02T09:40:38Z|2016-04-02T10:12:22Z|HKWorkoutActivityTypeOther|NJR Apple\u{A0}Watch")
        #expect(workout.start.description == "2016-04-02 10:40:38")
        #expect(workout.utcOffsetSeconds == 3600)
        #expect(workout.durationSeconds == 1904)
        #expect(workout.energyKcal == 139.317)
        #expect(workout.activity == "other")
        #expect(workout.name == "Other")
        #expect(workout.exercises.isEmpty)
        #expect(batch.carried == [.duration])
    }

    @Test("2016–19 export without DTD: Running with totalEnergyBurned", .enabled(if: HealthSamples.available))
    func noDTDSample() throws {
        let batch = try AppleHealthImporter.read(path: HealthSamples.path("export-2016-19-no-DTD-trimmed.xml"))
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.sourceKey
            == "2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple\u{A0}Watch")
        #expect(workout.start.description == "2016-11-14 07:25:41")
        #expect(workout.utcOffsetSeconds == -25200)
        #expect(workout.durationSeconds == 312)
        #expect(workout.energyKcal == 48.745)
        #expect(workout.activity == "running")
        #expect(workout.name == "Running")
        #expect(batch.warnings.isEmpty)
    }

    @Test("2025 functional strength fragment: energy from WorkoutStatistics", .enabled(if: HealthSamples.available))
    func strengthFragment() throws {
        let fragment = String(decoding: try HealthSamples.bytes("fragment-workout-functional-strength-2025.xml"), as: UTF8.self)
        let batch = try importHealth("<HealthData locale=\"en_GB\">\n" + fragment + "</HealthData>\n").get()
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.activity == "strength")
        #expect(workout.name == "Functional strength training")
        #expect(workout.start.description == "2025-09-15 18:28:29")
        #expect(workout.utcOffsetSeconds == 3600)
        #expect(workout.durationSeconds == 1215)
        #expect(workout.energyKcal == 46.899)
        #expect(workout.sourceKey
            == "2025-09-15T17:28:29Z|2025-09-15T17:48:44Z|HKWorkoutActivityTypeFunctionalStrengthTraining|Apple Watch")
    }

    @Test("2025 running fragment: workout-level energy only, never the nested WorkoutActivity's",
          .enabled(if: HealthSamples.available))
    func runningFragment() throws {
        let fragment = String(
            decoding: try HealthSamples.bytes("fragment-workout-running-WorkoutActivity-2025.xml"), as: UTF8.self)
        let batch = try importHealth("<HealthData locale=\"en_GB\">\n" + fragment + "</HealthData>\n").get()
        #expect(batch.workouts.count == 1)
        let workout = try #require(batch.workouts.first)
        #expect(workout.activity == "running")
        #expect(workout.durationSeconds == 3653)
        #expect(workout.energyKcal == 655.465)  // not 650.037 (nested) and not their sum
        #expect(workout.start.description == "2025-09-16 16:14:50")
    }

    @Test("zip layout: export.xml next to export_cda.xml and workout-routes/", .enabled(if: HealthSamples.available))
    func zipSample() throws {
        let scratch = try HealthScratch("zip-sample")
        defer { scratch.remove() }
        let (zipPath, archive) = try scratch.zip("export.zip")
        let base = HealthSamples.path("zip_contents")
        try archive.addEntry(with: "apple_health_export/export.xml", relativeTo: URL(fileURLWithPath: base),
                             compressionMethod: .deflate)
        try archive.addEntry(with: "apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx",
                             relativeTo: URL(fileURLWithPath: base), compressionMethod: .deflate)
        try addZipEntry(archive, "apple_health_export/export_cda.xml", String(repeating: "<cda/>\n", count: 2000))
        let batch = try AppleHealthImporter.read(path: zipPath)
        #expect(batch.format == "apple-health/zip")
        #expect(batch.file == zipPath + " (apple_health_export/export.xml)")
        #expect(batch.workouts.count == 1)
        #expect(batch.workouts.first?.sourceKey
            == "2016-11-14T14:25:41Z|2016-11-14T14:30:52Z|HKWorkoutActivityTypeRunning|Apple\u{A0}Watch")
        #expect(batch.workouts.first?.energyKcal == 48.745)
    }
}
