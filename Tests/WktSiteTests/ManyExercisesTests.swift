import Foundation
import Testing
import WktCore
import WktMarkdown
@testable import WktSite

/// docs/reliability.md L-03: 5,000 distinct exercises give 5,000 pages, and every list page stays
/// under 1 MiB: the exercise list, the records table and a year's PR timeline are split into
/// pages of ``PageComposer/listPageSize`` rows with links between them.
@Suite("L-03: 5,000 exercises")
struct ManyExercisesTests {
    static let exerciseCount = 5000

    /// Exercise `k` (long names, as real catalogues have) is done in two workouts, the second
    /// heavier: 5,000 PR rows in 2026 alone.
    static let input: SiteBuildInput = {
        let perWorkout = 5
        var workouts: [StoredWorkout] = []
        let start = CivilDate(year: 2025, month: 1, day: 1)!
        for round in 0..<2 {
            for group in 0..<(exerciseCount / perWorkout) {
                let day = start.adding(days: round * 420 + group / 4)
                let time = WallTime(date: day, hour: 6 + (group % 4) * 3, minute: 0)!
                let blocks = (0..<perWorkout).map { offset -> ExerciseBlock in
                    let k = group * perWorkout + offset
                    let name = "Exercise \(String(format: "%04d", k)) — a long descriptive catalogue name (Machine, Wide Grip)"
                    return ExerciseBlock(name: name, sets: SiteFixture.sets([(Double(20 + k % 50 + round * 5), 8)]))
                }
                let workout = Workout(source: .wkt, sourceKey: "\(round)-\(group)", start: time, durationSeconds: 3600,
                                      name: "Session \(group)", exercises: blocks)
                workouts.append(StoredWorkout(id: Int64(workouts.count + 1), workout: workout))
            }
        }
        return SiteBuildInput(history: WorkoutHistory(workouts: workouts), settings: Settings(timezone: "UTC"),
                              today: CivilDate(year: 2026, month: 11, day: 21)!)
    }()

    /// The composer of that site. The whole site takes minutes in a debug build (7,000 pages),
    /// so the list pages are rendered here one by one; the release benchmark builds it whole.
    static let composer = PageComposer(site: SiteModel(history: input.history, settings: input.settings, today: input.today))

    /// A renderer with the built-in templates.
    static func renderer() throws -> PageRenderer {
        PageRenderer(layout: try LayoutRenderer(templatesDirectory: nil), notes: NoteRenderer(), siteTitle: "Log",
                     buildID: "0123456789abcdef", footer: "Built by wkt-site", baseURL: nil)
    }

    @Test("5,000 exercise pages; the list pages are split, each under 1 MiB, and list every exercise once")
    func paginated() throws {
        let composer = Self.composer
        let site = composer.site
        let renderer = try Self.renderer()
        let jobs = composer.jobs
        var paths: Set<String> = []
        var lists: [(job: PageJob, path: String, html: String)] = []
        var exercisePages = 0
        for job in jobs {
            switch job {
            case .workout(let index): paths.insert(site.workouts[index].path)
            case .exercise(let index):
                paths.insert(site.exercises[index].path)
                exercisePages += 1
            default:
                let file = try renderer.render(try composer.page(for: job))
                #expect(file.bytes.count < 1 << 20, "\(file.path): \(file.bytes.count) bytes")
                paths.insert(file.path)
                lists.append((job, file.path, String(decoding: file.bytes, as: UTF8.self)))
            }
        }
        #expect(exercisePages == Self.exerciseCount)
        #expect(paths.count == jobs.count, "every page has its own path")
        paths.formUnion(["assets/style.css", "assets/favicon.svg", "feed.xml", "data/stats.json"])

        let pages = Self.exerciseCount / PageComposer.listPageSize
        for first in [SitePaths.exercisesIndex, SitePaths.recordsIndex, SitePaths.recordsYear(2026)] {
            let split = (1...pages).map { SitePaths.listPage(first, $0) }
            #expect(Set(split).isSubset(of: paths), "\(first): \(split.filter { !paths.contains($0) })")
            #expect(!paths.contains(SitePaths.listPage(first, pages + 1)))
        }
        #expect(paths.contains("exercises/index-2.html") && paths.contains("records/2026-20.html"))
        for list in lists {
            #expect(brokenLinks(path: list.path, html: list.html, paths: paths).isEmpty, "\(list.path)")
        }

        // Every exercise is on exactly one page of the exercise list, the one its page links back to.
        var listedOn: [String: String] = [:]
        for list in lists where list.path.hasPrefix("exercises/index") {
            let page = Int(list.path.dropFirst("exercises/index-".count).dropLast(".html".count)) ?? 1
            #expect(list.html.contains("aria-current=\"page\">\(page)</a>"), "\(list.path)")
            let linked = Set(list.html.components(separatedBy: "href=\"../").dropFirst().map { $0.prefix { $0 != "\"" } })
            for (index, exercise) in site.exercises.enumerated() where linked.contains(Substring(exercise.path)) {
                #expect(listedOn[exercise.path] == nil, "\(exercise.path) is listed twice")
                listedOn[exercise.path] = list.path
                #expect(composer.exercisesListPath(forExerciseAt: index) == list.path)
            }
        }
        #expect(listedOn.count == Self.exerciseCount)
        for index in [0, 249, 250, 4999] {
            let page = try renderer.render(try composer.page(for: .exercise(index)))
            let list = composer.exercisesListPath(forExerciseAt: index)
            #expect(String(decoding: page.bytes, as: UTF8.self).contains("<a href=\"../\(list)\">← All exercises</a>"), "\(index)")
        }
        #expect(lists.first { $0.path == "records/index.html" }?.html.contains("PR timeline</h2>") == true)
        #expect(lists.first { $0.path == "records/index-2.html" }?.html.contains("PR timeline</h2>") == false)
    }

    @Test("a slug that names a list page gets the hash suffix")
    func reservedSlugs() {
        let slugs = SiteSlugs.exerciseSlugs(for: ["Index", "Index 2", "Index 20", "Index two", "Index-2b"])
        #expect(slugs["Index"]?.hasPrefix("index-") == true && slugs["Index"]?.count == "index-".count + 8)
        #expect(slugs["Index 2"]?.hasPrefix("index-2-") == true)
        #expect(slugs["Index 20"]?.hasPrefix("index-20-") == true)
        #expect(slugs["Index two"] == "index-two")
        #expect(slugs["Index-2b"] == "index-2b")
    }
}
