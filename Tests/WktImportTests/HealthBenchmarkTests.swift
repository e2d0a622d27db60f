import Foundation
import Testing
import WktImport

/// Throughput check on a big synthetic export (`scripts/make-health-export.py`); runs only when
/// `WKT_HEALTH_BENCH` names the file, e.g.
/// `WKT_HEALTH_BENCH=/tmp/h1000.xml swift test -c release --filter HealthBenchmark`.
@Suite("Apple Health benchmark")
struct HealthBenchmark {
    static let path = ProcessInfo.processInfo.environment["WKT_HEALTH_BENCH"]

    @Test("read $WKT_HEALTH_BENCH and print MB/s", .enabled(if: HealthBenchmark.path != nil))
    func throughput() throws {
        let path = try #require(Self.path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).doubleValue
        let clock = ContinuousClock()
        let started = clock.now
        let batch = try AppleHealthImporter.read(path: path)
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // For a zip, MB and MB/s are of the zip file itself, not of the XML inside.
        print("health-bench: \(path): \(Int(size / 1e6)) MB on disk, \(batch.workouts.count) workouts, "
            + "\(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", size / 1e6 / seconds)) MB/s")
        #expect(!batch.workouts.isEmpty)
    }
}
