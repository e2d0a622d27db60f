import Foundation
import WktCore
import WktImport

/// Runs the Apple Health parser in a child process (`wkt-site _health-import FILE`), so that a
/// trap inside Foundation's `XMLParser` (docs/formats.md §4.4) becomes a failed import of that file
/// instead of a dead run (docs/reliability.md P5).
///
/// Protocol: the child writes the workouts as wkt JSON on stdout (ids `apple-health:<key>`, which
/// the parent's wkt JSON decoder maps back to the Apple Health identity; bodyweight measurements
/// in `body` with `source` `apple-health`), each warning as one line on stderr: `warning: …`
/// (file-level), `reading-warning: …` (how the file was read) and `workout-warning: N …` (about
/// the workout at index N of the document's `workouts`, docs/formats.md §6.3), and on failure `error-line: N` (when a line is known) and
/// `error: MESSAGE` lines on stderr and the exit code.
enum HealthChild {
    /// The hidden subcommand's name.
    static let subcommand = "_health-import"

    /// Reads an Apple Health export, in a child process when the executable is known.
    /// - Parameter meanwhile: work for this process while the child parses (the import log's
    ///   file hash: both read the whole file, so on two cores they overlap).
    static func read<Other>(
        path: String, file: String, env: AppEnvironment, meanwhile: () throws -> Other
    ) throws -> (ImportBatch, Other) {
        guard let executable = env.selfExecutable else {
            return (try FileImporter.readAppleHealth(path: path, file: file), try meanwhile())
        }
        // The child's output goes to temporary files (no pipe can fill up and block it). They are
        // unlinked as soon as they are open, so nothing is left behind however this process ends,
        // also under kill -9 (docs/reliability.md A-08); the open handles keep the data readable.
        let base = NSTemporaryDirectory() + "wkt-health-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let outPath = base + ".json"
        let errPath = base + ".err"
        let created = FileManager.default.createFile(atPath: outPath, contents: nil)
            && FileManager.default.createFile(atPath: errPath, contents: nil)
        let outHandle = created ? FileHandle(forWritingAtPath: outPath) : nil
        let errHandle = created ? FileHandle(forWritingAtPath: errPath) : nil
        let outReader = created ? FileHandle(forReadingAtPath: outPath) : nil
        let errReader = created ? FileHandle(forReadingAtPath: errPath) : nil
        unlink(outPath)
        unlink(errPath)
        defer {
            for handle in [outHandle, errHandle, outReader, errReader] { try? handle?.close() }
        }
        guard let outHandle, let errHandle, let outReader, let errReader else {
            throw AppFailure(message: "\(base): cannot create a temporary file", exitCode: ExitStatus.ioError)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [subcommand, path]
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        // The child checks that this process is still its parent (see stopWhenOrphaned()).
        process.environment = ProcessInfo.processInfo.environment.merging([parentVariable: String(getpid())]) { $1 }
        do {
            try process.run()
        } catch {
            throw AppFailure(message: "\(file): cannot start the Apple Health reader: \(error)", exitCode: ExitStatus.ioError)
        }
        let other: Other
        do {
            other = try meanwhile()
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        let output = (try? outReader.readToEnd()) ?? Data()
        let errorText = (try? errReader.readToEnd()) ?? Data()
        let errorLines = String(decoding: errorText, as: UTF8.self).split(separator: "\n").map(String.init)

        guard process.terminationReason == .exit else {
            throw AppFailure(
                message: "\(file): the Apple Health reader crashed (signal \(process.terminationStatus)); "
                    + "the export is probably damaged — nothing was imported",
                exitCode: ExitStatus.dataError)
        }
        guard process.terminationStatus == 0 else {
            let detail = errorLines.last { $0.hasPrefix("error: ") }.map { String($0.dropFirst(7)) }
                ?? "the Apple Health reader failed (exit \(process.terminationStatus))"
            let line = errorLines.last { $0.hasPrefix("error-line: ") }.flatMap { Int($0.dropFirst(12)) }
            throw AppFailure(
                message: "\(file)\(line.map { ":\($0)" } ?? ""): \(detail)",
                exitCode: process.terminationStatus == 74 ? ExitStatus.ioError : ExitStatus.dataError,
                line: line, detail: detail)
        }
        var batch: ImportBatch
        do {
            batch = try FileImporter.read(bytes: [UInt8](output), file: file, options: ImportOptions(format: .wkt))
        } catch {
            // The reader checks every value it hands back, so this is a bug, not bad data; the
            // JSON path of the hand-back document would mean nothing to the user (A-09).
            throw AppFailure(
                message: "\(file): internal error: the Apple Health reader handed back workouts that cannot be "
                    + "read back (\(error.message)); please report this",
                exitCode: ExitStatus.dataError)
        }
        batch.format = errorLines.first { $0.hasPrefix("format: ") }.map { String($0.dropFirst(8)) } ?? "apple-health"
        batch.carried = [.duration]
        batch.warnings = errorLines.filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst(9)) }
        batch.readingWarnings = errorLines.filter { $0.hasPrefix(readingPrefix) }.map { String($0.dropFirst(readingPrefix.count)) }
        batch.workoutWarnings = []
        for line in errorLines where line.hasPrefix(workoutPrefix) {
            let rest = line.dropFirst(workoutPrefix.count)
            let index = rest.prefix { $0 != " " }
            let message = String(rest.dropFirst(index.count + 1))
            if let index = Int(index), batch.workouts.indices.contains(index) {
                batch.workoutWarnings.append(
                    WorkoutWarning(workout: WorkoutIdentity(of: batch.workouts[index]), message: message))
            } else {
                // Never dropped: a warning the parent cannot tie to a workout is printed every time.
                batch.warnings.append(String(rest))
            }
        }
        return (batch, other)
    }

    /// The stderr prefix of a reading remark.
    static let readingPrefix = "reading-warning: "
    /// The stderr prefix of a warning about one workout, followed by its index and a space.
    static let workoutPrefix = "workout-warning: "

    /// The child's stderr lines for `batch`'s warnings, one line each (A-09): the parent reads
    /// them back line by line.
    static func warningLines(_ batch: ImportBatch) -> [String] {
        var indexOf: [WorkoutIdentity: Int] = [:]
        for (index, workout) in batch.workouts.enumerated() where indexOf[WorkoutIdentity(of: workout)] == nil {
            indexOf[WorkoutIdentity(of: workout)] = index
        }
        return batch.warnings.map { "warning: " + MessageText.oneLine($0) }
            + batch.readingWarnings.map { readingPrefix + MessageText.oneLine($0) }
            + batch.workoutWarnings.map { warning in
                let message = MessageText.oneLine(warning.message)
                guard let index = indexOf[warning.workout] else { return "warning: " + message }
                return workoutPrefix + "\(index) " + message
            }
    }

    /// The child's side: parse and print (used by the hidden subcommand).
    static func runChild(path: String) -> CommandResult {
        stopWhenOrphaned()
        do {
            let batch = try FileImporter.readAppleHealth(path: path, file: path)
            // One line each: the parent reads these back line by line (A-09).
            let stderr = ["format: \(batch.format)"] + warningLines(batch)
            return CommandResult(
                stdout: WktJSON.encode(workouts: batch.workouts, schedule: nil, body: batch.body), stderr: stderr)
        } catch {
            return CommandResult(
                stderr: (error.line.map { ["error-line: \($0)"] } ?? []) + ["error: " + error.message],
                exitCode: error.exitCode)
        }
    }
}


extension HealthChild {
    /// The environment variable holding the parent's process id.
    static let parentVariable = "WKT_HEALTH_PARENT"

    /// Ends the child when its parent is gone (killed with `kill -9`, docs/reliability.md A-08): its
    /// output would never be read, and a multi-gigabyte export would keep a core busy for
    /// minutes. An orphan is re-parented, so a parent id other than the one the parent passed in
    /// ``parentVariable`` is the sign (also when the parent died before this process started).
    /// Run by hand, without the variable, the child has no watchdog.
    static func stopWhenOrphaned() {
        guard let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap({ pid_t($0) }) else { return }
        if getppid() != parent { _exit(70) }
        let watchdog = Thread {
            while true {
                usleep(200_000)
                if getppid() != parent { _exit(70) }
            }
        }
        watchdog.start()
    }
}

/// The entry point of the hidden `_health-import` subcommand.
public enum HealthImportChild {
    /// Parses `path` and returns the wkt JSON document (or the error) as a command result.
    public static func run(path: String) -> CommandResult { HealthChild.runChild(path: path) }
}
