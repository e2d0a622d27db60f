import Foundation
import Testing
import WktCore
import WktTestSupport

/// The real `wkt-site` binary, built beside the test bundle by `swift build --build-tests`.
enum Binary {
    static let path = BuiltBinary.path

    static var available: Bool {
        if path == nil { print("note: the wkt-site binary is not beside the test bundle; end-to-end tests skipped") }
        return path != nil
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A process, not yet started, of `executable` (default: the binary) with `arguments` in
    /// `directory`; its environment is this process's with `TZ=UTC`, then `environment`.
    static func process(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], executable: String? = nil
    ) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? path ?? "/nonexistent")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env.merge(environment) { $1 }
        process.environment = env
        return process
    }

    /// Runs the binary with arguments in a directory and waits for it to exit: `posix_spawn` and
    /// `waitpid` on its pid (``MeasuredChild/runToExit(_:in:environment:)``), not `Process`, whose
    /// end-of-child notice can come late when a child spawned at the same moment by another test
    /// inherited the socket it watches (a CI run saw a contended build that exited in 0.2 s
    /// reported at 2.2 s). stdin is /dev/null; the child gets no other descriptor of the tests.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Run {
        try MeasuredChild.runToExit(arguments, in: directory, environment: environment)
    }
}

@Suite("wkt-site binary, end to end", .enabled(if: Binary.available))
struct EndToEndTests {
    @Test("demo writes a store and a complete site; the same seed and day give the same bytes")
    func demo() throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try Binary.run(["demo", "--years", "1", "--today", "2026-11-21"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("written to \(dir)/wkt-demo.sqlite"))
        #expect(FileManager.default.fileExists(atPath: dir + "/site/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir + "/site/data/stats.json"))
        let stats1 = try Binary.run(["stats", "--json", "--store", "wkt-demo.sqlite", "--today", "2026-11-21"], in: dir)
        let site1 = try Data(contentsOf: URL(fileURLWithPath: dir + "/site/data/stats.json"))
        #expect(stats1.stdout == String(decoding: site1, as: UTF8.self), "stats --json equals site/data/stats.json")
        // The demo shows every insight: bodyweight, an estimated DOTS, two goals, assisted lifts, muscles.
        let json = try #require(try JSONSerialization.jsonObject(with: site1) as? [String: Any])
        #expect((json["body"] as? [Any])?.isEmpty == false)
        #expect((json["dots"] as? [String: Any])?["score"] is Double)
        #expect((json["goals"] as? [Any])?.count == 2)
        #expect((json["muscles"] as? [Any])?.count == Muscle.allCases.count)
        let names = ((json["exercises"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("Pull Up (Assisted)"), "\(names)")
        let second = try Binary.run(["demo", "--years", "1", "--today", "2026-11-21", "--quiet"], in: dir)
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        let stats2 = try Binary.run(["stats", "--json", "--store", "wkt-demo.sqlite", "--today", "2026-11-21"], in: dir)
        #expect(stats1.stdout == stats2.stdout)
    }

    @Test("exit codes: usage 64, bad data 65, I/O 74")
    func exitCodes() throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Binary.run(["import"], in: dir).status == 64)
        #expect(try Binary.run(["stats", "--today", "tomorrow"], in: dir).status == 64)
        #expect(try Binary.run(["demo", "--years", "0"], in: dir).status == 64)
        let missing = try Binary.run(["import", "nope.csv"], in: dir)
        #expect(missing.status == 74)
        #expect(missing.stderr.split(separator: "\n").count == 2, "one error line and the summary: \(missing.stderr)")
        try "Date,Exercise Name\n2026-13-01 10:00:00,Squat\n".write(toFile: dir + "/bad.csv", atomically: true, encoding: .utf8)
        let bad = try Binary.run(["import", "bad.csv"], in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("wkt-site: bad.csv:2: "), "\(bad.stderr)")
        let root = try Binary.run(["build", "--output", "/"], in: dir)
        #expect(root.status == 64, "\(root.stderr)")
    }

    @Test("Apple Health: a trap-prone file fails cleanly in the child process, the run survives (I-25)")
    func healthChild() throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var bytes = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n <Workout".utf8)
        bytes += [0xFF] + Array(" workoutActivityType=\"x\"/>\n</HealthData>\n".utf8)
        _ = FileManager.default.createFile(atPath: dir + "/export.xml", contents: Data(bytes))
        let run = try Binary.run(["import", "export.xml"], in: dir)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("export.xml"))
        #expect(run.stderr.contains("byte offset"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/workouts.sqlite"))

        // A good export goes through the same child and its hand-back.
        let good = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [ <!ATTLIST Workout startDate CDATA #REQUIRED> ]>
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeHighIntensityIntervalTraining" duration="20" durationUnit="min" sourceName="Watch" startDate="2026-11-16 07:00:00 +0100" endDate="2026-11-16 07:20:00 +0100" totalEnergyBurned="180" totalEnergyBurnedUnit="kcal"/>
            </HealthData>

            """
        try good.write(toFile: dir + "/export2.xml", atomically: true, encoding: .utf8)
        let imported = try Binary.run(["import", "export2.xml"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "export2.xml: apple-health/xml — 1 workouts added, 0 updated, 0 unchanged; 0 sets\n")
        let again = try Binary.run(["import", "export2.xml", "--json"], in: dir)
        #expect(again.stdout.contains("\"workouts_unchanged\": 1"))
    }

    @Test("a build while another process holds the lock exits 75 within a second (C-01, C-03)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func busyBuild() throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Binary.run(["demo", "--years", "1", "--today", "2026-11-21", "--quiet"], in: dir).status == 0)
        let before = try String(contentsOfFile: dir + "/site/index.html", encoding: .utf8)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--no-fork", dir + "/wkt-demo.sqlite.lock", "sleep", "30"]
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        let busy = try Binary.run(["build", "--store", "wkt-demo.sqlite", "--today", "2026-11-22"], in: dir,
                                  environment: ["WKT_LOCK_WAIT": "0.5"])
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try String(contentsOfFile: dir + "/site/index.html", encoding: .utf8) == before, "site intact")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let after = try Binary.run(["build", "--store", "wkt-demo.sqlite", "--today", "2026-11-22", "--quiet"], in: dir)
        #expect(after.status == 0, "the lock is free at once after the holder is killed: \(after.stderr)")
    }

    /// Sorted `path size` lines of a folder, to compare a site before and after.
    func listing(_ dir: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: dir)
        var lines: [String] = []
        while let entry = enumerator?.nextObject() as? String {
            let data = FileManager.default.contents(atPath: dir + "/" + entry)
            lines.append("\(entry) \(data?.count ?? -1) \(data.map { $0.hashValue } ?? 0)")
        }
        return lines.sorted()
    }

    @Test("SIGTERM and SIGINT during a build: exit 143/130, temporary folder removed, site intact (C-05)",
          arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func interrupted(signal: Int32, status: Int32) throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Binary.run(["demo", "--years", "1", "--today", "2026-11-21", "--quiet"], in: dir).status == 0)
        let before = listing(dir + "/site")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: Binary.path ?? "")
        build.arguments = ["build", "--store", "wkt-demo.sqlite", "--today", "2026-11-22", "--quiet"]
        build.currentDirectoryURL = URL(fileURLWithPath: dir)
        build.environment = ProcessInfo.processInfo.environment.merging(["WKT_TEST_PAUSE_BEFORE_PUBLISH_MS": "8000"]) { $1 }
        build.standardError = FileHandle.nullDevice
        try build.run()
        Thread.sleep(forTimeInterval: 2.5)
        kill(build.processIdentifier, signal)
        build.waitUntilExit()
        #expect(build.terminationReason == .exit)
        #expect(build.terminationStatus == status)
        #expect(listing(dir + "/site") == before, "the site is the previous complete build")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("site.tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let next = try Binary.run(["build", "--store", "wkt-demo.sqlite", "--today", "2026-11-22", "--quiet"], in: dir)
        #expect(next.status == 0, "the lock was released: \(next.stderr)")
        #expect(listing(dir + "/site") != before)
    }

    @Test("F-08: kill -9 of a build at 50 points: site/ is always one complete build, never a temporary folder inside; the next build cleans up")
    func killedBuilds() throws {
        let dir = try temporaryFolder("e2e")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Binary.run(["demo", "--years", "1", "--today", "2026-11-21", "--quiet"], in: dir).status == 0)
        let days = ["2026-11-21", "2026-11-22"]
        func build(_ day: String, output: String = "site") -> [String] {
            ["build", "--store", "wkt-demo.sqlite", "--today", day, "--output", output, "--force", "--quiet"]
        }
        func tree(_ folder: String) -> [String] { listing(dir + "/" + folder).filter { !$0.hasPrefix(".wkt-site ") } }
        // The two complete builds site/ may hold, made elsewhere; and how long a build takes.
        var complete: [[String]] = []
        for (index, day) in days.enumerated() {
            #expect(try Binary.run(build(day, output: "expected-\(index)"), in: dir).status == 0)
            complete.append(tree("expected-\(index)"))
        }
        #expect(complete[0] != complete[1])
        // The builds killed below swap days in site/ (reusing pages and site.prev/): time those.
        var seconds = 0.0
        for day in days + [days[0]] {
            let start = Date()
            #expect(try Binary.run(build(day), in: dir).status == 0)
            seconds = max(seconds, Date().timeIntervalSince(start))
        }
        #expect(tree("site") == complete[0])

        var killed = 0
        for point in 1...50 {
            let current = tree("site") == complete[0] ? 0 : 1
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path ?? "")
            process.arguments = build(days[1 - current])
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            // As Binary.run: the default time zone (no wkt-site.toml) comes from TZ.
            process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: seconds * Double(point) / 51)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            let now = tree("site")
            #expect(now == complete[0] || now == complete[1],
                    "point \(point): site/ is neither complete build: \(Set(now).symmetricDifference(complete[1 - current]).sorted().prefix(4))")
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/site")) ?? []
            #expect(!inside.contains { $0.hasPrefix("site.tmp-") }, "point \(point): a temporary folder inside site/")
        }
        #expect(killed >= 20, "most runs were killed mid-build (\(killed) of 50)")
        let next = try Binary.run(build(days[0]), in: dir)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(tree("site") == complete[0])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("site.tmp-") }
        #expect(leftovers.isEmpty, "stale temporary folders are removed: \(leftovers)")
    }
}
