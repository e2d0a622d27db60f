import Foundation
import GRDB

/// Everything that can go wrong with the workout store.
///
/// Every case names the store path; ``description`` is one line that says what happened and what to
/// do. ``exitCode`` follows docs/reliability.md: 65 bad data in an import batch, 74 I/O or an unusable
/// store file, 75 busy.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// Read-only open of a store file that does not exist.
    case noStore(path: String)
    /// Read-write open whose parent folder does not exist (the store creates the file, never folders).
    case missingFolder(path: String, folder: String)
    /// The file is not a readable SQLite database (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, bad header).
    case corrupt(path: String, detail: String)
    /// The store was written by a newer wkt-site: its schema version or migrations are unknown here.
    case newerSchema(path: String, storeVersion: Int, knownVersion: Int)
    /// A read-only open found a store whose schema is older than this binary's (it needs migrating).
    case olderSchema(path: String, storeVersion: Int, knownVersion: Int)
    /// The file is an SQLite database that wkt-site did not create.
    case notAStore(path: String)
    /// The store file is in WAL mode and cannot be converted (read-only) on an SQLite without the
    /// WAL-reset fix.
    case walRefused(path: String, sqliteVersion: String)
    /// Another connection held the store's lock longer than the busy timeout.
    case busy(path: String, timeoutSeconds: Double)
    /// A write was attempted on a read-only store (read-only mode, file or folder).
    case readOnly(path: String)
    /// An import batch holds data the schema rejects (constraint, non-finite number).
    case invalidData(path: String, file: String, detail: String)
    /// Migration `migration` failed and was rolled back; earlier migrations stay committed.
    case migrationFailed(path: String, migration: String, detail: String)
    /// A stored value cannot be turned back into the model (a store edited by hand).
    case invalidStoredValue(path: String, table: String, rowID: Int64, detail: String)
    /// The disk (or the store's file-size limit) filled up during a write (`SQLITE_FULL`); the
    /// write was rolled back.
    case diskFull(path: String)
    /// An interrupted write left a rollback journal (`<store>-journal`) that could not be rolled
    /// back, because the store or its folder is not writable (docs/reliability.md A-01).
    case interruptedWrite(path: String, detail: String)
    /// `VACUUM INTO` could not write the backup copy `destination`.
    case backupFailed(path: String, destination: String, detail: String)
    /// Any other SQLite failure (I/O error, cannot open).
    case sqlite(path: String, code: Int32, detail: String)

    /// The process exit status for this error (docs/reliability.md, "Exit codes").
    public var exitCode: Int32 {
        switch self {
        case .busy: 75
        case .invalidData: 65
        case .noStore, .missingFolder, .corrupt, .newerSchema, .olderSchema, .notAStore, .walRefused,
             .readOnly, .migrationFailed, .invalidStoredValue, .diskFull, .interruptedWrite, .backupFailed, .sqlite:
            74
        }
    }

    /// One line naming the store path, what happened and what to do.
    public var description: String {
        switch self {
        case let .noStore(path):
            return "no store at \(path) — run `wkt-site import` first"
        case let .missingFolder(path, folder):
            return "cannot create store \(path): folder \(folder) does not exist — create it or choose another store path"
        case let .corrupt(path, detail):
            return "store \(path) is corrupt (\(Self.oneLine(detail))) — it was left untouched; "
                + "restore your last backup (a `VACUUM INTO` copy) or move the file aside and re-import"
        case let .newerSchema(path, storeVersion, knownVersion):
            return "store \(path) was written by a newer wkt-site (schema \(storeVersion), this binary knows "
                + "\(knownVersion)) — upgrade wkt-site; the store was not changed"
        case let .olderSchema(path, storeVersion, knownVersion):
            return "store \(path) has schema \(storeVersion) but this wkt-site reads schema \(knownVersion) — "
                + "run `wkt-site import` once to upgrade it"
        case let .notAStore(path):
            return "\(path) is an SQLite database but not a wkt-site store — choose another store path"
        case let .walRefused(path, version):
            return "store \(path) is in WAL mode and SQLite \(version) has the WAL-reset bug (fixed in 3.51.3, "
                + "3.50.7, 3.44.6) — run `wkt-site import` once to convert it to rollback-journal mode"
        case let .busy(path, seconds):
            return "store \(path) stayed locked by another process for \(Self.seconds(seconds)) s — "
                + "try again when the other wkt-site or sqlite3 session has finished"
        case let .readOnly(path):
            return "store \(path) is read-only — importing needs write access to the file and its folder"
        case let .invalidData(path, file, detail):
            return "\(file): rejected by store \(path): \(Self.oneLine(detail)) — fix the file; nothing was imported"
        case let .migrationFailed(path, migration, detail):
            return "store \(path): schema migration \(migration) failed (\(Self.oneLine(detail))) and was rolled "
                + "back — earlier migrations are kept; check free disk space and permissions, then retry"
        case let .invalidStoredValue(path, table, rowID, detail):
            return "store \(path): \(table) row \(rowID) holds an invalid value (\(Self.oneLine(detail))) — "
                + "the store was edited outside wkt-site; restore your last backup"
        case let .diskFull(path):
            return "store \(path): the disk is full (SQLite error 13) — the write was rolled back and the store is "
                + "unchanged; free some disk space, then retry"
        case let .interruptedWrite(path, detail):
            return "store \(path): an interrupted import left its rollback journal \(path)-journal, and it cannot "
                + "be rolled back (\(Self.oneLine(detail))) — the committed data is intact; give wkt-site write access "
                + "to the store and its folder and run any wkt-site command once to roll it back"
        case let .backupFailed(path, destination, detail):
            return "store \(path): cannot write the backup \(destination) (\(Self.oneLine(detail))) — "
                + "check free space and permissions there; the store is unchanged"
        case let .sqlite(path, code, detail):
            let hint = code == 13 ? "free some disk space" : "check free disk space and permissions"
            return "store \(path): SQLite error \(code) (\(Self.oneLine(detail))) — \(hint), then retry"
        }
    }

    /// `detail` with line breaks replaced by spaces, so a message stays one line.
    static func oneLine(_ detail: String) -> String {
        String(detail.map { $0.isNewline ? " " : $0 })
    }

    /// A value from the data (a workout key, a name) as a message shows it (docs/reliability.md A-09):
    /// control characters, line separators and bidi overrides escaped (`\n`, `\u{1B}`), cut to 80
    /// characters with "…".
    static func shown(_ value: String) -> String {
        var text = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == 80 {
                text += "…"
                break
            }
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x2028...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return text
    }

    /// Whole seconds without a fraction, else one decimal (`5`, `0.5`), locale-free.
    static func seconds(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return String((value * 10).rounded() / 10)
    }

    /// Maps any error thrown while working on the store at `path` to a ``StoreError``.
    ///
    /// - Parameters:
    ///   - error: A ``StoreError`` (returned as is), a GRDB `DatabaseError`, or anything else.
    ///   - path: The store path for the message.
    ///   - busyTimeout: The busy timeout in force, reported when the store was locked.
    static func wrap(_ error: any Error, path: String, busyTimeout: Double) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        guard let dbError = error as? DatabaseError else {
            return .sqlite(path: path, code: -1, detail: String(describing: error))
        }
        let detail = dbError.message ?? "\(dbError.resultCode)"
        switch dbError.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path, timeoutSeconds: busyTimeout)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path, detail: detail)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_READONLY where dbError.extendedResultCode == .SQLITE_READONLY_ROLLBACK:
            return .interruptedWrite(path: path, detail: "the store was opened read-only")
        case .SQLITE_CONSTRAINT:
            // the rule in words, never SQLite's "… constraint failed: …" text.
            return .sqlite(path: path, code: dbError.resultCode.rawValue, detail: StoreRules.describe(dbError))
        case .SQLITE_READONLY:
            return .readOnly(path: path)
        default:
            return .sqlite(path: path, code: dbError.resultCode.rawValue, detail: detail)
        }
    }
}
