import Foundation
import Synchronization
import Testing
import WktTestSupport
@testable import WktApp
import WktCore
import WktIO

/// `wkt-site build` into a fresh temporary folder writes each page as it is rendered
/// (`BuildRunner.streamed`): the same site as a collected build, and on a render error, an I/O
/// error or an interrupt mid-stream the temporary folder goes and the old site stays
/// (docs/reliability.md P1, F-09, C-05, A-14).
@Suite("wkt-site build: pages streamed to disk")
struct StreamedBuildTests {
    /// `.disk` counting `writeFile` calls and failing the one numbered `failAt` (nil: none).
    final class CountingDisk: Sendable {
        private let writes = Mutex(0)
        let failAt: Int?
        init(failAt: Int? = nil) { self.failAt = failAt }

        /// How many files were written or attempted.
        var count: Int { writes.withLock { $0 } }

        var fileSystem: FileSystem {
            let disk = FileSystem.disk
            return FileSystem(
                info: disk.info, makeDirectory: disk.makeDirectory,
                writeFile: { (path: String, bytes: [UInt8], mode: UInt32) throws(FileSystemError) in
                    let number = self.writes.withLock { count in
                        count += 1
                        return count
                    }
                    if number == self.failAt { throw FileSystemError(operation: "write", path: path, code: EIO) }
                    try disk.writeFile(path, bytes, mode)
                },
                patchFile: disk.patchFile, readFile: disk.readFile, setPermissions: disk.setPermissions,
                makeSymlink: disk.makeSymlink, readSymlink: disk.readSymlink, listDirectory: disk.listDirectory,
                rename: disk.rename, renameExchange: disk.renameExchange, removeTree: disk.removeTree,
                resolve: disk.resolve, syncFileSystem: disk.syncFileSystem, syncDirectory: disk.syncDirectory)
        }
    }

    /// Records what a reader would see when the gate closes and opens.
    final class WatchingGate: PublishGate {
        let seen = Mutex<[String]>([])
        let box: Sandbox
        /// The marker of the site before the build (its stamp changes with the day).
        let oldMarker: Data
        init(box: Sandbox, oldMarker: Data) {
            self.box = box
            self.oldMarker = oldMarker
        }

        func exclusively<T>(_ body: () throws -> T) rethrows -> T {
            record("before")
            defer { record("after") }
            return try body()
        }

        private func record(_ moment: String) {
            let temporaries = (try? FileManager.default.contentsOfDirectory(atPath: box.directory))?
                .filter { $0.hasPrefix("site.tmp-") } ?? []
            let pages = temporaries.map { (try? FileManager.default.subpathsOfDirectory(atPath: box.directory + "/" + $0).count) ?? 0 }
            let day = (try? box.bytes("site/.wkt-site")) == oldMarker ? "old" : "new"
            seen.withLock { $0.append("\(moment): \(temporaries.count) temporary, \(pages.reduce(0, +) > 20 ? "full" : "empty"), \(day) site") }
        }
    }

    /// A sandbox with the small Strong history imported and one build (no `site.prev/`), so the
    /// next build streams; returns it with the site's tree.
    static func builtOnce() throws -> (Sandbox, [String: Data]) {
        let box = try Sandbox()
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let first = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        return (box, try PublishBuildTests.everyFile(box.directory + "/site"))
    }

    /// The plan of `request` with its publisher on `fileSystem`.
    static func plan(_ request: BuildRequest, _ box: Sandbox, fileSystem: FileSystem) throws -> BuildRunner.Plan {
        let plan = try BuildRunner.prepare(request, env: box.env)
        return BuildRunner.Plan(
            request: plan.request, context: plan.context, storePath: plan.storePath, output: plan.output,
            templates: plan.templates, publisher: SitePublisher(fileSystem: fileSystem, homeDirectory: box.variables["HOME"]),
            renderer: plan.renderer)
    }

    /// The names in the sandbox that start with `site.tmp-`.
    static func temporaries(_ box: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: box.directory).filter { $0.hasPrefix("site.tmp-") }
    }

    @Test("a streamed build writes the files, marker and summary of a collected build, byte for byte")
    func sameAsCollected() async throws {
        try await offCooperativePool {
            let (box, _) = try Self.builtOnce()
            defer { box.remove() }
            // "site" has no site.prev/: this build streams. "collected" is built three times, so its
            // last (forced) build reuses collected.prev/ and publishes the collected files.
            let streamed = BuildRunner.run(BuildRequest(today: "2026-11-25"), env: box.env)
            #expect(streamed.exitCode == 0, "\(streamed.stderr)")
            for day in ["2026-11-23", "2026-11-24", "2026-11-25"] {
                let result = BuildRunner.run(BuildRequest(output: "collected", today: day, force: true), env: box.env)
                #expect(result.exitCode == 0, "\(result.stderr)")
            }
            #expect(box.exists("collected.prev"))
            let site = try PublishBuildTests.everyFile(box.directory + "/site")
            let collected = try PublishBuildTests.everyFile(box.directory + "/collected")
            #expect(site.keys.sorted() == collected.keys.sorted())
            for (path, bytes) in site { #expect(collected[path] == bytes, "\(path)") }
            #expect(site[".wkt-site"].map { String(decoding: $0, as: UTF8.self).contains("\nwkt-pages 1 ") } == true)
            #expect(streamed.stdout == "site: \(site.count - 1) files in site/ (\(site.count - 1) written, 0 unchanged) for 2026-11-25\n")
            #expect(try Self.temporaries(box) == [])
        }
    }

    @Test("a page that fails to render mid-stream: 65 (while building pages), the written files removed, the site kept")
    func renderFailure() async throws {
        try await offCooperativePool {
            let (box, before) = try Self.builtOnce()
            defer { box.remove() }
            try box.write("wkt-site.toml", "[publish]\nnoindex = true\n")
            try box.write("tpl/layout.mustache", "<html><body>{{{body}}}</body></html>\n")
            let disk = CountingDisk()
            let request = BuildRequest(today: "2026-11-25", templates: "tpl")
            let result = BuildRunner.run(try Self.plan(request, box, fileSystem: disk.fileSystem), env: box.env, gate: nil)
            #expect(result.exitCode == 65, "\(result.stderr)")
            #expect(result.stderr.count == 1 && result.stderr[0].hasSuffix("(while building pages)"), "\(result.stderr)")
            // The marker, stats.json, the feed and the share cards were written before the pages failed.
            #expect(disk.count > 3, "the stream had begun: \(disk.count) files")
            #expect(try Self.temporaries(box) == [])
            #expect(try PublishBuildTests.everyFile(box.directory + "/site") == before)
            #expect(!box.exists("site.prev"))
        }
    }

    @Test("F-09: a write failing mid-stream: 74 (while publishing the site), no temporary folder, the site kept",
          arguments: [0.0, 0.1, 0.5, 1.0])
    func writeFailure(at fraction: Double) async throws {
        try await offCooperativePool {
            let (box, before) = try Self.builtOnce()
            defer { box.remove() }
            // The marker is write 1, the site's files (before.count - 1 of them) follow; the last
            // one is write before.count.
            let disk = CountingDisk(failAt: max(1, Int(fraction * Double(before.count))))
            let result = try BuildRunner.run(
                Self.plan(BuildRequest(today: "2026-11-25"), box, fileSystem: disk.fileSystem), env: box.env, gate: nil)
            #expect(result.exitCode == 74, "\(result.stderr)")
            #expect(result.stderr.count == 1 && result.stderr[0].hasSuffix("(while publishing the site)"), "\(result.stderr)")
            #expect(result.stderr.first?.contains("Input/output error") == true, "\(result.stderr)")
            #expect(try Self.temporaries(box) == [])
            #expect(try PublishBuildTests.everyFile(box.directory + "/site") == before)
            let again = BuildRunner.run(BuildRequest(today: "2026-11-25"), env: box.env)
            #expect(again.exitCode == 0, "\(again.stderr)")
        }
    }

    @Test("C-05: a stop request mid-stream or just before the swap: 130, no temporary folder, the site kept",
          arguments: [0.0, 0.5, 1.0])
    func interrupted(at fraction: Double) async throws {
        try await offCooperativePool {
            let (box, before) = try Self.builtOnce()
            defer { box.remove() }
            // Polled before each of the site's files (before.count - 1) and once before the swap.
            let afterPolls = Int(fraction * Double(before.count - 1))
            let polls = Mutex(0)
            let stop: @Sendable () -> Bool = {
                polls.withLock { count in
                    count += 1
                    return count > afterPolls
                }
            }
            let plan = try Self.plan(BuildRequest(today: "2026-11-25"), box, fileSystem: .disk)
            let result = BuildRunner.run(plan, env: box.env, gate: nil, stopRequested: stop)
            #expect(result.exitCode == 130, "\(result.stderr)")
            #expect(result.stderr == ["wkt-site: interrupted; site/ is unchanged"])
            #expect(try Self.temporaries(box) == [])
            #expect(try PublishBuildTests.everyFile(box.directory + "/site") == before)
        }
    }

    @Test("serve's gate is held for the swap only: the pages are already in the temporary folder, the site still old")
    func gateAroundSwap() async throws {
        try await offCooperativePool {
            let (box, before) = try Self.builtOnce()
            defer { box.remove() }
            let gate = WatchingGate(box: box, oldMarker: try #require(before[".wkt-site"]))
            let result = BuildRunner.run(BuildRequest(today: "2026-11-25"), env: box.env, gate: gate)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(gate.seen.withLock { $0 } == ["before: 1 temporary, full, old site", "after: 0 temporary, empty, new site"])
        }
    }
}
