import WktCore
import Foundation
import Testing
import WktIO

#if canImport(Glibc)
import Glibc
#endif

@Suite("SitePublisher: building and swapping")
struct PublishTests {
    /// A small site with nested folders.
    static let first = site([
        ("index.html", "<h1>Home</h1>"),
        ("exercises/squat/index.html", "squat v1"),
        ("exercises/bench/index.html", "bench v1"),
        ("feed.xml", "<feed/>"),
    ])

    @Test("publishing into a new folder writes every file, the marker, and nothing else")
    func newFolder() throws {
        let scratch = try Scratch("new")
        defer { scratch.remove() }
        let report = try publisher().publish(files: Self.first, to: scratch.at("site"))
        #expect(scratch.files(in: "site") == [
            ".wkt-site", "exercises/bench/index.html", "exercises/squat/index.html", "feed.xml", "index.html",
        ])
        #expect(scratch.read("site/exercises/squat/index.html") == "squat v1")
        #expect(scratch.read("site/index.html") == "<h1>Home</h1>")
        // 13 + 8 + 8 + 7 bytes, counted by hand.
        #expect(report == PublishReport(
            filesWritten: 4, bytesWritten: 36, filesUnchanged: 0, staleEntriesRemoved: 0,
            keptEntries: [], reusedPreviousBuild: false, swap: .rename, warnings: []
        ))
        #expect(scratch.siblings(startingWith: "site.") == [])
    }

    @Test("a stop request before the swap removes the temporary folder and keeps the old site (C-05)",
          arguments: [0, 1, 2])
    func stopRequested(afterFiles: Int) throws {
        let scratch = try Scratch("stop")
        defer { scratch.remove() }
        _ = try publisher().publish(files: Self.first, to: scratch.at("site"))
        let second = site([("index.html", "<h1>Home v2</h1>"), ("feed.xml", "<feed v2/>")])
        let calls = PollCounter()
        #expect(throws: PublishError.interrupted(leftover: nil)) {
            // Asked before each of the files and once before the swap: stop after `afterFiles`.
            try publisher().publish(files: second, to: scratch.at("site"), shouldStop: { calls.next() >= afterFiles })
        }
        #expect(scratch.read("site/index.html") == "<h1>Home</h1>")
        #expect(scratch.read("site/exercises/squat/index.html") == "squat v1")
        #expect(scratch.siblings(startingWith: "site.tmp-") == [])
        #expect(PublishError.interrupted(leftover: nil).exitCode == 130)
    }

    @Test("'.' components in the output path are resolved")
    func dotComponents() throws {
        let scratch = try Scratch("relative")
        defer { scratch.remove() }
        try scratch.makeFolder("work")
        // "work/./site" has no '..' and resolves inside the scratch folder.
        _ = try publisher().publish(files: Self.first, to: scratch.at("work/./site"))
        #expect(scratch.read("work/site/feed.xml") == "<feed/>")
    }

    @Test("F-10: a page removed from the build is gone after the next publish; the old build is site.prev")
    func removedPageGone() throws {
        let scratch = try Scratch("f10")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        let second = Self.first.filter { $0.path != "exercises/bench/index.html" }
        let report = try publisher().publish(files: second, to: output)
        #expect(report.swap == .exchange)
        #expect(!scratch.exists("site/exercises/bench"))
        #expect(scratch.files(in: "site") == [".wkt-site", "exercises/squat/index.html", "feed.xml", "index.html"])
        #expect(scratch.read("site.prev/exercises/bench/index.html") == "bench v1")
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev"])
    }

    @Test("reusing site.prev: unchanged files stay, changed ones are patched, stale ones deleted")
    func reuseCounts() throws {
        let scratch = try Scratch("reuse")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        _ = try publisher().publish(files: Self.first, to: output)  // site.prev = first build
        let third = site([
            ("index.html", "<h1>Home</h1>"),            // unchanged
            ("exercises/squat/index.html", "squat v2"), // changed
            ("feed.xml", "<feed/>"),                    // unchanged
            ("exercises/deadlift/index.html", "dl"),    // new
        ])                                              // exercises/bench/ is stale
        let report = try publisher().publish(files: third, to: output)
        // squat is patched in place (its one block, 8 bytes); deadlift is written.
        #expect(report == PublishReport(
            filesWritten: 2, bytesWritten: 10, filesUnchanged: 2, staleEntriesRemoved: 1,
            keptEntries: [], reusedPreviousBuild: true, swap: .exchange, warnings: [],
            filesPatched: 1, bytesPatched: 8
        ))
        #expect(scratch.files(in: "site") == [
            ".wkt-site", "exercises/deadlift/index.html", "exercises/squat/index.html", "feed.xml", "index.html",
        ])
        #expect(scratch.read("site/exercises/squat/index.html") == "squat v2")
        #expect(try TreeHash.listing(of: output) == TreeHash.listing(of: publishedFresh(third, scratch)))
    }

    /// The tree a fresh publisher (no reuse) makes from `files`, for comparison.
    private func publishedFresh(_ files: [OutputFile], _ scratch: Scratch) throws -> String {
        let output = scratch.at("fresh")
        _ = try publisher(reuse: false).publish(files: files, to: output)
        return output
    }

    @Test("a reused file with the right bytes but the wrong mode gets mode 0644 (a patch of nothing)")
    func reuseFixesMode() throws {
        let scratch = try Scratch("reuse-mode")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        _ = try publisher().publish(files: Self.first, to: output)
        #expect(chmod(scratch.at("site.prev/feed.xml"), 0o600) == 0)
        #expect(chmod(scratch.at("site.prev/exercises"), 0o700) == 0)
        #expect(chmod(scratch.at("site.prev"), 0o700) == 0)
        try scratch.write("site.prev/.wkt-site", "an older marker")
        let report = try publisher().publish(files: Self.first, to: output)
        #expect(report.filesWritten == 1)
        #expect(report.filesPatched == 1)
        #expect(report.bytesPatched == 0)
        #expect(report.filesUnchanged == 3)
        #expect(try scratch.permissions("site/feed.xml") == 0o644)
        #expect(try scratch.permissions("site/exercises") == 0o755)
        #expect(try scratch.permissions("site") == 0o755)
        #expect(scratch.read("site/.wkt-site") == "This folder is written by wkt-site and replaced on every build.\n")
    }

    @Test("a changed file with another hard link is replaced, not written through")
    func reuseRespectsHardLinks() throws {
        let scratch = try Scratch("reuse-link")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        _ = try publisher().publish(files: Self.first, to: output)
        try FileManager.default.linkItem(atPath: scratch.at("site.prev/feed.xml"), toPath: scratch.at("archive.xml"))
        let changed = Self.first.map { $0.path == "feed.xml" ? OutputFile(path: "feed.xml", text: "<feed v2/>") : $0 }
        let report = try publisher().publish(files: changed, to: output)
        #expect(report.filesWritten == 1)
        #expect(report.filesPatched == 0)
        #expect(scratch.read("site/feed.xml") == "<feed v2/>")
        #expect(scratch.read("archive.xml") == "<feed/>")
    }

    @Test("F-11: CNAME and .well-known/ are carried over; .git/ and stray files are dropped")
    func keepList() throws {
        let scratch = try Scratch("f11")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        try scratch.write("site/CNAME", "lifts.example.org\n")
        try scratch.write("site/.well-known/acme-challenge/token", "abc123")
        try scratch.link("site/.well-known/security.txt", to: "../security.txt")
        try scratch.write("site/.git/HEAD", "ref: refs/heads/main\n")
        try scratch.write("site/stray.html", "old")
        let report = try publisher().publish(files: Self.first, to: output)
        #expect(report.keptEntries == ["CNAME", ".well-known"])
        #expect(scratch.read("site/CNAME") == "lifts.example.org\n")
        #expect(scratch.read("site/.well-known/acme-challenge/token") == "abc123")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("site/.well-known/security.txt"))
            == "../security.txt")
        #expect(!scratch.exists("site/.git"))
        #expect(!scratch.exists("site/stray.html"))
        // Documented: .git/ moves to site.prev/ with the old build, and is gone one build later.
        #expect(scratch.read("site.prev/.git/HEAD") == "ref: refs/heads/main\n")
        _ = try publisher().publish(files: Self.first, to: output)
        #expect(!scratch.exists("site.prev/.git"))
        #expect(!scratch.exists("site/.git"))
        #expect(scratch.read("site/CNAME") == "lifts.example.org\n")
    }

    @Test("a generated file wins over a kept one of the same path, with a warning")
    func generatedWinsOverKept() throws {
        let scratch = try Scratch("keep-clash")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        try scratch.write("site/CNAME", "old.example.org")
        try scratch.write("site/.well-known/old.txt", "old")
        let files = Self.first + site([("CNAME", "new.example.org"), (".well-known/security.txt", "contact")])
        let report = try publisher().publish(files: files, to: output)
        #expect(scratch.read("site/CNAME") == "new.example.org")
        #expect(scratch.read("site/.well-known/security.txt") == "contact")
        #expect(scratch.read("site/.well-known/old.txt") == "old")
        #expect(report.warnings == ["kept 'CNAME' was not copied: the new build writes that path"])
        #expect(report.keptEntries == [".well-known"])
    }

    @Test("F-14: under umask 077 files are 0644 and folders 0755")
    func umaskIgnored() throws {
        let scratch = try Scratch("f14")
        defer { scratch.remove() }
        let previous = umask(0o077)
        defer { umask(previous) }
        _ = try publisher().publish(files: Self.first, to: scratch.at("site"))
        umask(previous)
        for file in ["site/index.html", "site/exercises/squat/index.html", "site/.wkt-site"] {
            #expect(try scratch.permissions(file) == 0o644, "\(file)")
        }
        for folder in ["site", "site/exercises", "site/exercises/squat"] {
            #expect(try scratch.permissions(folder) == 0o755, "\(folder)")
        }
    }

    @Test("F-08 (lite): temporary folders of killed runs are removed; a foreign one is left and reported")
    func staleTemporaries() throws {
        let scratch = try Scratch("f08")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.first, to: output)
        try scratch.write("site.tmp-4242-00000000deadbeef/.wkt-site", "x")   // killed mid-build
        try scratch.write("site.tmp-4242-00000000deadbeef/exercises/half.html", "<h")
        try scratch.makeFolder("site.tmp-4243-00000000cafebabe")              // killed right after mkdir
        try scratch.write("site.tmp-mine/notes.txt", "not ours")              // no marker: foreign
        let report = try publisher().publish(files: Self.first, to: output)
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev", "site.tmp-mine"])
        #expect(scratch.read("site.tmp-mine/notes.txt") == "not ours")
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("site.tmp-mine") == true)
    }

    @Test("the temporary folder's name is <output>.tmp-<suffix> beside the output")
    func temporaryName() throws {
        let scratch = try Scratch("tmp-name")
        defer { scratch.remove() }
        let seen = scratch.path
        let recording = FileSystem.disk.replacing(makeDirectory: { (path: String, mode: UInt32) throws(FileSystemError) in
            if path.hasSuffix(".tmp-7-abc") { #expect(path == seen + "/site.tmp-7-abc") }
            try FileSystem.disk.makeDirectory(path, mode)
        })
        let fixed = SitePublisher(fileSystem: recording, homeDirectory: nil, temporarySuffix: { "7-abc" })
        _ = try fixed.publish(files: Self.first, to: scratch.at("site"))
        #expect(scratch.exists("site/index.html"))
        let suffix = SitePublisher.randomSuffix()
        #expect(suffix.hasPrefix("\(getpid())-"))
        #expect(suffix.split(separator: "-").last?.count == 16)
    }

    @Test("without RENAME_EXCHANGE the publisher falls back to two renames")
    func twoRenameFallback() throws {
        let scratch = try Scratch("fallback")
        defer { scratch.remove() }
        let output = scratch.at("site")
        let fallback = publisher(withoutExchange(.disk))
        _ = try fallback.publish(files: Self.first, to: output)
        let second = site([("index.html", "v2")])
        let report = try fallback.publish(files: second, to: output)
        #expect(report.swap == .twoRenames)
        #expect(scratch.files(in: "site") == [".wkt-site", "index.html"])
        #expect(scratch.read("site.prev/index.html") == "<h1>Home</h1>")
        #expect(scratch.siblings(startingWith: "site.") == ["site.prev"])
    }

    @Test("sync: true publishes the same tree (syncfs once, fsync of the parent)")
    func syncOption() throws {
        let scratch = try Scratch("sync")
        defer { scratch.remove() }
        _ = try publisher().publish(files: Self.first, to: scratch.at("a"), sync: true)
        _ = try publisher().publish(files: Self.first, to: scratch.at("b"))
        #expect(try TreeHash.listing(of: scratch.at("a")) == TreeHash.listing(of: scratch.at("b")))
    }
}
