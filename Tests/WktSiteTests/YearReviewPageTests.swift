import Testing
import WktCore
@testable import WktSite

/// `years/<year>.html` (docs/product.md "Year in review"): one page per year with workouts, linked
/// from History and the year view, in the sitemap, and reused by the next build only while
/// nothing it shows has changed.
@Suite("Year in review pages")
struct YearReviewPageTests {
    /// Workouts in 2023 and 2025 (none in 2024) and 2026, today 2026-03-10.
    static func input() -> SiteBuildInput {
        let bench = "Bench Press (Barbell)"
        func lift(_ id: Int64, _ start: String, _ kg: Double, _ name: String = bench) -> StoredWorkout {
            SiteFixture.workout(id, start, "Lift", [ExerciseBlock(name: name, sets: SiteFixture.sets([(kg, 5), (kg, 5)]))])
        }
        let history = WorkoutHistory(workouts: [
            lift(1, "2023-05-02 07:00:00", 80), lift(2, "2023-05-09 07:00:00", 82.5),
            lift(3, "2025-02-04 07:00:00", 85), lift(4, "2025-02-06 07:00:00", 120, "Squat (Barbell)"),
            lift(5, "2025-06-10 07:00:00", 90), lift(6, "2026-01-13 07:00:00", 92.5), lift(7, "2026-03-03 07:00:00", 95),
        ])
        return SiteBuildInput(history: history, settings: SiteFixture.settings(), today: CivilDate(year: 2026, month: 3, day: 10)!,
                              baseURL: "https://example.org/log/")
    }

    @Test("every year with workouts gets a review page, in the sitemap; History and the year view link to it; links resolve")
    func pagesAndLinks() throws {
        let files = SiteFixture.textFiles(try SiteBuilder.build(Self.input()))
        let reviews = files.keys.filter { $0.hasPrefix("years/") }.sorted()
        #expect(reviews == ["years/2023.html", "years/2025.html", "years/2026.html"])
        #expect(files["history/2024.html"] != nil, "the gap year still has its weeks")
        #expect(files["history/2024.html"]?.contains("years/2024.html") == false)
        let history = try #require(files["history/index.html"])
        for year in ["2023", "2025", "2026"] {
            #expect(history.contains("href=\"../years/\(year).html\""), "History links \(year)")
            #expect(files["history/\(year).html"]?.contains("href=\"../years/\(year).html\"") == true, "the year view links \(year)")
            #expect(files["sitemap.xml"]?.contains("<loc>https://example.org/log/years/\(year).html</loc>") == true)
        }
        let paths = Set(files.keys)
        var problems: [String] = []
        for path in reviews {
            let html = try #require(files[path])
            problems += invariantProblems(path: path, html: html) + brokenLinks(path: path, html: html, paths: paths)
        }
        #expect(problems.isEmpty, "\(problems)")

        let gapYear = try #require(files["years/2025.html"])
        #expect(gapYear.contains("<h1>2025 in review</h1>"))
        #expect(gapYear.contains("No workouts in 2024, so there is nothing to compare with."))
        #expect(gapYear.contains("href=\"../exercises/squat-barbell.html\""), "the new exercise is linked")
        #expect(gapYear.contains("82.5 kg → <strong><a href=\"../workouts/2025-06-10-0700.html\">90 kg</a></strong>"),
                "heaviest from the best before the year to the year's best")
        let current = try #require(files["years/2026.html"])
        #expect(current.contains("<h1>2026 so far</h1>"))
        #expect(current.contains("2025 through 10 March"))
        #expect(current.contains("\u{2212}9%"), "1,875 kg against 2,050 kg by 10 March 2025")
        let first = try #require(files["years/2023.html"])
        #expect(first.contains("the log starts in 2023, so every exercise is new"))
        #expect(first.contains("Workouts per month in 2023"))
        #expect(first.contains("role=\"img\""))
    }

    @Test("an empty store has no review pages")
    func emptyStore() throws {
        let input = SiteBuildInput(history: WorkoutHistory(workouts: []), settings: SiteFixture.settings(), today: SiteFixture.today)
        #expect(try SiteBuilder.build(input).allSatisfy { !$0.path.hasPrefix("years/") })
    }

    @Test("a new workout this year reuses the past years' reviews; a change in a past year re-renders it and the year after")
    func reuse() throws {
        let base = Self.input()
        let first = try PageReuseTests.build(base, after: nil)
        let keys = { (build: SiteBuild) throws -> [String: UInt64] in
            let manifest = try #require(build.record.flatMap { PageManifest(parsing: $0[...]) })
            return manifest.entries.filter { $0.key.hasPrefix("years/") }.mapValues(\.key)
        }
        let before = try keys(first)
        #expect(before.keys.sorted() == ["years/2023.html", "years/2025.html"], "the year in progress is always rendered")

        func step(_ change: (inout [StoredWorkout]) -> Void) throws -> (changed: Set<String>, build: SiteBuild) {
            var input = base
            change(&input.history.workouts)
            input.history = PageReuseTests.sorted(input.history)
            let build = try PageReuseTests.build(input, after: first)
            #expect(PageReuseTests.firstDifference(build.files, try SiteBuilder.build(input)) == nil)
            let after = try keys(build)
            return (Set(before.keys.filter { before[$0] != after[$0] }), build)
        }
        let thisYear = try step { $0.append(SiteFixture.workout(8, "2026-03-09 07:00:00", "Lift", [
            ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(97.5, 5)])),
        ])) }
        #expect(thisYear.changed.isEmpty)
        #expect(thisYear.build.reusedPages >= 2)
        // A heavier set in 2023 changes 2023's numbers and the best 2025 started from.
        let pastSet = try step { $0[1].workout.exercises[0].sets[0].weightKg = 87.5 }
        #expect(pastSet.changed == ["years/2023.html", "years/2025.html"])
        // A renamed workout that 2025's review links to (its first squat).
        let linked = try step { $0[3].workout.name = "Legs" }
        #expect(linked.changed == ["years/2025.html"])
        // Squat's page moves when "Squat (barbell)" takes its slug.
        let slug = try step { $0.append(SiteFixture.workout(9, "2026-03-09 08:00:00", "Lift", [
            ExerciseBlock(name: "SQUAT (Barbell)", sets: SiteFixture.sets([(60, 5)])),
        ])) }
        #expect(slug.changed == ["years/2025.html"])
        // A workout in the gap year: 2025 now has a year to compare with.
        let gap = try step { $0.append(SiteFixture.workout(10, "2024-08-01 07:00:00", "Lift", [
            ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(60, 5)])),
        ])) }
        #expect(gap.changed == ["years/2023.html", "years/2025.html"], "2023's pager now leads to 2024")
        // The day moves into the next year: 2026 is complete and reusable, its key new.
        var nextYear = base
        nextYear.today = CivilDate(year: 2027, month: 1, day: 2)!
        let passed = try keys(try PageReuseTests.build(nextYear, after: first))
        #expect(passed["years/2026.html"] != nil)
        #expect(passed["years/2023.html"] == before["years/2023.html"])
    }

    @Test("the review digest covers every stored property of the review types")
    func digestCoversEveryField() {
        let day = SiteFixture.today
        var review = YearReview(year: 2026, inProgress: false, through: day, comparedThrough: day)
        review.bestWeek = WeekStats(start: day, label: "2026-W47", displayLabel: "2026-W47")
        let gain = YearReview.RecordGain(beforeKg: 1, bestKg: 2, day: day, workoutID: 1, events: 1)
        let samples: [(String, Any)] = [
            ("YearReview", review), ("Totals", YearReview.Totals()), ("Month", YearReview.Month(month: 1, totals: .init())),
            ("Run", YearReview.Run()), ("ExerciseShare", YearReview.ExerciseShare(name: "a", workouts: 1, workingSets: 1, reps: 1, volumeKg: 1)),
            ("RecordGain", gain), ("HeadlinePR", YearReview.HeadlinePR(exercise: "a", e1rm: gain, heaviest: nil, prs: 1)),
            ("NewExercise", YearReview.NewExercise(name: "a", day: day, workoutID: 1)), ("WeekStats", review.bestWeek as Any),
        ]
        for (name, sample) in samples {
            let mirror = Mirror(reflecting: sample)
            let count = mirror.displayStyle == .optional ? mirror.children.first.map { Mirror(reflecting: $0.value).children.count } : mirror.children.count
            #expect(count == InputDigest.yearReviewFieldCounts[name], "\(name): update InputDigest.add(_: YearReview)")
        }
        #expect(samples.count == InputDigest.yearReviewFieldCounts.count)
    }

    @Test("hostile input: a huge set, a hostile name, a lone workout in a week of the previous year, bodyweight only")
    func hostile() throws {
        let history = WorkoutHistory(workouts: [
            SiteFixture.workout(1, "2025-03-04 07:00:00", "Lift", [ExerciseBlock(name: SiteFixture.hostileName, sets: SiteFixture.sets([(nil, 10)]))]),
            SiteFixture.workout(2, "2025-12-29 07:00:00", "Lift", [ExerciseBlock(name: "Squat", sets: SiteFixture.sets([(100, 877_777)]))]),
            // Friday 1 January 2027 lies in 2026-W53, filed under 2026: 2027 has no week with a workout yet.
            SiteFixture.workout(3, "2027-01-01 07:00:00", "Lift", [ExerciseBlock(name: "Squat", sets: SiteFixture.sets([(1_000_000, 1)]))]),
        ])
        let input = SiteBuildInput(history: history, settings: SiteFixture.settings(), today: CivilDate(year: 2027, month: 1, day: 2)!)
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let paths = Set(files.keys)
        var problems: [String] = []
        for path in ["years/2025.html", "years/2027.html"] {
            let html = try #require(files[path])
            problems += invariantProblems(path: path, html: html) + brokenLinks(path: path, html: html, paths: paths)
                + numberFormatProblems(path: path, text: html)
        }
        #expect(problems.isEmpty, "\(problems)")
        let lone = try #require(files["years/2027.html"])
        #expect(lone.contains("Best week: none, no week filed under 2027 has a workout"))
        #expect(lone.contains("No workouts in 2026 through 2 January, so there is nothing to compare with."))
        let old = try #require(files["years/2025.html"])
        #expect(old.contains("87,777,700 kg volume"))
        #expect(!old.contains("<svg onload"))
    }

    @Test("percentages: whole percent with a sign, none when the previous value is 0")
    func percent() {
        #expect(PageComposer.percentText(YearReview.Change(now: 3, then: 2)) == "+50%")
        #expect(PageComposer.percentText(YearReview.Change(now: 1, then: 3)) == "\u{2212}67%")
        #expect(PageComposer.percentText(YearReview.Change(now: 1000, then: 999)) == "±0%")
        #expect(PageComposer.percentText(YearReview.Change(now: 5, then: 0)) == "–")
        #expect(PageComposer.percentText(YearReview.Change(now: 0, then: 0)) == "–")
    }
}
