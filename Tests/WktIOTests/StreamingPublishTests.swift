import Foundation
import Testing
import WktCore
import WktIO

/// `SitePublisher.begin` and `PublishSession`: files written as they come, from many threads,
/// must give the tree and the report `publish` gives for the same files, with the same checks.
@Suite("SitePublisher: streaming into a fresh folder")
struct StreamingPublishTests {
    /// What is at the output before the publish under test.
    enum Setup: String, CaseIterable, CustomTestStringConvertible {
        /// Nothing: a first build.
        case fresh
        /// An empty folder without the marker.
        case emptyFolder
        /// A site from one earlier build (no `site.prev/`).
        case siteOnly
        /// `site/` and `site.prev/`, with a publisher that does not reuse `site.prev/`.
        case previousNotReused
        /// A site with a kept `CNAME` and `.well-known/` file, and a stray page the build drops.
        case keptEntries

        var testDescription: String { rawValue }

        /// Makes the old state in `scratch` and returns the publisher to use for the new build.
        func prepare(_ scratch: Scratch) throws -> SitePublisher {
            let output = scratch.at("site")
            switch self {
            case .fresh:
                break
            case .emptyFolder:
                try scratch.makeFolder("site")
            case .siteOnly:
                _ = try publisher().publish(files: manyFiles(40, version: "old"), to: output)
            case .previousNotReused:
                _ = try publisher().publish(files: manyFiles(40, version: "older"), to: output)
                _ = try publisher().publish(files: manyFiles(40, version: "old"), to: output)
                return publisher(reuse: false)
            case .keptEntries:
                _ = try publisher().publish(files: manyFiles(40, version: "old"), to: output)
                try scratch.write("site/CNAME", "lifts.example.org")
                try scratch.write("site/.well-known/security.txt", "contact")
                try scratch.write("site/stray/page.html", "dropped")
            }
            return publisher()
        }
    }

    @available(macOS 15, *)
    @Test("the streamed tree, marker and report equal publish's for the same files", arguments: Setup.allCases)
    func sameAsPublish(setup: Setup) throws {
        let collected = try Scratch("stream-collected")
        let streaming = try Scratch("stream-streamed")
        defer {
            collected.remove()
            streaming.remove()
        }
        let files = manyFiles(300)
        let stamp = "abc123", record = "wkt-pages 1\nindex.html\t1\n"
        let expected = try setup.prepare(collected).publish(files: files, to: collected.at("site"), stamp: stamp, record: record)
        let report = try #require(
            try streamedReport(try setup.prepare(streaming), files, to: streaming.at("site"), stamp: stamp, record: record))
        #expect(report == expected)
        #expect(report.filesWritten == 300 && !report.reusedPreviousBuild)
        #expect(try TreeHash.listing(of: streaming.at("site")) == (try TreeHash.listing(of: collected.at("site"))))
        #expect(streaming.read("site/.wkt-site")?.hasSuffix("stamp: abc123\nwkt-pages 1\nindex.html\t1\n") == true)
        if collected.exists("site.prev") {
            #expect(try TreeHash.listing(of: streaming.at("site.prev")) == (try TreeHash.listing(of: collected.at("site.prev"))))
        }
        #expect(streaming.siblings(startingWith: "site") == collected.siblings(startingWith: "site"))
        #expect(try streaming.permissions("site/d1/s1/p1.html") == 0o644)
        #expect(try streaming.permissions("site/d1/s1") == 0o755)
        #expect(try streaming.permissions("site") == 0o755)
    }

    @available(macOS 15, *)
    @Test("with a reusable site.prev, begin declines and touches nothing; publish then reuses it")
    func declinesWhenReusing() throws {
        let scratch = try Scratch("stream-reuse")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: manyFiles(20, version: "older"), to: output)
        _ = try publisher().publish(files: manyFiles(20, version: "old"), to: output)
        try scratch.makeFolder("site.tmp-1-stale")
        let before = try TreeHash.listing(of: scratch.path)
        guard case .notStreamed = try streamed(publisher(), manyFiles(20), to: output) else {
            Issue.record("begin streamed although site.prev/ is reusable")
            return
        }
        #expect(try TreeHash.listing(of: scratch.path) == before)
        #expect(scratch.siblings(startingWith: "site.tmp-") == ["site.tmp-1-stale"], "not even stale folders are removed")
        #expect(try publisher().publish(files: manyFiles(20), to: output).reusedPreviousBuild)
    }

    @Test("the temporary folder carries the marker before the first file; abandon removes it and keeps the old site")
    func markerFirstAndAbandon() throws {
        let scratch = try Scratch("stream-marker")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: manyFiles(10, version: "old"), to: output)
        let before = try TreeHash.listing(of: output)
        try scratch.write("site.tmp-9-stale/.wkt-site", "left by a killed run")
        let fixed = SitePublisher(homeDirectory: "/nonexistent-home", temporarySuffix: { "1-test" })
        let session = try #require(try fixed.begin(to: output))
        #expect(session.temporaryFolder == scratch.at("site.tmp-1-test"))
        #expect(scratch.siblings(startingWith: "site.tmp-") == ["site.tmp-1-test"], "the stale folder is removed first")
        #expect(scratch.files(in: "site.tmp-1-test") == [".wkt-site"])
        #expect(scratch.read("site.tmp-1-test/.wkt-site") == "This folder is written by wkt-site and replaced on every build.\n")
        try session.write(OutputFile(path: "a/b.html", text: "b"))
        #expect(scratch.read("site.tmp-1-test/a/b.html") == "b")
        #expect(session.abandon() == nil)
        #expect(scratch.siblings(startingWith: "site.") == [])
        #expect(try TreeHash.listing(of: output) == before)
        // Closed: a late write or a finish does nothing to the site.
        #expect(throws: PublishError.self) { try session.write(OutputFile(path: "c.html", text: "c")) }
        #expect(throws: PublishError.self) { _ = try session.finish() }
        #expect(!scratch.exists("site.tmp-1-test"))
        #expect(try TreeHash.listing(of: output) == before)
    }

    @Test("F-07: a path written twice fails at the second write, and finish swaps nothing")
    func duplicateRefused() throws {
        let scratch = try Scratch("stream-f07")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: manyFiles(10, version: "old"), to: output)
        let before = try TreeHash.listing(of: output)
        let session = try #require(try publisher().begin(to: output))
        try session.write(OutputFile(path: "a/b.html", text: "first"))
        #expect(throws: PublishError.duplicateFile(path: "a/b.html")) { try session.write(OutputFile(path: "a/b.html", text: "second")) }
        #expect(scratch.read(String(session.temporaryFolder.dropFirst(scratch.path.count + 1)) + "/a/b.html") == "first")
        // Later writes are refused too, and finish throws the first failure after removing the folder.
        #expect(throws: PublishError.duplicateFile(path: "a/b.html")) { try session.write(OutputFile(path: "c.html", text: "c")) }
        #expect(throws: PublishError.duplicateFile(path: "a/b.html")) { _ = try session.finish(stamp: "s") }
        #expect(try TreeHash.listing(of: output) == before)
        #expect(scratch.siblings(startingWith: "site.") == [])
    }

    @Test("a file that is also a folder is refused in either order", arguments: [false, true])
    func fileAndFolder(fileFirst: Bool) throws {
        let scratch = try Scratch("stream-file-folder")
        defer { scratch.remove() }
        let session = try #require(try publisher().begin(to: scratch.at("site")))
        let file = OutputFile(path: "a", text: "file"), child = OutputFile(path: "a/b.html", text: "b")
        try session.write(fileFirst ? file : child)
        #expect(throws: PublishError.invalidFile(path: "a", rule: "it is a file and also the folder of 'a/b.html'")) {
            try session.write(fileFirst ? child : file)
        }
        #expect(throws: PublishError.self) { _ = try session.finish() }
        #expect(scratch.siblings(startingWith: "site") == [])
    }

    @Test("invalid paths are refused before anything is written for them", arguments: [
        ("/etc/passwd", "the path is absolute"),
        ("a//b.html", "empty path component (leading, trailing or doubled '/')"),
        ("../outside.html", "'..' component"),
        (".htaccess", "'.htaccess' is a dot-file outside the keep-list"),
        (".wkt-site", "'.wkt-site' is a dot-file outside the keep-list"),
    ])
    func invalidPath(path: String, rule: String) throws {
        let scratch = try Scratch("stream-invalid")
        defer { scratch.remove() }
        try scratch.makeFolder("work")
        let session = try #require(try publisher().begin(to: scratch.at("work/site")))
        #expect(throws: PublishError.invalidFile(path: path, rule: rule)) { try session.write(OutputFile(path: path, text: "x")) }
        #expect(scratch.files(in: "work").allSatisfy { $0.hasSuffix("/.wkt-site") }, "\(scratch.files(in: "work"))")
        #expect(!scratch.exists("outside.html") && !scratch.exists("work/outside.html"))
        #expect(throws: PublishError.invalidFile(path: path, rule: rule)) { _ = try session.finish() }
        #expect(!scratch.exists("work/site"))
        #expect(scratch.files(in: "work") == [])
    }

    @Test("a dot-file under a keep-list entry may be written")
    func dotFileUnderKeep() throws {
        let scratch = try Scratch("stream-dot-keep")
        defer { scratch.remove() }
        let session = try #require(try publisher().begin(to: scratch.at("site")))
        try session.write(OutputFile(path: ".well-known/security.txt", text: "contact"))
        _ = try session.finish()
        #expect(scratch.read("site/.well-known/security.txt") == "contact")
    }

    @Test("F-12: an unsafe output or keep-list entry is refused by begin, before anything is touched")
    func unsafeOutputRefused() throws {
        let scratch = try Scratch("stream-f12")
        defer { scratch.remove() }
        try scratch.write("docs/thesis.tex", "years of work")
        try scratch.write("docs.tmp-1-stale/.wkt-site", "stale")
        #expect(throws: PublishError.unsafeOutput(
            path: scratch.at("docs"), reason: "it is not empty and has no .wkt-site marker, so wkt-site did not make it"
        )) { _ = try publisher().begin(to: scratch.at("docs")) }
        #expect(throws: PublishError.invalidKeepEntry(entry: "/etc", rule: "must be a relative path")) {
            _ = try publisher().begin(to: scratch.at("site"), keep: ["/etc"])
        }
        #expect(scratch.files(in: "docs") == ["thesis.tex"])
        #expect(scratch.siblings(startingWith: "docs.") == ["docs.tmp-1-stale"], "nothing was cleaned up either")
        #expect(!scratch.exists("site"))
    }
}
