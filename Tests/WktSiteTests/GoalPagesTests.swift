import Foundation
import Synchronization
import Testing
import WktCore
@testable import WktSite

/// Goals on the dashboard, the exercise pages and in the feed (docs/product.md "Goals on the
/// dashboard and exercise pages"), and the page keys that rebuild those pages.
@Suite("Goal pages")
struct GoalPagesTests {
    /// Bench heaviest 90 kg (reached 2026-11-09), squat e1RM 140 kg (in progress), deadlift
    /// 5-rep max 200 kg by 2026-11-01 (passed).
    static let goals = [
        Goal(exercise: "bench press (barbell)", metric: .heaviest, targetKg: 90, by: CivilDate(year: 2026, month: 12, day: 31)),
        Goal(exercise: "Squat (Barbell)", metric: .e1rm, targetKg: 140),
        Goal(exercise: "Deadlift (Barbell)", metric: .repMax(5), targetKg: 200, by: CivilDate(year: 2026, month: 11, day: 1)),
    ]

    static func input(goals: [Goal] = goals, today: CivilDate = SiteFixture.today, unit: WeightUnit = .kg) -> SiteBuildInput {
        var input = SiteFixture.input(today: today, unit: unit)
        input.settings.goals = goals
        return input
    }

    /// Whether `page` of a site built from `input` holds every fragment (each one an expectation).
    static func expect(_ page: String, of input: SiteBuildInput = input(), holds fragments: [String]) throws {
        let text = try #require(SiteFixture.textFiles(try SiteBuilder.build(input))[page])
        for fragment in fragments { #expect(text.contains(fragment), "\(page): \(fragment)") }
    }

    @Test("the dashboard shows every goal: a named progress bar, the numbers in text, reached, projection, by")
    func dashboard() throws {
        try Self.expect("index.html", holds: [
            "<h2 id=\"goals\">Goals</h2>", "1 of 3 goals reached.",
            "<a href=\"exercises/bench-press-barbell.html\">Bench Press (Barbell)</a> · heaviest",
            "<progress class=\"goal-bar\" max=\"100\" value=\"100\" aria-label=\"Bench Press (Barbell) heaviest goal: 100 %\">100 %</progress>",
            "<p class=\"goal-numbers\">90 / 90 kg (100 %)</p>",
            "Reached on <a href=\"workouts/2026-11-09-0700.html\">Mon 2026-11-09</a>. <span class=\"goal-by\">By 2026-12-31: reached in time</span>.",
            // Squat e1RM: 105 × 5 = 122.5 kg (Epley); 87 %.
            "<p class=\"goal-numbers\">122.5 / 140 kg (87 %)</p>",
            "No projection: fewer than 4 weeks of data in the last 12 complete weeks (2).",
            "<p class=\"goal-numbers\">150 / 200 kg (75 %)</p>",
            "<span class=\"goal-late\">By 2026-11-01: passed, not reached</span>",
        ])
        try Self.expect("index.html", of: Self.input(unit: .lb), holds: [
            "<p class=\"goal-numbers\">198.4 / 198.4 lb (100 %)</p>", "<p class=\"goal-numbers\">270.1 / 308.6 lb (87 %)</p>",
        ])
        let none = SiteFixture.textFiles(try SiteBuilder.build(Self.input(goals: [])))
        #expect(none["index.html"]?.contains("goal") == false)
    }

    /// `SiteBuildInput.derivedGoals` (the demo's goals, chosen from the build's own statistics)
    /// must give the site that the same goals configured give: pages, `stats.json`, feed and the
    /// build ID every page carries (the configuration it hashes holds the goals).
    @Test("goals derived from the build's report give the site of the same goals configured")
    func derivedGoals() throws {
        let configured = try SiteBuilder.build(Self.input())
        #expect(SiteFixture.textFiles(configured)["index.html"]?.contains("1 of 3 goals reached.") == true)
        var derived = Self.input(goals: [])
        let seen = Mutex<[String]>([])
        derived.derivedGoals = { report in
            seen.withLock { $0 = report.exercises.map(\.name) }
            #expect(report.goals.isEmpty, "the report is computed without goals")
            return Self.goals
        }
        let derivedFiles = try SiteBuilder.build(derived)
        #expect(derivedFiles.map(\.path) == configured.map(\.path))
        #expect(Self.differing(derivedFiles, configured).isEmpty)
        #expect(seen.withLock { $0 }.contains("Squat (Barbell)"), "the rule was given the build's statistics")
        // Configured goals win: the rule is not asked.
        var both = Self.input()
        both.derivedGoals = { _ in
            Issue.record("asked for derived goals with goals configured")
            return []
        }
        let bothFiles = try SiteBuilder.build(both)
        #expect(Self.differing(bothFiles, configured).isEmpty)
        // Derived goals count: a site without them differs in its build ID on every page.
        let none = try SiteBuilder.build(Self.input(goals: []))
        let workout = try #require(configured.first { $0.path.hasPrefix("workouts/2") })
        #expect(none.first { $0.path == workout.path }?.bytes != workout.bytes)
    }

    /// The paths whose bytes differ between two builds of the same paths.
    static func differing(_ lhs: [OutputFile], _ rhs: [OutputFile]) -> [String] {
        zip(lhs, rhs).filter { $0.bytes != $1.bytes }.map(\.0.path)
    }

    @Test("an exercise page shows its own goals; others show none")
    func exercisePages() throws {
        try Self.expect("exercises/deadlift-barbell.html", holds: [
            "<h2 id=\"goals\">Goals</h2>", "<p class=\"goal-title\">Goal · 5-rep max</p>", "<p class=\"goal-numbers\">150 / 200 kg (75 %)</p>",
        ])
        try Self.expect("exercises/bench-press-barbell.html", holds: [
            "Reached on <a href=\"../workouts/2026-11-09-0700.html\">Mon 2026-11-09</a>",
        ])
        #expect(SiteFixture.textFiles(try SiteBuilder.build(Self.input()))["exercises/leg-press.html"]?.contains("goal") == false)
    }

    @Test("a reached goal is a feed entry above its workout's, dated like it, with a stable id")
    func feed() throws {
        let feed = try #require(SiteFixture.textFiles(try SiteBuilder.build(Self.input()))["feed.xml"])
        let id = "<id>tag:wkt-site,2026-11-09:goal/bench-press-barbell/heaviest/90.0</id>"
        #expect(feed.components(separatedBy: "<title>Goal reached:").count == 2)
        let goal = try #require(feed.range(of: id))
        let workout = try #require(feed.range(of: "<id>tag:wkt-site,2026-11-09:2026-11-09-0700</id>"))
        #expect(goal.lowerBound < workout.lowerBound)
        #expect(feed.contains("<title>Goal reached: Bench Press (Barbell) heaviest 90 kg</title>"))
        #expect(feed.contains("<summary>Bench Press (Barbell): heaviest 90 kg on 2026-11-09 (Push), the goal was 90 kg, reached by 2026-12-31 as planned.</summary>"))
        let again = try #require(SiteFixture.textFiles(try SiteBuilder.build(Self.input(today: SiteFixture.today.adding(days: 5))))["feed.xml"])
        #expect(again.contains(id), "the id does not change with the day of the build")
    }

    @Test("a new workout that reaches a goal, and a day that moves a projection, rebuild the pages showing them")
    func rebuilds() throws {
        let goal = [Goal(exercise: "Bench Press (Barbell)", metric: .heaviest, targetKg: 95)]
        let base = Self.input(goals: goal)
        let first = try PageReuseTests.build(base, after: nil)
        let firstFiles = SiteFixture.textFiles(first.files)
        #expect(firstFiles["exercises/bench-press-barbell.html"]?.contains("(2).") == true)

        // A new workout reaches 95 kg: dashboard, exercise page and feed all say so.
        var reaching = base
        reaching.history.workouts.append(SiteFixture.workout(20, "2026-11-20 07:00:00", "Push", [
            ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(95, 3)])),
        ]))
        reaching.history = PageReuseTests.sorted(reaching.history)
        let reused = try PageReuseTests.build(reaching, after: first)
        #expect(PageReuseTests.firstDifference(reused.files, try SiteBuilder.build(reaching)) == nil)
        let files = SiteFixture.textFiles(reused.files)
        for path in ["index.html", "exercises/bench-press-barbell.html"] {
            #expect(files[path]?.contains("Reached on") == true, "\(path)")
        }
        #expect(files["feed.xml"]?.contains("goal/bench-press-barbell/heaviest/95.0") == true)
        #expect(reused.reusedPages > 0)

        // The next day: no workout changes, but a third complete week enters the window.
        var nextWeek = base
        nextWeek.today = SiteFixture.today.adding(days: 1)
        let moved = try PageReuseTests.build(nextWeek, after: first)
        #expect(PageReuseTests.firstDifference(moved.files, try SiteBuilder.build(nextWeek)) == nil)
        #expect(SiteFixture.textFiles(moved.files)["exercises/bench-press-barbell.html"]?.contains("(3).") == true)
        #expect(moved.reusedPages > 0)
    }

    @Test("the goal digest covers every stored property of GoalProgress and Goal")
    func digestCoversFields() {
        let progress = GoalEngine.progress(Self.goals[0], stats: nil, calendar: TrainingCalendar(settings: SiteFixture.settings()),
                                           today: SiteFixture.today)
        #expect(Mirror(reflecting: progress).children.count == InputDigest.goalFieldCounts["GoalProgress"])
        #expect(Mirror(reflecting: Self.goals[0]).children.count == InputDigest.goalFieldCounts["Goal"])
    }
}
