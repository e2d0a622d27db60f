import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WktApp
import WktSite

@Suite("wkt-site build")
struct BuildCommandTests {
    @Test("a second build with unchanged inputs stops early; a new import, a config change or --force renders")
    func upToDate() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let first = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("site: "))
        #expect(first.stdout.contains(" written, 0 unchanged) for 2026-11-21"))
        let page = try box.bytes("site/index.html")

        let second = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(second.stdout.contains("is up to date"), "\(second.stdout)")
        #expect(try box.bytes("site/index.html") == page)

        let otherDay = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(!otherDay.stdout.contains("is up to date"))

        let forced = BuildRunner.run(BuildRequest(today: "2026-11-22", force: true), env: box.env)
        #expect(forced.exitCode == 0)
        #expect(!forced.stdout.contains("is up to date"), "--force renders: \(forced.stdout)")

        try box.write("wkt-site.toml", "weekly_target = 3\n")
        let reconfigured = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(!reconfigured.stdout.contains("is up to date"))

        let more = try box.write("b.csv", SameHistory.strongComma.replacingOccurrences(of: "2026-11-16", with: "2026-11-19"))
        #expect(ImportRunner.run(ImportRequest(files: [more], unit: .kg), env: box.env).exitCode == 0)
        let afterImport = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(!afterImport.stdout.contains("is up to date"))
        #expect(try box.bytes("site/index.html") != page)

        // A marker whose stamp matches is not enough: a site without its home page is rebuilt.
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env).stdout.contains("is up to date"))
        try FileManager.default.removeItem(atPath: box.directory + "/site/index.html")
        let homeless = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(homeless.exitCode == 0 && !homeless.stdout.contains("is up to date"), "\(homeless.stdout)")
        #expect(box.exists("site/index.html"))
    }

    @Test("after a new workout, unchanged pages are taken from the site; the result equals a full build; a hand edit is undone")
    func reusesUnchangedPages() throws {
        var box = try Sandbox()
        defer { box.remove() }
        box.variables["WKT_TIMINGS"] = "1"
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let first = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(first.stderr.contains { $0.contains("pages (0 reused)") }, "\(first.stderr)")
        #expect(String(decoding: try box.bytes("site/.wkt-site"), as: UTF8.self).contains("\nwkt-pages 1 "))

        // Someone edits an old workout page by hand; it must not survive the next build.
        let oldPage = "site/workouts/2026-11-02-0700.html"
        let original = try box.bytes(oldPage)
        try box.write(String(oldPage), String(decoding: original, as: UTF8.self).replacingOccurrences(of: "Push", with: "Pish"))

        let more = try box.write("b.csv", """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-20 07:00:00,"Legs",50m,"Squat (Barbell)",1,110,5,0,0,,,

            """)
        #expect(ImportRunner.run(ImportRequest(files: [more], unit: .kg), env: box.env).exitCode == 0)
        let second = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(second.exitCode == 0, "\(second.stderr)")
        // Workouts of 11-02 (edited) and 11-16 (new next link) and the squat page are rendered;
        // the 11-05 workout and the bench, dip and plank pages are reused.
        #expect(second.stderr.contains { $0.contains("pages (4 reused)") }, "\(second.stderr)")
        #expect(!String(decoding: try box.bytes(oldPage), as: UTF8.self).contains("Pish"), "the hand edit is gone")

        let full = BuildRunner.run(BuildRequest(output: "full", today: "2026-11-21", force: true), env: box.env)
        #expect(full.stderr.contains { $0.contains("pages (0 reused)") }, "--force renders every page: \(full.stderr)")
        let site = try FileManager.default.subpathsOfDirectory(atPath: box.directory + "/site").filter { !$0.hasPrefix(".wkt") }.sorted()
        #expect(site == (try FileManager.default.subpathsOfDirectory(atPath: box.directory + "/full").filter { !$0.hasPrefix(".wkt") }.sorted()))
        for path in site where !path.hasSuffix("/") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: box.directory + "/site/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            #expect(try box.bytes("site/" + path) == (try box.bytes("full/" + path)), "\(path)")
        }
    }

    @Test("a FIFO in place of a page and a manifest path outside the site do not hang or leak into the build")
    func untrustedManifest() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        let page = box.directory + "/site/workouts/2026-11-05-0700.html"
        let original = try box.bytes("site/workouts/2026-11-05-0700.html")
        try FileManager.default.removeItem(atPath: page)
        #expect(mkfifo(page, 0o644) == 0)
        try box.write("secret.html", "<p>secret</p>")
        var marker = String(decoding: try box.bytes("site/.wkt-site"), as: UTF8.self)
        marker += "0000000000000001\t0000000000000001\t13\t0+13\t../secret.html\n"
        try box.write("site/.wkt-site", marker)

        let rebuilt = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(rebuilt.exitCode == 0, "\(rebuilt.stderr)")
        var status = stat()
        #expect(lstat(page, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "the page is a file again")
        let rebuiltPage = try box.bytes("site/workouts/2026-11-05-0700.html")
        #expect(rebuiltPage.count > original.count / 2)
        let pages = try FileManager.default.subpathsOfDirectory(atPath: box.directory + "/site").filter { $0.hasSuffix(".html") }
        for path in pages {
            #expect(!String(decoding: try box.bytes("site/" + path), as: UTF8.self).contains("<p>secret</p>"), "\(path)")
        }
    }

    @Test("A-15: a FIFO in place of the site's marker is refused at once, not waited on")
    func fifoMarker() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        let marker = box.directory + "/site/.wkt-site"
        try FileManager.default.removeItem(atPath: marker)
        #expect(mkfifo(marker, 0o644) == 0)
        // Should the build block on the FIFO, a writer comes after 10 s and closes it at once
        // (the read then ends), so a regression fails on the time below instead of hanging.
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
            let writer = open(marker, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        let started = Date()
        let result = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(Date().timeIntervalSince(started) < 8, "the build waited on the FIFO")
        // Not a marker: the folder is not known to be ours, so it is not replaced.
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.joined(separator: "\n").contains("has no .wkt-site marker"), "\(result.stderr)")
        var status = stat()
        #expect(lstat(marker, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left alone")
        #expect(FileManager.default.fileExists(atPath: box.directory + "/site/index.html"))
    }

    @Test("an empty or missing store builds the friendly how-to-import page, not an error")
    func emptyStore() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let result = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.first?.contains("wkt-site import") == true)
        let index = String(decoding: try box.bytes("site/index.html"), as: UTF8.self)
        #expect(index.contains("wkt-site import"))
    }

    @Test("refusals: the store's own folder, the home folder, a bad base URL (F-12)")
    func refusals() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(output: "."), env: box.env).exitCode == 64)
        #expect(BuildRunner.run(BuildRequest(output: box.directory), env: box.env).exitCode == 64)
        try FileManager.default.createDirectory(atPath: box.directory + "/home", withIntermediateDirectories: true)
        #expect(BuildRunner.run(BuildRequest(output: "home"), env: box.env).exitCode == 64)
        let url = BuildRunner.run(BuildRequest(baseURL: "javascript:alert(1)"), env: box.env)
        #expect(url.exitCode == 64)
        #expect(!box.exists("site"))
        try FileManager.default.createDirectory(atPath: box.directory + "/mine", withIntermediateDirectories: true)
        try box.write("mine/thesis.tex", "precious")
        let foreign = BuildRunner.run(BuildRequest(output: "mine"), env: box.env)
        #expect(foreign.exitCode == 64, "\(foreign.stderr)")
        #expect(String(decoding: try box.bytes("mine/thesis.tex"), as: UTF8.self) == "precious")
    }

    @Test("an error names the build stage it left, and keeps its exit code; the site stays as it was")
    func stageNames() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        let site = try box.bytes("site/index.html")

        try box.write("tpl/layout.mustache", "<html>{{#unclosed}}</html>")
        let template = BuildRunner.run(BuildRequest(today: "2026-11-21", templates: "tpl"), env: box.env)
        #expect(template.exitCode == 65, "\(template.stderr)")
        #expect(template.stderr.count == 1 && template.stderr[0].hasSuffix(" (while checking what changed)"), "\(template.stderr)")

        try box.write("other.sqlite", "this is not an SQLite database, only text that claims a store's name")
        let store = BuildRunner.run(BuildRequest(today: "2026-11-21", store: "other.sqlite"), env: box.env)
        // The same exit code as `stats` gives for that store, which has no stages.
        let stats = StatsRunner.run(StatsRequest(today: "2026-11-21", store: "other.sqlite"), env: box.env)
        #expect(store.exitCode == stats.exitCode && store.exitCode != 0, "\(store.stderr)")
        #expect(store.stderr.first?.hasPrefix(stats.stderr.first ?? "-") == true, "\(store.stderr) \(stats.stderr)")
        #expect(store.stderr.count == 1 && store.stderr[0].hasSuffix(" (while reading the store and the previous site)"),
                "\(store.stderr)")
        #expect(try box.bytes("site/index.html") == site)
    }

    @Test("a user template that keeps pages off the fast layout path is named in one warning; the built-ins give none")
    func templateFallbackWarning() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let plain = BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env)
        #expect(plain.exitCode == 0 && !plain.stderr.contains { $0.contains("warning") }, "\(plain.stderr)")
        let header = try #require(EmbeddedResources.templates.first { $0.path == "partials/header.mustache" })
        try box.write("tpl/partials/header.mustache", header.contents + "<p>{{uppercased(title)}}</p>\n")
        let slow = BuildRunner.run(BuildRequest(today: "2026-11-21", templates: "tpl"), env: box.env)
        #expect(slow.exitCode == 0, "\(slow.stderr)")
        let warnings = slow.stderr.filter { $0.hasPrefix("wkt-site: warning: ") }
        #expect(warnings.count == 1 && warnings[0].contains("partials/header.mustache") && warnings[0].contains("title"),
                "\(slow.stderr)")
        let quiet = BuildRunner.run(BuildRequest(today: "2026-11-21", templates: "tpl", quiet: true, force: true), env: box.env)
        #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet.stderr)")
    }

    @Test("stats --json and site/data/stats.json are the same bytes (also for an exercise named Index)")
    func statsJSONFile() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("a.csv", SameHistory.strongComma.replacingOccurrences(of: "\"Plank\"", with: "\"Index\""))
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-21"), env: box.env).exitCode == 0)
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2026-11-21"), env: box.env)
        #expect(String(decoding: try box.bytes("site/data/stats.json"), as: UTF8.self) == stats.stdout)
    }
}
