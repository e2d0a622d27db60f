import WktCore
import Foundation
import Synchronization
import Testing
import WktIO

#if canImport(Glibc)
import Glibc
#endif

/// A changed file of the reused previous build is patched in place: only the 4 KiB blocks
/// (aligned at offset 0) that differ are written, then the file is truncated to the new size.
@Suite("SitePublisher: patching changed files of the reused build")
struct PatchTests {
    /// The block size the publisher patches in.
    static let block = 4096
    /// The page every case changes, relative to the site.
    static let page = "p/page.html"
    /// A page every case leaves unchanged.
    static let home = OutputFile(path: "index.html", text: "home")
    /// Five blocks and 100 bytes of noise: the old page of most cases.
    static let base = noise(5 * block + 100, seed: 1)

    /// One old page, the new page, and the ranges the publisher must write (worked out by hand
    /// from the block rule).
    struct Case: Sendable, CustomTestStringConvertible {
        /// What the case is about.
        let name: String
        /// The page in the reused build.
        let old: [UInt8]
        /// The page the new build publishes.
        let new: [UInt8]
        /// The ranges `patchFile` must receive.
        let ranges: [Range<Int>]
        /// The name, for the test report.
        var testDescription: String { name }
    }

    /// The cases; `B` is one block.
    static let cases: [Case] = {
        let B = block
        return [
            Case(name: "same size, scattered differences (blocks 0, 2-3 merged, last partial)",
                 old: base, new: flipped(base, at: [10, 2 * B + 5, 3 * B + 4000, 5 * B + 99]),
                 ranges: [0..<B, 2 * B..<4 * B, 5 * B..<5 * B + 100]),
            Case(name: "same size, a build ID near the start and a footer near the end",
                 old: base, new: flipped(base, at: Array(200..<216) + Array(5 * B + 40..<5 * B + 56)),
                 ranges: [0..<B, 5 * B..<5 * B + 100]),
            Case(name: "same size, only the last partial block differs",
                 old: base, new: flipped(base, at: [5 * B + 50]), ranges: [5 * B..<5 * B + 100]),
            Case(name: "same size, only the last byte of a full block differs",
                 old: base, new: flipped(base, at: [2 * B - 1]), ranges: [B..<2 * B]),
            Case(name: "longer, same prefix: from the old last block to the new end",
                 old: base, new: base + noise(3000, seed: 2), ranges: [5 * B..<5 * B + 3100]),
            Case(name: "longer, a change in block 1: from block 1 to the new end",
                 old: base, new: flipped(base, at: [B + 1]) + [7, 7], ranges: [B..<5 * B + 102]),
            Case(name: "shorter, ending inside a block",
                 old: base, new: Array(base[0..<2 * B + 10]), ranges: [2 * B..<2 * B + 10]),
            Case(name: "shorter, ending on a block boundary: only truncated",
                 old: base, new: Array(base[0..<3 * B]), ranges: []),
            Case(name: "shorter, with a change in block 0",
                 old: base, new: flipped(Array(base[0..<3 * B]), at: [0]), ranges: [0..<3 * B]),
            Case(name: "empty new file: only truncated", old: base, new: [], ranges: []),
            Case(name: "empty old file: everything written", old: [], new: noise(5000, seed: 3), ranges: [0..<5000]),
        ]
    }()

    @Test("the page gets the new bytes in place, and only its differing blocks are written", arguments: cases)
    func patchCase(_ testCase: Case) throws {
        let scratch = try Scratch("patch")
        defer { scratch.remove() }
        let output = scratch.at("site")
        try Self.publishTwice([Self.home, OutputFile(path: Self.page, bytes: testCase.old)], to: output)
        let inode = try Self.inode(scratch.at("site.prev/" + Self.page))
        let log = WriteLog()
        let new = [Self.home, OutputFile(path: Self.page, bytes: testCase.new)]
        let report = try Self.fixed(log.recording(.disk)).publish(files: new, to: output)
        #expect(log.entries == [.patch(scratch.at("site.tmp-1-patch/" + Self.page), testCase.ranges)])
        #expect(report == PublishReport(
            filesWritten: 1, bytesWritten: testCase.new.count, filesUnchanged: 1, staleEntriesRemoved: 0,
            keptEntries: [], reusedPreviousBuild: true, swap: .exchange, warnings: [],
            filesPatched: 1, bytesPatched: testCase.ranges.reduce(0) { $0 + $1.count }
        ))
        #expect(FileManager.default.contents(atPath: scratch.at("site/" + Self.page)) == Data(testCase.new))
        #expect(try scratch.permissions("site/" + Self.page) == 0o644)
        #expect(try Self.inode(scratch.at("site/" + Self.page)) == inode, "written in place, not replaced")
        let fresh = scratch.at("fresh")
        _ = try publisher(reuse: false).publish(files: new, to: fresh)
        #expect(try TreeHash.listing(of: output) == TreeHash.listing(of: fresh))
    }

    @Test("a page with the wrong mode is patched and set to 0644; one the owner cannot write is replaced")
    func wrongMode() throws {
        let scratch = try Scratch("patch-mode")
        defer { scratch.remove() }
        let output = scratch.at("site")
        let old = [
            Self.home,
            OutputFile(path: "a.html", bytes: Self.base),
            OutputFile(path: "b.html", bytes: Self.base),
            OutputFile(path: "c.html", bytes: Self.base),
        ]
        try Self.publishTwice(old, to: output)
        #expect(chmod(scratch.at("site.prev/a.html"), 0o600) == 0)  // changed bytes, wrong mode
        #expect(chmod(scratch.at("site.prev/b.html"), 0o664) == 0)  // same bytes, wrong mode
        #expect(chmod(scratch.at("site.prev/c.html"), 0o444) == 0)  // changed bytes, read-only
        let changed = Self.flipped(Self.base, at: [Self.block + 7])
        let new = [
            Self.home,
            OutputFile(path: "a.html", bytes: changed),
            OutputFile(path: "b.html", bytes: Self.base),
            OutputFile(path: "c.html", bytes: changed),
        ]
        let log = WriteLog()
        let report = try Self.fixed(log.recording(.disk)).publish(files: new, to: output)
        let temporary = scratch.at("site.tmp-1-patch/")
        #expect(log.entries == [
            .patch(temporary + "a.html", [Self.block..<2 * Self.block]),
            .patch(temporary + "b.html", []),
            .write(temporary + "c.html"),
        ])
        #expect(report.filesWritten == 3)
        #expect(report.filesPatched == 2)
        #expect(report.bytesPatched == Self.block)
        #expect(report.filesUnchanged == 1)
        for name in ["a.html", "b.html", "c.html"] {
            #expect(try scratch.permissions("site/" + name) == 0o644, "\(name)")
        }
        #expect(FileManager.default.contents(atPath: scratch.at("site/a.html")) == Data(changed))
        #expect(FileManager.default.contents(atPath: scratch.at("site/b.html")) == Data(Self.base))
        #expect(FileManager.default.contents(atPath: scratch.at("site/c.html")) == Data(changed))
    }

    @Test("a changed page with another hard link is replaced: the other link keeps the old bytes")
    func hardLinkNotPatched() throws {
        let scratch = try Scratch("patch-link")
        defer { scratch.remove() }
        let output = scratch.at("site")
        try Self.publishTwice([Self.home, OutputFile(path: Self.page, bytes: Self.base)], to: output)
        try FileManager.default.linkItem(atPath: scratch.at("site.prev/" + Self.page), toPath: scratch.at("archive.html"))
        let changed = Self.flipped(Self.base, at: [3])
        let log = WriteLog()
        let report = try Self.fixed(log.recording(.disk))
            .publish(files: [Self.home, OutputFile(path: Self.page, bytes: changed)], to: output)
        #expect(log.entries == [.write(scratch.at("site.tmp-1-patch/" + Self.page))])
        #expect(report.filesWritten == 1)
        #expect(report.filesPatched == 0)
        #expect(FileManager.default.contents(atPath: scratch.at("site/" + Self.page)) == Data(changed))
        #expect(FileManager.default.contents(atPath: scratch.at("archive.html")) == Data(Self.base))
    }

    @Test("a stop request is polled before every patched page and before the swap")
    func interruptsPolledPerPatch() throws {
        let scratch = try Scratch("patch-poll")
        defer { scratch.remove() }
        let output = scratch.at("site")
        let old = (1...3).map { OutputFile(path: "\($0).html", bytes: Self.base) } + [Self.home]
        try Self.publishTwice(old, to: output)
        let new = (1...3).map { OutputFile(path: "\($0).html", bytes: Self.flipped(Self.base, at: [$0])) } + [Self.home]
        let calls = PollCounter()
        let report = try publisher().publish(files: new, to: output, shouldStop: { calls.next() < 0 })
        #expect(report.filesPatched == 3)
        #expect(calls.count == 4)
    }

    @Test("a stop request while patching leaves the site as it was and no temporary folder",
          arguments: [0, 1, 2])
    func interruptedWhilePatching(afterPages: Int) throws {
        let scratch = try Scratch("patch-stop")
        defer { scratch.remove() }
        let output = scratch.at("site")
        let old = (1...3).map { OutputFile(path: "\($0).html", bytes: Self.base) } + [Self.home]
        try Self.publishTwice(old, to: output)
        let before = try TreeHash.listing(of: output)
        let previousBefore = try TreeHash.listing(of: scratch.at("site.prev"))
        let new = (1...3).map { OutputFile(path: "\($0).html", bytes: Self.flipped(Self.base, at: [$0])) } + [Self.home]
        let calls = PollCounter()
        #expect(throws: PublishError.interrupted(leftover: nil)) {
            try publisher().publish(files: new, to: output, shouldStop: { calls.next() >= afterPages })
        }
        #expect(calls.count == afterPages + 1)
        #expect(try TreeHash.listing(of: output) == before)
        // the patched blocks are written back; site.prev/ is the previous build again.
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev"])
        #expect(try TreeHash.listing(of: scratch.at("site.prev")) == previousBefore)
    }

    // MARK: - Helpers

    /// Publishes `files` twice, so `site.prev/` holds them and the next publish reuses it.
    static func publishTwice(_ files: [OutputFile], to output: String) throws {
        _ = try publisher().publish(files: files, to: output)
        _ = try publisher().publish(files: files, to: output)
    }

    /// A publisher over `fileSystem` whose temporary folder is `site.tmp-1-patch`.
    static func fixed(_ fileSystem: FileSystem) -> SitePublisher {
        SitePublisher(fileSystem: fileSystem, homeDirectory: nil, temporarySuffix: { "1-patch" })
    }

    /// `count` bytes from a fixed linear congruential generator (different seeds differ).
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// `bytes` with every byte at `offsets` inverted (so it surely differs).
    static func flipped(_ bytes: [UInt8], at offsets: [Int]) -> [UInt8] {
        var result = bytes
        for offset in offsets { result[offset] = ~result[offset] }
        return result
    }

    /// The inode number of `path` (`lstat`).
    static func inode(_ path: String) throws -> UInt64 {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return UInt64(status.st_ino)
    }
}

/// Records the whole-file writes and the patches (with their ranges) that go through a
/// file system, in call order, and passes them on.
final class WriteLog: Sendable {
    /// One recorded call.
    enum Entry: Equatable, Sendable {
        /// `writeFile` of this path.
        case write(String)
        /// `patchFile` of this path with these ranges.
        case patch(String, [Range<Int>])
    }

    private let log = Mutex<[Entry]>([])

    /// The calls so far, except writes of the `.wkt-site` marker.
    var entries: [Entry] { log.withLock { $0 } }

    /// `base`, with its writes and patches recorded.
    func recording(_ base: FileSystem) -> FileSystem {
        base.replacing(
            writeFile: { (path: String, bytes: [UInt8], mode: UInt32) throws(FileSystemError) in
                if !path.hasSuffix("/.wkt-site") { self.log.withLock { $0.append(.write(path)) } }
                try base.writeFile(path, bytes, mode)
            },
            patchFile: { (path: String, bytes: [UInt8], ranges: [Range<Int>], mode: UInt32) throws(FileSystemError) in
                self.log.withLock { $0.append(.patch(path, ranges)) }
                try base.patchFile(path, bytes, ranges, mode)
            }
        )
    }
}
