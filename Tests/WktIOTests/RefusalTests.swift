import Foundation
import Testing
import WktIO

@Suite("SitePublisher: refusals and validation")
struct RefusalTests {
    /// A two-file site.
    static let files = site([("index.html", "home"), ("a/b.html", "b")])

    @Test("F-07: two files with one path fail naming the path; the site stays intact")
    func duplicatePath() throws {
        let scratch = try Scratch("f07")
        defer { scratch.remove() }
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.files, to: output)
        let before = try TreeHash.listing(of: output)
        let clash = Self.files + site([("a/b.html", "other")])
        let error = publishError { () throws(PublishError) in try publisher().publish(files: clash, to: output) }
        #expect(error == .duplicateFile(path: "a/b.html"))
        #expect(error?.exitCode == 65)
        #expect(error?.description == "publish: two output files have the path 'a/b.html'")
        #expect(try TreeHash.listing(of: output) == before)
        #expect(scratch.siblings(startingWith: "site.") == [])
    }

    @Test("invalid file paths are refused before anything is written", arguments: [
        ("", "the path is empty"),
        ("/etc/passwd", "the path is absolute"),
        ("a//b.html", "empty path component (leading, trailing or doubled '/')"),
        ("a/", "empty path component (leading, trailing or doubled '/')"),
        ("../outside.html", "'..' component"),
        ("a/./b.html", "'.' component"),
        (".htaccess", "'.htaccess' is a dot-file outside the keep-list"),
        ("x/.git/config", "'.git' is a dot-file outside the keep-list"),
        (".wkt-site", "'.wkt-site' is a dot-file outside the keep-list"),
        (String(repeating: "é", count: 128) + ".html", "a component is longer than 255 bytes"),
    ])
    func invalidPath(path: String, rule: String) throws {
        let scratch = try Scratch("invalid")
        defer { scratch.remove() }
        let files = site([("index.html", "home"), (path, "x")])
        let error = publishError { () throws(PublishError) in try publisher().publish(files: files, to: scratch.at("site")) }
        #expect(error == .invalidFile(path: path, rule: rule))
        #expect(error?.exitCode == 65)
        #expect(!scratch.exists("site"))
        #expect(scratch.siblings(startingWith: "site") == [])
    }

    @Test("a path that is both a file and a folder is refused")
    func fileAndFolder() throws {
        let scratch = try Scratch("file-folder")
        defer { scratch.remove() }
        let files = site([("a", "file"), ("a/b.html", "b")])
        let error = publishError { () throws(PublishError) in try publisher().publish(files: files, to: scratch.at("site")) }
        #expect(error == .invalidFile(path: "a", rule: "it is a file and also the folder of 'a/b.html'"))
    }

    @Test("dot-files are allowed under a keep-list entry")
    func dotFileUnderKeep() throws {
        let scratch = try Scratch("dot-keep")
        defer { scratch.remove() }
        let files = site([(".well-known/security.txt", "contact"), ("index.html", "home")])
        _ = try publisher().publish(files: files, to: scratch.at("site"))
        #expect(scratch.read("site/.well-known/security.txt") == "contact")
    }

    @Test("keep-list entries must be plain relative paths", arguments: [
        ("/etc", "must be a relative path"),
        ("a/../b", "'..' component"),
        (".wkt-site", "the marker is never kept"),
        ("", "must be a relative path"),
    ])
    func invalidKeep(entry: String, rule: String) throws {
        let scratch = try Scratch("keep-invalid")
        defer { scratch.remove() }
        let error = publishError { () throws(PublishError) in
            try publisher().publish(files: Self.files, to: scratch.at("site"), keep: [entry])
        }
        #expect(error == .invalidKeepEntry(entry: entry, rule: rule))
        #expect(error?.exitCode == 64)
    }

    @Test("F-12: '/' and top-level folders are refused")
    func rootRefused() throws {
        let root = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: "/") }
        #expect(root == .unsafeOutput(path: "/", reason: "it is the root folder"))
        #expect(root?.exitCode == 64)
        let top = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: "/tmp") }
        #expect(top == .unsafeOutput(path: "/tmp", reason: "it is a top-level folder"))
        let dotted = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: "//tmp/") }
        #expect(dotted == .unsafeOutput(path: "/tmp", reason: "it is a top-level folder"))
    }

    @Test("F-12: the home folder and its ancestors are refused even when they carry the marker")
    func homeRefused() throws {
        let scratch = try Scratch("f12-home")
        defer { scratch.remove() }
        try scratch.write("home/.wkt-site", "marker")
        try scratch.write("home/notes.txt", "precious")
        let guarded = publisher(home: scratch.at("home"))
        let home = publishError { () throws(PublishError) in try guarded.publish(files: Self.files, to: scratch.at("home")) }
        #expect(home == .unsafeOutput(path: scratch.at("home"), reason: "it is the home folder"))
        let parent = publishError { () throws(PublishError) in try guarded.publish(files: Self.files, to: scratch.path) }
        #expect(parent == .unsafeOutput(path: scratch.path, reason: "it contains the home folder"))
        #expect(scratch.read("home/notes.txt") == "precious")
        #expect(scratch.siblings(startingWith: "home.") == [])
    }

    @Test("F-12: the real $HOME is refused by the default publisher")
    func environmentHomeRefused() throws {
        let home = try #require(SitePublisher.environmentHome())
        let resolved = URL(fileURLWithPath: home).resolvingSymlinksInPath().path
        let error = publishError { () throws(PublishError) in try SitePublisher().publish(files: Self.files, to: home) }
        let reason = resolved.split(separator: "/").count < 2 ? "it is a top-level folder" : "it is the home folder"
        #expect(error == .unsafeOutput(path: resolved, reason: reason))
    }

    @Test("F-12: any '..' in the output path is refused", arguments: ["..", "../site", "a/../site"])
    func dotDotRefused(output: String) {
        let error = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: output) }
        #expect(error == .unsafeOutput(path: output, reason: "the path contains '..'"))
    }

    @Test("F-12: a non-empty folder without the marker is refused and nothing is deleted")
    func unmarkedFolderRefused() throws {
        let scratch = try Scratch("f12-marker")
        defer { scratch.remove() }
        try scratch.write("docs/thesis.tex", "years of work")
        let error = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: scratch.at("docs")) }
        #expect(error == .unsafeOutput(
            path: scratch.at("docs"),
            reason: "it is not empty and has no .wkt-site marker, so wkt-site did not make it"
        ))
        #expect(scratch.files(in: "docs") == ["thesis.tex"])
        #expect(scratch.siblings(startingWith: "docs.") == [])
    }

    @Test("an empty existing folder without the marker may be used")
    func emptyFolderAccepted() throws {
        let scratch = try Scratch("empty")
        defer { scratch.remove() }
        try scratch.makeFolder("site")
        let report = try publisher().publish(files: Self.files, to: scratch.at("site"))
        #expect(report.swap == .exchange)
        #expect(scratch.read("site/a/b.html") == "b")
    }

    @Test("a foreign site.prev is refused, not deleted")
    func foreignPreviousRefused() throws {
        let scratch = try Scratch("prev-foreign")
        defer { scratch.remove() }
        try scratch.write("site.prev/mine.txt", "keep me")
        let error = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: scratch.at("site")) }
        #expect(error?.exitCode == 64)
        #expect(scratch.read("site.prev/mine.txt") == "keep me")
    }

    @Test("an output that is a symbolic link or a file is refused")
    func linkOrFileRefused() throws {
        let scratch = try Scratch("link-out")
        defer { scratch.remove() }
        try scratch.makeFolder("real")
        try scratch.link("site", to: scratch.at("real"))
        try scratch.write("file", "text")
        let link = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: scratch.at("site")) }
        #expect(link == .unsafeOutput(path: scratch.at("site"), reason: "it is a symbolic link; give the folder itself"))
        let file = publishError { () throws(PublishError) in try publisher().publish(files: Self.files, to: scratch.at("file")) }
        #expect(file == .unsafeOutput(path: scratch.at("file"), reason: "it is not a folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.at("real")) == [])
    }

    @Test("F-13: a symbolic link in the old site to a folder elsewhere is never followed")
    func symlinkNotFollowed() throws {
        let scratch = try Scratch("f13")
        defer { scratch.remove() }
        try scratch.write("outside/precious/data.txt", "do not delete")
        let output = scratch.at("site")
        for reuse in [true, false] {
            _ = try publisher(reuse: reuse).publish(files: Self.files, to: output)
            try scratch.link("site/photos", to: scratch.at("outside"))
            try scratch.link("site/a/up", to: "../../outside/precious")
            // Three builds move the linked tree to site.prev and then prune or delete it.
            for _ in 0..<3 { _ = try publisher(reuse: reuse).publish(files: Self.files, to: output) }
            #expect(scratch.read("outside/precious/data.txt") == "do not delete")
            #expect(!scratch.exists("site/photos"))
            #expect(!scratch.exists("site.prev/photos"))
        }
    }

    @Test("F-13: a kept symbolic link is copied as a link, and a link on the way to a kept entry is not followed")
    func keptLinks() throws {
        let scratch = try Scratch("f13-keep")
        defer { scratch.remove() }
        try scratch.write("outside/CNAME", "evil.example")
        let output = scratch.at("site")
        _ = try publisher().publish(files: Self.files, to: output)
        try scratch.link("site/.well-known", to: scratch.at("outside"))
        let report = try publisher().publish(files: Self.files, to: output, keep: [".well-known", ".well-known/CNAME"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("site/.well-known"))
            == scratch.at("outside"))
        #expect(report.keptEntries == [".well-known"])
        try FileManager.default.removeItem(atPath: scratch.at("site/.well-known"))
        try scratch.link("site/deploy", to: scratch.at("outside"))
        let nested = try publisher().publish(files: Self.files, to: output, keep: ["deploy/CNAME"])
        #expect(nested.keptEntries == [])
        #expect(nested.warnings == ["kept 'deploy/CNAME' was not copied: 'deploy' in the old site is not a folder"])
        #expect(!scratch.exists("site/deploy"))
        #expect(scratch.read("outside/CNAME") == "evil.example")
    }
}
