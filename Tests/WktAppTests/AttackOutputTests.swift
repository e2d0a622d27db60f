import Foundation
import Testing
@testable import WktApp

/// "Found by attack" cases of the build's output side (RELIABILITY.md ).
@Suite("attacks on the build's output")
struct AttackOutputTests {
    /// A sandbox with the three-workout history imported into `workouts.sqlite` and built once.
    func builtSandbox() throws -> Sandbox {
        let box = try Sandbox()
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let first = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        return box
    }

    @Test(
        "A-05: a --store that reaches into the output folder through a symbolic link is refused (64), nothing deleted",
        arguments: ["file link", "folder link", "link into site.prev", "link into a temporary build"])
    func storeLinkIntoOutput(shape: String) throws {
        let box = try builtSandbox()
        defer { box.remove() }
        let fm = FileManager.default
        let d = box.directory
        // A second build makes site.prev/ (a complete earlier build).
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env).exitCode == 0)
        let storeOption: String
        let realStore: String
        switch shape {
        case "file link":
            realStore = d + "/site/workouts.sqlite"
            try fm.moveItem(atPath: d + "/workouts.sqlite", toPath: realStore)
            try fm.createSymbolicLink(atPath: d + "/link.sqlite", withDestinationPath: "site/workouts.sqlite")
            storeOption = "link.sqlite"
        case "folder link":
            realStore = d + "/site/data/workouts.sqlite"
            try fm.moveItem(atPath: d + "/workouts.sqlite", toPath: realStore)
            try fm.createSymbolicLink(atPath: d + "/mydata", withDestinationPath: d + "/site/data")
            storeOption = "mydata/workouts.sqlite"
        case "link into site.prev":
            realStore = d + "/site.prev/workouts.sqlite"
            try fm.moveItem(atPath: d + "/workouts.sqlite", toPath: realStore)
            try fm.createSymbolicLink(atPath: d + "/link.sqlite", withDestinationPath: realStore)
            storeOption = "link.sqlite"
        default:
            try fm.createDirectory(atPath: d + "/site.tmp-1-x", withIntermediateDirectories: true)
            realStore = d + "/site.tmp-1-x/workouts.sqlite"
            try fm.moveItem(atPath: d + "/workouts.sqlite", toPath: realStore)
            try fm.createSymbolicLink(atPath: d + "/link.sqlite", withDestinationPath: realStore)
            storeOption = "link.sqlite"
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: realStore))
        for day in ["2026-11-23", "2026-11-24"] {
            let result = BuildRunner.run(BuildRequest(today: day, store: storeOption), env: box.env)
            #expect(result.exitCode == 64, "\(shape): \(result.stderr)")
            #expect(result.stderr.count == 1)
            #expect(result.stderr.first?.contains("lies inside it") == true, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: realStore)) == before, "the store is untouched")
        // The same history through a store outside the output still builds.
        try fm.moveItem(atPath: realStore, toPath: d + "/safe.sqlite")
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-23", store: "safe.sqlite"), env: box.env).exitCode == 0)
    }

    @Test("A-05: a store beside the output whose name only starts like it is accepted")
    func similarNamesAreFine() throws {
        let box = try builtSandbox()
        defer { box.remove() }
        try FileManager.default.createDirectory(atPath: box.directory + "/site-data", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: box.directory + "/workouts.sqlite", toPath: box.directory + "/site-data/w.sqlite")
        let result = BuildRunner.run(BuildRequest(today: "2026-11-23", store: "site-data/w.sqlite"), env: box.env)
        #expect(result.exitCode == 0, "\(result.stderr)")
    }
}
