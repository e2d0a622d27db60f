import Foundation
import Synchronization
import WktApp
import WktTestSupport

/// A throw-away folder with a store made by `ImportRunner`, where the real `wkt-site serve` runs.
///
/// The server always runs as a child process. In-process, it would share Swift's cooperative
/// pool (two threads here) with every other test of the suite, and the synchronous tests that
/// wait for child processes block those threads for seconds: the server starved and requests
/// timed out in the full run. Only the clients run in the test process, on Dispatch threads.
final class ServeSandbox: Sendable {
    let directory: String
    let env: AppEnvironment

    init() throws {
        directory = FileManager.default.temporaryDirectory.path + "/wkt-serve-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/home", withIntermediateDirectories: true)
        env = AppEnvironment(
            workingDirectory: directory, variables: ["TZ": "UTC", "HOME": directory + "/home", "WKT_LOCK_WAIT": "10"],
            now: Date(timeIntervalSince1970: 1_795_000_000), stdoutIsTerminal: false)
    }

    /// Writes a file relative to the folder (atomically, as an editor saves).
    func write(_ name: String, _ text: String) throws {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Imports a CSV export through `ImportRunner`, as `wkt-site import` in another terminal.
    @discardableResult
    func importCSV(_ name: String, _ text: String) throws -> CommandResult {
        try write(name, text)
        return ImportRunner.run(ImportRequest(files: [name]), env: env)
    }

    /// Starts `wkt-site serve --port 0 --today 2026-11-21` here and waits for its URL line.
    func start(liveReload: Bool = false, templates: String? = nil, environment: [String: String] = [:]) async throws -> ServedSite {
        var arguments = ["serve", "--port", "0", "--today", "2026-11-21"]
        if liveReload { arguments.append("--live-reload") }
        if let templates { arguments += ["--templates", templates] }
        let variables = ["HOME": directory + "/home", "WKT_LOCK_WAIT": "10"].merging(environment) { $1 }
        let process = try ServeBinary.Running(arguments, in: directory, environment: variables)
        guard let port = await process.port() else {
            _ = await process.stop(with: SIGKILL)
            throw ServeTestError(description: "serve printed no URL: \(process.stdout) \(process.stderr)")
        }
        return ServedSite(process: process, port: port)
    }

    /// Runs `body` with `serve` started here, and stops it afterwards (also on a throw).
    ///
    /// Holds ``TimedTestLock`` throughout: one served site at a time, never beside L-04. The load
    /// test's 100 clients saturate both cores, so a rebuild in another serve test would miss its
    /// wait, and L-04's build clock would stretch.
    func serving<T>(
        liveReload: Bool = false, templates: String? = nil, _ body: (ServedSite) async throws -> T
    ) async throws -> T {
        try await TimedTestLock.run { try await servingUnlocked(liveReload: liveReload, templates: templates, body) }
    }

    private func servingUnlocked<T>(
        liveReload: Bool, templates: String?, _ body: (ServedSite) async throws -> T
    ) async throws -> T {
        let server = try await start(liveReload: liveReload, templates: templates)
        do {
            let result = try await body(server)
            _ = await server.process.stop(with: SIGTERM)
            return result
        } catch {
            _ = await server.process.stop(with: SIGTERM)
            throw error
        }
    }

    /// Runs `body` in a fresh sandbox whose store holds ``Exports/first`` (imported after
    /// `prepare`), with `serve` started in it; stops it and removes the folder afterwards.
    static func servingFirstExport<T>(
        liveReload: Bool = false, templates: String? = nil, prepare: (ServeSandbox) throws -> Void = { _ in },
        _ body: (ServeSandbox, ServedSite) async throws -> T
    ) async throws -> T {
        let sandbox = try ServeSandbox()
        defer { sandbox.remove() }
        try prepare(sandbox)
        let imported = try sandbox.importCSV("first.csv", Exports.first)
        guard imported.exitCode == 0 else { throw ServeTestError(description: "import failed: \(imported.stderr)") }
        return try await sandbox.serving(liveReload: liveReload, templates: templates) { try await body(sandbox, $0) }
    }

    /// The bytes of a file of the built site.
    func siteBytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: directory + "/site/" + path) ?? Data())
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

/// A value behind a lock that escaping closures (client threads) can share.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T>(_ body: (inout sending Value) throws -> sending T) rethrows -> sending T {
        try mutex.withLock(body)
    }
}

/// A running `wkt-site serve`.
struct ServedSite: Sendable {
    let process: ServeBinary.Running
    /// The port of its URL line.
    let port: UInt16

    /// What it printed: stdout lines, then stderr lines prefixed with `err: `.
    var lines: [String] {
        process.stdout.split(separator: "\n").map(String.init) + process.stderr.split(separator: "\n").map { "err: " + $0 }
    }

    /// Builds published: the first, and each rebuild whose line reports files written.
    var builds: Int {
        1 + process.stdout.split(separator: "\n").filter { $0.contains(" files in ") && $0.contains(" (rebuilt in ") }.count
    }
}

struct ServeTestError: Error, CustomStringConvertible {
    let description: String
}

/// Polls `condition` every 50 ms; whether it became true. It gives up only when `seconds` have
/// passed **and** it has polled `seconds` × 20 times: in the full suite on 2 cores, blocking
/// tests elsewhere can hold every thread of the cooperative pool for minutes, and a wall-clock
/// limit alone then failed tests whose tasks never got a turn (a CI run saw the SiteGate test's
/// first reader not start within 90 s). A real hang still ends after the polls.
func eventually(seconds: Double = 90, _ condition: () async throws -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    let polls = Int(seconds * 20)
    var polled = 0
    while true {
        if (try? await condition()) == true { return true }
        polled += 1
        if polled >= polls, Date() >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
}

/// Small Strong exports (the same dialect as `wkt-site import` reads from the app).
enum Exports {
    static let first = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",1,80,5,0,0,,,
        2026-11-02 07:00:00,"Push",1h 0m,"Bench Press (Barbell)",2,80,5,0,0,,,
        2026-11-05 07:00:00,"Legs",55m,"Squat (Barbell)",1,100,5,0,0,,,
        2026-11-05 07:00:00,"Legs",55m,"Squat (Barbell)",2,105,3,0,0,,,

        """

    /// A later workout, for a rebuild.
    static let second = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-11-16 18:30:00,"Pull",50m,"Deadlift (Barbell)",1,140,5,0,0,,,
        2026-11-16 18:30:00,"Pull",50m,"Deadlift (Barbell)",2,150,3,0,0,,,

        """
}

/// The `wkt-site` executable beside the test bundle, for what only a process shows (signals,
/// exit codes, the printed URL).
enum ServeBinary {
    static let path = BuiltBinary.path

    static var available: Bool {
        if path == nil { print("note: the wkt-site binary is not beside the test bundle; serve process tests skipped") }
        return path != nil
    }

    /// A started `wkt-site` process in `directory` whose stdout and stderr go to files there.
    final class Running: @unchecked Sendable {
        let process = Process()
        let stdoutPath: String
        let stderrPath: String

        init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
            stdoutPath = directory + "/.serve-\(UUID().uuidString).out"
            stderrPath = stdoutPath + ".err"
            _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: ServeBinary.path ?? "/nonexistent")
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "UTC"].merging(environment) { $1 }) { $1 }
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
            process.standardError = FileHandle(forWritingAtPath: stderrPath)
            try process.run()
        }

        var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        /// The port of the `Serving … at http://127.0.0.1:PORT/` line, once printed (waits up to 120 s).
        func port() async -> UInt16? {
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, process.isRunning {
                if let port = printedPort { return port }
                try? await Task.sleep(for: .milliseconds(50))
            }
            // One more look: in the full run this task can wait a long time for a thread, and
            // the line may have been printed while it waited (seen in CI: "Serving …" in the
            // output, the deadline already passed).
            return process.isRunning ? printedPort : nil
        }

        /// The port of the `Serving …` line, if printed yet.
        private var printedPort: UInt16? {
            guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("Serving ") }),
                  let range = line.range(of: "http://127.0.0.1:") else { return nil }
            return UInt16(line[range.upperBound...].prefix { $0.isNumber })
        }

        /// Waits for the exit (at most `seconds`, then kills it); the status (minus the signal
        /// when it died of one).
        func waitForExit(seconds: Double = 60) async -> Int32 {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
            return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        }

        /// Sends `signal` and waits for the exit; the status.
        func stop(with signal: Int32) async -> Int32 {
            if process.isRunning { kill(process.processIdentifier, signal) }
            return await waitForExit()
        }
    }
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
