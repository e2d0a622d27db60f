import Foundation
import WktCore
import WktImport

/// What `wkt-site export` was asked to do.
public struct ExportRequest: Sendable {
    /// `--output FILE`; nil writes to standard output.
    public var output: String?
    /// `--store`.
    public var store: String?

    /// Creates a request.
    public init(output: String? = nil, store: String? = nil) {
        self.output = output
        self.store = store
    }
}

/// `wkt-site export`: the whole store as one wkt JSON (version 1) document.
///
/// The file imports back into an empty store as the same data (and into the store it came from
/// as "unchanged"): export → import → export gives identical bytes.
public enum ExportRunner {
    /// Writes the document.
    public static func run(_ request: ExportRequest, env: AppEnvironment) -> CommandResult {
        do {
            let storePath = env.storePath(option: request.store)
            guard let store = try StoreAccess.open(storePath: storePath, lock: nil, env: env) else {
                throw AppFailure(
                    message: "no store at \(storePath) — nothing to export (import a file first, or pass --store)",
                    exitCode: ExitStatus.ioError)
            }
            let history = try store.loadHistory()
            let document = WktJSON.encode(
                workouts: history.workouts.map(\.workout), schedule: history.storedSchedule, body: history.body)
            guard let output = request.output else { return CommandResult(stdout: document) }
            let path = env.absolute(output)
            try writeAtomically(Data(document.utf8), to: path)
            return CommandResult(stderr: [
                "wkt-site: exported \(history.workouts.count) workouts"
                    + (history.body.isEmpty ? "" : " and \(history.body.count) bodyweight measurements") + " to \(path)",
            ])
        } catch {
            return error.result
        }
    }

    /// Writes a temporary sibling, then renames it over `path`: a crash never leaves half a file.
    private static func writeAtomically(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AppFailure(message: "\(path): cannot be written: \(error.localizedDescription)", exitCode: ExitStatus.ioError)
        }
    }
}
