import Foundation
import Testing
import WktCore
import WktMarkdown
@testable import WktSite

@Suite("Site pages: content, escaping, units, calendar and paths")
struct SitePagesTests {
    /// The fixture site, built once for the suite.
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in try SiteBuilder.build(SiteFixture.input()) }

    /// The text of one built file.
    func page(_ path: String) throws -> String {
        try #require(SiteFixture.textFiles(try Self.built.get())[path], "no \(path)")
    }

    @Test("a workout page shows rating, check-ins, notes, sets, volumes and its PRs with previous bests")
    func workoutPage() throws {
        let pull = try page("workouts/2026-11-04-1830.html")
        #expect(pull.contains("<span class=\"stars\" aria-hidden=\"true\">★★★★☆</span> <span class=\"stars-text\">4 of 5</span>"))
        #expect(pull.contains("<dd class=\"facts-list\"><span class=\"nowrap\">Energy 3</span> · <span class=\"nowrap\">Knee pain 1</span></dd>"))
        // The hostile note is rendered in safe mode: raw HTML omitted, the javascript: link emptied.
        #expect(pull.contains("<strong>strong</strong>"))
        #expect(pull.contains("<!-- raw HTML omitted -->"))
        #expect(!pull.contains("javascript:"))
        #expect(!pull.contains("onerror"))
        // 140×5 + 150×3 = 1,150 kg; 20×12 + 22.5×10 = 465 kg; total 1,615 kg.
        #expect(pull.contains("<dd>1,615 kg</dd>"))
        #expect(pull.contains("2 working sets · 8 reps · volume 1,150 kg"))

        let push = try page("workouts/2026-11-09-0700.html")
        // Bench: heaviest 90 after 85, e1RM 90×(1+5/30) = 105.0 after 85×1.1 = 93.5, set volume 640 after 400,
        // session volume 1,540 after 1,055 (80×5 + 80×5 + 85×3); rep maxes 1–3 rose from 85 kg and 4–5
        // from 80 kg to 90 kg (one entry per run); 6–8 are new baselines, not PRs. Headline records
        // first, volumes last and secondary.
        #expect(push.contains("<td><a href=\"../exercises/bench-press-barbell.html\">Bench Press (Barbell)</a></td>\n<td>"
            + "e1RM <strong>105 kg</strong> (was 93.5 kg) · Heaviest <strong>90 kg</strong> (was 85 kg) · "
            + "1–3-rep max <strong>90 kg</strong> (was 85 kg) · 4–5-rep max <strong>90 kg</strong> (was 80 kg) "
            + "<span class=\"pr-volume\">also volume records: set volume 640 kg (was 400 kg) · session volume 1,540 kg (was 1,055 kg)</span></td>"))
        #expect(!push.contains("6-rep max"))
        #expect(push.contains("rel=\"prev\" href=\"../workouts/2026-11-06-0600.html\""))
        #expect(push.contains("rel=\"next\" href=\"../workouts/2026-11-11-1200.html\""))
    }

    @Test("planned sets, the pain flag, warm-ups, RPE and set notes on the legs workout")
    func legsWorkout() throws {
        let legs = try page("workouts/2026-11-06-0600.html")
        // Squat: 4 working sets of 5 planned; Leg Press: 3 of 3.
        #expect(legs.contains("<dd>1 of 2 exercises completed</dd>"))
        #expect(legs.contains("<span class=\"badge badge-short\">4 of 5 planned sets</span>"))
        #expect(legs.contains("<span class=\"badge badge-done\">3 of 3 planned sets</span>"))
        #expect(legs.contains("Irritated my knees: <a href=\"../exercises/squat-barbell.html\">Squat (Barbell)</a>"))
        #expect(legs.contains("<td align=\"right\">1</td>\n<td>warm-up</td>\n<td align=\"right\">60</td>\n<td align=\"right\">5</td>\n<td align=\"right\">–</td>\n<td align=\"right\">–</td>"))
        #expect(legs.contains("<td align=\"right\">8.5</td>"))
        #expect(legs.contains("<p class=\"note-label\">Set 2</p>\n<p>grindy</p>"))
        #expect(legs.contains("<div class=\"note exercise-note\">\n<p>Depth <em>ok</em>, knees <strong>sore</strong></p>"))
    }

    @Test("a workout without sets shows its activity, duration and energy")
    func runWithoutSets() throws {
        let run = try page("workouts/2026-11-11-1200.html")
        #expect(run.contains("No sets were logged: a running session of 30 min, 320 kcal."))
        #expect(run.contains("<dd>320 kcal</dd>"))
        #expect(run.contains("<p class=\"lead\"><span class=\"nowrap\">Wednesday 2026-11-11</span> · <span class=\"nowrap\">12:00</span> · "
            + "<span class=\"nowrap\">30 min</span> · <span class=\"nowrap\">Running</span></p>"))
        #expect(!run.contains("Compared with"), "a workout without sets has nothing to compare")
    }

    @Test("weights follow the display unit: 80 kg is 176.4 lb, 90 kg is 198.4 lb; stats.json stays kg")
    func pounds() throws {
        let files = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(unit: .lb)))
        let push = try #require(files["workouts/2026-11-09-0700.html"])
        #expect(push.contains("<strong>198.4 lb</strong>"))
        let first = try #require(files["workouts/2026-11-02-0700.html"])
        #expect(first.contains("<th align=\"right\">Weight (lb)</th>"))
        #expect(first.contains("<td align=\"right\">176.4</td>"))
        #expect(files["data/stats.json"]?.contains("\"heaviest_kg\": 90.0") == true)
    }

    @Test("the exercise page lists records with dates and workouts, rep maxes 1–12, charts, PRs and every set")
    func exercisePage() throws {
        let bench = try page("exercises/bench-press-barbell.html")
        // The lead line breaks only between its parts: a date range never splits at a hyphen.
        #expect(bench.contains("<span class=\"nowrap\">2025-12-30 – 2026-11-16</span></p>"))
        #expect(bench.contains("<td>Heaviest</td>\n<td align=\"right\"><strong>90 kg</strong></td>\n<td align=\"left\">2026-11-09</td>\n<td><a href=\"../workouts/2026-11-09-0700.html\">Push</a></td>"))
        #expect(bench.contains("<td>e1RM (Epley)</td>\n<td align=\"right\"><strong>105 kg</strong></td>"))
        // 8-rep max: 80 kg on 2026-11-09; 9-rep max: none.
        #expect(bench.contains("<td align=\"right\">8</td>\n<td align=\"right\">80 kg</td>\n<td align=\"left\">2026-11-09</td>"))
        #expect(bench.contains("<td align=\"right\">9</td>\n<td align=\"right\">–</td>"))
        // The progress chart comes first, before the records (docs/product.md "Exercise progress chart").
        let progress = try #require(bench.range(of: "<figure class=\"chart\" id=\"progress\">"))
        let records = try #require(bench.range(of: "<h2>Records</h2>"))
        #expect(progress.lowerBound < records.lowerBound)
        #expect(bench.contains("<title id=\"progress-title\">Bench Press (Barbell): best e1RM per week (kg)</title>"))
        // Exercises without weight chart their best reps or time per week instead.
        let pullUp = try page("exercises/pull-up.html")
        #expect(pullUp.contains("<title id=\"progress-title\">Pull Up: most reps in one set, per week</title>"))
        #expect(try page("exercises/plank.html").contains("<title id=\"progress-title\">Plank: longest set per week (seconds)</title>"))
        #expect(bench.contains("id=\"weekly-volume\""))
        #expect(bench.contains("<td>80 × 5, 80 × 5, 85 × 3</td>"), "warm-ups are left out of the set history")
        #expect(bench.contains("<h3>2025</h3>"))
        #expect(!bench.contains("200 × 1"), "the future workout is ignored")
        #expect(!bench.contains("Plan and check-in"), "no workout of the bench press recorded a plan or check-in")
    }

    @Test("the set history's plan and check-in column: the seed apps' values, an empty cell for a workout without")
    func setHistoryNotes() throws {
        let squat = try page("exercises/squat-barbell.html")
        #expect(squat.contains("<th>Plan and check-in</th>"))
        #expect(squat.contains("<td align=\"right\">1,900 kg</td>\n<td>⚠ knees · 4 of 5 planned sets</td>\n</tr>"))
        // 2026-11-13 had neither: its cell is empty, not "(unnamed)".
        #expect(squat.contains("<td>105 × 5, 105 × 5</td>\n<td align=\"right\">1,050 kg</td>\n<td></td>\n</tr>"))
        let deadlift = try page("exercises/deadlift-barbell.html")
        #expect(deadlift.contains("<td>Knee pain 1, Energy 3 · rated 4 of 5</td>") || deadlift.contains("<td>Energy 3, Knee pain 1 · rated 4 of 5</td>"))
        #expect(deadlift.contains("<td>150 × 5</td>\n<td align=\"right\">750 kg</td>\n<td></td>\n</tr>"))
        for page in [squat, deadlift] { #expect(!page.contains("(unnamed)")) }
    }

    @Test("R-04: the hostile exercise name is escaped in the title, headings, links, SVG text and titles")
    func hostileName() throws {
        let escaped = "&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;"
        let exercise = try page("exercises/svg-onload-alert-1.html")
        #expect(exercise.contains("<title>\(escaped) · Test Log</title>"))
        #expect(exercise.contains("<h1>\(escaped)</h1>"))
        #expect(exercise.contains("<title id=\"progress-title\">\(escaped): best e1RM per week (kg)</title>"))
        #expect(!exercise.contains("<svg onload"))
        let pull = try page("workouts/2026-11-04-1830.html")
        #expect(pull.contains("<a href=\"../exercises/svg-onload-alert-1.html\">&quot;&gt;&lt;svg onload=alert(1)&gt;&#39;</a>"))
        #expect(pull.contains("<p>Hostile <!-- raw HTML omitted --> note</p>"))
        let feed = try page("feed.xml")
        #expect(feed.contains("Deadlift (Barbell), \(escaped)"))
    }

    @Test("R-07: a name with a bidi override is isolated in our HTML and in generated Markdown")
    func bidiName() throws {
        let files = SiteFixture.textFiles(try Self.built.get())
        let path = try #require(files.keys.first { $0.hasPrefix("exercises/curl-lrac") })
        let exercise = try #require(files[path])
        #expect(exercise.contains("<h1><bdi>Curl \u{202E}lrac</bdi></h1>"))
        let workout = try page("workouts/2026-11-18-0600-2.html")
        #expect(workout.contains("<bdi>Curl \u{202E}lrac</bdi></a></h3>"))
        let list = try page("exercises/index.html")
        #expect(list.contains(">\u{2068}Curl \u{202E}lrac\u{2069}</a>"))
    }

    @Test("an exercise with only warm-ups has a page that says so, and no records")
    func warmUpsOnly() throws {
        let band = try page("exercises/band-pull-apart.html")
        #expect(band.contains("No working sets yet: only warm-ups or sets not done were logged."))
        #expect(!band.contains("<h2>Records</h2>"))
        #expect(try page("workouts/2026-11-16-0700.html").contains("<p class=\"block-total\">0 working sets</p>"))
    }

    @Test("Café and CAFE get distinct pages; the list links both")
    func cafePair() throws {
        let index = try page("exercises/index.html")
        #expect(index.contains("<a href=\"../exercises/cafe.html\">CAFE</a>"))
        #expect(index.contains("<a href=\"../exercises/cafe-73473dcc.html\">Café</a>"))
    }

    /// Today for each day of the planned week 2026-W47 (Mon 16 – Sun 22) and the marks expected
    /// by docs/statistics.md: Mon/Wed/Fri planned; workouts on Mon 16 and Wed 18 (the Wednesday ones are
    /// in the future, so not done, before Wednesday).
    static let weekStates: [(today: Int, states: [String])] = [
        (16, ["done", "rest", "planned", "rest", "planned", "rest", "rest"]),
        (17, ["done", "today", "planned", "rest", "planned", "rest", "rest"]),
        (18, ["done", "rest", "done", "rest", "planned", "rest", "rest"]),
        (19, ["done", "rest", "done", "today", "planned", "rest", "rest"]),
        (20, ["done", "rest", "done", "rest", "today", "rest", "rest"]),
        (21, ["done", "rest", "done", "rest", "missed", "today", "rest"]),
        (22, ["done", "rest", "done", "rest", "missed", "rest", "today"]),
    ]

    @Test("the dashboard shows the planned week's marks as data-state on each of its days", arguments: weekStates)
    func weekCalendar(today: Int, states: [String]) throws {
        let day = try #require(CivilDate(year: 2026, month: 11, day: today))
        let files = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(today: day)))
        let dashboard = try #require(files["index.html"])
        for (offset, state) in states.enumerated() {
            let date = "2026-11-\(16 + offset)"
            #expect(dashboard.contains("data-date=\"\(date)\" data-state=\"\(state)\""), "\(date) should be \(state) on 2026-11-\(today)")
        }
        #expect(dashboard.contains("is-today\" data-date=\"2026-11-\(today)\""))
    }

    @Test("with a base URL: a sitemap of every page but 404, absolute feed links and an absolute 404 root")
    func baseURL() throws {
        let files = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(baseURL: "https://lift.example.org/log")))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(parseXML(sitemap).error == nil)
        #expect(sitemap.contains("<url><loc>https://lift.example.org/log/index.html</loc></url>"))
        #expect(sitemap.contains("<loc>https://lift.example.org/log/exercises/cafe-73473dcc.html</loc>"))
        #expect(!sitemap.contains("404.html"))
        #expect(sitemap.contains("/log/quality.html</loc>"))
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }.count
        #expect(sitemap.components(separatedBy: "<url>").count - 1 == pages)
        #expect(files["feed.xml"]?.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://lift.example.org/log/feed.xml\"/>") == true)
        #expect(files["404.html"]?.contains("href=\"https://lift.example.org/log/assets/style.css\"") == true)
    }

    @Test("a base URL that could break out of an attribute or is not http(s) is refused", arguments: [
        "ftp://x.org/", "javascript:alert(1)", "https://", "https://x.org/\"><script>", "https://x.org/a b", "//x.org",
    ])
    func badBaseURL(url: String) {
        #expect(throws: SiteError.self) { try SiteBuilder.build(SiteFixture.input(baseURL: url)) }
    }

    @Test("the Atom feed has one entry per counted workout, newest first, with stable tag IDs and offsets")
    func feed() throws {
        let feed = try page("feed.xml")
        let ids = feed.matches(of: /<id>(tag:[^<]*)<\/id>/).map { String($0.output.1) }
        #expect(ids.first == "tag:wkt-site,2026-11-18:2026-11-18-0600-2")
        #expect(ids.last == "tag:wkt-site,2025-12-30:2025-12-30-0700")
        #expect(ids.count == 10)
        // Europe/Berlin is UTC+1 in November and December.
        #expect(feed.contains("<updated>2026-11-18T06:00:00+01:00</updated>"))
    }

    @Test("F-01 … F-06: hostile, reserved, dotted, unicode, colliding and huge names give safe, distinct paths")
    func hostilePaths() throws {
        let names = [
            "../../etc/passwd", "Bench/Press", "a\\b", "C:x", ".", "..", "...", " ", ".htaccess", "CON", "nul.txt",
            "🏋️", "深蹲", "Жим лёжа", "Café", "Cafe\u{301}", "CAFE", "Cafe", "Squat", "squat", "Index",
            String(repeating: "x", count: 10_000), String(repeating: "ж", count: 150),
        ]
        let workouts = names.enumerated().map { index, name in
            SiteFixture.workout(Int64(index + 1), "2026-11-\(ASCIIDigits.pad(index % 20 + 1, 2)) 07:00:00", "W\(index)", [
                ExerciseBlock(name: name, sets: SiteFixture.sets([(20, 5)])),
            ])
        }
        let input = SiteBuildInput(history: WorkoutHistory(workouts: workouts), settings: SiteFixture.settings(), today: SiteFixture.today)
        let files = try SiteBuilder.build(input)
        let exercisePages = files.map(\.path).filter { $0.hasPrefix("exercises/") && $0 != "exercises/index.html" }
        // Café and Cafe\u{301} are one exercise (NFC); every other name has its own page.
        #expect(exercisePages.count == names.count - 1)
        #expect(Set(exercisePages.map { $0.lowercased() }).count == exercisePages.count, "distinct on a case-insensitive disk")
        for path in files.map(\.path) {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(components.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") && !$0.contains(":") }, "\(path)")
            #expect(components.allSatisfy { $0.utf8.count <= 64 + ".html".utf8.count }, "\(path)")
            #expect(!["con", "nul", "con.html", "nul.html"].contains(components.last.map { $0.lowercased() }), "\(path)")
        }
        // "Index" cannot replace the list page: it gets the hash suffix (sha256("Index") starts 39c3be11).
        #expect(exercisePages.contains("exercises/index-39c3be11.html"))
        let list = SiteFixture.textFiles(files)["exercises/index.html"]
        #expect(list?.contains("<h1>Exercises</h1>") == true)
        #expect(list?.contains("<a href=\"../exercises/index-39c3be11.html\">Index</a>") == true)
    }

    @Test("F-07: two sources writing one path fail the build, naming both; unsafe paths are refused")
    func duplicatePaths() {
        let a = (file: OutputFile(path: "exercises/x.html", text: "a"), source: "exercise \"X\"")
        let b = (file: OutputFile(path: "exercises/x.html", text: "b"), source: "exercise \"x\"")
        #expect(throws: SiteError.duplicateOutputPath(path: "exercises/x.html", first: "exercise \"X\"", second: "exercise \"x\"")) {
            try SiteBuilder.finish([a, b], sitemapBase: nil)
        }
        for bad in ["../x.html", "/etc/passwd", "a//b.html", ".well-known/x", "a/../b.html", "a\\b.html", "C:x.html", "con.html", ""] {
            #expect(throws: SiteError.self, "\(bad)") { try SiteBuilder.finish([(OutputFile(path: bad, text: ""), "test")], sitemapBase: nil) }
        }
        #expect(SiteError.duplicateOutputPath(path: "p", first: "a", second: "b").description.contains("a and b"))
    }

    @Test("a templates directory overrides the layout and changes the build ID")
    func templateOverride() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wkt-site-templates-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/partials", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "<footer class=\"site-footer\"><p>Custom footer: {{footer}}</p></footer>\n"
            .write(toFile: directory + "/partials/footer.mustache", atomically: false, encoding: .utf8)
        var input = SiteFixture.input()
        input.templatesDirectory = directory
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let index = try #require(files["index.html"])
        #expect(index.contains("<p>Custom footer: Built by wkt-site from 10 workouts, 2025-12-30 – 2026-11-18</p>"))
        #expect(try page("index.html").contains("wkt-build") && !(try page("index.html")).contains("Custom footer"))
        func id(_ html: String) -> String? { html.firstMatch(of: /name="wkt-build" content="([0-9a-f]+)"/).map { String($0.output.1) } }
        #expect(id(index) != id(try page("index.html")))
    }
}

@Suite("Site pages: names and template fields")
struct SiteNamesTests {
    @Test("R-05 and R-06: AT&T, a literal &amp; and control characters are shown as written, once escaped, controls removed")
    func ampersandsAndControls() throws {
        let names = ["AT&T Row", "&amp;", "Row\u{1}\u{B}\u{FFFE}X"]
        let workouts = [SiteFixture.workout(1, "2026-11-16 07:00:00", "W", names.map {
            ExerciseBlock(name: $0, sets: SiteFixture.sets([(20, 5)]))
        })]
        let input = SiteBuildInput(history: WorkoutHistory(workouts: workouts), settings: SiteFixture.settings(), today: SiteFixture.today)
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let workout = try #require(files["workouts/2026-11-16-0700.html"])
        #expect(workout.contains(">AT&amp;T Row</a></h3>"))
        #expect(workout.contains(">&amp;amp;</a></h3>"))
        #expect(workout.contains(">RowX</a></h3>"))
        let list = try #require(files["exercises/index.html"])
        #expect(list.contains(">AT&amp;T Row</a>") && list.contains(">&amp;amp;</a>") && list.contains(">RowX</a>"))
        // stats.json is the docs/statistics.md contract: JSON escapes the controls and may carry U+FFFE.
        for (path, text) in files where path != "data/stats.json" {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1 || $0.value == 0xB || $0.value == 0xFFFE }, "\(path)")
            for svg in inlineSVGs(in: text) { #expect(parseXML(svg).error == nil, "\(path)") }
        }
        #expect(parseXML(try #require(files["feed.xml"])).error == nil)
    }

    @Test("the navigation is the same at every depth and section, made once or each time")
    func navigationAtEveryDepth() {
        for depth in 0...3 {
            let root = String(repeating: "../", count: depth)
            for current in [nil] + NavSection.allCases.map(Optional.some) {
                let context = PageContext(
                    title: "T", description: "D", depth: depth, current: current, body: "", siteTitle: "S", buildID: "b", footer: "F")
                #expect(context.nav.map(\.href) == NavSection.allCases.map { root + $0.path })
                #expect(context.nav.map(\.title) == NavSection.allCases.map(\.title))
                #expect(context.nav.map(\.current) == NavSection.allCases.map { $0 == current }, "\(depth) \(String(describing: current))")
            }
        }
    }

    @Test("every stored field of PageContext and NavItem is reachable by the template lookup")
    func templateFields() {
        let context = PageContext(
            title: "T", description: "D", depth: 1, current: .records, body: "<p>b</p>", siteTitle: "S", buildID: "b", footer: "F")
        for child in Mirror(reflecting: context).children {
            let label = child.label ?? ""
            #expect(context.child(named: label) != nil, "PageContext.\(label) is not visible to templates")
            #expect(String(describing: context.child(named: label) ?? "") == String(describing: child.value))
        }
        let item = context.nav[2]
        for child in Mirror(reflecting: item).children {
            #expect(item.child(named: child.label ?? "") != nil, "NavItem.\(child.label ?? "")")
        }
        #expect(item.child(named: "current") as? Bool == true)
        #expect(context.child(named: "unknown") == nil)
    }
}
