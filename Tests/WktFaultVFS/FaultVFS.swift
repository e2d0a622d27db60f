import CSQLiteFaults
import Foundation

/// The fault-injecting SQLite VFS of the `CSQLiteFaults` test target (docs/reliability.md S-02).
///
/// Installed once as SQLite's default VFS for this test process; it passes everything through
/// except operations on files under the armed folder, where it fails the Nth write, fsync,
/// truncate or delete, once or from then on. One armed session at a time per process: arming waits
/// while another test (of any target: they share one process) has it armed; suites that are not
/// armed are unaffected because they work in other folders. Shared by the store and app tests.
public enum FaultVFS {
    /// How the Nth operation fails.
    public enum Mode: String, CaseIterable, CustomStringConvertible, Sendable {
        /// Only the Nth operation fails; later ones succeed (a transient error).
        case once
        /// The Nth and every later operation fail (a dead disk, a full disk).
        case persistent

        public var description: String { rawValue }
    }

    /// Which operations are counted and failed.
    public struct Kinds: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let write = Kinds(rawValue: Int32(WKT_FAULT_WRITE))
        public static let sync = Kinds(rawValue: Int32(WKT_FAULT_SYNC))
        public static let truncate = Kinds(rawValue: Int32(WKT_FAULT_TRUNCATE))
        public static let delete = Kinds(rawValue: Int32(WKT_FAULT_DELETE))
        public static let all: Kinds = [.write, .sync, .truncate, .delete]
    }

    /// SQLite's codes for a failed write.
    public static let ioErrorWrite: Int32 = 778  // SQLITE_IOERR_WRITE
    public static let full: Int32 = 13  // SQLITE_FULL

    /// Whether the VFS is installed (it is, unless SQLite has no default VFS).
    public static let installed: Bool = wkt_faults_install() == 0

    /// Runs `body` with the `nth` operation of `kinds` under `folder` failing, then disarms.
    /// - Returns: `body`'s result, how many operations were seen and how many were failed.
    public static func armed<T>(
        folder: String, nth: Int, mode: Mode, kinds: Kinds = .all, writeError: Int32 = ioErrorWrite,
        _ body: () throws -> T
    ) rethrows -> (result: T, seen: Int, injected: Int) {
        precondition(installed, "the fault VFS is not installed")
        wkt_faults_arm(folder + "/", Int32(nth), mode == .persistent ? 1 : 0, kinds.rawValue, writeError)
        defer { wkt_faults_disarm() }
        let result = try body()
        return (result, Int(wkt_faults_seen()), Int(wkt_faults_injected()))
    }
}
