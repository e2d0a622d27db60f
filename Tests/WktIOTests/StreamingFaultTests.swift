import Foundation
import Testing
import WktCore
import WktIO

/// Failures and interrupts while files are streamed into a fresh temporary folder: the old site
/// stays, the temporary folder goes (docs/reliability.md F-09, C-05, A-14).
@Suite("SitePublisher: failures while streaming")
struct StreamingFaultTests {
    /// The files of the new build: nested folders, written from several threads.
    static let new = manyFiles(24)

    /// Publishes the old site into `scratch/site` (and a kept `CNAME`) and returns its tree hash.
    static func prepareOldSite(_ scratch: Scratch) throws -> String {
        _ = try publisher().publish(files: manyFiles(12, version: "old"), to: scratch.at("site"))
        try scratch.write("site/CNAME", "lifts.example.org")
        return try TreeHash.listing(of: scratch.at("site"))
    }

    @available(macOS 15, *)
    @Test("F-09: the Nth mutating call fails (once, or from then on): exit 74, old site intact, no temporary folder",
          arguments: [false, true])
    func faultLoop(persistent: Bool) throws {
        var expected: String?
        do {
            let scratch = try Scratch("stream-f09-expected")
            defer { scratch.remove() }
            _ = try Self.prepareOldSite(scratch)
            _ = try publisher().publish(files: Self.new, to: scratch.at("site"))
            expected = try TreeHash.listing(of: scratch.at("site"))
        }
        var done = false
        var failures = 0
        for failAt in 1...200 where !done {
            let scratch = try Scratch("stream-f09")
            defer { scratch.remove() }
            let before = try Self.prepareOldSite(scratch)
            let plan = FaultPlan(failAt: failAt, persistent: persistent)
            switch Result(catching: { () throws(PublishError) in try streamed(publisher(plan.fileSystem), Self.new, to: scratch.at("site")) }) {
            case .success(.published):
                #expect(try TreeHash.listing(of: scratch.at("site")) == expected, "N=\(failAt)")
                done = !plan.hasFired
            case .success(.notStreamed):
                Issue.record("N=\(failAt): begin declined to stream into a fresh folder")
                done = true
            case .failure(let error):
                failures += 1
                #expect(error.exitCode == 74, "N=\(failAt): \(error)")
                #expect(try TreeHash.listing(of: scratch.at("site")) == before, "N=\(failAt): site changed after \(error)")
                if case let .io(_, failure, leftover) = error {
                    #expect(failure.operation.hasPrefix("injected-"), "N=\(failAt)")
                    #expect(leftover == nil, "N=\(failAt)")
                }
            }
            #expect(scratch.siblings(startingWith: "site.tmp-") == [], "N=\(failAt)")
            #expect(!scratch.exists("site.prev") || done, "N=\(failAt): no site.prev/ unless the swap happened")
        }
        #expect(done)
        // Counted by hand, whatever the writers' order: mkdir tmp, marker, 8 folders (d0…d6 and
        // their s0…s2 used by 24 files: d0/s0 … as listed by manyFiles), 24 writes, the marker
        // again, CNAME, exchange; the rename to site.prev after the commit only warns.
        let folders = Set(Self.new.compactMap { file -> [String]? in
            let parts = file.path.split(separator: "/").map(String.init)
            return parts.count > 1 ? [parts[0], parts[0] + "/" + parts[1]] : nil
        }.joined()).count
        #expect(failures == 2 + folders + Self.new.count + 3)
    }

    @available(macOS 15, *)
    @Test("C-05: a stop request while files are streamed, or just before the swap, keeps the old site and removes the folder",
          arguments: [0, 1, 7, 24])
    func interrupted(afterPolls: Int) throws {
        let scratch = try Scratch("stream-c05")
        defer { scratch.remove() }
        let before = try Self.prepareOldSite(scratch)
        let polls = PollCounter()
        // Polled before each of the 24 writes and once before the swap: 24 stops at the swap.
        let outcome = Result { () throws(PublishError) in
            try streamed(publisher(), Self.new, to: scratch.at("site"), shouldStop: { polls.next() >= afterPolls })
        }
        guard case .failure(let error) = outcome else {
            Issue.record("not interrupted")
            return
        }
        #expect(error == .interrupted(leftover: nil))
        #expect(try TreeHash.listing(of: scratch.at("site")) == before)
        #expect(scratch.siblings(startingWith: "site.") == [])
    }

    @Test("a temporary folder that cannot be removed after a failed write is named in the error")
    func leftoverNamed() throws {
        let scratch = try Scratch("stream-leftover")
        defer { scratch.remove() }
        let before = try Self.prepareOldSite(scratch)
        let stuck = FileSystem.disk.replacing(
            writeFile: { (path: String, bytes: [UInt8], mode: UInt32) throws(FileSystemError) in
                if path.hasSuffix("/p3.html") { throw FileSystemError(operation: "write", path: path, code: ENOSPC) }
                try FileSystem.disk.writeFile(path, bytes, mode)
            },
            removeTree: { (path: String) throws(FileSystemError) in throw FileSystemError(operation: "rmdir", path: path, code: EBUSY) }
        )
        let fixed = SitePublisher(fileSystem: stuck, homeDirectory: nil, temporarySuffix: { "1-dead" })
        let session = try #require(try fixed.begin(to: scratch.at("site")))
        let temporary = scratch.at("site.tmp-1-dead")
        var failure: PublishError?
        for file in Self.new {
            do throws(PublishError) { try session.write(file) } catch { failure = failure ?? error }
        }
        let reported = session.abandon(after: try #require(failure))
        #expect(reported == .io(
            step: .write, failure: FileSystemError(operation: "write", path: temporary + "/d3/s0/p3.html", code: ENOSPC),
            leftover: temporary))
        #expect(try TreeHash.listing(of: scratch.at("site")) == before)
        _ = try publisher().publish(files: Self.new, to: scratch.at("site"))
        #expect(scratch.siblings(startingWith: "site.tmp-") == [], "the next run removes it")
    }
}
