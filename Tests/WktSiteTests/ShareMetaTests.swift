import Foundation
import Testing
import WktCore
import WktMarkdown
@testable import WktSite

/// Meta descriptions and share tags (docs/product.md "Share metadata").
@Suite("Share metadata")
struct ShareMetaTests {
    /// The fixture site, built once for the suite.
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in try SiteBuilder.build(SiteFixture.input()) }

    /// The fixture files as path → text.
    func files() throws -> [String: String] { SiteFixture.textFiles(try Self.built.get()) }

    /// The `content` of `<meta name|property="key">` on a page, entities decoded; nil when absent.
    static func meta(_ key: String, in html: String) -> String? {
        htmlTags(in: html).first { tag in
            tag.name == "meta" && tag.attributes.contains { ($0.name == "name" || $0.name == "property") && $0.value == key }
        }.flatMap { tag in tag.attributes.first { $0.name == "content" }.map { decodeEntities($0.value) } }
    }

    /// The `href` of `<link rel="canonical">`, nil when absent.
    static func canonical(in html: String) -> String? {
        htmlTags(in: html).first { tag in tag.name == "link" && tag.attributes.contains { $0.name == "rel" && $0.value == "canonical" } }
            .flatMap { tag in tag.attributes.first { $0.name == "href" }.map { decodeEntities($0.value) } }
    }

    @Test("each page kind's description carries its own numbers in the site's formats")
    func descriptions() throws {
        let files = try files()
        func description(_ path: String) throws -> String {
            let html = try #require(files[path], "no \(path)")
            return try #require(Self.meta("description", in: html), "\(path)")
        }
        // 10 counted workouts from 2025-12-30; this week (2026-W47) 3; weeks W45–W47 meet the target of 2.
        #expect(try description("index.html") == "10 workouts since December 2025 · 3 this week · 3-week streak")
        // Bench 80×5, 80×5, 85×3 (1,055 kg) and OHP 50×5 ×2 (500 kg); 9 PR events over the 2025 baseline,
        // all of one exercise: 1 PR as pages count them.
        #expect(try description("workouts/2026-11-02-0700.html") == "Push on Monday 2 November 2026: 2 exercises, 5 sets, 1,555 kg, 1 PR")
        #expect(try description("workouts/2026-11-11-1200.html") == "Lunch Run on Wednesday 11 November 2026: running, no sets logged")
        // e1RM 90 × (1 + 5/30) = 105.0; 90 kg lifted for 5 reps at most; 4 counted sessions (the future one is not).
        #expect(try description("exercises/bench-press-barbell.html")
            == "Bench Press (Barbell): best e1RM 105 kg, heaviest 90 kg × 5, 4 sessions")
        #expect(try description("exercises/pull-up.html") == "Pull Up: max reps 10, 1 session")
        #expect(try description("exercises/plank.html") == "Plank: 2 sets, 1 session")
        #expect(try description("exercises/band-pull-apart.html") == "Band Pull Apart: no working sets yet")
        #expect(try description("exercises/index.html")
            == "13 exercises with their totals and records, the most trained Bench Press (Barbell) with 4 sessions")
        // 2026: 9 workouts on 8 days; weeks 2026-W01 … W47, of which W45–W47 met the target.
        let year = try description("history/2026.html")
        #expect(year.hasPrefix("2026 in training: 9 workouts on 8 days, weekly target met in 3 of 47 weeks, "))
        #expect(try description("history/index.html") == "Every week since January 2026 as a calendar row: 47 weeks, the weekly target of 2 met in 3")
        #expect(try description("workouts/index.html") == "10 workouts from December 2025 to November 2026, newest first")
        let records = try description("records/index.html")
        #expect(records.hasPrefix("Records of ") && records.hasSuffix(", the latest on Wednesday 18 November 2026"), "\(records)")
        #expect(try description("404.html") == "There is no page at this address")
    }

    @Test("descriptions follow the display unit and never carry notes, check-ins, ratings or times of day")
    func descriptionsArePublicNumbers() throws {
        let pounds = SiteFixture.textFiles(try SiteBuilder.build(SiteFixture.input(unit: .lb)))
        // 105.0 kg is 231.5 lb, 90 kg is 198.4 lb; 1,555 kg is 3,428 lb.
        #expect(Self.meta("description", in: try #require(pounds["exercises/bench-press-barbell.html"]))
            == "Bench Press (Barbell): best e1RM 231.5 lb, heaviest 198.4 lb × 5, 4 sessions")
        #expect(Self.meta("description", in: try #require(pounds["workouts/2026-11-02-0700.html"]))?.contains("3,428 lb") == true)
        for (path, html) in try files() where path.hasSuffix(".html") {
            let description = try #require(Self.meta("description", in: html), "\(path)")
            for secret in ["Felt", "good", "grindy", "Knee", "knee", "rated", "of 5", "07:00", "06:00", "18:30", "12:00", "min"] {
                #expect(!description.contains(secret), "\(path): \(description)")
            }
            #expect(Self.meta("og:description", in: html) == description, "\(path)")
        }
    }

    @Test("every page kind carries the share tags; only workout pages are articles")
    func tagsOnEveryPage() throws {
        let files = try files()
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count > 30)
        for path in pages {
            let html = try #require(files[path])
            #expect(Self.meta("og:site_name", in: html) == "Test Log", "\(path)")
            #expect(Self.meta("twitter:card", in: html) == "summary", "\(path)")
            let title = try #require(Self.meta("og:title", in: html), "\(path)")
            #expect(!title.isEmpty, "\(path)")
            let article = path.hasPrefix("workouts/2")
            #expect(Self.meta("og:type", in: html) == (article ? "article" : "website"), "\(path)")
            #expect(Self.meta("og:url", in: html) == nil && Self.canonical(in: html) == nil, "no base URL: \(path)")
            #expect(Self.meta("og:image", in: html) == nil, "\(path)")
        }
        #expect(Self.meta("og:title", in: try #require(files["workouts/2026-11-02-0700.html"])) == "Push, 2026-11-02")
        #expect(Self.meta("og:title", in: try #require(files["index.html"])) == "Test Log")
    }

    @Test("with a base URL, og:url and the canonical link are the page's absolute URL, as the sitemap writes it")
    func absoluteURLs() throws {
        var history = SiteFixture.history
        history.workouts.append(SiteFixture.workout(30, "2026-11-20 07:00:00", "Жим", [
            ExerciseBlock(name: "Жим лёжа", sets: SiteFixture.sets([(60, 5)])),
        ]))
        let input = SiteBuildInput(history: history, settings: SiteFixture.settings(), today: SiteFixture.today, baseURL: "https://example.org/a&b")
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let sitemap = try #require(files["sitemap.xml"])
        let locations = Set(sitemap.matches(of: /<loc>([^<]*)<\/loc>/).map { decodeEntities(String($0.output.1)) })
        var checked = 0
        for (path, html) in files where path.hasSuffix(".html") && path != "404.html" {
            let url = try #require(Self.meta("og:url", in: html), "\(path)")
            #expect(url == Sitemap.absoluteURL(path, baseURL: "https://example.org/a&b/"))
            #expect(locations.contains(url), "\(path): \(url) not in the sitemap")
            #expect(Self.canonical(in: html) == url, "\(path)")
            // The escaped form is what the page carries.
            #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/a&amp;b/"), "\(path)")
            checked += 1
        }
        #expect(checked == locations.count)
        #expect(locations.contains { $0.contains("/exercises/%D0%B6") }, "the Cyrillic slug is percent-encoded: \(locations)")
        let notFound = try #require(files["404.html"])
        #expect(Self.meta("og:url", in: notFound) == nil && Self.canonical(in: notFound) == nil)
        #expect(Self.meta("og:site_name", in: notFound) == "Test Log")
    }

    @Test("a hostile site title and exercise name are escaped in every share tag (R-04)")
    func hostileText() throws {
        var settings = SiteFixture.settings()
        settings.title = "\"><script>alert(1)</script>"
        let input = SiteBuildInput(history: SiteFixture.history, settings: settings, today: SiteFixture.today, baseURL: "https://example.org/")
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let exercise = try #require(files.first { $0.key.hasPrefix("exercises/svg-onload") }?.value)
        #expect(exercise.contains("<meta property=\"og:title\" content=\"\(hostileEscaped)\">"))
        #expect(exercise.contains("<meta property=\"og:site_name\" content=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">"))
        #expect(Self.meta("og:description", in: exercise)?.hasPrefix(hostile + ": best e1RM ") == true)
        var problems: [String] = []
        for (path, html) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".html") {
            problems += invariantProblems(path: path, html: html)
            for tag in htmlTags(in: html) where tag.name == "meta" || tag.name == "link" {
                for attribute in tag.attributes where attribute.value.contains("<") || attribute.value.contains(">") {
                    problems.append("\(path): unescaped \(attribute.name)=\(attribute.value)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("the tag helper escapes every value and writes og:url and canonical only with a URL")
    func tagHelper() {
        let tags = ShareMeta.tags(title: "", description: "a \"b\" <c> & 'd'\u{1}", siteTitle: "S&S", kind: .article, url: nil)
        #expect(tags == """
            <meta property="og:site_name" content="S&amp;S">
            <meta property="og:type" content="article">
            <meta property="og:title" content="S&amp;S">
            <meta property="og:description" content="a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;">
            <meta name="twitter:card" content="summary">
            """)
        let withURL = ShareMeta.tags(title: "T", description: "D", siteTitle: "S", kind: .website, url: "https://x.org/a&b/index.html")
        #expect(withURL.hasSuffix("""
            <meta property="og:url" content="https://x.org/a&amp;b/index.html">
            <meta name="twitter:card" content="summary">
            <link rel="canonical" href="https://x.org/a&amp;b/index.html">
            """))
    }

    @Test("every page but the body-template ones takes the skeleton path with the share tags in a slot")
    func skeletonPathUsed() throws {
        let input = SiteFixture.input(baseURL: "https://example.org/")
        let site = SiteModel(history: input.history, settings: input.settings, today: input.today)
        let composer = PageComposer(site: site)
        let renderer = PageRenderer(
            layout: try LayoutRenderer(), notes: NoteRenderer(), siteTitle: site.siteTitle, buildID: "0123456789abcdef",
            footer: SiteBuilder.footer(site), baseURL: "https://example.org/")
        var kinds = Set<String>()
        for job in composer.jobs {
            let page = try composer.page(for: job)
            let (file, slots) = try renderer.renderRecordingSlots(page)
            guard page.bodyTemplate == nil else { continue }
            let recorded = try #require(slots, "\(page.path) fell back to Mustache")
            let meta = renderer.shareMeta(page)
            #expect(recorded.contains { Array(file.bytes[$0]) == Array(meta.utf8) }, "\(page.path): the share tags are not a slot")
            kinds.insert(String(describing: job).prefix { $0 != "(" }.description)
        }
        #expect(kinds.count >= 7, "\(kinds)")
        #expect(try LayoutRenderer().fastPathFallbacks().isEmpty)
    }
}
