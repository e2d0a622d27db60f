import WktCore
import WktIO
import WktSite

/// What `wkt-site _hugo-content` was asked to do.
public struct HugoContentRequest: Sendable {
    /// The folder to write the Hugo site into (new or empty); nil when missing on the command line.
    public var directory: String?
    /// `--store`.
    public var store: String?
    /// `--config`.
    public var config: String?
    /// `--today YYYY-MM-DD`.
    public var today: String?

    /// Creates a request.
    public init(directory: String?, store: String? = nil, config: String? = nil, today: String? = nil) {
        self.directory = directory
        self.store = store
        self.config = config
        self.today = today
    }
}

/// `wkt-site _hugo-content DIR`, a hidden command that exists for the benchmark only
/// (`scripts/bench.py --hugo`, README "Performance"): the pages `wkt-site build` would write,
/// as a Hugo site in `DIR` (``HugoContent``), so Hugo can render the same pages from the same
/// Markdown.
///
/// The store and the settings are read exactly as `build` reads them (its prepare, lock and
/// load stages and its site input: demo defaults, goal check, Apple Health copies counted
/// once). `DIR` must be new or empty: the command writes files and deletes nothing.
public enum HugoContentRunner {
    /// The one-line usage, the message of a missing `DIR`.
    static let usage = "usage: wkt-site _hugo-content DIR [--store path] [--config path] [--today YYYY-MM-DD]"

    /// Writes the Hugo site.
    public static func run(_ request: HugoContentRequest, env: AppEnvironment) -> CommandResult {
        guard let directory = request.directory, !directory.isEmpty else {
            return .failure(usage, exitCode: ExitStatus.usage)
        }
        do {
            let buildRequest = BuildRequest(
                output: directory, today: request.today, store: request.store, config: request.config, force: true)
            let plan = try BuildRunner.prepare(buildRequest, env: env)
            let created = try prepareFolder(plan.output, given: directory)
            let lock = try BuildRunner.Stage.lock.run { try HeldLock.acquireForReading(storePath: plan.storePath, env: env) }
            defer { lock.release() }
            let loaded = try BuildRunner.Stage.load.run { try BuildRunner.load(plan, lock: lock, env: env) }
            let (input, hints) = try BuildRunner.Stage.build.run {
                try BuildRunner.siteInput(plan, loaded: loaded, renderer: plan.renderer)
            }
            let files = try HugoContent.files(input)
            try write(files, into: plan.output, existing: created)
            let pages = files.filter { $0.path.hasPrefix(HugoContent.contentFolder) }.count
            return CommandResult(stdout: "hugo site: \(pages) content pages in \(directory)/\n", stderr: hints)
        } catch {
            return AppFailure(error).result
        }
    }

    /// Creates `path` when it does not exist; refuses (64) anything but an empty folder, so
    /// nothing already there is overwritten or deleted. Returns the folders that exist now.
    static func prepareFolder(_ path: String, given: String) throws -> Set<String> {
        switch try FileSystem.disk.info(path)?.kind {
        case nil:
            try FileSystem.disk.makeDirectory(path, 0o755)
        case .directory?:
            guard try FileSystem.disk.listDirectory(path).isEmpty else {
                throw AppFailure(
                    message: "refusing _hugo-content \(given): the folder is not empty (it writes into a new or empty "
                        + "folder and deletes nothing)", exitCode: ExitStatus.usage)
            }
        case .some:
            throw AppFailure(message: "refusing _hugo-content \(given): it exists and is not a folder", exitCode: ExitStatus.usage)
        }
        return [path]
    }

    /// Writes `files` below `folder`, creating their folders (plain writes, no `fsync`).
    static func write(_ files: [OutputFile], into folder: String, existing: Set<String>) throws {
        var folders = existing
        for file in files {
            var parent = folder
            for component in file.path.split(separator: "/").dropLast() {
                parent += "/" + component
                if folders.insert(parent).inserted { try FileSystem.disk.makeDirectory(parent, 0o755) }
            }
            try FileSystem.disk.writeFile(folder + "/" + file.path, file.bytes, 0o644)
        }
    }
}
