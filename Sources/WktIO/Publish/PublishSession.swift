import Synchronization
import WktCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A publish into a fresh temporary folder whose files arrive one at a time, from any thread,
/// as they are made (``SitePublisher/begin(to:keep:shouldStop:)``): a build writes each page as
/// soon as it is rendered instead of holding the whole site in memory until the end.
///
/// The promises of ``SitePublisher/publish(files:to:keep:sync:stamp:record:shouldStop:)`` hold
/// (docs/reliability.md P1, F-07, F-12, F-14, C-05), in this order:
/// 1. `begin` checked the output folder and the keep-list, removed stale temporary folders and
///    created the temporary folder with the marker's fixed text in it, before any file arrives;
/// 2. ``write(_:)`` polls `shouldStop`, checks the path by the rules of `publish` (relative, no
///    `..`, no empty component, no dot-file outside a keep-list entry), refuses a path already
///    written (never last-writer-wins) and a file that is also another file's folder, creates
///    the folders it needs (0755, each once) and writes the file (0644);
/// 3. ``finish(sync:stamp:record:)`` rewrites the marker with the stamp and record (which may
///    depend on every file written), copies the keep-list, syncs when asked, polls
///    `shouldStop` and swaps, as `publish` does.
///
/// A failed `write` (its error is thrown to the caller) makes `finish` swap nothing: it removes
/// the temporary folder and throws the first such failure. ``abandon()`` removes the temporary
/// folder after a failure outside the session (a page that fails to render). Call `finish` or
/// `abandon` once every `write` has returned; a later `write` fails (`EBADF`). Until the swap
/// the old site and `site.prev/` are untouched; a session released without `finish` or
/// `abandon` removes its temporary folder.
public final class PublishSession: Sendable {
    /// What the writers share, under the lock.
    private struct State {
        /// The run: counters, keep-list copy, swap and roll-back.
        var run: PublishRun
        /// The path bytes of every file written so far.
        var files = Set<[UInt8]>()
        /// The path bytes of every folder created so far → the file it was created for.
        var folders: [[UInt8]: String] = [:]
        /// The first failed `write`; `finish` throws it instead of swapping.
        var failure: PublishError?
        /// Whether `finish` or `abandon` ran.
        var closed = false
    }

    private let state: Mutex<State>
    private let fileSystem: FileSystem
    private let temporary: String
    private let keep: [[Substring]]
    private let shouldStop: @Sendable () -> Bool

    /// A session over `run`, whose temporary folder exists and carries the marker.
    init(run: PublishRun) {
        fileSystem = run.fileSystem
        temporary = run.temporary
        keep = run.plan.keep.map(OutputPlan.components(of:))
        shouldStop = run.shouldStop
        state = Mutex(State(run: run))
    }

    deinit {
        abandon()
    }

    /// The absolute path of the temporary folder the files go into.
    public var temporaryFolder: String { temporary }

    /// Writes one file of the new site into the temporary folder. Safe to call from many
    /// threads at once; each call writes its own file.
    /// - Parameter file: the file; its path relative and `/`-separated.
    /// - Throws: `PublishError`: `.interrupted` when `shouldStop` returned true,
    ///   `.invalidFile` or `.duplicateFile` for a path breaking a rule, `.io` (step `write`) when
    ///   a folder or the file could not be written. After any of them ``finish(sync:stamp:record:)``
    ///   swaps nothing.
    public func write(_ file: OutputFile) throws(PublishError) {
        do throws(PublishError) {
            try OutputPlan.validate(file.path, keep: keep)
            try claim(file.path)
            let fileSystem = fileSystem
            let path = joinPath(temporary, file.path)
            try performing(.write) { () throws(FileSystemError) in try fileSystem.writeFile(path, file.bytes, 0o644) }
            state.withLock { state in
                state.run.filesWritten += 1
                state.run.bytesWritten += file.bytes.count
            }
        } catch {
            state.withLock { state in
                if state.failure == nil, !state.closed { state.failure = error }
            }
            throw error
        }
    }

    /// Under the lock: polls `shouldStop`, refuses a path written before or clashing with a
    /// folder, and creates the folders `path` (a valid path: ``OutputPlan/validate(_:keep:)``)
    /// needs, one per `/` in it: the bytes before that `/`. Found on the bytes, not by splitting
    /// the path into components and joining them again (4,400 instructions a page, inside
    /// the lock every writing thread takes).
    private func claim(_ path: String) throws(PublishError) {
        let fileSystem = fileSystem
        let temporary = temporary
        let shouldStop = shouldStop
        try state.withLock { state throws(PublishError) in
            if state.closed {
                throw .io(
                    step: .write, failure: FileSystemError(operation: "write", path: joinPath(temporary, path), code: EBADF),
                    leftover: nil)
            }
            if let failure = state.failure { throw failure }
            if shouldStop() { throw .interrupted(leftover: nil) }
            let key = Array(path.utf8)
            if state.files.contains(key) { throw .duplicateFile(path: path) }
            if let child = state.folders[key] {
                throw .invalidFile(path: path, rule: OutputPlan.fileAndFolderRule(child: child))
            }
            for slash in key.indices where key[slash] == UInt8(ascii: "/") {
                let folderKey = Array(key[..<slash])
                if state.files.contains(folderKey) {
                    throw .invalidFile(path: String(decoding: folderKey, as: UTF8.self), rule: OutputPlan.fileAndFolderRule(child: path))
                }
                if state.folders[folderKey] == nil {
                    let directory = joinPath(temporary, String(decoding: folderKey, as: UTF8.self))
                    try performing(.write) { () throws(FileSystemError) in try fileSystem.makeDirectory(directory, 0o755) }
                    state.folders[folderKey] = path
                }
            }
            state.files.insert(key)
        }
    }

    /// Completes the new tree and swaps it in: the marker with `stamp` and `record`, the
    /// keep-list, `syncfs` when asked, a last poll of `shouldStop`, the swap (the old site
    /// becomes `<output>.prev`).
    /// - Parameters: as for ``SitePublisher/publish(files:to:keep:sync:stamp:record:shouldStop:)``.
    /// - Returns: counts of what was written (the same as `publish` gives for the same files).
    /// - Throws: `PublishError`: the first failed ``write(_:)``, or a failure of these steps; the
    ///   temporary folder is then removed (or named as `leftover`) and the old site untouched.
    public func finish(sync: Bool = false, stamp: String? = nil, record: String? = nil) throws(PublishError) -> PublishReport {
        let shouldStop = shouldStop
        let temporary = temporary
        return try state.withLock { state throws(PublishError) -> PublishReport in
            if state.closed {
                throw .io(step: .swap, failure: FileSystemError(operation: "finish", path: temporary, code: EBADF), leftover: nil)
            }
            state.closed = true
            do throws(PublishError) {
                if let failure = state.failure { throw failure }
                try state.run.writeMarker(OutputPlan.markerBytes(stamp: stamp, record: record))
                try state.run.completeTree(sync: sync)
                if shouldStop() { throw .interrupted(leftover: nil) }
            } catch {
                throw SitePublisher.withLeftover(error, state.run.rollBack())
            }
            let method = try state.run.swap()
            if sync { state.run.syncParent() }
            return state.run.report(swap: method)
        }
    }

    /// Removes the temporary folder after a failure outside the session; the old site is
    /// untouched. Does nothing after `finish` or a first `abandon`.
    /// - Returns: the temporary folder's path when it could not be removed (the next build
    ///   removes it as stale), else nil.
    @discardableResult
    public func abandon() -> String? {
        state.withLock { state in
            guard !state.closed else { return nil }
            state.closed = true
            return state.run.rollBack()
        }
    }

    /// Removes the temporary folder after `error` (thrown by ``write(_:)``) and returns the
    /// error naming the folder as `leftover` when it could not be removed.
    public func abandon(after error: PublishError) -> PublishError {
        SitePublisher.withLeftover(error, abandon())
    }
}
