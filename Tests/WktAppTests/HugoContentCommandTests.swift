import Foundation
import Testing
import WktTestSupport
import WktCore
@testable import WktApp

/// `wkt-site _hugo-content DIR`, the benchmark's hidden command (`scripts/bench.py --hugo`).
@Suite("wkt-site _hugo-content (benchmark only)")
struct HugoContentCommandTests {
    /// Every file below `folder`, relative to it.
    func files(below folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// Runs `body` in a new sandbox, removed afterwards.
    func inSandbox(_ body: (Sandbox) throws -> Void) throws {
        let box = try Sandbox()
        defer { box.remove() }
        try body(box)
    }

    @Test("writes one content file per HTML page `build` writes from the same store and day, and the Hugo site around them")
    func samePagesAsBuild() async throws {
        try await offCooperativePool {
            try inSandbox { box in
                let imported = ImportRunner.run(ImportRequest(files: [try box.write("a.csv", SameHistory.strongComma)], unit: .kg), env: box.env)
                #expect(imported.exitCode == 0)
                let built = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
                #expect(built.exitCode == 0, "\(built.stderr)")
                let result = HugoContentRunner.run(HugoContentRequest(directory: "hugo", today: "2026-11-21"), env: box.env)
                #expect(result.exitCode == 0, "\(result.stderr)")
                #expect(result.stderr.isEmpty)

                let pages = files(below: box.directory + "/site").filter { $0.hasSuffix(".html") }
                let content = files(below: box.directory + "/hugo/content").filter { $0.hasSuffix(".md") }
                #expect(result.stdout == "hugo site: \(pages.count) content pages in hugo/\n")
                #expect(content.count == pages.count)
                let expected = pages.map { page -> String in
                    let stem = String(page.dropLast(".html".count))
                    if stem == "index" { return "_index.md" }
                    return stem.hasSuffix("/index") ? stem.dropLast("index".count) + "_index.md" : stem + ".md"
                }
                #expect(Set(content) == Set(expected))
                #expect(box.exists("hugo/config.toml"))
                #expect(box.exists("hugo/layouts/_default/single.html"))
                #expect(box.exists("hugo/layouts/_default/list.html"))
                // A workout page: its front matter's title and its sets table.
                let workout = try #require(content.first { $0.hasPrefix("workouts/") && !$0.contains("_index") })
                let text = String(decoding: try box.bytes("hugo/content/" + workout), as: UTF8.self)
                #expect(text.hasPrefix("{\n  \"title\": "))
                #expect(text.contains("<table"))
            }
        }
    }

    @Test("usage errors are one line and 64: no folder, a folder that is not empty, a file, a bad --today")
    func usageErrors() async throws {
        try await offCooperativePool {
            try inSandbox { box in
                for request in [HugoContentRequest(directory: nil), HugoContentRequest(directory: "")] {
                    let missing = HugoContentRunner.run(request, env: box.env)
                    #expect(missing.exitCode == 64)
                    #expect(missing.stderr == ["wkt-site: " + HugoContentRunner.usage])
                }
                try box.write("full/keep.txt", "mine")
                let full = HugoContentRunner.run(HugoContentRequest(directory: "full"), env: box.env)
                #expect(full.exitCode == 64)
                #expect(full.stderr == ["wkt-site: refusing _hugo-content full: the folder is not empty (it writes into a new or empty folder and deletes nothing)"])
                #expect(files(below: box.directory + "/full") == ["keep.txt"])
                #expect(String(decoding: try box.bytes("full/keep.txt"), as: UTF8.self) == "mine")
                try box.write("plain", "x")
                let file = HugoContentRunner.run(HugoContentRequest(directory: "plain"), env: box.env)
                #expect(file.exitCode == 64)
                #expect(file.stderr.count == 1)
                #expect(file.stderr.first?.contains("is not a folder") == true)
                let badDay = HugoContentRunner.run(HugoContentRequest(directory: "new", today: "tomorrow"), env: box.env)
                #expect(badDay.exitCode == 64)
                #expect(badDay.stderr.count == 1)
                #expect(!box.exists("new"))
            }
        }
    }

    @Test("the binary: `_hugo-content` without a folder prints one line and exits 64", .enabled(if: Binary.available))
    func binaryUsage() async throws {
        try await offCooperativePool {
            let dir = try temporaryFolder("hugo")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let run = try Binary.run(["_hugo-content"], in: dir)
            #expect(run.status == 64)
            #expect(run.stderr == "wkt-site: \(HugoContentRunner.usage)\n")
            let help = try Binary.run(["--help"], in: dir)
            #expect(!help.stdout.contains("_hugo-content"), "hidden from the help")
        }
    }
}
