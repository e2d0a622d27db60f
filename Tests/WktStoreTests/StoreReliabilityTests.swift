import Foundation
import WktFaultVFS
import GRDB
import Testing
import WktCore
@testable import WktStore

/// Crash, fault and disk-full cases of the store (docs/reliability.md P4, S-02, S-03, A-01, A-02),
/// with SQLite's real pager working through the fault-injecting VFS (``FaultVFS``).
@Suite("Store reliability: interrupted and failed writes (docs/reliability.md S, A)", .serialized)
struct StoreReliabilityTests {
    /// The VFS must be SQLite's default before the first connection of a test opens.
    init() throws {
        try #require(FaultVFS.installed, "the fault-injecting VFS could not be registered")
    }

    /// The store every case starts from: 12 workouts, every table used.
    private static func makeStore(_ path: String) throws {
        let store = try WorkoutStore.open(path: path, mode: .readWrite)
        let workouts = (1...11).map { StoreFixtures.simpleWorkout(day: $0) } + [StoreFixtures.richWorkout()]
        _ = try store.apply(
            StoreFixtures.entries(StoreFixtures.batch(workouts, schedule: Schedule(days: [.monday: "Push"]))),
            dryRun: false)
    }

    /// The batch every fault run imports: 12 new workouts, one edited and a new schedule, in a
    /// transaction that touches every table and spans many pages.
    private static var newBatch: [(batch: ImportBatch, log: ImportLogEntry)] {
        var edited = StoreFixtures.simpleWorkout(day: 1)
        edited.notes = "edited"
        let added = (100..<112).map { StoreFixtures.simpleWorkout(day: $0, sets: 6) }
        return StoreFixtures.entries(
            StoreFixtures.batch([edited] + added, file: "new.csv", schedule: Schedule(days: [.friday: "Legs"])))
    }

    private static func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    /// The store file's bytes before the import, and the dumps before and after a clean import.
    private struct Baseline {
        let bytes: Data
        let before: String
        let after: String
    }

    private static func baseline() throws -> Baseline {
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = folder.file("w.sqlite")
        try makeStore(path)
        let bytes = try folder.bytes("w.sqlite")
        let store = try WorkoutStore.open(path: path, mode: .readWrite)
        let before = try store.dump()
        _ = try store.apply(newBatch, dryRun: false)
        return Baseline(bytes: bytes, before: before, after: try store.dump())
    }

    /// What one import under a fault did.
    private struct FaultRun {
        let outcome: Result<[ImportOutcome], StoreError>
        let seen: Int
        let injected: Int
        /// Whether a possibly hot journal was left when `apply` returned (before any recovery).
        let journalLeft: Bool
    }

    /// Imports ``newBatch`` into a fresh copy of the baseline store with the Nth operation failing,
    /// then checks the invariants with the faults off: the next open rolls back any journal,
    /// `integrity_check` is ok, and the store is exactly the state before (same dump, same file
    /// size) or, after a success, exactly the state after.
    private static func importUnderFault(
        _ base: Baseline, nth: Int, mode: FaultVFS.Mode, kinds: FaultVFS.Kinds, writeError: Int32
    ) throws -> FaultRun {
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = folder.file("w.sqlite")
        try base.bytes.write(to: URL(fileURLWithPath: path))
        let armed = try FaultVFS.armed(folder: folder.path, nth: nth, mode: mode, kinds: kinds, writeError: writeError) {
            // Opening is inside the armed window too: the store is at the current schema, so the
            // open only reads, and the import's writes are the ones counted.
            let store = try WorkoutStore.open(path: path, mode: .readWrite)
            // A small page cache makes SQLite spill changed pages into the store file in the middle
            // of the transaction, as a large real import does (the default cache is 2 MB): faults
            // then also hit the spill, the case that leaves a journal behind on a full disk.
            try store.queue.inDatabase { db in try db.execute(sql: "PRAGMA cache_size = 8") }
            return Result { () throws(StoreError) in try store.apply(newBatch, dryRun: false) }
        }
        let run = FaultRun(
            outcome: armed.result, seen: armed.seen, injected: armed.injected,
            journalLeft: WorkoutStore.hasJournal(path: path))
        let label = "N=\(nth) \(mode)"
        // The next open: any leftover journal is rolled back first, never an error.
        _ = try WorkoutStore.recoverInterruptedWrite(path: path)
        #expect(!WorkoutStore.hasJournal(path: path), "\(label): a hot journal survived the next open")
        let reopened = try WorkoutStore.open(path: path, mode: .readOnly)
        #expect(try reopened.integrityCheck() == "ok", "\(label)")
        switch run.outcome {
        case .success:
            #expect(try reopened.dump() == base.after, "\(label): a successful import is complete")
        case .failure(let error):
            #expect(error.exitCode == 74, "\(label): \(error)")
            #expect(!error.description.contains("\n") && !error.description.contains("constraint"), "\(label): \(error)")
            #expect(try reopened.dump() == base.before, "\(label): a failed import changed the store")
            #expect(try fileSize(path) == base.bytes.count, "\(label): the store file's size changed")
        }
        return run
    }

    @Test("S-02: the Nth write/fsync/truncate/delete fails, N = 1, 2, … until success, once and persistently: 74 or success, nothing lost, the next open is clean",
          arguments: FaultVFS.Mode.allCases)
    func nthOperationFails(mode: FaultVFS.Mode) throws {
        let base = try Self.baseline()
        var failures = 0
        var succeededAt: Int?
        for nth in 1...400 {
            let run = try Self.importUnderFault(
                base, nth: nth, mode: mode, kinds: .all, writeError: FaultVFS.ioErrorWrite)
            if mode == .once, case .failure = run.outcome {
                // A transient error is rolled back before the command ends (A-02).
                #expect(!run.journalLeft, "N=\(nth) once: the failed import left its journal behind")
            }
            if case .success = run.outcome {
                succeededAt = nth
                #expect(run.injected == 0 || mode == .once, "N=\(nth): success although every operation from N failed")
                if run.injected == 0 { break }
            } else {
                #expect(run.injected > 0, "N=\(nth): failed without an injected fault")
                failures += 1
            }
        }
        let last = try #require(succeededAt, "the import never succeeded within 400 operations")
        print("S-02 \(mode): success at N=\(last), \(failures) failing runs")
        #expect(failures >= 20, "an import has many write/fsync points: \(failures) failing runs before success at N=\(last)")
    }

    @Test("A-02 / S-03: SQLITE_FULL from the Nth write on (a disk that fills up): 74 'disk is full', rolled back, store file size and dump as before (portable, via the fault VFS)")
    func diskFills() throws {
        let base = try Self.baseline()
        var full = 0
        for nth in 1...400 {
            let run = try Self.importUnderFault(
                base, nth: nth, mode: .persistent, kinds: .write, writeError: FaultVFS.full)
            guard case .failure(let error) = run.outcome else {
                #expect(run.injected == 0, "N=\(nth): success although the disk was full")
                break
            }
            if case .diskFull = error { full += 1 }
            #expect(error.description.contains("the disk is full") || error.exitCode == 74, "N=\(nth): \(error)")
        }
        #expect(full >= 10, "most failing writes report a full disk (\(full))")
    }

    @Test("A-02: a write that fails once with SQLITE_FULL is rolled back before apply returns: no journal left, store unchanged")
    func diskFullOnceLeavesNoJournal() throws {
        let base = try Self.baseline()
        var failing = 0
        for nth in 1...400 {
            let run = try Self.importUnderFault(base, nth: nth, mode: .once, kinds: .write, writeError: FaultVFS.full)
            guard case .failure(let error) = run.outcome else { break }
            failing += 1
            #expect(error == .diskFull(path: error.storePath), "N=\(nth): \(error)")
            #expect(!run.journalLeft, "N=\(nth): the journal was left for the next open")
        }
        #expect(failing >= 3)
    }

    @Test("A-01: a writer killed mid-transaction leaves a hot journal; a read-only open names it, recovery rolls it back, nothing lost")
    func hotJournalRecovered() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, path in
            try Self.makeStore(path)
            let before = try WorkoutStore.open(path: path, mode: .readOnly).dump()
            let size = try Self.fileSize(path)
            let bytes = try folder.bytes("w.sqlite")
            let shell = try SQLiteShell.start(path)
            // A tiny cache makes SQLite spill changed pages into the store file mid-transaction,
            // which first syncs the journal and writes its header: from then on the journal is hot
            // (before that its header is zero and SQLite ignores it).
            shell.input.write(Data("""
                PRAGMA cache_size = 1;
                BEGIN IMMEDIATE;
                DELETE FROM workout_set;
                UPDATE workout SET name = 'changed';
                .shell touch '\(folder.file("written"))'

                """.utf8))
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: folder.file("written")) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            kill(shell.process.processIdentifier, SIGKILL)
            shell.process.waitUntilExit()
            try #require(WorkoutStore.hasJournal(path: path), "the killed shell left a hot journal")
            #expect(try folder.bytes("w.sqlite") != bytes, "the killed writer had changed the store file")

            // Before: a read-only open cannot roll it back (SQLITE_READONLY_ROLLBACK), in words.
            #expect {
                try WorkoutStore.open(path: path, mode: .readOnly)
            } throws: { error in
                guard case .interruptedWrite = error as? StoreError else { return false }
                let text = (error as? StoreError)?.description ?? ""
                return !text.contains("\n") && text.contains("-journal") && (error as? StoreError)?.exitCode == 74
            }
            #expect(try WorkoutStore.recoverInterruptedWrite(path: path))
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
            let store = try WorkoutStore.open(path: path, mode: .readOnly)
            #expect(try store.dump() == before)
            #expect(try store.integrityCheck() == "ok")
            #expect(try Self.fileSize(path) == size)
            #expect(try folder.bytes("w.sqlite") == bytes, "the rollback restored the last commit byte for byte")
            // Nothing to do the second time, and a store without a journal is left alone.
            #expect(try WorkoutStore.recoverInterruptedWrite(path: path) == false)
        }
    }

    @Test("A-01: recovery never creates a store, and leaves a live writer's journal alone")
    func recoveryLeavesOthersAlone() throws {
        try #require(SQLiteShell.available, "sqlite3 shell not installed; skipping")
        try TempFolder.withStore { folder, path in
            #expect(try WorkoutStore.recoverInterruptedWrite(path: path) == false)
            #expect(!FileManager.default.fileExists(atPath: path))
            try Self.makeStore(path)
            let before = try WorkoutStore.open(path: path, mode: .readOnly).dump()
            let shell = try SQLiteShell.start(path)
            shell.input.write(Data("BEGIN IMMEDIATE;\nDELETE FROM workout_set;\n.shell touch '\(folder.file("w"))'\n".utf8))
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: folder.file("w")) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            // The live writer's journal exists, with the zero header SQLite writes until it syncs
            // the journal: not hot, and recovery leaves it (and the writer) alone.
            #expect(FileManager.default.fileExists(atPath: path + "-journal"))
            #expect(!WorkoutStore.hasJournal(path: path))
            #expect(try WorkoutStore.recoverInterruptedWrite(path: path) == false)
            #expect(try WorkoutStore.open(path: path, mode: .readOnly).dump() == before, "readers see the last commit")
            shell.input.write(Data("COMMIT;\n.quit\n".utf8))
            shell.process.waitUntilExit()
            #expect(try WorkoutStore.open(path: path, mode: .readOnly).tableRows("workout_set").isEmpty)
        }
    }
}

extension StoreError {
    /// The store path every case names.
    var storePath: String {
        switch self {
        case let .noStore(path), let .missingFolder(path, _), let .corrupt(path, _), let .newerSchema(path, _, _),
             let .olderSchema(path, _, _), let .notAStore(path), let .walRefused(path, _), let .busy(path, _),
             let .readOnly(path), let .invalidData(path, _, _), let .migrationFailed(path, _, _),
             let .invalidStoredValue(path, _, _, _), let .diskFull(path), let .interruptedWrite(path, _),
             let .backupFailed(path, _, _), let .sqlite(path, _, _):
            path
        }
    }
}
