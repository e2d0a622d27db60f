#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WktCore

/// The tree hash of docs/reliability.md's "site intact": one line per entry, sorted by the UTF-8
/// bytes of the path, `path  sha256` for a regular file and `path  -> target` for a
/// symbolic link (never followed). Directories appear only through their contents.
/// Two trees are the same build when their listings are equal.
public enum TreeHash {
    /// The listing of everything under `directory` (paths relative to it).
    /// - Throws: `FileSystemError` when an entry cannot be read, or is not a file, folder
    ///   or symbolic link (`EINVAL`).
    public static func listing(of directory: String, fileSystem: FileSystem = .disk) throws(FileSystemError) -> String {
        var lines: [String] = []
        try collect(directory, relative: "", fileSystem: fileSystem, into: &lines)
        return lines.map { $0 + "\n" }.joined()
    }

    /// Appends the lines for the entries of `root/relative`, depth first in byte order
    /// (so every line is in byte order of its path: a folder's name followed by `/` sorts
    /// as the folder's entries do).
    private static func collect(
        _ root: String, relative: String, fileSystem: FileSystem, into lines: inout [String]
    ) throws(FileSystemError) {
        var entries: [(path: String, kind: FileKind)] = []
        for name in try fileSystem.listDirectory(joinPath(root, relative)) {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard let info = try fileSystem.info(joinPath(root, path)) else { continue }
            entries.append((path, info.kind))
        }
        // Sort by "path/" for folders so `a/x` lands where the listing of all paths puts it.
        entries.sort { utf8Precedes(sortKey($0), sortKey($1)) }
        for entry in entries {
            let full = joinPath(root, entry.path)
            switch entry.kind {
            case .file:
                lines.append(entry.path + "  " + SHA256.hex(try fileSystem.readFile(full)))
            case .symlink:
                lines.append(entry.path + "  -> " + (try fileSystem.readSymlink(full)))
            case .directory:
                try collect(root, relative: entry.path, fileSystem: fileSystem, into: &lines)
            case .other:
                throw FileSystemError(operation: "tree-hash", path: full, code: EINVAL)
            }
        }
    }

    /// The key a listing entry sorts by: folders as `path/`.
    private static func sortKey(_ entry: (path: String, kind: FileKind)) -> String {
        entry.kind == .directory ? entry.path + "/" : entry.path
    }
}
