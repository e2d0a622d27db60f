import Foundation
import WktCore
import WktImport

/// Runs the Apple Health parser in a child process (`wkt-site _health-import FILE`), so that a
/// trap inside Foundation's `XMLParser` (FORMATS.md §4.4) becomes a failed import of that file
/// instead of a dead run (RELIABILITY.md P5).
///
/// Protocol: the child writes the workouts as wkt JSON on stdout (ids `apple-health:<key>`, which
/// the parent's wkt JSON decoder maps back to the Apple Health identity), each warning as a
/// `warning: …` line on stderr, and on failure `error-line: N` (when a line is known) and
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
        // The child's output goes to temporary files (no pipe can fill up and block it).
        let base = NSTemporaryDirectory() + "wkt-health-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let outPath = base + ".json"
        let errPath = base + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              FileManager.default.createFile(atPath: errPath, contents: nil),
              let outHandle = FileHandle(forWritingAtPath: outPath),
              let errHandle = FileHandle(forWritingAtPath: errPath)
        else {
            throw AppFailure(message: "\(base): cannot create a temporary file", exitCode: ExitStatus.ioError)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [subcommand, path]
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
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
        try? outHandle.close()
        try? errHandle.close()
        let output = FileManager.default.contents(atPath: outPath) ?? Data()
        let errorText = FileManager.default.contents(atPath: errPath) ?? Data()
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
        var batch = try FileImporter.read(
            bytes: [UInt8](output), file: file, options: ImportOptions(format: .wkt))
        batch.format = errorLines.first { $0.hasPrefix("format: ") }.map { String($0.dropFirst(8)) } ?? "apple-health"
        batch.carried = [.duration]
        batch.warnings = errorLines.filter { $0.hasPrefix("warning: ") }.map { String($0.dropFirst(9)) }
        return (batch, other)
    }

    /// The child's side: parse and print (used by the hidden subcommand).
    static func runChild(path: String) -> CommandResult {
        do {
            let batch = try FileImporter.readAppleHealth(path: path, file: path)
            let stderr = ["format: \(batch.format)"] + batch.warnings.map { "warning: " + $0 }
            return CommandResult(stdout: WktJSON.encode(workouts: batch.workouts, schedule: nil), stderr: stderr)
        } catch {
            return CommandResult(
                stderr: (error.line.map { ["error-line: \($0)"] } ?? []) + ["error: " + error.message],
                exitCode: error.exitCode)
        }
    }
}


/// The entry point of the hidden `_health-import` subcommand.
public enum HealthImportChild {
    /// Parses `path` and returns the wkt JSON document (or the error) as a command result.
    public static func run(path: String) -> CommandResult { HealthChild.runChild(path: path) }
}
