import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import WktCore
@testable import WktIO

/// A rebuild brings the reused previous build's pages up to date on every core, in runs of
/// `PublishRun.reconcileRun` pages. These tests use sites of several runs, so the threads really
/// share the work, and check what the small sites of `PatchTests` and `PreviousBuildUndoTests`
/// check: the new bytes on success, and on any failure or stop request the old site and
/// `site.prev/` exactly as they were (docs/reliability.md A-14).
@Suite("SitePublisher: patching a large reused build on every core")
struct ParallelPatchTests {
    /// Pages per site: more than four runs, and not a multiple of the run length.
    static let pageCount = 4 * PublishRun.reconcileRun + 37

    /// A site whose every page carries `tag` near its start (the build ID) and near its end (the
    /// footer), like the sites of two builds that differ by one workout; every 50th page also
    /// changes its length, and one page is identical in every build.
    static func site(_ tag: String) -> [OutputFile] {
        (0..<pageCount).map { index in
            let body = String(repeating: "set \(index) · ", count: 300 + index % 7)
            let tail = index % 50 == 0 ? String(repeating: tag, count: 3) : tag
            let text = index == 7 ? "the same page in every build \(body)" : "<meta build=\(tag)>\(body)<footer>\(tail)</footer>"
            return OutputFile(path: "workouts/\(index).html", text: text)
        } + [OutputFile(path: "index.html", text: "home \(tag)")]
    }

    /// `site/` holding build "b" and `site.prev/` holding build "a": the next publish reuses "a".
    static func prepare(_ scratch: Scratch) throws {
        _ = try publisher().publish(files: site("a"), to: scratch.at("site"))
        _ = try publisher().publish(files: site("b"), to: scratch.at("site"))
    }

    @Test("every changed page is patched with its new bytes; the unchanged one is left alone")
    func patchesEveryPage() throws {
        let scratch = try Scratch("parallel-patch")
        defer { scratch.remove() }
        try Self.prepare(scratch)
        let next = Self.site("c")
        let report = try publisher().publish(files: next, to: scratch.at("site"))
        #expect(report.reusedPreviousBuild)
        #expect(report.filesPatched == Self.pageCount)  // every page but page 7, and index.html
        #expect(report.filesUnchanged == 1)
        for file in next { #expect(scratch.read("site/" + file.path) == String(decoding: file.bytes, as: UTF8.self)) }
        for file in Self.site("b") {
            #expect(scratch.read("site.prev/" + file.path) == String(decoding: file.bytes, as: UTF8.self))
        }
    }

    @available(macOS 15, *)
    @Test("A-14: a failure at any of a spread of calls (patches on both threads) restores site/ and site.prev/ exactly")
    func failureRestoresPrevious() throws {
        var succeeded = false
        var failedOperations = Set<String>()
        for failAt in stride(from: 1, to: 2000, by: 23) where !succeeded {
            let scratch = try Scratch("parallel-patch-fail")
            defer { scratch.remove() }
            try Self.prepare(scratch)
            let siteBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site"))
            let previousBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site.prev"))
            let plan = FaultPlan(failAt: failAt, persistent: false)
            do {
                _ = try publisher(plan.fileSystem).publish(files: Self.site("c"), to: scratch.at("site"))
                succeeded = !plan.hasFired
            } catch {
                failedOperations.formUnion(plan.failedOperations)
                #expect(error.exitCode == 74, "N=\(failAt): \(error)")
                #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site")) == siteBefore, "N=\(failAt)")
                #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site.prev")) == previousBefore, "N=\(failAt): \(error)")
            }
            #expect(scratch.siblings(startingWith: "site.tmp-") == [], "N=\(failAt)")
        }
        #expect(succeeded)
        #expect(failedOperations.contains("patch"), "the spread reached the patches: \(failedOperations)")
    }

    @Test("A-14: a page of a later run that cannot be read stops every thread and restores site/ and site.prev/ exactly")
    func unreadablePageRestoresPrevious() throws {
        let scratch = try Scratch("parallel-patch-read")
        defer { scratch.remove() }
        try Self.prepare(scratch)
        let siteBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site"))
        let previousBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site.prev"))
        let broken = "/workouts/\(3 * PublishRun.reconcileRun + 2).html"
        let disk = FileSystem.disk
        let fileSystem = disk.replacing(readFile: { (path: String) throws(FileSystemError) -> [UInt8] in
            if path.hasSuffix(broken) { throw FileSystemError(operation: "read", path: path, code: EIO) }
            return try disk.readFile(path)
        })
        let error = publishError { () throws(PublishError) in
            try publisher(fileSystem).publish(files: Self.site("c"), to: scratch.at("site"))
        }
        #expect(error?.exitCode == 74)
        #expect("\(error.map(String.init(describing:)) ?? "")".contains(broken))
        #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site")) == siteBefore)
        #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site.prev")) == previousBefore)
        #expect(scratch.siblings(startingWith: "site.tmp-") == [])
    }

    @Test("A-14: a stop request while the threads patch restores site/ and site.prev/ exactly",
          arguments: [0, 1, PublishRun.reconcileRun - 1, PublishRun.reconcileRun + 5, 3 * PublishRun.reconcileRun])
    func stopRestoresPrevious(afterPolls: Int) throws {
        let scratch = try Scratch("parallel-patch-stop")
        defer { scratch.remove() }
        try Self.prepare(scratch)
        let siteBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site"))
        let previousBefore = try PreviousBuildUndoTests.snapshot(scratch.at("site.prev"))
        let polls = PollCounter()
        #expect(throws: PublishError.interrupted(leftover: nil)) {
            try publisher().publish(files: Self.site("c"), to: scratch.at("site"), shouldStop: { polls.next() >= afterPolls })
        }
        #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site")) == siteBefore)
        #expect(try PreviousBuildUndoTests.snapshot(scratch.at("site.prev")) == previousBefore)
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev"])
    }

    @Test("the patch logs of several threads are kept, in order, by one record that puts every file back")
    func mergedLogsUndo() throws {
        let scratch = try Scratch("parallel-patch-logs")
        defer { scratch.remove() }
        let fileSystem = FileSystem.disk
        var first = ReuseUndo.PatchLog()
        first.record(path: scratch.at("a"), old: Array("old a".utf8), new: Array("new a".utf8), permissions: 0o644)
        var second = ReuseUndo.PatchLog()
        second.record(path: scratch.at("b"), old: Array("older b!".utf8), new: Array("b".utf8), permissions: 0o600)
        second.record(path: scratch.at("c"), old: Array("c was longer".utf8), new: Array("c is".utf8), permissions: 0o644, written: true)
        var record = ReuseUndo(folder: scratch.at("undo"))
        record.merge(first)
        record.merge(ReuseUndo.PatchLog())
        record.merge(second)
        #expect(record.logs.map { $0.patches.map(\.path) } == [[scratch.at("a")], [scratch.at("b"), scratch.at("c")]])
        // Each log's offsets point into its own bytes: the undo puts all three files back.
        try fileSystem.writeFile(scratch.at("a"), Array("new a".utf8), 0o644)
        try fileSystem.writeFile(scratch.at("b"), Array("b".utf8), 0o644)
        try fileSystem.writeFile(scratch.at("c"), Array("c is".utf8), 0o644)
        try record.undo(fileSystem: fileSystem, markerPath: scratch.at("marker"))
        #expect(scratch.read("a") == "old a")
        #expect(scratch.read("b") == "older b!")
        #expect(scratch.read("c") == "c was longer")
        #expect(try scratch.permissions("b") == 0o600)
    }
}
