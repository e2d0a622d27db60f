import Foundation
import WktCore
import WktDemo
import WktStore

/// What `wkt-site demo` was asked to do.
public struct DemoRequest: Sendable {
    /// `--years` (1–30).
    public var years: Int
    /// `--seed`.
    public var seed: UInt64
    /// `--store`: the demo store, `./wkt-demo.sqlite` by default (never the user's store).
    public var store: String?
    /// `--config`, if given.
    public var config: String?
    /// `--today`: the day the history ends on.
    public var today: String?
    /// `--quiet`.
    public var quiet: Bool
    /// `--output`: where the demo site is built (default `site`).
    public var output: String

    /// Creates a request.
    public init(
        years: Int = 2, seed: UInt64 = 42, store: String? = nil, config: String? = nil, today: String? = nil,
        quiet: Bool = false, output: String = "site"
    ) {
        self.output = output
        self.years = years
        self.seed = seed
        self.store = store
        self.config = config
        self.today = today
        self.quiet = quiet
    }
}

/// `wkt-site demo`: a deterministic synthetic history written into a fresh demo store.
///
/// The demo store is recreated on every run so the same seed and day give the same data; a store
/// that holds any non-demo workout is never replaced (it is somebody's real history).
public enum DemoRunner {
    /// The default demo store's file name, in the working directory.
    public static let defaultStore = "wkt-demo.sqlite"

    /// Writes the demo store, then builds the site from it into `request.output`.
    public static func run(_ request: DemoRequest, env: AppEnvironment) -> CommandResult {
        let (written, storePath) = writeStore(request, env: env)
        guard written.exitCode == ExitStatus.ok else { return written }
        var built = BuildRunner.run(
            BuildRequest(
                output: request.output, today: request.today, store: storePath, config: request.config,
                quiet: request.quiet),
            env: env)
        built.stdout = written.stdout + built.stdout
        if built.exitCode == ExitStatus.ok && !request.quiet {
            built.stdout += "open \(env.absolute(request.output))/index.html in a browser\n"
        }
        return built
    }

    /// Generates the history and writes the store.
    /// - Returns: the output and exit code, plus the store path for a following build.
    public static func writeStore(_ request: DemoRequest, env: AppEnvironment) -> (CommandResult, String) {
        let storePath = env.absolute(request.store ?? defaultStore)
        do {
            let context = try CommandContext.load(config: request.config, today: request.today, env: env)
            let options = DemoOptions(years: request.years, seed: request.seed, endDay: context.today)
            let batch = try DemoHistory.generateValidated(options)
            let lock = try HeldLock.acquire(storePath: storePath, env: env)
            defer { lock.release() }
            try replaceDemoStore(at: storePath)
            let store = try WorkoutStore.open(path: storePath, mode: .readWrite)
            let log = ImportLogEntry(
                file: "demo", sha256: SHA256.hex("demo \(request.years) \(request.seed) \(context.today)"),
                format: batch.format, importedAt: "\(context.today)T00:00:00Z", rowsSkipped: 0)
            let outcome = try store.apply([(batch, log)], dryRun: false)[0]
            let exercises = Set(batch.workouts.flatMap { $0.exercises.map(\.name) }).count
            let first = batch.workouts.first.map { "\($0.start.date)" } ?? "-"
            let last = batch.workouts.last.map { "\($0.start.date)" } ?? "-"
            let text = request.quiet ? "" :
                "demo: \(outcome.added) workouts, \(exercises) exercises, \(outcome.sets) sets "
                + "(\(first) … \(last), seed \(request.seed)) written to \(storePath)\n"
            return (CommandResult(stdout: text), storePath)
        } catch {
            return (error.result, storePath)
        }
    }

    /// Removes an existing demo store so the new one starts empty; refuses a store with real data.
    private static func replaceDemoStore(at path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let existing = try WorkoutStore.open(path: path, mode: .readOnly)
        let history = try existing.loadHistory()
        if let foreign = history.workouts.first(where: { $0.workout.source != .demo }) {
            throw AppFailure(
                message: "\(path) holds real workouts (from \(foreign.workout.source.rawValue)); "
                    + "the demo never overwrites them — pass another --store",
                exitCode: ExitStatus.usage)
        }
        for suffix in ["", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.removeItem(atPath: path + suffix)
            } catch {
                throw AppFailure(message: "\(path + suffix): cannot remove the old demo store: \(error)", exitCode: ExitStatus.ioError)
            }
        }
    }
}
