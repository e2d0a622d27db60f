import Foundation
import Synchronization
import Testing
import WktApp
import WktTestSupport
@testable import WktServe

@Suite("serve: load during rebuilds")
struct ServeLoadTests {
    /// What the clients saw.
    struct Tally {
        var latencies: [Double] = []
        var starts: [Double] = []
        var errors: [String] = []
        /// Build ID → the configured titles seen with it.
        var titles: [String: Set<String>] = [:]
        var htmlResponses = 0
    }

    @Test("100 concurrent clients × at least 50 requests on loopback during two rebuilds: 0 errors, no response mixing two builds", .enabled(if: ServeBinary.available))
    func loadDuringRebuilds() async throws {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        try sandbox.write("wkt-site.toml", "title = \"Build 0\"\n")
        let imported = try sandbox.importCSV("history.csv", Self.history(workouts: 30))
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        // `serving` holds TimedTestLock: never beside L-04 or another served site.
        try await sandbox.serving { server in
            // One rebuild alone first, for comparison. Then the clients send without pause while the
            // two rebuilds run. Each client sends 50 requests and goes on until both rebuilds are
            // published: in a busy test run (the 1.5 GiB import of L-02 beside it) a debug rebuild
            // can take longer than 5,000 requests, and the requests must span both (checked below).
            let clock = ContinuousClock()
            let alone = try await retitle(sandbox, server, to: 1, clock: clock)
            let paths = try targets(sandbox)
            let tally = Locked(Tally())
            let rebuilt = Locked(false)
            let origin = clock.now
            let clients = DispatchGroup()
            for client in 0..<100 {
                clients.enter()
                Thread {
                    defer { clients.leave() }
                    Self.run(
                        client: client, port: server.port, paths: paths, pause: 0.005, origin: origin, clock: clock,
                        tally: tally, rebuilt: rebuilt)
                }.start()
            }
            var windows: [(start: Double, end: Double)] = []
            try await Task.sleep(for: .milliseconds(100))
            for number in 2...3 {
                let window = try await retitle(sandbox, server, to: number, clock: clock)
                windows.append((seconds(window.start - origin), seconds(window.end - origin)))
            }
            rebuilt.withLock { $0 = true }
            _ = try await offPool { clients.wait() }
            let wall = seconds(clock.now - origin)

            let result = tally.withLock { $0 }
            #expect(result.latencies.count + result.errors.count >= 5000)
            #expect(result.errors.isEmpty, "\(result.errors.count) errors, first: \(result.errors.prefix(5))")
            #expect(result.htmlResponses > 1000)
            for (id, titles) in result.titles {
                #expect(titles.count == 1, "build \(id) was served with the titles of several builds: \(titles)")
            }
            #expect(Set(result.titles.values.flatMap { $0 }).isSubset(of: ["Build 1", "Build 2", "Build 3"]))
            for (index, window) in windows.enumerated() {
                let during = result.starts.filter { $0 >= window.start && $0 <= window.end }.count
                #expect(during > 0, "rebuild \(index + 1) had requests in flight (\(window))")
            }
            let sorted = result.latencies.sorted()
            if !sorted.isEmpty {
                let p50 = sorted[sorted.count / 2] * 1000
                let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)] * 1000
                let line = "serve load (debug build): \(sorted.count) requests by 100 clients in "
                    + String(format: "%.1f s (%.0f/s) during 2 rebuilds (one alone: %.0f ms): p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                             wall, Double(sorted.count) / wall, seconds(alone.end - alone.start) * 1000, p50, p99,
                             (sorted.last ?? 0) * 1000)
                print(line)
            }
        }
    }

    /// A Strong export of `workouts` workouts, one every other day before 2026-11-21, four
    /// exercises of three sets each: about 50 pages of a few kilobytes, so the test's time goes to
    /// serving and rebuilding rather than to hashing large pages in a debug build.
    static func history(workouts: Int) -> String {
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        let exercises = ["Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)", "Pull Up",
                         "Barbell Row"]
        let start = Date(timeIntervalSince1970: 1_795_000_000 - Double(workouts) * 2 * 86_400)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        for index in 0..<workouts {
            let day = formatter.string(from: start.addingTimeInterval(Double(index) * 2 * 86_400))
            for offset in 0..<4 {
                let exercise = exercises[(index + offset) % exercises.count]
                for set in 1...3 {
                    text += "\(day) 07:00:00,\"Day \(index % 3)\",1h 0m,\"\(exercise)\",\(set),\(40 + index + offset * 10),\(4 + set),0,0,,,\n"
                }
            }
        }
        return text
    }

    /// Rewrites the configured title and waits for the rebuild to be published.
    private func retitle(
        _ sandbox: ServeSandbox, _ server: ServedSite, to number: Int, clock: ContinuousClock
    ) async throws -> (start: ContinuousClock.Instant, end: ContinuousClock.Instant) {
        let before = server.builds
        let start = clock.now
        try sandbox.write("wkt-site.toml", "title = \"Build \(number)\"\n")
        let published = await eventually(seconds: 150) { server.builds > before }
        #expect(published, "rebuild to Build \(number)")
        return (start, clock.now)
    }

    /// Pages of every kind, a missing one, and non-HTML files.
    private func targets(_ sandbox: ServeSandbox) throws -> [(path: String, status: Int)] {
        let workouts = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory + "/site/workouts")
            .filter { $0.hasSuffix(".html") }.sorted().prefix(4)
        // Not data/stats.json: the largest file by far, it would be most of the bytes hashed in a debug
        // build (its type and ETag are tested in ResponseTests).
        let pages = ["/", "/exercises/", "/history/", "/records/", "/assets/style.css", "/feed.xml", "/exercises/squat-barbell.html"]
            + workouts.map { "/workouts/" + $0 }
        return pages.map { ($0, 200) } + [("/workouts/missing.html", 404)]
    }

    /// One client: 50 requests on one keep-alive connection (a new one after an error), then,
    /// every half second, more until `rebuilt` says both rebuilds are published (at most 400).
    private static func run(
        client: Int, port: UInt16, paths: [(path: String, status: Int)], pause: Double,
        origin: ContinuousClock.Instant, clock: ContinuousClock, tally: Locked<Tally>, rebuilt: Locked<Bool>
    ) {
        var connection: HTTPTestClient?
        var request = 0
        while request < 50 || (request < 400 && !rebuilt.withLock({ $0 })) {
            defer { request += 1 }
            let target = paths[(client * 7 + request) % paths.count]
            let start = clock.now
            // Bounded whatever happens: a hung server costs six minutes, not thousands of timeouts.
            guard start - origin < .seconds(360) else {
                tally.withLock { $0.errors.append("\(target.path): not sent, the test ran out of time") }
                break
            }
            do {
                if connection == nil { connection = try HTTPTestClient(port: port) }
                let reply = try connection!.request("GET", target.path)
                let latency = seconds(clock.now - start)
                let problem = check(reply, expected: target.status)
                tally.withLock { tally in
                    tally.starts.append(seconds(start - origin))
                    if let problem {
                        tally.errors.append("\(target.path): \(problem)")
                        return
                    }
                    tally.latencies.append(latency)
                    if let id = reply.buildID, let title = reply.title?.firstMatch(of: /Build \d+/) {
                        tally.titles[id, default: []].insert(String(title.output))
                        tally.htmlResponses += 1
                    }
                }
            } catch {
                connection = nil
                tally.withLock { $0.errors.append("\(target.path): \(error)") }
            }
            // Past the 50 the clients only keep the rebuilds company, below the server's capacity.
            Thread.sleep(forTimeInterval: request < 50 ? pause : 0.5)
        }
    }

    /// What is wrong with a reply, or nil.
    private static func check(_ reply: HTTPReply, expected: Int) -> String? {
        guard reply.status == expected else { return "status \(reply.status)" }
        if expected == 200, !reply.etagMatchesBody { return "ETag does not match the body" }
        let html = reply.headers["content-type"]?.hasPrefix("text/html") == true
        if html, reply.buildID == nil || reply.title?.firstMatch(of: /Build \d+/) == nil { return "HTML without build ID or title" }
        return nil
    }
}
