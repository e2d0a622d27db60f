import Foundation
import Testing
import WktCore
@testable import WktSite

/// `[publish]` on the built site (docs/product.md "Publishing: what a public site reveals"): hidden
/// values are in no file, the statistics are unchanged, `noindex` reaches every page.
@Suite("Publish profile on the site")
struct PublishSiteTests {
    static let everything = PublishProfile(hide: Set(PublishProfile.Field.allCases))

    /// The fixture built with `profile`, with a base URL so the sitemap is written too.
    static func build(_ profile: PublishProfile?, templates: String? = nil) throws -> SiteBuild {
        var input = SiteFixture.input(baseURL: "https://example.org/lifts/")
        input.settings.publish = profile
        input.templatesDirectory = templates
        input.previousSite = PreviousSite.none
        return try SiteBuilder.buildSite(input)
    }

    /// Text that only a hidden value of the fixture puts on the site, by what hides it.
    static let secrets: [(field: PublishProfile.Field, text: String)] = [
        (.notes, "Next time"), (.notes, "grindy"), (.notes, "Depth"), (.notes, "class=\"note"),
        (.checkIns, "Knee pain 1"), (.checkIns, "Energy 3"), (.checkIns, "Check-in"),
        (.painFlags, "Irritated my knees"), (.painFlags, "⚠ knees"),
        (.ratings, "★"), (.ratings, "rated 4 of 5"), (.ratings, "Rating"),
        (.times, "07:00"), (.times, "18:30"), (.times, "06:00"), (.times, "12:00"), (.times, "-0700"), (.times, "-1830"),
        (.times, ">Start<"),
    ]

    /// Every file of a build and its record (the page manifest the marker stores) as text.
    static func everyText(_ build: SiteBuild) -> [(path: String, text: String)] {
        build.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) } + [(".wkt-site record", build.record ?? "")]
    }

    @Test("each hidden kind of value is in no file of the site, and the others stay", arguments: PublishProfile.Field.allCases)
    func hidesEachField(_ field: PublishProfile.Field) throws {
        let plain = Self.everyText(try Self.build(nil))
        let hidden = Self.everyText(try Self.build(PublishProfile(hide: [field])))
        for secret in Self.secrets {
            #expect(plain.contains { $0.text.contains(secret.text) }, "the unredacted site shows \(secret.text)")
            let leaks = hidden.filter { $0.text.contains(secret.text) }.map(\.path)
            if secret.field == field {
                #expect(leaks.isEmpty, "hiding \(field.rawValue): \(secret.text) is still in \(leaks)")
            } else {
                #expect(!leaks.isEmpty, "hiding \(field.rawValue) also removed \(secret.text)")
            }
        }
    }

    @Test("with everything hidden, stats.json is byte-identical and the pages list the same workouts and exercises")
    func statisticsUnchanged() throws {
        let plain = SiteFixture.textFiles(try Self.build(nil).files)
        let hidden = SiteFixture.textFiles(try Self.build(Self.everything).files)
        #expect(hidden[SitePaths.statsJSON] == plain[SitePaths.statsJSON])
        #expect(hidden.keys.filter { $0.hasPrefix("exercises/") }.sorted() == plain.keys.filter { $0.hasPrefix("exercises/") }.sorted())
        // Page IDs lose the time; two workouts of one day are told apart in the order they were done.
        let workouts = hidden.keys.filter { $0.hasPrefix("workouts/2026-11-") }.sorted()
        #expect(workouts == ["workouts/2026-11-02.html", "workouts/2026-11-04.html", "workouts/2026-11-06.html",
                             "workouts/2026-11-09.html", "workouts/2026-11-11.html", "workouts/2026-11-13.html",
                             "workouts/2026-11-16.html", "workouts/2026-11-18-2.html", "workouts/2026-11-18.html"])
        #expect(hidden["workouts/2026-11-18.html"]?.contains("<h1>Pull</h1>") == true)
        #expect(hidden["workouts/2026-11-18-2.html"]?.contains("<h1>Pull B</h1>") == true)
        // The same volumes, sets and durations are shown.
        for text in ["<dd>1 h 00 min</dd>", "30 min", "<dd>320 kcal</dd>"] {
            #expect(hidden["workouts/2026-11-11.html"]?.contains(text) == true || hidden["workouts/2026-11-02.html"]?.contains(text) == true,
                    "\(text)")
        }
        let feed = try #require(hidden[SitePaths.feed])
        #expect(feed.contains("<updated>2026-11-18T00:00:00Z</updated>"))
        #expect(hidden[SitePaths.sitemap]?.contains("workouts/2026-11-18-2.html") == true)
    }

    @Test("noindex: a robots tag in the head of every page and a robots.txt; without it neither")
    func noindex() throws {
        let indexed = try Self.build(Self.everything)
        #expect(!indexed.files.contains { $0.path == SitePaths.robots })
        #expect(indexed.files.contains { $0.path == SitePaths.sitemap }, "a base URL gives a sitemap")
        #expect(!indexed.files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("name=\"robots\"") })

        let hidden = try Self.build(PublishProfile(noindex: true))
        #expect(!hidden.files.contains { $0.path == SitePaths.sitemap }, "no sitemap inviting crawlers to noindex pages")
        let robots = try #require(hidden.files.first { $0.path == "robots.txt" })
        #expect(String(decoding: robots.bytes, as: UTF8.self) == "User-agent: *\nDisallow: /\n")
        let pages = hidden.files.filter { $0.path.hasSuffix(".html") }
        #expect(pages.count > 20)
        for page in pages {
            let text = String(decoding: page.bytes, as: UTF8.self)
            let head = try #require(text.components(separatedBy: "</head>").first)
            #expect(head.components(separatedBy: "<meta name=\"robots\" content=\"noindex, nofollow\">").count == 2, "\(page.path)")
        }
        // noindex alone hides no value.
        #expect(hidden.files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("grindy") })
    }

    @Test("noindex with user templates: the tag goes before </head> in any case; a layout without one fails the build")
    func noindexTemplates() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/wkt-publish-templates-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let layout = folder + "/layout.mustache"
        try Data("<!doctype html><html><HEAD><title>{{documentTitle}}</title></HEAD><body>{{{body}}}</body></html>\n".utf8)
            .write(to: URL(fileURLWithPath: layout))
        let built = try Self.build(PublishProfile(noindex: true), templates: folder)
        for page in built.files where page.path.hasSuffix(".html") {
            #expect(String(decoding: page.bytes, as: UTF8.self).contains("<meta name=\"robots\" content=\"noindex, nofollow\">\n</HEAD>"),
                    "\(page.path)")
        }
        try Data("<html><body>{{{body}}}</body></html>\n".utf8).write(to: URL(fileURLWithPath: layout))
        #expect(throws: SiteError.noHeadForRobots(template: "layout")) { try Self.build(PublishProfile(noindex: true), templates: folder) }
        #expect(try Self.build(nil, templates: folder).files.count > 20, "without noindex the layout needs no head")
    }

    @Test("switching the profile reuses no page of the other build, and the result equals a fresh build")
    func switchingReusesNothing() throws {
        var privateInput = SiteFixture.input()
        privateInput.history = PageReuseTests.sorted(privateInput.history)
        var publicInput = privateInput
        publicInput.settings.publish = PublishProfile(hide: [.notes])
        let first = try PageReuseTests.build(privateInput, after: nil)
        #expect(try PageReuseTests.build(privateInput, after: first).reusedPages > 10, "the same build reuses its pages")
        for (from, to) in [(privateInput, publicInput), (publicInput, privateInput)] {
            let previous = try PageReuseTests.build(from, after: nil)
            let switched = try PageReuseTests.build(to, after: previous)
            #expect(switched.reusedPages == 0)
            let fresh = try PageReuseTests.build(to, after: nil)
            #expect(PageReuseTests.firstDifference(switched.files, fresh.files) == nil)
        }
        // The stamp differs too, so a build never stops early on the other one's site.
        func stamp(_ settings: Settings) -> String {
            BuildFingerprint(settings: settings, baseURL: nil, templates: "t", renderer: "r")
                .stamp(storeDigest: "s", today: SiteFixture.today)
        }
        #expect(stamp(privateInput.settings) != stamp(publicInput.settings))
    }
}
