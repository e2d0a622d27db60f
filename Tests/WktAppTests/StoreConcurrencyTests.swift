import Foundation
import Testing
@testable import WktStore

/// Builds and imports at the same time, with the real binary (docs/reliability.md P2, C-02, C-04).
@Suite("Concurrent imports and builds, end to end", .serialized, .enabled(if: Binary.available))
struct StoreConcurrencyTests {
    /// A folder with a store of 20 workouts and `files` more generated exports (name, count).
    func fixture(_ files: [(String, Int)]) throws -> String {
        let dir = try temporaryFolder("conc")
        try StrongCSV.workouts(20, startHour: 0).write(toFile: dir + "/base.csv", atomically: true, encoding: .utf8)
        for (index, (name, count)) in files.enumerated() {
            try StrongCSV.workouts(count, startHour: 3 + 4 * index)
                .write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        #expect(try Binary.run(["import", "base.csv", "--quiet"], in: dir).status == 0)
        return dir
    }

    func siteWorkouts(_ dir: String, _ site: String) -> String {
        let json = readText(dir + "/" + site + "/data/stats.json")
        guard let range = json.range(of: "\"workouts\": ") else { return "?" }
        return String(json[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("C-02: an import during a build: 75 at once without a wait; with WKT_LOCK_WAIT it waits and commits after; the build shows the store before the import")
    func importDuringBuild() throws {
        let dir = try fixture([("new.csv", 50)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        // The build holds the lock for at least 3 s (a debug-build pause before it publishes).
        let build = try Child.start(
            ["build", "--today", "2026-11-25", "--quiet"], in: dir,
            environment: ["WKT_TEST_PAUSE_BEFORE_PUBLISH_MS": "3000"])
        try #require(Child.wait(upTo: 30) { Child.holdsLock(build, store: store) }, "the build never took the lock")
        let started = Date()
        let busy = try Binary.run(["import", "new.csv", "--quiet"], in: dir, environment: ["WKT_LOCK_WAIT": "0"])
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(Date().timeIntervalSince(started) < 2, "a contended run exits at once")
        #expect(busy.stderr.contains("another wkt-site run is in progress"))
        #expect(try StoreProbe.state(store).workouts == 20, "nothing written")
        let waited = try Binary.run(["import", "new.csv", "--quiet"], in: dir, environment: ["WKT_LOCK_WAIT": "60"])
        build.waitUntilExit()
        #expect(build.terminationStatus == 0)
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(siteWorkouts(dir, "site") == "20", "the build shows the store before the import")
        #expect(try StoreProbe.state(store) == (workouts: 70, check: "ok"))
        let next = try Binary.run(["build", "--today", "2026-11-25", "--quiet"], in: dir)
        #expect(next.status == 0)
        #expect(siteWorkouts(dir, "site") == "70", "the next build shows it after")
    }

    @Test("C-02: a build during an import: 75 at once without a wait; with WKT_LOCK_WAIT it waits and shows the store after the import")
    func buildDuringImport() throws {
        let dir = try fixture([("big.csv", 1500)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        let importer = try Child.start(["import", "big.csv", "--quiet"], in: dir)
        try #require(Child.wait(upTo: 30) { Child.holdsLock(importer, store: store) }, "the import never took the lock")
        let busy = try Binary.run(
            ["build", "--today", "2026-11-25", "--quiet", "--output", "busy-site"], in: dir, environment: ["WKT_LOCK_WAIT": "0"])
        let importRan = importer.isRunning
        let waited = try Binary.run(
            ["build", "--today", "2026-11-25", "--quiet"], in: dir, environment: ["WKT_LOCK_WAIT": "60"])
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        try #require(importRan, "the import finished before the contending build; the machine is too fast for this test")
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/busy-site"), "the busy build wrote nothing")
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(siteWorkouts(dir, "site") == "1520", "the waiting build shows the store after the import")
    }

    @Test("C-04: two imports of different files at once: serialised by the lock, both committed, no SQLITE_BUSY")
    func twoImports() throws {
        let dir = try fixture([("a.csv", 400), ("b.csv", 400)])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        let first = try Child.start(["import", "a.csv", "--quiet"], in: dir, environment: ["WKT_LOCK_WAIT": "60"], stderr: dir + "/a.err")
        let second = try Child.start(["import", "b.csv", "--quiet"], in: dir, environment: ["WKT_LOCK_WAIT": "60"], stderr: dir + "/b.err")
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0, "\(readText(dir + "/a.err"))")
        #expect(second.terminationStatus == 0, "\(readText(dir + "/b.err"))")
        for file in ["a.err", "b.err"] {
            let text = readText(dir + "/" + file)
            #expect(!text.contains("locked") && !text.contains("busy") && !text.contains("SQLite"), "\(file): \(text)")
        }
        #expect(try StoreProbe.state(store) == (workouts: 820, check: "ok"))
        let log = try WorkoutStore.open(path: store, mode: .readOnly).importLog()
        #expect(log.map(\.file).sorted() == ["a.csv", "b.csv", "base.csv"])
    }
}
