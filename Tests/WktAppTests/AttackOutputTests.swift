import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WktApp

/// "Found by attack" cases of the build's output side (docs/reliability.md A-05, A-12, A-13, A-14).
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
            let place = ["file link": "lies inside it", "folder link": "lies inside it",
                         "link into site.prev": "lies inside its previous build site.prev/"][shape]
                ?? "lies inside a temporary build folder site.tmp-*"
            #expect(result.stderr.first?.contains(place) == true, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: realStore)) == before, "the store is untouched")
        // The same history through a store outside the output still builds.
        try fm.moveItem(atPath: realStore, toPath: d + "/safe.sqlite")
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-23", store: "safe.sqlite"), env: box.env).exitCode == 0)
    }

    @Test("A-12: names with <script>, & and U+2028 reach data/stats.json only as \\u escapes")
    func statsJSONIsInlineSafe() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let hostile = "</script><script>alert(1)</script> & \u{2028}Row"
        let file = try box.write("a.csv", SameHistory.strongComma.replacingOccurrences(of: "\"Plank\"", with: "\"\(hostile)\""))
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        let bytes = try box.bytes("site/data/stats.json")
        let text = String(decoding: bytes, as: UTF8.self)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!text.contains(forbidden), "stats.json holds a raw \(forbidden.debugDescription)")
        }
        #expect(text.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 \u2028Row"#))
        // Still the same JSON value: the name decodes back exactly.
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let array as [Any]: array.flatMap(strings)
            case let object as [String: Any]: object.values.flatMap(strings)
            default: []
            }
        }
        #expect(strings(try JSONSerialization.jsonObject(with: bytes)).contains(hostile))
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        #expect(stats.stdout == text)
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

/// docs/reliability.md A-14 on a real full disk: a tmpfs of a few MiB mounted for the test (root
/// only; skipped with a note elsewhere).
@Suite("A-14: a build on a full disk", .serialized)
struct FullDiskBuildTests {
    /// Mounts a tmpfs of `megabytes` at a new folder, or returns nil (not root, no mount).
    static func mountTmpfs(megabytes: Int) -> String? {
        guard getuid() == 0 else { return nil }
        guard let folder = try? temporaryFolder("full") else { return nil }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder]) == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        return folder
    }

    static func unmount(_ folder: String) {
        _ = run("/bin/umount", [folder])
        try? FileManager.default.removeItem(atPath: folder)
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Fills the file system holding `folder` with a file until writes fail.
    static func fill(_ folder: String) throws {
        let path = folder + "/filler"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let chunk = Data(count: 4096)
        while (try? handle.write(contentsOf: chunk)) != nil {}
    }

    @Test("A-14: a build that runs out of space exits 74 in one line; site/ and site.prev/ are as before")
    func fullDisk() throws {
        guard let disk = Self.mountTmpfs(megabytes: 4) else {
            print("note: A-14 full-disk test skipped: mounting a tmpfs needs root")
            return
        }
        defer { Self.unmount(disk) }
        let box = try Sandbox()
        defer { box.remove() }
        let output = disk + "/site"
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(output: output, today: "2026-11-21"), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(output: output, today: "2026-11-22"), env: box.env).exitCode == 0)
        let siteBefore = try TreeListing.of(output)
        let previousBefore = try TreeListing.of(output + ".prev")
        #expect(!previousBefore.isEmpty)

        let more = try box.write("b.csv", SameHistory.strongComma.replacingOccurrences(of: "2026-11-16", with: "2026-11-19"))
        #expect(ImportRunner.run(ImportRequest(files: [more], unit: .kg), env: box.env).exitCode == 0)
        try Self.fill(disk)
        let failed = BuildRunner.run(BuildRequest(output: output, today: "2026-11-23"), env: box.env)
        #expect(failed.exitCode == 74, "\(failed.stderr)")
        #expect(failed.stderr.count == 1 && failed.stderr[0].contains("No space left on device"), "\(failed.stderr)")
        #expect(failed.stderr.first?.hasSuffix(" (while publishing the site)") == true, "\(failed.stderr)")
        #expect(try TreeListing.of(output) == siteBefore, "site/ changed")
        #expect(try TreeListing.of(output + ".prev") == previousBefore, "site.prev/ changed")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk).filter { $0.hasPrefix("site.tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        try FileManager.default.removeItem(atPath: disk + "/filler")
        let again = BuildRunner.run(BuildRequest(output: output, today: "2026-11-23"), env: box.env)
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(try TreeListing.of(output + ".prev") == siteBefore, "the failed build's site is the previous one now")
    }
}

/// Sorted `path mode sha-free content` lines of a tree, read with Foundation.
enum TreeListing {
    static func of(_ root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
        while let item = enumerator.nextObject() as? String {
            let path = root + "/" + item
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = attributes[.posixPermissions] as? Int ?? -1
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                result[item + "/"] = Data("\(mode)".utf8)
            } else {
                result[item] = Data("\(mode) ".utf8) + (try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        return result
    }
}

/// docs/reliability.md A-13: `--quiet` prints nothing at all on success.
@Suite("A-13: --quiet is silent; bad base URLs are usage or config errors")
struct QuietTests {
    @Test("A-13: import --quiet with warnings prints nothing; --json carries the warnings")
    func quietImport() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // A workout after today gives a warning (T-17); so does a Strong file without a unit.
        let file = try box.write("a.csv", SameHistory.strongComma.replacingOccurrences(of: "2026-11-16", with: "2027-03-01"))
        let loud = ImportRunner.run(ImportRequest(files: [file], dryRun: true), env: box.env)
        #expect(loud.exitCode == 0)
        #expect(loud.stderr.contains { $0.contains("warning:") }, "the file must give warnings: \(loud.stderr)")
        let quiet = ImportRunner.run(ImportRequest(files: [file], quiet: true), env: box.env)
        #expect(quiet.exitCode == 0)
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        // The warnings of what a run adds (formats.md §6.3): planned against a store without it.
        let json = ImportRunner.run(
            ImportRequest(files: [file], store: "other.sqlite", dryRun: true, json: true, quiet: true), env: box.env)
        #expect(json.stderr.isEmpty)
        #expect(json.stdout.contains("starts after today ("), "\(json.stdout)")
        // A failed import still says why, --quiet or not.
        let bad = try box.write("bad.csv", "not,a,known,header\n1,2,3,4\n")
        let failed = ImportRunner.run(ImportRequest(files: [bad], quiet: true), env: box.env)
        #expect(failed.exitCode == 65)
        #expect(!failed.stderr.isEmpty)
    }

    @Test(
        "A-13: a bad --base-url is a usage error (64) in one line, before anything is read or written",
        arguments: ["https://e.org/a b", "javascript:alert(1)", "https://", "https://e.org/?q", "ftp://e.org/", "https://e.org/\u{1B}[2J"])
    func badBaseURLFlag(url: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let result = BuildRunner.run(BuildRequest(today: "2026-11-21", baseURL: url), env: box.env)
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.count == 1 && result.stderr[0].contains("--base-url \""), "\(result.stderr)")
        #expect(!result.stderr[0].contains("\u{1B}"))
        #expect(!box.exists("site"))
        // The same URL in wkt-site.toml is a config error (65) naming base_url, in build and stats.
        try box.write("wkt-site.toml", "base_url = \"" + url.replacingOccurrences(of: "\u{1B}", with: "\\u001b") + "\"\n")
        let configured = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(configured.exitCode == 65, "\(configured.stderr)")
        #expect(configured.stderr.first?.contains("base_url") == true, "\(configured.stderr)")
        #expect(StatsRunner.run(StatsRequest(today: "2026-11-21"), env: box.env).exitCode == 65)
    }

    @Test("A-13: build --quiet without a store, and demo/build --quiet through the binary, print nothing")
    func quietBuild() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let missing = BuildRunner.run(BuildRequest(today: "2026-11-21", quiet: true), env: box.env)
        #expect(missing.exitCode == 0, "\(missing.stderr)")
        #expect(missing.stdout.isEmpty && missing.stderr.isEmpty, "\(missing.stderr)")
        guard Binary.available else { return }
        let file = try box.write("a.csv", SameHistory.strongComma.replacingOccurrences(of: "2026-11-16", with: "2027-03-01"))
        let imported = try Binary.run(["import", "--quiet", file], in: box.directory)
        #expect(imported.status == 0)
        #expect(imported.stdout.isEmpty && imported.stderr.isEmpty, "\(imported.stderr)")
        let built = try Binary.run(["build", "--quiet", "--today", "2026-11-21"], in: box.directory)
        #expect(built.status == 0)
        #expect(built.stdout.isEmpty && built.stderr.isEmpty, "\(built.stderr)")
    }
}
