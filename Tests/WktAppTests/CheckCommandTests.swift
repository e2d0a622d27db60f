import Foundation
import Testing
import WktCore
@testable import WktApp

/// `wkt-site check` (docs/product.md "Commands"), `[[ignore]]` end to end and the real
/// samples (docs/statistics.md "Data quality").
@Suite("wkt-site check")
struct CheckCommandTests {
    /// Strong A with the shape of the real export that holds one set of 877,777 reps (the real
    /// file is not among the samples, only an excerpt of it).
    static let strong = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2021-03-01 16:17:06,"Afternoon Workout",1h 2m,"Bicep Curl (Dumbbell)",1,25.5,10,0,0,"","",
        2021-03-01 16:17:06,"Afternoon Workout",1h 2m,"Bicep Curl (Dumbbell)",2,25.5,877777,0,0,"","",
        2021-03-04 16:00:00,"Afternoon Workout",58m,"Bicep Curl (Dumbbell)",1,26,10,0,0,"","",

        """

    func importing(_ config: String? = nil) throws -> Sandbox {
        let box = try Sandbox()
        let file = try box.write("strong.csv", Self.strong)
        if let config { try box.write("wkt-site.toml", config) }
        let imported = ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env)
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        return box
    }

    @Test("the 877,777-rep set is Q1; exit 1; --json is one stable document; the store is not written")
    func findsReps() throws {
        let box = try importing()
        defer { box.remove() }
        let before = try box.bytes("workouts.sqlite")
        let result = CheckRunner.run(CheckRequest(today: "2021-03-10"), env: box.env)
        #expect(result.exitCode == 1)
        #expect(result.stdout == "2021-03-01 16:17 · Afternoon Workout · Bicep Curl (Dumbbell) · set 2 · "
            + "Q1 implausible reps: 877,777 reps in one set (more than 300)\n")
        #expect(result.stderr.last?.contains("1 finding in 2 workouts (Q1 1)") == true, "\(result.stderr)")
        let json = CheckRunner.run(CheckRequest(json: true, today: "2021-03-10"), env: box.env)
        #expect(json.exitCode == 1)
        #expect(json.stdout.contains("\"rule\": \"Q1\"") && json.stdout.contains("\"workout\": \"2021-03-01 16:17\""))
        #expect(json.stdout.contains("\"set\": 2") && json.stdout.contains("\"workouts_checked\": 2"))
        #expect(json.stdout == CheckRunner.run(CheckRequest(json: true, today: "2021-03-10"), env: box.env).stdout)
        #expect(try box.bytes("workouts.sqlite") == before)
    }

    @Test("[[ignore]] takes exactly that set out of check, stats and the site; an entry matching nothing is reported")
    func ignoreEndToEnd() throws {
        let box = try importing()
        defer { box.remove() }
        let statsBefore = StatsRunner.run(StatsRequest(json: true, today: "2021-03-10"), env: box.env).stdout
        #expect(statsBefore.contains("\"reps\": 877797"))
        try box.write("wkt-site.toml", """
            # the typo of 2021
            [[ignore]]
            workout = "2021-03-01 16:17"
            exercise = "Bicep Curl (Dumbbell)"
            set = 2

            [[ignore]]
            workout = "2021-03-02 10:00"

            """)
        let check = CheckRunner.run(CheckRequest(today: "2021-03-10"), env: box.env)
        #expect(check.exitCode == 1)
        #expect(check.stdout == "wkt-site.toml:7: [[ignore]] workout 2021-03-02 10:00 matches nothing in the store\n")
        let stats = StatsRunner.run(StatsRequest(json: true, today: "2021-03-10"), env: box.env)
        #expect(stats.stdout.contains("\"reps\": 20") && stats.stdout.contains("\"working_sets\": 2"))
        #expect(stats.stderr.contains { $0.contains("line 7 of the config") }, "\(stats.stderr)")
        // The site: a Data quality page listing the ignored set, linked from the footer and in the sitemap.
        let build = BuildRunner.run(BuildRequest(output: "site", today: "2021-03-10", baseURL: "https://example.org/"), env: box.env)
        #expect(build.exitCode == 0, "\(build.stderr)")
        #expect(build.stderr.contains { $0.hasPrefix("wkt-site: warning: [[ignore]] on line 7") }, "\(build.stderr)")
        let page = String(decoding: try box.bytes("site/quality.html"), as: UTF8.self)
        #expect(page.contains("Ignored sets (1)") && page.contains("877,777"))
        let index = String(decoding: try box.bytes("site/index.html"), as: UTF8.self)
        #expect(index.contains("<a href=\"quality.html\">Data quality</a>"))
        let sitemap = String(decoding: try box.bytes("site/sitemap.xml"), as: UTF8.self)
        #expect(sitemap.contains("<loc>https://example.org/quality.html</loc>"))
        let statsJSON = String(decoding: try box.bytes("site/data/stats.json"), as: UTF8.self)
        #expect(statsJSON == StatsRunner.run(StatsRequest(json: true, today: "2021-03-10"), env: box.env).stdout)
    }

    @Test("no findings: exit 0, no Data quality page and no footer link")
    func clean() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.write("strong.csv", SameHistory.strongComma)
        #expect(ImportRunner.run(ImportRequest(files: [file], unit: .kg), env: box.env).exitCode == 0)
        let check = CheckRunner.run(CheckRequest(today: "2026-11-21"), env: box.env)
        #expect(check.exitCode == 0 && check.stdout.isEmpty)
        #expect(check.stderr.last == "wkt-site: no findings in 3 workouts (rules Q1–Q7)")
        #expect(BuildRunner.run(BuildRequest(output: "site", today: "2026-11-21"), env: box.env).exitCode == 0)
        #expect(!box.exists("site/quality.html"))
        #expect(!String(decoding: try box.bytes("site/index.html"), as: UTF8.self).contains("quality.html"))
        // No store at all is no finding either.
        let empty = try Sandbox()
        defer { empty.remove() }
        #expect(CheckRunner.run(CheckRequest(today: "2026-11-21"), env: empty.env).exitCode == 0)
    }

    @Test("config errors name the line: set without exercise, a bad minute, an unknown key, a duplicate")
    func configErrors() throws {
        let cases: [(String, String)] = [
            ("[[ignore]]\nworkout = \"2021-03-01 16:17\"\nset = 2\n", "wkt-site.toml:3: key `ignore.set`: set needs the exercise"),
            ("\n[[ignore]]\nworkout = \"2021-03-01 16:17:06\"\n", "wkt-site.toml:3: key `ignore.workout`: \"2021-03-01 16:17:06\" is not valid"),
            ("[[ignore]]\nworkout = \"2021-03-01 16:17\"\n[[ignore]]\nworkout = \"2021-03-01 16:17\"\nweight = 3\n",
             "wkt-site.toml:5: key `ignore.weight`: unknown key"),
            ("[[ignore]]\nworkout = \"2021-03-01 16:17\"\n\n[[ignore]]\nworkout = \"2021-03-01 16:17\"\n",
             "wkt-site.toml:4: key `ignore`: the same entry as the one on line 1"),
            ("[[ignore]]\nexercise = \"Row\"\n", "wkt-site.toml:1: key `ignore`: an [[ignore]] entry needs workout"),
            ("ignore = 3\n", "wkt-site.toml:1: key `ignore`: a TOML integer is not valid"),
        ]
        for (config, message) in cases {
            let box = try Sandbox()
            defer { box.remove() }
            try box.write("wkt-site.toml", config)
            let result = CheckRunner.run(CheckRequest(today: "2021-03-10"), env: box.env)
            #expect(result.exitCode == 65, "\(config)")
            #expect(result.stderr.first?.contains(message) == true, "\(result.stderr) for \(config)")
        }
    }

    @Test("a real Hevy export: 60 kg × 111 reps of Bent Over Row is Q1", .enabled(if: SharedSamples.available))
    func realSample() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let sample = SharedSamples.root + "/hevy/hevy-kg-2024-distance-full.csv"
        #expect(ImportRunner.run(ImportRequest(files: [sample]), env: box.env).exitCode == 0)
        let check = CheckRunner.run(CheckRequest(today: "2026-11-25"), env: box.env)
        #expect(check.exitCode == 1)
        let q1 = check.stdout.split(separator: "\n").filter { $0.contains(" · Q1 ") }
        #expect(q1 == ["2024-05-10 15:22 · Day 37: FBW · Bent Over Row (Barbell) · set 3 · "
            + "Q1 implausible reps: 111 reps with 60 kg (more than 100 with a weight)"], "\(check.stdout)")
    }
}
