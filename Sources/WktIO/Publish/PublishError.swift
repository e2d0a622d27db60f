/// The named steps of `SitePublisher.publish`, reported with every I/O failure.
public enum PublishStep: String, Sendable, Equatable {
    /// Looking at the output folder and its siblings before anything changes.
    case inspect
    /// Removing `site.tmp-*` folders left by killed runs.
    case cleanStale = "clean-stale"
    /// Creating the temporary build folder, or taking over `site.prev` as it.
    case prepare
    /// Deleting stale entries from a reused previous build.
    case prune
    /// Writing the `.wkt-site` marker.
    case marker
    /// Creating directories and writing the site's files.
    case write
    /// Copying keep-list entries (`CNAME`, `.well-known/`, …) from the old site.
    case keep
    /// `syncfs` before the swap (only with `sync: true`).
    case sync
    /// Exchanging the new tree with the old one (or the two-rename fallback).
    case swap
    /// Putting the old site back after a failed two-rename swap.
    case rollback
}

/// Why `SitePublisher.publish` did not publish. The old site is untouched in every case
/// except `siteMissing`, which says exactly where the previous build is.
public enum PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An output file's path breaks a rule (absolute, `..`, empty component, dot-file, …).
    case invalidFile(path: String, rule: String)
    /// Two output files have the same path (never last-writer-wins; docs/reliability.md F-07).
    case duplicateFile(path: String)
    /// A keep-list entry is not a plain relative path.
    case invalidKeepEntry(entry: String, rule: String)
    /// The output folder is not one wkt-site may replace (`/`, the home folder, `..`, or an
    /// existing non-empty folder without the `.wkt-site` marker; docs/reliability.md F-12).
    case unsafeOutput(path: String, reason: String)
    /// A file-system call failed at `step`; the temporary folder was removed, unless
    /// `leftover` names it (then the next run removes it as stale).
    case io(step: PublishStep, failure: FileSystemError, leftover: String?)
    /// The two-rename fallback moved the old site aside, could not move the new one in, and
    /// could not move the old one back: `output` is missing and the previous build is at
    /// `previous`.
    case siteMissing(output: String, previous: String, failure: FileSystemError)
    /// The caller asked to stop (SIGINT/SIGTERM) before the swap: the temporary folder was
    /// removed, unless `leftover` names it, and the old site is untouched.
    case interrupted(leftover: String?)

    /// The exit code for the command: 64 for an unsafe output or keep entry (usage),
    /// 65 for invalid or duplicate file paths (bad data), 74 for I/O failures, 130 for an
    /// interruption (the caller reports 143 when it was SIGTERM).
    public var exitCode: Int32 {
        switch self {
        case .unsafeOutput, .invalidKeepEntry: 64
        case .invalidFile, .duplicateFile: 65
        case .io, .siteMissing: 74
        case .interrupted: 130
        }
    }

    /// One line for stderr naming the path, the step and the rule or system error.
    public var description: String {
        switch self {
        case let .invalidFile(path, rule):
            "publish: output file '\(path)': \(rule)"
        case let .duplicateFile(path):
            "publish: two output files have the path '\(path)'"
        case let .invalidKeepEntry(entry, rule):
            "publish: keep-list entry '\(entry)': \(rule)"
        case let .unsafeOutput(path, reason):
            "publish: refusing to replace '\(path)': \(reason)"
        case let .io(step, failure, leftover):
            "publish [\(step.rawValue)]: \(failure)"
                + (leftover.map { "; could not remove '\($0)' (the next build removes it)" } ?? "")
        case let .siteMissing(output, previous, failure):
            "publish [rollback]: \(failure); '\(output)' is missing, the previous build is in '\(previous)'"
        case let .interrupted(leftover):
            "publish: interrupted before the swap; the site is unchanged"
                + (leftover.map { "; could not remove '\($0)' (the next build removes it)" } ?? "")
        }
    }
}

/// How the new tree replaced the old one.
public enum SwapMethod: String, Sendable, Equatable {
    /// There was no old output folder: one `rename`.
    case rename
    /// `renameat2(RENAME_EXCHANGE)`: readers saw the old tree, then the new one, never neither.
    case exchange
    /// The file system refused the exchange: `output → output.prev`, then `tmp → output`,
    /// which leaves `output` missing for an instant.
    case twoRenames = "two-renames"
}

/// What `SitePublisher.publish` did. No times: equal inputs give equal reports.
public struct PublishReport: Sendable, Equatable {
    /// Files written (new or changed, including those patched in place), not counting the
    /// `.wkt-site` marker or kept entries.
    public let filesWritten: Int
    /// Bytes in the files written (a patched file counts with its full size).
    public let bytesWritten: Int
    /// Files left as they were in the reused previous build because their bytes and mode
    /// already matched.
    public let filesUnchanged: Int
    /// Entries deleted from the reused previous build because the new site does not have them.
    public let staleEntriesRemoved: Int
    /// Keep-list entries copied from the old site, in keep-list order.
    public let keptEntries: [String]
    /// Whether the previous build (`output.prev`) was reused as the temporary folder.
    public let reusedPreviousBuild: Bool
    /// How the new tree was put in place.
    public let swap: SwapMethod
    /// Things the caller should print (a stray folder left alone, a kept entry not copied
    /// because the build writes that path, a clean-up after the swap that failed).
    public let warnings: [String]
    /// Of `filesWritten`, the changed files of the reused previous build that were patched in
    /// place (only their differing 4 KiB blocks written) rather than written whole.
    public let filesPatched: Int
    /// The bytes actually written into the patched files (whole blocks; at most their sizes).
    public let bytesPatched: Int

    /// A report with these counts.
    public init(
        filesWritten: Int, bytesWritten: Int, filesUnchanged: Int, staleEntriesRemoved: Int,
        keptEntries: [String], reusedPreviousBuild: Bool, swap: SwapMethod, warnings: [String],
        filesPatched: Int = 0, bytesPatched: Int = 0
    ) {
        self.filesWritten = filesWritten
        self.bytesWritten = bytesWritten
        self.filesUnchanged = filesUnchanged
        self.staleEntriesRemoved = staleEntriesRemoved
        self.keptEntries = keptEntries
        self.reusedPreviousBuild = reusedPreviousBuild
        self.swap = swap
        self.warnings = warnings
        self.filesPatched = filesPatched
        self.bytesPatched = bytesPatched
    }
}
