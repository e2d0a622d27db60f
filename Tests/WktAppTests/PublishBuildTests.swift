import Foundation
import Testing
@testable import WktApp
import WktConfig

/// `[publish]` end to end (docs/product.md "Publishing: what a public site reveals"): a store
/// with distinctive private values, built with everything hidden, has none of them in any byte of
/// any file of the output; `--private` shows them; switching rebuilds.
@Suite("wkt-site build with [publish]")
struct PublishBuildTests {
    /// One workout whose every private value is a word found nowhere else.
    static let store = """
        {"format": "wkt", "version": 1, "workouts": [
          {"id": "w-1", "start": "2026-11-18T17:43:00+05:30", "duration_s": 2640, "name": "Push Day",
           "notes": "zebraquux felt strong", "activity": "strength", "energy_kcal": 320, "rating": 3,
           "check_in": {"sorenessx": 4},
           "exercises": [
             {"name": "Bench Press (Barbell)", "notes": "elbowflare cue", "pain_flag": true, "planned_sets": 2,
              "sets": [{"kind": "normal", "weight_kg": 100, "reps": 5, "seconds": null, "distance_m": null, "rpe": 8},
                       {"kind": "normal", "weight_kg": 102.5, "reps": 3, "seconds": null, "distance_m": null, "rpe": null}]},
             {"name": "Chest Dip", "notes": "", "pain_flag": false,
              "sets": [{"kind": "normal", "weight_kg": null, "reps": 12, "seconds": null, "distance_m": null, "rpe": null}]}
           ]},
          {"id": "w-2", "start": "2026-11-20T06:10:00+05:30", "duration_s": 1800, "name": "Legs",
           "exercises": [{"name": "Squat (Barbell)", "notes": "wobblybar", "pain_flag": false,
              "sets": [{"kind": "normal", "weight_kg": 120, "reps": 5, "seconds": null, "distance_m": null, "rpe": null}]}]}
        ]}

        """

    /// What each hidden value looks like wherever a page, the feed or a file name could show it.
    static let secrets = ["zebraquux", "elbowflare", "wobblybar", "sorenessx", "Irritated my knees", "knees",
                          "★", "Rating", "rated 3", "17:43", "-1743", "06:10", "-0610", "+05:30"]

    static let config = """
        title = "Public lifts"
        base_url = "https://example.org/lifts/"

        [publish]
        hide = ["notes", "check_ins", "pain_flags", "ratings", "times", "bodyweight"]
        noindex = true

        """

    /// Every regular file below `folder` (hidden ones such as the marker included), relative path → bytes.
    static func everyFile(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }

    /// The secrets found in any file name or file's bytes (ASCII letters in any case), with where.
    static func leaks(in folder: String) throws -> [String] {
        func lowered(_ bytes: Data) -> Data { Data(bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }) }
        var found: [String] = []
        for (path, bytes) in try everyFile(folder) {
            let text = lowered(bytes)
            for secret in secrets {
                let needle = lowered(Data(secret.utf8))
                if lowered(Data(path.utf8)).range(of: needle) != nil || text.range(of: needle) != nil {
                    found.append("\(secret) in \(path)")
                }
            }
        }
        return found.sorted()
    }

    static func sandbox() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("store.wkt.json", store)
        let imported = ImportRunner.run(ImportRequest(files: ["store.wkt.json"]), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        try box.write("wkt-site.toml", config)
        return box
    }

    @Test("with everything hidden, no file of the output holds a hidden value; --private shows every one")
    func nothingLeaks() throws {
        let box = try Self.sandbox()
        defer { box.remove() }
        // Without noindex, so that the sitemap is written and checked too.
        try box.write("wkt-site.toml", Self.config.replacingOccurrences(of: "noindex = true", with: "noindex = false"))
        let built = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(built.exitCode == 0, "\(built.stderr)")
        let files = try Self.everyFile(box.directory + "/site")
        #expect(files.keys.contains(".wkt-site") && files.keys.contains("sitemap.xml") && files.keys.contains("feed.xml")
            && files.keys.contains("data/stats.json") && files.keys.contains("404.html"))
        #expect(try Self.leaks(in: box.directory + "/site") == [])
        #expect(!built.stdout.contains("17:43") && !built.stderr.joined().contains("zebraquux"))

        let personal = BuildRunner.run(BuildRequest(output: "personal", today: "2026-11-22", isPrivate: true), env: box.env)
        #expect(personal.exitCode == 0, "\(personal.stderr)")
        let shown = try Self.leaks(in: box.directory + "/personal")
        for secret in Self.secrets {
            #expect(shown.contains { $0.hasPrefix(secret + " in ") }, "--private shows \(secret): \(shown)")
        }
        #expect(!box.exists("personal/robots.txt"))
    }

    @Test("noindex: every page has the robots tag and robots.txt exists; without noindex there is no robots.txt")
    func noindex() throws {
        let box = try Self.sandbox()
        defer { box.remove() }
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env).exitCode == 0)
        let files = try Self.everyFile(box.directory + "/site")
        #expect(files["robots.txt"] == Data("User-agent: *\nDisallow: /\n".utf8))
        #expect(files["sitemap.xml"] == nil, "no sitemap for crawlers noindex turns away")
        let personal = BuildRunner.run(BuildRequest(output: "personal", today: "2026-11-22", isPrivate: true), env: box.env)
        #expect(personal.exitCode == 0)
        #expect(!box.exists("personal/robots.txt") && box.exists("personal/sitemap.xml"), "--private ignores noindex too")
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 10)
        for (path, bytes) in pages {
            let head = String(decoding: bytes, as: UTF8.self).components(separatedBy: "</head>")[0]
            #expect(head.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"), "\(path)")
        }

        try box.write("wkt-site.toml", "[publish]\nhide = [\"notes\"]\n")
        #expect(BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env).exitCode == 0)
        #expect(!box.exists("site/robots.txt"), "a build without noindex removes the old robots.txt")
        #expect(try Self.everyFile(box.directory + "/site").allSatisfy { !String(decoding: $0.value, as: UTF8.self).contains("name=\"robots\"") })
    }

    @Test("switching between public and --private in one folder rebuilds: no stale page of the other build survives")
    func switching() throws {
        var box = try Self.sandbox()
        defer { box.remove() }
        box.variables["WKT_TIMINGS"] = "1"
        let publicBuild = BuildRequest(today: "2026-11-22")
        let privateBuild = BuildRequest(today: "2026-11-22", isPrivate: true)
        #expect(BuildRunner.run(publicBuild, env: box.env).exitCode == 0)
        let publicFiles = try Self.everyFile(box.directory + "/site")

        let toPrivate = BuildRunner.run(privateBuild, env: box.env)
        #expect(toPrivate.exitCode == 0 && !toPrivate.stdout.contains("up to date"), "\(toPrivate.stdout)")
        #expect(toPrivate.stderr.contains { $0.contains("pages (0 reused)") }, "\(toPrivate.stderr)")
        #expect(try Self.leaks(in: box.directory + "/site").count > 5)
        #expect(BuildRunner.run(privateBuild, env: box.env).stdout.contains("up to date"))

        let toPublic = BuildRunner.run(publicBuild, env: box.env)
        #expect(toPublic.exitCode == 0 && !toPublic.stdout.contains("up to date"), "\(toPublic.stdout)")
        #expect(toPublic.stderr.contains { $0.contains("pages (0 reused)") }, "\(toPublic.stderr)")
        #expect(try Self.leaks(in: box.directory + "/site") == [])
        #expect(try Self.everyFile(box.directory + "/site") == publicFiles, "the same bytes as the first public build")
    }

    @Test("init's config template, its [publish] lines uncommented, builds a site that hides what it lists")
    func initTemplate() throws {
        let box = try Self.sandbox()
        defer { box.remove() }
        let uncommented = try Self.initTemplate(in: box, uncommenting: "publish")
        #expect(uncommented.contains("\n[publish]\nhide = [") && uncommented.contains("\nnoindex = true"))
        try box.write("wkt-site.toml", uncommented)
        let built = BuildRunner.run(BuildRequest(today: "2026-11-22"), env: box.env)
        #expect(built.exitCode == 0, "\(built.stderr)")
        #expect(box.exists("site/robots.txt"))
        #expect(try Self.leaks(in: box.directory + "/site") == [])
    }
}

extension PublishBuildTests {
    @Test("init's config template, its [schedule] lines uncommented, is a valid config whose plan starts on its `since` day")
    func initScheduleTemplate() throws {
        let box = try Self.sandbox()
        defer { box.remove() }
        let uncommented = try Self.initTemplate(in: box, uncommenting: "schedule")
        #expect(uncommented.contains("\n[schedule]\nsince = \"2026-01-05\"\nmonday = \"Push\""))
        let settings = try ConfigLoader.parse(toml: uncommented, file: "wkt-site.toml", defaultTimeZone: "UTC")
        let schedule = try #require(settings.schedule)
        #expect(schedule.since?.description == "2026-01-05")
    }

    /// The `wkt-site.toml` that `wkt-site init` writes into the sandbox (its own config removed
    /// first), with the commented example of `[table]` uncommented: from its `# [table]` line to
    /// the next line that is not a comment.
    static func initTemplate(in box: Sandbox, uncommenting table: String) throws -> String {
        try FileManager.default.removeItem(atPath: box.directory + "/wkt-site.toml")
        #expect(InitRunner.run(InitRequest(), env: box.env).exitCode == 0)
        let template = String(decoding: try box.bytes("wkt-site.toml"), as: UTF8.self)
        var inside = false
        return template.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line == "# [\(table)]" { inside = true } else if !line.hasPrefix("# ") { inside = false }
            return inside ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
    }
}
