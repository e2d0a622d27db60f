import WktCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Publishes a generated site atomically (docs/reliability.md P1): the output folder is always one
/// complete build, the old one or the new one, never a mix.
///
/// `publish` does, in order:
/// 1. validates every path (relative, no `..`, no empty component, no dot-file outside a
///    keep-list entry, no duplicates; F-07) and the output folder (not `/`, a top-level
///    folder, the home folder or one of its ancestors, no `..`, not a symbolic link, and if it
///    exists and is not empty it must carry the `.wkt-site` marker; F-12). Nothing is touched
///    before these checks pass;
/// 2. removes `site.tmp-*` siblings left by killed runs (only ones carrying the marker, or
///    empty; F-08);
/// 3. builds into the sibling `site.tmp-<pid>-<random hex>/` on the same file system, with
///    files 0644 and directories 0755 set by `fchmod` whatever the `umask` (F-14), plain
///    `write` calls and no `fsync` per file;
/// 4. copies the keep-list (`CNAME`, `.well-known/`, …) from the old site, symbolic links
///    as links; a path the new build writes wins over a kept one. Everything else in the old
///    site is dropped (F-10, F-11) — including a `.git/` folder: it moves to `site.prev/` with
///    the old build and is deleted by the build after that. Keep a deployment repository
///    outside the site (`git --work-tree=site`), or add `.git` to the keep-list, which copies
///    it on every build;
/// 5. swaps with `renameat2(RENAME_EXCHANGE)`, falling back to two renames where the file
///    system refuses (`EINVAL`, `ENOSYS`, `EXDEV`, `EOPNOTSUPP`), and keeps the old tree as
///    `site.prev/`.
///
/// **Streaming into a fresh folder.** `publish` needs every file in memory at once. When no
/// previous build is reused (a first build, `site.prev/` missing or not ours, or
/// `reusePreviousBuild` off), ``begin(to:keep:shouldStop:)`` lets a build write each file as it
/// is made instead, through a ``PublishSession``, so the site's bytes are never all held: the
/// output folder and keep-list checks and steps 2–3 run first (the temporary folder carries
/// the marker before any file), then each file is checked and written as it arrives (step 1's
/// path rules, duplicates refused when the second copy arrives), then the session's
/// `finish` rewrites the marker with the stamp and record and does steps 4–5. The result is
/// the same tree and the same report as `publish` gives for the same files.
///
/// **Reusing the previous build.** Deleting a whole old tree and writing every file anew is
/// the slow part of publishing (docs/product.md). So, by default, `site.prev/` (which carries the
/// marker) is renamed to be the temporary folder: files whose bytes and mode already match
/// stay as they are; changed files are patched in place — read, compared in 4 KiB blocks, and
/// only the differing blocks written (`FileSystem.patchFile`; when the size changed,
/// everything from the first differing block on, then truncated); a changed file with another
/// hard link, or one its owner may not write, is unlinked and written anew (so nothing outside
/// sees the new bytes); stale entries are deleted; and after the exchange the old site becomes
/// the new `site.prev/` — no tree is deleted on the critical path. This is safe because
/// `site.prev/` is never served, the walk never follows a link, and each kept file is checked
/// (kind, mode 0644, size, bytes); the cost is that a failed publish loses `site.prev/`, never
/// `site/`. Measured with a release build on the project's loaded 2-core machine (ext4,
/// `discard`), the demo site (`--years 10`, 2,286 pages, 28 MB) after importing one workout,
/// so every page differs from the reused one in its build ID and footer: 46–58 ms (median 47
/// of 7) patching the differing blocks, against 300–1,018 ms (median 388) truncating and
/// rewriting every page; with every page unchanged 32–62 ms. Earlier, 2,199 pages of 9 KB:
/// unlinking and re-creating every changed page took 1.9–4.1 s; without reuse (delete the
/// old `site.prev/`, write every file) 2.3–4.3 s; a first build into a new folder 0.27–2.7 s.
///
/// Publishing is not safe against a concurrent publish into the same folder: hold the
/// `RunLock` (docs/reliability.md P2) around it.
///
/// On failure the temporary folder is removed, the old site is untouched, and the error
/// names the step and path (`PublishError.exitCode` 74 for I/O).
public struct SitePublisher: Sendable {
    /// The file-system seam every disk access goes through.
    public let fileSystem: FileSystem
    /// Whether `<output>.prev` is reused as the temporary folder (see the type's notes).
    public let reusePreviousBuild: Bool
    /// The home folder, which is never replaced (nor any folder containing it).
    public let homeDirectory: String?
    /// Makes the unique part of the temporary folder's name (`<pid>-<16 hex digits>` by
    /// default); it must be one path component. Injected so tests can predict it.
    public let temporarySuffix: @Sendable () -> String

    /// A publisher over `fileSystem`.
    /// - Parameters:
    ///   - fileSystem: the disk (`.disk`) or a test double.
    ///   - reusePreviousBuild: reuse `<output>.prev` as the temporary folder (default `true`).
    ///   - homeDirectory: the folder that must never be replaced; `$HOME` by default.
    ///   - temporarySuffix: the unique part of the temporary folder's name.
    public init(
        fileSystem: FileSystem = .disk,
        reusePreviousBuild: Bool = true,
        homeDirectory: String? = SitePublisher.environmentHome(),
        temporarySuffix: @escaping @Sendable () -> String = SitePublisher.randomSuffix
    ) {
        self.fileSystem = fileSystem
        self.reusePreviousBuild = reusePreviousBuild
        self.homeDirectory = homeDirectory
        self.temporarySuffix = temporarySuffix
    }

    /// Writes `files` as the new content of `output`, atomically.
    /// - Parameters:
    ///   - files: the site's files; paths relative and `/`-separated.
    ///   - output: the output folder (`site`); relative paths are taken from the current folder.
    ///   - keep: entries of the old site carried into the new one (files or folders).
    ///   - sync: call `syncfs` once before the swap and `fsync` the parent after it.
    ///   - stamp: a one-line digest of the inputs, recorded in the marker (see ``stamp(of:)``).
    ///   - record: further lines recorded in the marker after the stamp (wkt-site keeps its page
    ///     manifest there; read back with ``marker(of:)``).
    ///   - shouldStop: polled before every file written or patched and before the swap; returning
    ///     true removes the temporary folder and throws ``PublishError/interrupted(leftover:)`` (SIGINT/SIGTERM).
    /// - Returns: counts of what was written; no times, so equal inputs give equal reports.
    /// - Throws: `PublishError`; on every error the old site is untouched (except the
    ///   explicit `.siteMissing`) and the temporary folder is gone (or named as `leftover`).
    public func publish(
        files: [OutputFile],
        to output: String,
        keep: [String] = SitePublisher.defaultKeep,
        sync: Bool = false,
        stamp: String? = nil,
        record: String? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(PublishError) -> PublishReport {
        var plan = try OutputPlan(files: files, keep: keep)
        plan.markerBytes = OutputPlan.markerBytes(stamp: stamp, record: record)
        var run = try checkedRun(plan, to: output, shouldStop: shouldStop)
        try run.removeStaleTemporaries()
        do throws(PublishError) {
            try run.prepare(reuse: reusePreviousBuild)
            try run.build(sync: sync)
            if shouldStop() { throw .interrupted(leftover: nil) }
        } catch {
            throw Self.withLeftover(error, run.rollBack())
        }
        let method = try run.swap()
        if sync { run.syncParent() }
        return run.report(swap: method)
    }

    /// Starts a publish that takes its files one at a time as they are made (see the type's
    /// notes and ``PublishSession``) when the new build goes into a fresh temporary folder.
    ///
    /// Checks the keep-list and the output folder (F-12; nothing is touched before), and
    /// returns nil when ``reusePreviousBuild`` is set and `<output>.prev` carries the marker:
    /// reusing that tree needs every file up front, so the caller collects its files for
    /// ``publish(files:to:keep:sync:stamp:record:shouldStop:)``. Otherwise removes stale
    /// `site.tmp-*` folders (F-08), deletes an unreused `<output>.prev`, creates the temporary
    /// folder (0755) and writes the marker's fixed text into it.
    /// - Parameters:
    ///   - output: the output folder, as for `publish`.
    ///   - keep: entries of the old site carried into the new one, as for `publish`.
    ///   - shouldStop: polled before every file written and before the swap, as for `publish`.
    /// - Returns: the session to write the files through, or nil (nothing touched).
    /// - Throws: `PublishError`; the temporary folder is gone (or named as `leftover`).
    public func begin(
        to output: String,
        keep: [String] = SitePublisher.defaultKeep,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(PublishError) -> PublishSession? {
        var run = try checkedRun(try OutputPlan(files: [], keep: keep), to: output, shouldStop: shouldStop)
        if reusePreviousBuild, run.state.previous == .build { return nil }
        try run.removeStaleTemporaries()
        do throws(PublishError) {
            try run.prepare(reuse: false)
            // The marker goes first, as in `publish`; `finish` rewrites it with the stamp and record.
            try run.writeMarker(OutputPlan.markerBytes)
        } catch {
            throw Self.withLeftover(error, run.rollBack())
        }
        return PublishSession(run: run)
    }

    /// A run of `plan` into `output` once the output folder and its `.prev` sibling passed their
    /// checks (F-12), with its temporary folder named; nothing is touched yet.
    private func checkedRun(
        _ plan: OutputPlan, to output: String, shouldStop: @escaping @Sendable () -> Bool
    ) throws(PublishError) -> PublishRun {
        let location = try OutputLocation(path: output, home: homeDirectory, fileSystem: fileSystem)
        let state = try OutputState(location: location, fileSystem: fileSystem)
        let temporary = joinPath(location.parent, location.temporaryPrefix + temporarySuffix())
        var run = PublishRun(fileSystem: fileSystem, plan: plan, location: location, state: state, temporary: temporary)
        run.shouldStop = shouldStop
        return run
    }

    /// The keep-list `publish` and `begin` use unless told otherwise (docs/reliability.md F-11).
    public static let defaultKeep = ["CNAME", ".well-known"]

    /// `error` with the temporary folder named when it could not be removed.
    static func withLeftover(_ error: PublishError, _ leftover: String?) -> PublishError {
        switch error {
        case let .io(step, failure, _): return .io(step: step, failure: failure, leftover: leftover)
        case .interrupted: return .interrupted(leftover: leftover)
        default: return error
        }
    }

    /// `$HOME`, if set.
    public static func environmentHome() -> String? {
        getenv("HOME").map { String(cString: $0) }
    }

    /// `<pid>-<16 lower-case hex digits>` from the system's random generator.
    @Sendable public static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = String(generator.next() as UInt64, radix: 16)
        return "\(getpid())-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The text of the marker of the site at `output` (fixed text, stamp and record), or nil when
    /// there is none or it cannot be read.
    public func marker(of output: String) -> String? {
        guard let bytes = try? fileSystem.readFile(joinPath(output, OutputPlan.markerName)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The build stamp recorded in the marker of the site at `output` by the last `publish`
    /// (its `stamp` argument), or nil when there is no marker or no stamp. A build whose inputs
    /// give the same stamp can skip rendering: the site already is what it would write.
    public func stamp(of output: String) -> String? {
        marker(of: output).flatMap(Self.stamp(inMarker:))
    }

    /// The build stamp in a marker's text (``marker(of:)``), or nil when it has none: the first
    /// line that starts with the prefix. Lines are read one at a time and the search stops there:
    /// the stamp is the marker's second line, and splitting the whole text (the page manifest
    /// follows, 2,300 lines for the 10-year demo) cost about 10 ms of every build, a quarter of a
    /// no-op rebuild.
    public static func stamp(inMarker text: String) -> String? {
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            if line.hasPrefix(OutputPlan.stampPrefix) { return String(line.dropFirst(OutputPlan.stampPrefix.count)) }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return nil
    }
}
