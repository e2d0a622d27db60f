import Foundation
import Testing
@testable import WktApp
@testable import WktStore

/// Interrupted imports, full disks and read-only store folders, with the real binary
/// (docs/reliability.md A-01, A-02, A-06, S-01, S-03, S-09).
@Suite("Store crashes, full disks, read-only folders, end to end", .serialized, .enabled(if: Binary.available))
struct StoreCrashTests {
    /// A fresh folder (mode 0755, so a test may run the binary as another user inside it).
    func tempDir() throws -> String {
        let dir = try temporaryFolder("crash")
        chmod(dir, 0o755)
        return dir
    }

    /// Writes `count` generated Strong workouts to `dir/name`.
    func writeCSV(_ dir: String, _ name: String, count: Int, startHour: Int) throws {
        try StrongCSV.workouts(count, startHour: startHour).write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    /// A store `dir/workouts.sqlite` holding 20 workouts, imported by the binary; its bytes.
    func seededStore(_ dir: String) throws -> Data {
        try writeCSV(dir, "base.csv", count: 20, startHour: 0)
        let run = try Binary.run(["import", "base.csv", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: dir + "/workouts.sqlite"))
    }

    /// The environment the in-process runners get for `dir`.
    func environment(_ dir: String) -> AppEnvironment {
        AppEnvironment(
            workingDirectory: dir, variables: ["TZ": "UTC", "WKT_LOCK_WAIT": "10"], now: Date(), stdoutIsTerminal: false)
    }

    @Test("A-01: kill -9 of an import while it writes leaves a hot journal; stats, build and backup then succeed with the old workouts",
          arguments: ["stats", "build", "backup"])
    func killedImportThenRead(command: String) throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        let pristine = try seededStore(dir)
        // 2,500 workouts: more than SQLite's 2 MB page cache, so the import spills pages into the
        // store file mid-transaction, after syncing its journal's header: from then on a kill
        // leaves a hot journal (before that the journal's header is zero and SQLite ignores it).
        try writeCSV(dir, "big.csv", count: 2500, startHour: 5)
        var hot = false
        for _ in 1...4 where !hot {
            try pristine.write(to: URL(fileURLWithPath: store))  // no process has it open
            let child = try Child.start(["import", "big.csv", "--quiet"], in: dir)
            _ = Child.wait(upTo: 60) { WorkoutStore.hasJournal(path: store) || !child.isRunning }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            hot = child.terminationReason == .uncaughtSignal && WorkoutStore.hasJournal(path: store)
            if !hot { _ = try? WorkoutStore.recoverInterruptedWrite(path: store) }
        }
        try #require(hot, "could not kill the import while its journal was hot in 4 attempts")
        // The state of A-01: a read-only open cannot roll the journal back (what build and stats
        // did before, failing with SQLite error 776).
        #expect(throws: StoreError.self) { try WorkoutStore.open(path: store, mode: .readOnly) }

        let arguments: [String] = switch command {
        case "stats": ["stats", "--json", "--today", "2026-11-25"]
        case "build": ["build", "--today", "2026-11-25", "--quiet"]
        default: ["backup", "--output", "copy.sqlite"]
        }
        let run = try Binary.run(arguments, in: dir)
        #expect(run.status == 0, "\(command) after a killed import: \(run.stderr)")
        #expect(!WorkoutStore.hasJournal(path: store), "the journal was rolled back")
        switch command {
        case "stats": #expect(run.stdout.contains("\"workouts\": 20,"), "the old workouts: \(run.stdout.prefix(300))")
        case "build":
            let json = readText(dir + "/site/data/stats.json")
            #expect(json.contains("\"workouts\": 20,"), "the site shows the old workouts")
        default: #expect(try StoreProbe.state(dir + "/copy.sqlite") == (workouts: 20, check: "ok"))
        }
        #expect(try StoreProbe.state(store) == (workouts: 20, check: "ok"))
        #expect(StoreProbe.size(store) == pristine.count, "the store file has its old size again")
        // And the interrupted import can simply be run again.
        #expect(try Binary.run(["import", "big.csv", "--quiet"], in: dir).status == 0)
        #expect(try StoreProbe.state(store) == (workouts: 2520, check: "ok"))
    }

    @Test("S-01: kill -9 of a real import at 50 evenly spaced points: integrity ok, workouts old or old + new, never between; the next import completes")
    func killedImportsAt50Points() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/workouts.sqlite"
        let journal = store + "-journal"
        let pristine = try seededStore(dir)
        let (old, new) = (20, 400)
        try writeCSV(dir, "new.csv", count: new, startHour: 5)
        func restore() throws {
            if FileManager.default.fileExists(atPath: journal) {
                // Only a journal SQLite ignores (zero header) may be left after the checks below.
                #expect(!WorkoutStore.hasJournal(path: store))
                try FileManager.default.removeItem(atPath: journal)
            }
            try pristine.write(to: URL(fileURLWithPath: store))
        }
        // How long an import takes here, to spread the kill points over it (as F-08 does): the
        // longest of three runs, then (plus 10 %) the time of each run that finishes before its
        // kill point (on a loaded machine the first measurement can be far off).
        var seconds = 0.0
        for _ in 1...3 {
            try restore()
            let start = Date()
            #expect(try Binary.run(["import", "new.csv", "--quiet"], in: dir).status == 0)
            seconds = max(seconds, Date().timeIntervalSince(start))
        }
        var killed = 0
        var hotJournals = 0
        var completed = 0
        for point in 1...50 {
            try restore()
            let start = Date()
            let child = try Child.start(["import", "new.csv", "--quiet"], in: dir)
            let deadline = start.addingTimeInterval(seconds * Double(point) / 51)
            while child.isRunning && Date() < deadline { usleep(1000) }
            if child.isRunning {
                kill(child.processIdentifier, SIGKILL)
            } else {
                // A little past the end, so the last points also land in the commit.
                seconds = 1.1 * Date().timeIntervalSince(start)
            }
            child.waitUntilExit()
            if child.terminationReason == .uncaughtSignal { killed += 1 }
            if WorkoutStore.hasJournal(path: store) { hotJournals += 1 }
            // What stats and build do first: roll back what the kill left, then read.
            let opened = try StoreAccess.open(storePath: store, lock: nil, env: environment(dir))
            let reader = try #require(opened)
            let (count, check) = (try reader.workoutCount(), try reader.integrityCheck())
            #expect(check == "ok", "point \(point)")
            #expect(count == old || count == old + new, "point \(point): \(count) workouts, between old and new")
            if count == old + new { completed += 1 }
        }
        print("note: S-01: \(killed) of 50 imports killed (\(hotJournals) with a hot journal), \(completed) had committed; import takes \(seconds) s")
        #expect(killed >= 20, "most runs were killed mid-import (\(killed) of 50)")
        let next = try Binary.run(["import", "new.csv"], in: dir)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try StoreProbe.state(store) == (workouts: old + new, check: "ok"))
    }

    @Test("A-02 / S-03: import onto a real full disk (1 MiB tmpfs): exit 74 with one line, journal rolled back before the command ends, store file size and dump as before")
    func fullTmpfs() throws {
        guard MountNamespace.available else { return MountNamespace.skipNote("A-02 / S-03") }
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try seededStore(dir)
        try FileManager.default.moveItem(atPath: dir + "/workouts.sqlite", toPath: dir + "/base.sqlite")
        try writeCSV(dir, "big.csv", count: 2000, startHour: 5)
        try FileManager.default.createDirectory(atPath: dir + "/mnt", withIntermediateDirectories: false)
        let binary = Binary.path ?? "/nonexistent"
        let status = try MountNamespace.run("""
            set -u
            mount -t tmpfs -o size=1m tmpfs mnt || exit 99
            cp base.sqlite mnt/w.sqlite
            '\(binary)' import big.csv --store mnt/w.sqlite > import.out 2> import.err; echo $? > import.rc
            if [ -e mnt/w.sqlite-journal ]; then echo left > journal.left; fi
            stat -c %s mnt/w.sqlite > size.after
            '\(binary)' stats --json --today 2026-11-25 --store mnt/w.sqlite > stats.json 2> stats.err; echo $? > stats.rc
            cp mnt/w.sqlite after.sqlite
            """, in: dir)
        if status == 99 { return MountNamespace.skipNote("A-02 / S-03") }
        #expect(status == 0)
        #expect(readText(dir + "/import.rc") == "74")
        let lines = readText(dir + "/import.err").split(separator: "\n")
        #expect(lines.count == 1, "one line: \(lines)")
        #expect(lines.first?.contains("the disk is full") == true, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/journal.left"), "the journal was rolled back before import ended")
        #expect(Int(readText(dir + "/size.after")) == StoreProbe.size(dir + "/base.sqlite"), "the store file did not grow")
        #expect(readText(dir + "/stats.rc") == "0", "\(readText(dir + "/stats.err"))")
        #expect(readText(dir + "/stats.json").contains("\"workouts\": 20,"))
        #expect(try StoreProbe.dump(dir + "/after.sqlite") == (try StoreProbe.dump(dir + "/base.sqlite")), "nothing lost or added")
        #expect(try StoreProbe.state(dir + "/after.sqlite").check == "ok")
    }

    /// The commands every read-only variant runs with `binary`; results go to files in `out/`.
    private func readOnlyCommands(_ dir: String, binary: String = Binary.path ?? "/nonexistent") -> String {
        let store = dir + "/store/workouts.sqlite"
        return """
            '\(binary)' build --store '\(store)' --output '\(dir)/out/site' --today 2026-11-25 --quiet 2> '\(dir)/out/build.err'; echo $? > '\(dir)/out/build.rc'
            '\(binary)' stats --json --store '\(store)' --today 2026-11-25 > '\(dir)/out/stats.json' 2> '\(dir)/out/stats.err'; echo $? > '\(dir)/out/stats.rc'
            '\(binary)' backup --store '\(store)' --output '\(dir)/out/copy.sqlite' > /dev/null 2> '\(dir)/out/backup.err'; echo $? > '\(dir)/out/backup.rc'
            '\(binary)' import '\(dir)/more.csv' --store '\(store)' > /dev/null 2> '\(dir)/out/import.err'; echo $? > '\(dir)/out/import.rc'
            """
    }

    /// A folder `store/` with a store of 20 workouts and no lock file, `out/` writable by anyone.
    private func readOnlyFixture() throws -> String {
        let dir = try tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/store", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: false)
        chmod(dir + "/out", 0o777)
        try writeCSV(dir, "base.csv", count: 20, startHour: 0)
        try writeCSV(dir, "more.csv", count: 5, startHour: 5)
        #expect(try Binary.run(["import", "base.csv", "--store", "store/workouts.sqlite", "--quiet"], in: dir).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/store/workouts.sqlite.lock")
        return dir
    }

    /// The results every read-only variant must show.
    private func expectReadOnlyResults(_ dir: String, case label: String) throws {
        let out = dir + "/out"
        #expect(readText(out + "/build.rc") == "0", "\(label): build: \(readText(out + "/build.err"))")
        #expect(readText(out + "/site/data/stats.json").contains("\"workouts\": 20,"), "\(label)")
        #expect(readText(out + "/stats.rc") == "0", "\(label): stats: \(readText(out + "/stats.err"))")
        #expect(readText(out + "/stats.json").contains("\"workouts\": 20,"), "\(label)")
        #expect(readText(out + "/backup.rc") == "0", "\(label): backup: \(readText(out + "/backup.err"))")
        #expect(readText(out + "/import.rc") == "74", "\(label): import")
        let importError = readText(out + "/import.err").split(separator: "\n")
        #expect(importError.count == 1 && importError[0].contains("read-only"), "\(label): \(importError)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/store/workouts.sqlite.lock"), "\(label): no lock file was created")
        #expect(try StoreProbe.state(dir + "/store/workouts.sqlite") == (workouts: 20, check: "ok"), "\(label)")
    }

    @Test("A-06 / S-09: store folder on a read-only mount, no lock file: build, stats and backup succeed; import is one clear line (74)")
    func readOnlyMount() throws {
        guard MountNamespace.available else { return MountNamespace.skipNote("A-06 / S-09 (read-only mount)") }
        let dir = try readOnlyFixture()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let status = try MountNamespace.run(
            "mount --bind '\(dir)/store' '\(dir)/store' && mount -o remount,bind,ro '\(dir)/store' || exit 99\n"
                + readOnlyCommands(dir),
            in: dir + "/out")
        if status == 99 { return MountNamespace.skipNote("A-06 / S-09 (read-only mount)") }
        try expectReadOnlyResults(dir, case: "read-only mount")
    }

    @Test("A-06 / S-09: store folder mode 555 for a non-root user, no lock file: build, stats and backup succeed; import is one clear line (74)")
    func readOnlyModeAsNonRoot() throws {
        let dir = try readOnlyFixture()
        defer {
            chmod(dir + "/store", 0o755)
            try? FileManager.default.removeItem(atPath: dir)
        }
        #expect(chmod(dir + "/store", 0o555) == 0)
        let status: Int32
        if geteuid() == 0 {
            // Root ignores the mode: run the commands as nobody.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("note: A-06 / S-09 (mode 555): running as root without setpriv; skipped")
                return
            }
            // nobody may not reach the build folder (a checkout in a mode-700 `mktemp -d`):
            // it runs a copy of the binary from the fixture folder, which anyone can read.
            let binary = dir + "/wkt-site"
            try FileManager.default.copyItem(atPath: try #require(Binary.path), toPath: binary)
            #expect(chmod(binary, 0o755) == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            let script = readOnlyCommands(dir, binary: binary)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c", script]
            process.currentDirectoryURL = URL(fileURLWithPath: dir + "/out")
            process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": dir + "/out"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            status = process.terminationStatus
        } else {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", readOnlyCommands(dir)]
            process.currentDirectoryURL = URL(fileURLWithPath: dir + "/out")
            try process.run()
            process.waitUntilExit()
            status = process.terminationStatus
        }
        #expect(status == 0)
        try expectReadOnlyResults(dir, case: "mode 555")
    }
}
