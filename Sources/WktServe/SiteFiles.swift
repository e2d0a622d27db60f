import WktIO

/// The files of the output folder as the preview serves them: a checked ``RequestPath`` in, the
/// bytes of one regular file inside the root out (docs/product.md "Local preview").
///
/// Symbolic links are resolved with `realpath(3)` and the result must lie inside the root's own
/// resolved path; anything else is "not found", as are dot-files (the `.wkt-site` marker;
/// `.well-known/` excepted, which the build carries over for hosts), FIFOs and devices (never
/// opened, so they cannot hang a request) and files over 64 MiB. A folder asked for without its
/// trailing slash is redirected (301) to it, as static hosts do, so relative links on its
/// `index.html` resolve; with the slash its `index.html` is served.
struct SiteFiles: Sendable {
    /// The output folder, absolute.
    let root: String
    /// The disk, through WktIO's seam.
    var fileSystem: FileSystem = .disk

    /// The largest file served.
    static let sizeLimit = 64 << 20

    /// What a path leads to.
    enum Lookup: Equatable {
        /// A regular file's path (resolved) and its bytes, read once.
        case file(path: String, bytes: [UInt8])
        /// A folder asked for without its slash: where to send the client.
        case redirect(location: String)
        /// Nothing servable there.
        case notFound
    }

    /// Looks `path` up below the root.
    func lookup(_ path: RequestPath) -> Lookup {
        guard let rootReal = try? fileSystem.resolve(root) else { return .notFound }
        guard let real = resolveInside(path.components, rootReal: rootReal),
              let info = try? fileSystem.info(real)
        else { return .notFound }
        switch info.kind {
        case .directory:
            guard path.isFolder else { return .redirect(location: path.raw + "/") }
            guard let index = resolveInside(path.components + ["index.html"], rootReal: rootReal),
                  let indexInfo = try? fileSystem.info(index), indexInfo.kind == .file
            else { return .notFound }
            return read(index, size: indexInfo.size)
        case .file:
            return path.isFolder ? .notFound : read(real, size: info.size)
        default:
            return .notFound
        }
    }

    /// The site's own `404.html`, if it has one.
    func notFoundPage() -> (path: String, bytes: [UInt8])? {
        guard let rootReal = try? fileSystem.resolve(root),
              let real = resolveInside(["404.html"], rootReal: rootReal),
              let info = try? fileSystem.info(real), info.kind == .file,
              case let .file(path, bytes) = read(real, size: info.size)
        else { return nil }
        return (path, bytes)
    }

    /// The resolved path of `components` below the root, or nil when it does not exist, leaves
    /// the root's resolved path, or names a dot-file on the way there.
    private func resolveInside(_ components: [String], rootReal: String) -> String? {
        guard components.allSatisfy(Self.isServable) else { return nil }
        let candidate = components.isEmpty ? root : root + "/" + components.joined(separator: "/")
        guard let real = try? fileSystem.resolve(candidate) else { return nil }
        if real == rootReal { return real }
        let prefix = rootReal.hasSuffix("/") ? rootReal : rootReal + "/"
        guard real.hasPrefix(prefix) else { return nil }
        let inside = real.dropFirst(prefix.count).split(separator: "/").map(String.init)
        return inside.allSatisfy(Self.isServable) ? real : nil
    }

    /// Whether a path component may be served: no dot-files but `.well-known`.
    private static func isServable(_ component: String) -> Bool {
        !component.hasPrefix(".") || component == ".well-known"
    }

    /// The bytes of a regular file of a plausible size.
    private func read(_ path: String, size: Int) -> Lookup {
        guard size <= Self.sizeLimit, let bytes = try? fileSystem.readFile(path), bytes.count <= Self.sizeLimit else {
            return .notFound
        }
        return .file(path: path, bytes: bytes)
    }
}
