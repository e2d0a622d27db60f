import Foundation
import Testing
import WktCore
import WktIO

#if canImport(Glibc)
import Glibc
#endif

/// Reusing `site.prev/`, the publisher looks the entries of each reused directory up on every
/// core in runs of 64 names before acting on them one by one (`PublishRun.prune`). A failed
/// lookup must be reported as a walk in order would meet it, and a failed run must change
/// nothing.
@Suite("SitePublisher: looking up the reused tree on every core")
struct PruneLookupTests {
    /// 200 pages in one folder (four runs of names) and a few beside it.
    static func pages(_ text: String) -> [OutputFile] {
        site((0..<200).map { (String(format: "p/%03d.html", $0), "\(text) \($0)") } + [("index.html", text), ("q/a.html", text)])
    }

    /// A scratch folder with `site/` and `site.prev/` from two builds of ``pages(_:)``.
    static func twoBuilds(_ label: String) throws -> (scratch: Scratch, output: String) {
        let scratch = try Scratch(label)
        let output = scratch.at("site")
        _ = try publisher().publish(files: pages("one"), to: output)
        _ = try publisher().publish(files: pages("two"), to: output)
        return (scratch, output)
    }

    @Test("a reused tree of several runs is brought to the new bytes, every page patched")
    func manyRunsPublished() throws {
        let (scratch, output) = try Self.twoBuilds("prune-runs")
        defer { scratch.remove() }
        let report = try publisher().publish(files: Self.pages("three"), to: output)
        #expect(report.reusedPreviousBuild)
        #expect(report.filesPatched == 202)
        for index in [0, 63, 64, 127, 128, 199] {
            let text = try String(contentsOfFile: scratch.at(String(format: "site/p/%03d.html", index)), encoding: .utf8)
            #expect(text == "three \(index)")
        }
    }

    @available(macOS 15, *)
    @Test("lookups failing in two runs: the error names the first name in order, and nothing changes")
    func firstFailureInOrder() throws {
        let (scratch, output) = try Self.twoBuilds("prune-lookup")
        defer { scratch.remove() }
        let before = try TreeHash.listing(of: output)
        let previousBefore = try TreeHash.listing(of: scratch.at("site.prev"))
        let temporary = scratch.at("site.tmp-7-prune")
        // The later name (run 3) fails at once; the earlier one (run 1) only after a pause, so
        // with two cores the later failure is the first to happen.
        let failing = FileSystem.disk.replacingInfo { (path: String) throws(FileSystemError) -> FileInfo? in
            if path == temporary + "/p/150.html" {
                throw FileSystemError(operation: "lstat", path: path, code: EACCES)
            }
            if path == temporary + "/p/050.html" {
                usleep(20_000)
                throw FileSystemError(operation: "lstat", path: path, code: EIO)
            }
            return try FileSystem.disk.info(path)
        }
        let faulty = SitePublisher(fileSystem: failing, homeDirectory: nil, temporarySuffix: { "7-prune" })
        let error = publishError { () throws(PublishError) in try faulty.publish(files: Self.pages("three"), to: output) }
        #expect(error == PublishError.io(
            step: .prune, failure: FileSystemError(operation: "lstat", path: temporary + "/p/050.html", code: EIO), leftover: nil))
        #expect(try TreeHash.listing(of: output) == before)
        #expect(try TreeHash.listing(of: scratch.at("site.prev")) == previousBefore)
        #expect(scratch.siblings(startingWith: "site.tmp-") == [])
    }
}

extension FileSystem {
    /// This file system with `info` (lstat) replaced.
    func replacingInfo(_ info: @escaping @Sendable (String) throws(FileSystemError) -> FileInfo?) -> FileSystem {
        FileSystem(
            info: info,
            makeDirectory: makeDirectory,
            writeFile: writeFile,
            patchFile: patchFile,
            readFile: readFile,
            setPermissions: setPermissions,
            makeSymlink: makeSymlink,
            readSymlink: readSymlink,
            listDirectory: listDirectory,
            rename: rename,
            renameExchange: renameExchange,
            removeTree: removeTree,
            resolve: resolve,
            syncFileSystem: syncFileSystem,
            syncDirectory: syncDirectory,
            updateFile: updateFile
        )
    }
}
