import CSQLiteFaults
import Foundation

/// The fault-injecting SQLite VFS of the `CSQLiteFaults` test target (RELIABILITY.md S-02).
///
/// Installed once as SQLite's default VFS for this test process; it passes everything through
/// except operations on files under the armed folder, where it fails the Nth write, fsync,
/// truncate or delete, once or from then on. Suites that arm it must be `.serialized` (the armed
/// state is process-wide); other suites are unaffected because they work in other folders.
enum FaultVFS {
    /// How the Nth operation fails.
    enum Mode: String, CaseIterable, CustomStringConvertible {
        /// Only the Nth operation fails; later ones succeed (a transient error).
        case once
        /// The Nth and every later operation fail (a dead disk, a full disk).
        case persistent

        var description: String { rawValue }
    }

    /// Which operations are counted and failed.
    struct Kinds: OptionSet {
        let rawValue: Int32
        static let write = Kinds(rawValue: Int32(WKT_FAULT_WRITE))
        static let sync = Kinds(rawValue: Int32(WKT_FAULT_SYNC))
        static let truncate = Kinds(rawValue: Int32(WKT_FAULT_TRUNCATE))
        static let delete = Kinds(rawValue: Int32(WKT_FAULT_DELETE))
        static let all: Kinds = [.write, .sync, .truncate, .delete]
    }

    /// SQLite's codes for a failed write.
    static let ioErrorWrite: Int32 = 778  // SQLITE_IOERR_WRITE
    static let full: Int32 = 13  // SQLITE_FULL

    /// Whether the VFS is installed (it is, unless SQLite has no default VFS).
    static let installed: Bool = wkt_faults_install() == 0

    /// Runs `body` with the `nth` operation of `kinds` under `folder` failing, then disarms.
    /// - Returns: `body`'s result, how many operations were seen and how many were failed.
    static func armed<T>(
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
