import Foundation
import WktFaultVFS
import Testing
@testable import WktApp
@testable import WktStore

/// `wkt-site import` in process, with SQLite working through the fault-injecting VFS
/// (docs/reliability.md S-02, A-02): what the user sees, and what the next command finds.
@Suite("Import under disk faults, in process (S-02, A-02)", .serialized)
struct ImportFaultTests {
    /// The VFS must be SQLite's default before the first connection of a test opens.
    init() throws {
        try #require(FaultVFS.installed, "the fault-injecting VFS could not be registered")
    }

    @Test("S-02 / A-02: the Nth disk operation fails from then on (I/O error, then disk full), N = 1, 2, … until success: one line, exit 74; stats then shows exactly the old data",
          arguments: [FaultVFS.ioErrorWrite, FaultVFS.full])
    func importUnderFaults(writeError: Int32) throws {
        let box = try Sandbox(variables: ["WKT_LOCK_WAIT": "5"])
        defer { box.remove() }
        let base = try box.write("base.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [base], unit: .kg), env: box.env).exitCode == 0)
        let new = try box.write("new.csv", StrongCSV.workouts(30, startHour: 5))
        let stats = StatsRequest(json: true, today: "2026-11-25")
        let before = StatsRunner.run(stats, env: box.env)
        #expect(before.exitCode == 0)
        let store = box.directory + "/workouts.sqlite"
        let dump = try StoreProbe.dump(store)

        var failures = 0
        var diskFull = 0
        var succeeded = false
        for nth in 1...1000 {
            let armed = FaultVFS.armed(folder: box.directory, nth: nth, mode: .persistent, writeError: writeError) {
                ImportRunner.run(ImportRequest(files: [new], unit: .kg, quiet: true), env: box.env)
            }
            let result = armed.result
            if result.exitCode == 0 {
                #expect(armed.injected == 0, "N=\(nth): success although every operation from N failed")
                succeeded = true
                break
            }
            failures += 1
            #expect(result.exitCode == 74, "N=\(nth): \(result.stderr)")
            #expect(result.stderr.count == 1, "N=\(nth): one line: \(result.stderr)")
            let line = result.stderr.first ?? ""
            #expect(line.hasPrefix("wkt-site: store \(store)") && !line.contains("constraint"), "N=\(nth): \(line)")
            if line.contains("the disk is full") { diskFull += 1 }
            // The next command: the journal the failed import may have left is rolled back first.
            let after = StatsRunner.run(stats, env: box.env)
            #expect(after == before, "N=\(nth): stats after a failed import: \(after.stderr)")
            #expect(!WorkoutStore.hasJournal(path: store), "N=\(nth)")
            #expect(try StoreProbe.dump(store) == dump, "N=\(nth): nothing lost, nothing added")
        }
        #expect(succeeded)
        if writeError == FaultVFS.full {
            // Failed writes say the disk is full; failed fsyncs are plain I/O errors.
            #expect(diskFull >= failures / 2, "\(diskFull) of \(failures) failures said the disk is full")
        } else {
            #expect(diskFull == 0)
        }
        #expect(failures >= 10, "an import has many write and fsync points (\(failures) failing runs)")
        #expect(try StoreProbe.state(store) == (workouts: 33, check: "ok"))
    }
}
