/// The output folder, resolved and checked, with the names of its siblings.
struct OutputLocation {
    /// The absolute output path: the parent resolved with `realpath`, the last component as
    /// given (a symbolic link there is never followed).
    let output: String
    /// The resolved parent folder, where the temporary and previous builds live.
    let parent: String
    /// The output folder's own name.
    let name: String

    /// `<output>.prev`, the previous build.
    var previous: String { output + ".prev" }
    /// The name prefix of temporary build folders (`site.tmp-`).
    var temporaryPrefix: String { name + ".tmp-" }

    /// Resolves `path` and refuses `/`, top-level folders, the home folder and its ancestors,
    /// and any `..` (docs/reliability.md F-12).
    init(path: String, home: String?, fileSystem: FileSystem) throws(PublishError) {
        if path.isEmpty { throw .unsafeOutput(path: path, reason: "the output path is empty") }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        if components.contains("..") { throw .unsafeOutput(path: path, reason: "the path contains '..'") }
        guard let last = components.last else { throw .unsafeOutput(path: path, reason: "it is the root folder") }
        if last == "." { throw .unsafeOutput(path: path, reason: "name the folder itself, not '.'") }
        let parentComponents = components.dropLast().joined(separator: "/")
        let parentPath = path.hasPrefix("/") ? "/" + parentComponents : (parentComponents.isEmpty ? "." : parentComponents)
        let parent: String
        do throws(FileSystemError) {
            parent = try fileSystem.resolve(parentPath)
        } catch {
            throw .unsafeOutput(path: path, reason: "its parent folder '\(parentPath)' cannot be used: \(error.reason)")
        }
        let output = joinPath(parent, String(last))
        if output.split(separator: "/").count < 2 {
            throw .unsafeOutput(path: output, reason: "it is a top-level folder")
        }
        if let home, !home.isEmpty {
            let resolvedHome = (try? fileSystem.resolve(home)) ?? home
            if output == resolvedHome { throw .unsafeOutput(path: output, reason: "it is the home folder") }
            if resolvedHome.hasPrefix(output + "/") {
                throw .unsafeOutput(path: output, reason: "it contains the home folder")
            }
        }
        self.output = output
        self.parent = parent
        self.name = String(last)
    }
}

/// What is at the output and previous-build paths before a publish.
struct OutputState {
    /// What `<output>.prev` holds.
    enum Previous {
        /// Nothing.
        case absent
        /// An empty directory (a `rename` may replace it).
        case empty
        /// A directory carrying the marker: an earlier build, reusable as the temporary folder.
        case build
    }

    /// Whether the output folder exists (it is then a directory that is empty or marked).
    let outputExists: Bool
    /// The previous build's state.
    let previous: Previous

    /// Inspects both paths; refuses anything wkt-site did not make (F-12).
    init(location: OutputLocation, fileSystem: FileSystem) throws(PublishError) {
        outputExists = try Self.inspect(location.output, fileSystem) != .absent
        previous = try Self.inspect(location.previous, fileSystem)
    }

    /// `.absent`, `.empty` or `.build` for a path, or the reason it may not be replaced.
    private static func inspect(_ path: String, _ fileSystem: FileSystem) throws(PublishError) -> Previous {
        guard let info = try performing(.inspect, { () throws(FileSystemError) in try fileSystem.info(path) }) else {
            return .absent
        }
        switch info.kind {
        case .directory:
            let marker = joinPath(path, OutputPlan.markerName)
            if try performing(.inspect, { () throws(FileSystemError) in try fileSystem.info(marker) })?.kind == .file {
                return .build
            }
            if try performing(.inspect, { () throws(FileSystemError) in try fileSystem.listDirectory(path) }).isEmpty {
                return .empty
            }
            throw .unsafeOutput(
                path: path,
                reason: "it is not empty and has no \(OutputPlan.markerName) marker, so wkt-site did not make it"
            )
        case .symlink:
            throw .unsafeOutput(path: path, reason: "it is a symbolic link; give the folder itself")
        case .file, .other:
            throw .unsafeOutput(path: path, reason: "it is not a folder")
        }
    }
}

/// Runs one file-system call, turning its failure into `PublishError.io` tagged with `step`.
func performing<T>(_ step: PublishStep, _ body: () throws(FileSystemError) -> T) throws(PublishError) -> T {
    do throws(FileSystemError) {
        return try body()
    } catch {
        throw .io(step: step, failure: error, leftover: nil)
    }
}
