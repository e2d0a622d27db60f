import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths with their symbolic links resolved, for containment checks that a link cannot fool
/// (docs/reliability.md A-05: a `--store` that is a link into the output folder).
enum ResolvedPath {
    /// `path` made absolute, with every symbolic link in its longest existing prefix resolved
    /// by `realpath(3)`; the components that do not exist yet are appended as given
    /// (after `.`/`..` are folded).
    static func of(_ path: String) -> String {
        let absolute = (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
        var existing = (absolute as NSString).standardizingPath
        var missing: [String] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for component in missing.reversed() {
                    result = (result as NSString).appendingPathComponent(component)
                }
                return result
            }
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || existing.isEmpty { return (absolute as NSString).standardizingPath }
            missing.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }

    /// Whether `path` is `folder` itself or lies below it (both absolute and normalised).
    static func isInside(_ path: String, folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether `path` lies in a folder `parent/<prefix>…` (a temporary build folder).
    static func isInsideSibling(_ path: String, parent: String, prefix: String) -> Bool {
        let base = parent.hasSuffix("/") ? parent : parent + "/"
        guard path.hasPrefix(base) else { return false }
        let rest = path.dropFirst(base.count)
        return rest.hasPrefix(prefix)
    }
}
