import Foundation
import WktCore
import WktImport
import WktStore

/// What `wkt-site import` was asked to do.
public struct ImportRequest: Sendable {
    /// The export files, as given.
    public var files: [String]
    /// `--store`, if given.
    public var store: String?
    /// `--config`, if given.
    public var config: String?
    /// `--format`.
    public var format: ImportFormat
    /// `--unit` for files that carry no unit.
    public var unit: WeightUnit?
    /// `--dry-run`: read and plan, write nothing.
    public var dryRun: Bool
    /// `--json`: one JSON object per file.
    public var json: Bool
    /// `--skip-bad-rows`: import good rows, report the bad ones.
    public var skipBadRows: Bool
    /// `--quiet`: nothing on stdout on success.
    public var quiet: Bool

    /// Creates a request.
    public init(
        files: [String], store: String? = nil, config: String? = nil, format: ImportFormat = .auto,
        unit: WeightUnit? = nil, dryRun: Bool = false, json: Bool = false, skipBadRows: Bool = false,
        quiet: Bool = false
    ) {
        self.files = files
        self.store = store
        self.config = config
        self.format = format
        self.unit = unit
        self.dryRun = dryRun
        self.json = json
        self.skipBadRows = skipBadRows
        self.quiet = quiet
    }
}

/// `wkt-site import`: read every file strictly, then apply them all in one store transaction.
///
/// Every file is read and validated before the store is touched; if any file is rejected, nothing
/// is written (exit 65, or 74 for an unreadable file) and each file's line says why. With
/// `--skip-bad-rows` a bad row is skipped and reported instead of rejecting its file.
public enum ImportRunner {
    /// Runs the import.
    /// - Parameters:
    ///   - request: the parsed command line.
    ///   - env: working directory, variables and clock.
    /// - Returns: the output and exit code.
    public static func run(_ request: ImportRequest, env: AppEnvironment) -> CommandResult {
        let context: CommandContext
        do {
            context = try CommandContext.load(config: request.config, today: nil, env: env)
        } catch {
            return error.result
        }
        let storePath = env.storePath(option: request.store)
        let lock: HeldLock
        do {
            lock = try HeldLock.acquire(storePath: storePath, env: env)
        } catch {
            return error.result
        }
        defer { lock.release() }

        var reports: [FileReport] = []
        let options = ImportOptions(
            format: request.format, unit: request.unit, skipBadRows: request.skipBadRows,
            today: context.today, timeZone: context.settings.timezone)
        for file in request.files {
            let path = env.absolute(file)
            var bytes: [UInt8]?
            var isHealth = false
            do {
                if FileImporter.isAppleHealthExport(path: path, options: options) {
                    isHealth = true
                    // Streamed (exports run to gigabytes) and parsed in a child process.
                    let (batch, sha256) = try HealthChild.read(path: path, file: file, env: env) {
                        try FileDigest.sha256(path)
                    }
                    reports.append(FileReport(file: file, batch: batch, sha256: sha256))
                } else {
                    let content = try FileImporter.readFile(path: path, limits: options.limits)
                    bytes = content
                    // The digest (for the import log) needs only the bytes: another core computes it
                    // while this one parses.
                    let (parsed, sha256) = ParallelMap.pair(
                        { Result { try FileImporter.read(bytes: content, file: file, options: options) } },
                        { SHA256.hex(content) })
                    reports.append(FileReport(file: file, batch: try parsed.get(), sha256: sha256))
                }
            } catch {
                var report = FileReport(file: file, failure: AppFailure(error))
                report.detectedFormat = isHealth
                    ? ImportFormat.appleHealth.rawValue : Self.format(of: bytes, options: options)
                reports.append(report)
            }
        }

        if reports.contains(where: { $0.failure != nil }) {
            let code = reports.compactMap(\.failure?.exitCode).max() ?? ExitStatus.dataError
            return render(reports, request: request, exitCode: code, storeUnchanged: true)
        }

        do {
            // A dry run against a store that does not exist yet plans against an empty in-memory
            // store, so it creates no file.
            let store = request.dryRun && !FileManager.default.fileExists(atPath: storePath)
                ? try WorkoutStore.inMemory()
                : try WorkoutStore.open(path: storePath, mode: .readWrite)
            let importedAt = ImportRunner.timestamp(env: env)
            let work = reports.compactMap { report -> (batch: ImportBatch, log: ImportLogEntry)? in
                guard let batch = report.batch, let sha = report.sha256 else { return nil }
                return (batch, ImportLogEntry(
                    file: report.file, sha256: sha, format: batch.format, importedAt: importedAt,
                    rowsSkipped: batch.skipped.count + batch.pseudoRows))
            }
            let applied = try store.applyTracking(work, dryRun: request.dryRun)
            for (index, result) in applied.enumerated() {
                reports[index].outcome = result.outcome
                reports[index].changed = result.changed
            }
        } catch {
            return AppFailure(error).result
        }
        return render(reports, request: request, exitCode: ExitStatus.ok, storeUnchanged: request.dryRun)
    }

    /// The format a rejected CSV or JSON file was read as, for `--json`: the forced one, else the
    /// one its content is detected as; nil when the file could not be read or no format claims it.
    static func format(of bytes: [UInt8]?, options: ImportOptions) -> String? {
        if options.format != .auto { return options.format.rawValue }
        guard let bytes else { return nil }
        return (try? FileImporter.detectFormat(bytes: bytes, limits: options.limits))??.rawValue
    }

    /// The import-log time: `SOURCE_DATE_EPOCH` when set (reproducible demo stores), else now, in UTC.
    static func timestamp(env: AppEnvironment) -> String {
        var instant = env.now
        if let epoch = env.variables["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            instant = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: instant)
    }

    private static func render(
        _ reports: [FileReport], request: ImportRequest, exitCode: Int32, storeUnchanged: Bool
    ) -> CommandResult {
        var out = ""
        var err: [String] = []
        for report in reports {
            if request.json {
                out += report.json() + "\n"
            } else if exitCode != ExitStatus.ok || !request.quiet {
                out += report.summary(dryRun: request.dryRun) + "\n"
            }
            if let failure = report.failure { err.append("wkt-site: " + failure.message) }
            // --quiet is silent on success (docs/reliability.md A-13): warnings and skipped rows are
            // then only in --json (`warnings`, `errors`) and the counts of the import log.
            if exitCode == ExitStatus.ok && request.quiet { continue }
            for warning in report.shownWarnings { err.append("wkt-site: warning: \(report.file): \(warning)") }
            for issue in report.batch?.skipped ?? [] {
                err.append("wkt-site: skipped \(report.file):\(issue.line): \(issue.message)")
            }
        }
        if exitCode != ExitStatus.ok && storeUnchanged && !request.json {
            err.append("wkt-site: nothing was imported; the store is unchanged")
        }
        return CommandResult(stdout: out, stderr: err, exitCode: exitCode)
    }
}

/// One file's result inside an import run.
struct FileReport {
    var file: String
    var batch: ImportBatch?
    var sha256: String?
    var failure: AppFailure?
    var outcome: ImportOutcome?
    /// The workouts the import added or updated (a dry run: would), once the store was written.
    var changed: Set<WorkoutIdentity>?
    /// For a rejected file, the format it was read as (`hevy`): reported even when a later check
    /// failed.
    var detectedFormat: String?

    init(file: String, batch: ImportBatch, sha256: String) {
        self.file = file
        self.batch = batch
        self.sha256 = sha256
    }

    init(file: String, failure: AppFailure) {
        self.file = file
        self.failure = failure
    }

    /// Whether the import added or changed anything from this file (a dry run: would); true
    /// before the store was written (a run rejected because of another file).
    var changedSomething: Bool {
        guard let outcome else { return true }
        return outcome.added + outcome.updated + outcome.measurementsAdded + outcome.measurementsUpdated > 0
    }

    /// The warnings this import reports for the file, on stderr and in `--json`
    /// (docs/formats.md §6.3): every file-level warning about data left out; the remarks on how
    /// the file was read only when the import added or changed something from it; a warning about
    /// one workout only when the import added or updated that workout. A dry run reports what it
    /// would add or update; a run rejected before the store was written reports every warning.
    var shownWarnings: [String] {
        guard let batch else { return [] }
        guard let changed else { return batch.allWarnings }
        return batch.warnings + (changedSomething ? batch.readingWarnings : [])
            + batch.workoutWarnings.filter { changed.contains($0.workout) }.map(\.message)
    }

    /// The human summary line.
    func summary(dryRun: Bool) -> String {
        guard let batch, failure == nil else {
            let line = failure?.line.map { ":\($0)" } ?? ""
            return "\(file)\(line): rejected — \(failure?.detail ?? "unknown error")"
        }
        let o = outcome ?? ImportOutcome(added: 0, updated: 0, unchanged: 0, sets: 0)
        let verb = dryRun ? "would add" : "added"
        var line = "\(file): \(batch.format) — \(o.added) workouts \(verb), \(o.updated) updated, "
            + "\(o.unchanged) unchanged; \(o.sets) sets"
        if !batch.body.isEmpty {
            line += "; \(o.measurementsAdded) bodyweight measurements \(verb)"
                + (o.measurementsUpdated > 0 ? ", \(o.measurementsUpdated) updated" : "")
        }
        let skipped = batch.skipped.count + batch.pseudoRows
        if skipped > 0 {
            var parts: [String] = []
            if batch.pseudoRows > 0 { parts.append("\(batch.pseudoRows) rest/note rows") }
            if !batch.skipped.isEmpty { parts.append("\(batch.skipped.count) bad rows") }
            line += "; \(skipped) rows skipped (" + parts.joined(separator: ", ") + ")"
        }
        if let unit = batch.unitAssumed, changedSomething {
            let other = unit == .kg ? "lb" : "kg"
            line += "; the file names no unit, \(unit.rawValue) assumed (use --unit \(other) if wrong)"
        }
        return line
    }

    /// The `--json` object, keys in the documented order, on one line.
    func json() -> String {
        let o = outcome ?? ImportOutcome(added: 0, updated: 0, unchanged: 0, sets: 0)
        var errors: [(Int?, String)] = (batch?.skipped ?? []).map { ($0.line, $0.message) }
        if let failure { errors.append((failure.line, failure.detail)) }
        let value: JSONValue = .object([
            ("file", .string(file)),
            ("format", .string(batch?.format ?? detectedFormat)),
            ("unit_assumed", .string(batch?.unitAssumed?.rawValue)),
            ("workouts_added", .int(o.added)),
            ("workouts_updated", .int(o.updated)),
            ("workouts_unchanged", .int(o.unchanged)),
            ("sets", .int(o.sets)),
            ("measurements_added", .int(o.measurementsAdded)),
            ("measurements_updated", .int(o.measurementsUpdated)),
            ("rows_skipped", .int((batch?.skipped.count ?? 0) + (batch?.pseudoRows ?? 0))),
            ("errors", .array(errors.map { line, message in .object([("line", .int(line)), ("message", .string(message))]) })),
            ("warnings", .array(shownWarnings.map { .string($0) })),
        ])
        return value.compact()
    }
}
