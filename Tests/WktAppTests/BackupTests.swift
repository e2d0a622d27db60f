import Foundation
import Testing
@testable import WktApp
@testable import WktStore

/// `wkt-site backup` (docs/reliability.md P4, S-10, S-11).
@Suite("wkt-site backup")
struct BackupTests {
    /// A sandbox with a store of the three-workout history.
    private func sandboxWithStore() throws -> Sandbox {
        let box = try Sandbox(variables: ["WKT_LOCK_WAIT": "0"])
        let file = try box.write("strong.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        return box
    }

    @Test("S-11: the copy is the store (same dump), passes integrity_check, has the store's permissions and no journal; the summary names it")
    func copyEqualsStore() throws {
        let box = try sandboxWithStore()
        defer { box.remove() }
        chmod(box.directory + "/workouts.sqlite", 0o600)
        let result = BackupRunner.run(BackupRequest(output: "backups/copy.sqlite"), env: box.env)
        #expect(result.exitCode == 74, "the output folder must exist: \(result.stderr)")
        try FileManager.default.createDirectory(atPath: box.directory + "/backups", withIntermediateDirectories: false)
        let done = BackupRunner.run(BackupRequest(output: "backups/copy.sqlite"), env: box.env)
        #expect(done.exitCode == 0, "\(done.stderr)")
        let copy = box.directory + "/backups/copy.sqlite"
        #expect(done.stdout == "backup: 3 workouts copied to \(copy) (\(StoreProbe.size(copy)) bytes; integrity_check ok)\n")
        #expect(try StoreProbe.dump(copy) == (try StoreProbe.dump(box.directory + "/workouts.sqlite")))
        #expect(try StoreProbe.state(copy).check == "ok")
        let mode = (try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600, "the copy holds the same personal data as the store")
        let folder = try FileManager.default.contentsOfDirectory(atPath: box.directory + "/backups")
        #expect(folder == ["copy.sqlite"], "no temporary or journal file left: \(folder)")
    }

    @Test("an existing output is refused without --force (64) and left untouched; --force replaces it with the current store")
    func overwriteNeedsForce() throws {
        let box = try sandboxWithStore()
        defer { box.remove() }
        try box.write("old.sqlite", "not a backup")
        let refused = BackupRunner.run(BackupRequest(output: "old.sqlite"), env: box.env)
        #expect(refused.exitCode == 64)
        #expect(refused.stderr == ["wkt-site: \(box.directory)/old.sqlite already exists — pass --force to replace it, or choose another --output"])
        #expect(try box.bytes("old.sqlite") == Data("not a backup".utf8))
        let forced = BackupRunner.run(BackupRequest(output: "old.sqlite", force: true), env: box.env)
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(try StoreProbe.state(box.directory + "/old.sqlite") == (workouts: 3, check: "ok"))
    }

    @Test("the store itself, its journal or lock file, or a folder are refused as output (64), even with --force; a missing store is 74")
    func refusals() throws {
        let box = try sandboxWithStore()
        defer { box.remove() }
        let bytes = try box.bytes("workouts.sqlite")
        for output in ["workouts.sqlite", "./workouts.sqlite", "workouts.sqlite-journal", "workouts.sqlite.lock", "."] {
            let result = BackupRunner.run(BackupRequest(output: output, force: true), env: box.env)
            #expect(result.exitCode == 64, "\(output): \(result.stderr)")
            #expect(result.stderr.count == 1)
        }
        // Through a symbolic link too.
        #expect(symlink(box.directory + "/workouts.sqlite", box.directory + "/link.sqlite") == 0)
        #expect(BackupRunner.run(BackupRequest(output: "link.sqlite", force: true), env: box.env).exitCode == 64)
        #expect(try box.bytes("workouts.sqlite") == bytes)
        let missing = BackupRunner.run(BackupRequest(output: "x.sqlite", store: "none.sqlite"), env: box.env)
        #expect(missing.exitCode == 74)
        #expect(missing.stderr.first?.contains("no store at") == true)
    }

    @Test("a copy that fails integrity_check is deleted and the run exits 74; nothing is left behind")
    func badCopyDeleted() throws {
        let box = try sandboxWithStore()
        defer { box.remove() }
        let result = BackupRunner.run(BackupRequest(output: "copy.sqlite"), env: box.env) { temporary in
            // Damage the copy between VACUUM INTO and the check: garbage over page 2.
            guard let handle = FileHandle(forWritingAtPath: temporary) else { return }
            try? handle.seek(toOffset: 4096 + 8)
            handle.write(Data(repeating: 0xA5, count: 2000))
            try? handle.close()
        }
        #expect(result.exitCode == 74)
        #expect(result.stderr.count == 1)
        #expect(result.stderr.first?.contains("failed PRAGMA integrity_check") == true, "\(result.stderr)")
        #expect(result.stderr.first?.contains("was deleted") == true)
        #expect(!box.exists("copy.sqlite"))
        let left = try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
        #expect(try StoreProbe.state(box.directory + "/workouts.sqlite") == (workouts: 3, check: "ok"))
    }

    @Test("the default name is <store name>-YYYY-MM-DD.sqlite in the working directory, dated in the machine's zone")
    func defaultName() throws {
        var box = try sandboxWithStore()
        defer { box.remove() }
        // 2026-11-24 23:30 UTC is already the 25th in Berlin (the sandbox's TZ).
        box.now = Date(timeIntervalSince1970: 1_795_563_000)
        #expect(BackupRunner.defaultName(storePath: "/data/lifting.sqlite", env: box.env) == "lifting-2026-11-25.sqlite")
        #expect(BackupRunner.run(BackupRequest(), env: box.env).exitCode == 0)
        #expect(box.exists("workouts-2026-11-25.sqlite"))
        #expect(BackupRunner.run(BackupRequest(), env: box.env).exitCode == 64, "a second backup the same day needs --force")
    }

    @Test("busy: while another run holds the lock past WKT_LOCK_WAIT, backup exits 75 and writes nothing")
    func busy() throws {
        let box = try sandboxWithStore()
        defer { box.remove() }
        let lock = try HeldLock.acquire(storePath: box.directory + "/workouts.sqlite", env: box.env)
        let result = BackupRunner.run(BackupRequest(output: "copy.sqlite"), env: box.env)
        lock.release()
        #expect(result.exitCode == 75, "\(result.stderr)")
        #expect(!box.exists("copy.sqlite"))
    }
}

/// Backups next to running imports, with the real binary (S-10, S-11).
@Suite("wkt-site backup, end to end", .serialized, .enabled(if: Binary.available))
struct BackupEndToEndTests {
    @Test("S-10: a backup started during an import waits for it and copies a committed state (integrity ok); with no wait it exits 75 and leaves nothing")
    func backupDuringImport() throws {
        let dir = try temporaryFolder("backup")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        try StrongCSV.workouts(20, startHour: 0).write(toFile: dir + "/base.csv", atomically: true, encoding: .utf8)
        try StrongCSV.workouts(1500, startHour: 5).write(toFile: dir + "/new.csv", atomically: true, encoding: .utf8)
        #expect(try Binary.run(["import", "base.csv", "--quiet"], in: dir).status == 0)

        let importer = try Child.start(["import", "new.csv", "--quiet"], in: dir)
        // Wait until the import writes: it holds the lock and its journal exists.
        let writing = Child.wait(upTo: 30) {
            Child.holdsLock(importer, store: store) && FileManager.default.fileExists(atPath: store + "-journal")
        }
        try #require(writing && importer.isRunning, "the import was not caught writing")
        let busy = try Binary.run(["backup", "--output", "busy.sqlite"], in: dir, environment: ["WKT_LOCK_WAIT": "0"])
        let stillRunning = importer.isRunning
        let waited = try Binary.run(["backup", "--output", "copy.sqlite"], in: dir, environment: ["WKT_LOCK_WAIT": "60"])
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        if stillRunning {
            #expect(busy.status == 75, "\(busy.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/busy.sqlite"))
        }
        #expect(waited.status == 0, "\(waited.stderr)")
        let copy = try StoreProbe.state(dir + "/copy.sqlite")
        #expect(copy.check == "ok")
        #expect(copy.workouts == 20 || copy.workouts == 1520, "a committed state: \(copy.workouts)")
        #expect(copy.workouts == 1520, "the backup waited for the import that held the lock")
        #expect(try StoreProbe.dump(dir + "/copy.sqlite") == (try StoreProbe.dump(store)))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("S-11: the supported backup restores: stats and build from the backup equal the original's; copied over a damaged store (no run active) it is the store again")
    func restore() throws {
        let dir = try temporaryFolder("backup")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Binary.run(["demo", "--years", "1", "--today", "2026-11-21", "--quiet"], in: dir).status == 0)
        let store = ["--store", "wkt-demo.sqlite"]
        let backup = try Binary.run(["backup", "--output", "backup.sqlite"] + store, in: dir)
        #expect(backup.status == 0, "\(backup.stderr)")
        let day = ["--today", "2026-11-21"]
        let original = try Binary.run(["stats", "--json"] + day + store, in: dir)
        let fromBackup = try Binary.run(["stats", "--json", "--store", "backup.sqlite"] + day, in: dir)
        #expect(original.status == 0 && fromBackup.status == 0)
        #expect(fromBackup.stdout == original.stdout)
        #expect(try Binary.run(["build", "--output", "a", "--quiet"] + day + store, in: dir).status == 0)
        #expect(try Binary.run(["build", "--output", "b", "--quiet", "--store", "backup.sqlite"] + day, in: dir).status == 0)
        #expect(readText(dir + "/a/data/stats.json") == readText(dir + "/b/data/stats.json"))
        #expect(readText(dir + "/a/index.html").count > 1000)

        // Damage the store (header overwritten): refused, then restored from the backup.
        let handle = try #require(FileHandle(forWritingAtPath: dir + "/wkt-demo.sqlite"))
        handle.write(Data(repeating: 0x42, count: 100))
        try handle.close()
        let damaged = try Binary.run(["stats"] + day + store, in: dir)
        #expect(damaged.status == 74)
        #expect(damaged.stderr.contains("corrupt"))
        try FileManager.default.removeItem(atPath: dir + "/wkt-demo.sqlite")
        try FileManager.default.copyItem(atPath: dir + "/backup.sqlite", toPath: dir + "/wkt-demo.sqlite")
        let restored = try Binary.run(["stats", "--json"] + day + store, in: dir)
        #expect(restored.status == 0)
        #expect(restored.stdout == original.stdout)
    }
}
