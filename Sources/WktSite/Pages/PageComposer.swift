import WktCore
import WktMarkdown

/// One page to compose; the list of jobs is fixed before the parallel render.
enum PageJob: Sendable, Hashable {
    /// `index.html`.
    case dashboard
    /// `history/index.html`.
    case historyIndex
    /// `history/<year>.html`.
    case historyYear(Int)
    /// `workouts/index.html`.
    case workoutsIndex
    /// `years/<year>.html`: the year in review (years with counted workouts).
    case yearReview(Int)
    /// `workouts/<year>.html` (long lists only).
    case workoutsYear(Int)
    /// `workouts/<id>.html` of the workout at this index of ``SiteModel/workouts``.
    case workout(Int)
    /// `exercises/index.html` (page 1) and `exercises/index-<n>.html` for long lists.
    case exercisesIndex(page: Int)
    /// `exercises/<slug>.html` of the exercise at this index of ``SiteModel/exercises``.
    case exercise(Int)
    /// `records/index.html` (page 1) and `records/index-<n>.html` when the records table is long.
    case recordsIndex(page: Int)
    /// `records/<year>.html` and `records/<year>-<n>.html` (long PR timelines only).
    case recordsYear(Int, page: Int)
    /// `404.html`.
    case notFound
    /// `quality.html` (only when there are findings or ignored sets).
    case quality
    /// `muscles.html`.
    case muscles
}

/// Composes pages (as ``PageBlock``s) from the ``SiteModel``. Pure: no I/O, no clock. A class
/// (immutable) for the reason given at ``SiteModel``: closures in the composers capture it.
final class PageComposer: Sendable {
    /// The data.
    let site: SiteModel
    /// The rows (PR groups) of each year's PR timeline, newest first, computed once: every page
    /// of a split year needs them (``prRows(inYear:)``).
    private let prRowsByYear: [Int: [PRGroup]]
    /// For each workout of ``SiteModel/workouts``, the index of the previous workout of the same
    /// name (``WorkoutComparison/previousSameName(_:)``).
    let previousSameName: [Int?]
    /// The review of each year with counted workouts (``YearReview``), computed once.
    let yearReviews: [Int: YearReview]
    /// Whether the long generated tables are written straight as the HTML cmark-gfm makes of
    /// them when every text in them renders as itself (``table(_:_:into:)``,
    /// ``historyYear(_:_:notes:assisted:root:into:)``); false writes them as Markdown, which
    /// gives the same page (tested) and is what Hugo gets in the benchmark's content
    /// (``HugoContent``): the tables as a Hugo site would have them.
    let tablesAsHTML: Bool
    /// Each workout's comparison tallies, made once for both pages that compare it.
    let comparisonTallies: ComparisonTallies

    /// A composer for `site`, its three setup parts computed side by side (this runs before any
    /// page can start).
    convenience init(site: SiteModel, tablesAsHTML: Bool = true) {
        let parts = ParallelMap.map(Part.allCases) { part -> Computed in
            switch part {
            case .prRows: .prRows(Self.prRowsByYear(site.report))
            case .previousSameName: .previousSameName(WorkoutComparison.previousSameName(site.workouts))
            case .yearReviews: .yearReviews(Self.yearReviews(site.report))
            }
        }
        var prRows: [Int: [PRGroup]] = [:]
        var previous: [Int?] = []
        var reviews: [Int: YearReview] = [:]
        for computed in parts {
            switch computed {
            case .prRows(let value): prRows = value
            case .previousSameName(let value): previous = value
            case .yearReviews(let value): reviews = value
            }
        }
        self.init(site: site, prRowsByYear: prRows, previousSameName: previous, yearReviews: reviews, tablesAsHTML: tablesAsHTML)
    }

    /// A composer for `site` from its setup parts, computed by the caller: ``prRowsByYear(_:)``
    /// and ``yearReviews(_:)`` of `site.report`, and ``WorkoutComparison/previousSameName(_:)``
    /// of `site.workouts`. ``SiteRender`` makes the two that need only the statistics beside the
    /// site model: inside its two-way split (``ParallelMap/pair(_:_:)``), the parallel map of
    /// ``init(site:tablesAsHTML:)`` would run on one thread (libdispatch gives a nested
    /// `concurrentPerform` no more threads than its share), all three parts one after another.
    init(
        site: SiteModel, prRowsByYear: [Int: [PRGroup]], previousSameName: [Int?], yearReviews: [Int: YearReview],
        tablesAsHTML: Bool = true
    ) {
        self.site = site
        self.tablesAsHTML = tablesAsHTML
        self.prRowsByYear = prRowsByYear
        self.previousSameName = previousSameName
        self.yearReviews = yearReviews
        let workouts = site.workouts
        comparisonTallies = ComparisonTallies(previousSameName: previousSameName) { !workouts[$0].workout.exercises.isEmpty }
    }

    /// The rows of each year's PR timeline, newest first.
    static func prRowsByYear(_ report: StatsReport) -> [Int: [PRGroup]] {
        prRowsByYear(report, part: 0, of: 1)
    }

    /// ``prRowsByYear(_:)`` for the years whose remainder modulo `parts` is `part` (every other
    /// year for two parts): the parts together give every year once, so the build can make
    /// them on both cores (as one part it was often the last of the set-up, alone on a core
    /// for 5–8 ms).
    static func prRowsByYear(_ report: StatsReport, part: Int, of parts: Int) -> [Int: [PRGroup]] {
        var eventsByYear: [Int: [PREvent]] = [:]
        for event in report.prEvents where (event.day.year % parts + parts) % parts == part {
            eventsByYear[event.day.year, default: []].append(event)
        }
        return eventsByYear.mapValues { prGroups(PREvent.newestFirst($0)) }
    }

    /// The review of each year with counted workouts.
    static func yearReviews(_ report: StatsReport) -> [Int: YearReview] {
        Dictionary(YearReview.all(report: report).map { ($0.year, $0) }) { first, _ in first }
    }

    /// The parts of ``init(site:tablesAsHTML:)`` computed in parallel.
    private enum Part: CaseIterable, Sendable {
        case prRows, previousSameName, yearReviews
    }

    /// One computed part.
    private enum Computed: Sendable {
        case prRows([Int: [PRGroup]])
        case previousSameName([Int?])
        case yearReviews([Int: YearReview])
    }

    /// Lists longer than this many rows are split into one page per year.
    static let inlineRowLimit = 200
    /// Rows per page of lists that grow with the number of exercises or PRs (the exercise list,
    /// the records table, a year's PR timeline): 5,000 exercises make 20 pages of well under
    /// 1 MiB each (docs/reliability.md L-03).
    static let listPageSize = 250
    /// Workouts and PRs on the dashboard.
    static let recentCount = 10
    /// Weeks in the dashboard charts.
    static let dashboardWeeks = 52

    /// Every page of the site, in a fixed order.
    var jobs: [PageJob] {
        var jobs: [PageJob] = [.dashboard, .historyIndex, .workoutsIndex, .notFound, .muscles]
        if !site.quality.isEmpty { jobs.append(.quality) }
        jobs += (1...Self.pageCount(site.exercises.count)).map { PageJob.exercisesIndex(page: $0) }
        jobs += (1...Self.pageCount(exercisesWithRecords.count)).map { PageJob.recordsIndex(page: $0) }
        guard !site.workouts.isEmpty else { return jobs }
        jobs += site.years.map { PageJob.historyYear($0) }
        jobs += reviewYears.map { PageJob.yearReview($0) }
        if splitWorkoutsByYear { jobs += workoutYears.map { PageJob.workoutsYear($0) } }
        if splitRecordsByYear {
            for year in prYears {
                jobs += (1...Self.pageCount(prRows(inYear: year).count)).map { PageJob.recordsYear(year, page: $0) }
            }
        }
        jobs += site.workouts.indices.map { PageJob.workout($0) }
        jobs += site.exercises.indices.map { PageJob.exercise($0) }
        return jobs
    }

    /// Composes one page.
    func page(for job: PageJob) throws(SiteError) -> Page {
        switch job {
        case .dashboard: try dashboard()
        case .historyIndex: try historyIndex()
        case .historyYear(let year): try historyYear(year)
        case .yearReview(let year): try yearReviewPage(year)
        case .workoutsIndex: workoutsIndex()
        case .workoutsYear(let year): workoutsYear(year)
        case .workout(let index): workoutPage(site.workouts[index])
        case .exercisesIndex(let page): exercisesIndex(page: page)
        case .exercise(let index): try exercisePage(site.exercises[index], listPath: exercisesListPath(forExerciseAt: index))
        case .recordsIndex(let page): try recordsIndex(page: page)
        case .recordsYear(let year, let page): recordsYear(year, page: page)
        case .notFound: notFound()
        case .quality: qualityPage()
        case .muscles: try musclesPage()
        }
    }

    // MARK: - Shared pieces

    /// Years with workouts, ascending.
    var workoutYears: [Int] { Array(Set(site.workouts.map(\.day.year))).sorted() }

    /// Years with PR events, ascending.
    var prYears: [Int] { prRowsByYear.keys.sorted() }

    /// Whether the workout list gets one page per year.
    var splitWorkoutsByYear: Bool { site.workouts.count > Self.inlineRowLimit }

    /// Whether the PR timeline gets one page per year: more rows (PR groups) than
    /// ``inlineRowLimit``.
    var splitRecordsByYear: Bool { prCountAll > Self.inlineRowLimit }

    /// The number of PRs (groups, ``prGroups(_:)``) of all years.
    var prCountAll: Int { prRowsByYear.values.reduce(0) { $0 + $1.count } }

    /// The number of pages a list of `rows` rows takes (at least 1).
    static func pageCount(_ rows: Int) -> Int { max(1, (rows + listPageSize - 1) / listPageSize) }

    /// The rows of list page `page` (1-based) of `rows`.
    static func pageRange(_ page: Int, of rows: Int) -> Range<Int> {
        let start = min(rows, (page - 1) * listPageSize)
        return start..<min(rows, start + listPageSize)
    }

    /// The page of the exercise list that lists the exercise at `index` of ``SiteModel/exercises``.
    func exercisesListPath(forExerciseAt index: Int) -> String {
        SitePaths.listPage(SitePaths.exercisesIndex, index / Self.listPageSize + 1)
    }

    /// Exercises with at least one record: the rows of the records table.
    var exercisesWithRecords: [ExerciseEntry] {
        site.exercises.filter { $0.stats.records.heaviest != nil || $0.stats.records.maxReps != nil }
    }

    /// The rows (PR groups) of a year's PR timeline, newest first.
    func prRows(inYear year: Int) -> [PRGroup] {
        prRowsByYear[year] ?? []
    }

    /// The lists of pages of a split list, with `page` marked, for above and below the table;
    /// both empty when there is one page. Their labels differ (`…, after the table` below), since
    /// two navigation landmarks with one name cannot be told apart by a screen reader (axe-core
    /// `landmark-unique`).
    static func pageList(_ label: String, page: Int, count: Int, first: String) -> (top: String, bottom: String) {
        guard count > 1 else { return ("", "") }
        func list(_ label: String) -> String {
            HTML.pageList(label: label, current: page, count: count) { "../" + SitePaths.listPage(first, $0) }
        }
        return (list(label), list(label + ", after the table"))
    }

    /// A link (Markdown) to a workout from a page whose root prefix is `root`.
    func workoutLink(_ entry: WorkoutEntry, root: String, text: String? = nil) -> String {
        MD.link(text ?? entry.workout.name, root: root, path: entry.path)
    }

    /// A link (Markdown) to an exercise page, or its escaped name when it has none.
    func exerciseLink(_ name: String, root: String) -> String {
        guard let exercise = site.exercise(named: name) else { return MD.text(name) }
        return MD.link(name, root: root, path: exercise.path)
    }

    /// `Heaviest`, `e1RM`, `Set volume`, `5-rep max`: the first letter upper-cased unless the
    /// name already has capitals (`e1RM`).
    static func metricTitle(_ metric: RecordMetric) -> String {
        // The 16 metrics' titles are made once: upper-casing through Unicode properties cost
        // more than the rest of grouping a workout's PRs (callgrind: 17,000 instructions a group).
        switch metric {
        case .e1rm: metricTitles[0]
        case .heaviest: metricTitles[1]
        case .setVolume: metricTitles[2]
        case .sessionVolume: metricTitles[3]
        case .repMax(let n) where (1...12).contains(n): metricTitles[3 + n]
        case .repMax: makeMetricTitle(metric)
        }
    }

    /// ``metricTitle(_:)`` of e1RM, heaviest, set volume, session volume and the 1- to 12-rep maxes.
    private static let metricTitles: [String] =
        ([.e1rm, .heaviest, .setVolume, .sessionVolume] + (1...12).map { RecordMetric.repMax($0) }).map(makeMetricTitle)

    /// ``metricTitle(_:)``, made.
    static func makeMetricTitle(_ metric: RecordMetric) -> String {
        let name = metric.displayName
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              !name.unicodeScalars.contains(where: { ("A"..."Z").contains($0) })
        else { return name }
        return first.properties.uppercaseMapping + String(name.unicodeScalars.dropFirst())
    }

    /// A table of workouts (newest first as given): date, start (only with times of day), name,
    /// exercises, sets, volume, and the exercises with PRs (``prCount(_:)``); added to `body` as
    /// ``table(_:_:into:)`` adds tables.
    func workoutsTable(_ entries: [WorkoutEntry], root: String, into body: inout PageBody) {
        let times = site.timesOfDay
        table(
            [MD.Column("Date")] + (times ? [MD.Column("Start")] : [])
                + [MD.Column("Workout"), MD.Column("Exercises", numeric: true), MD.Column("Sets", numeric: true),
                   MD.Column("Volume", numeric: true), MD.Column(Self.prColumnTitle, numeric: true)],
            entries.map { entry in
                // One array a row (joining three cost two more and a copy of every cell).
                var row: [MD.Cell] = []
                row.reserveCapacity(times ? 7 : 6)
                row.append(.generated(TextFormat.shortDay(entry.day)))
                if times { row.append(.generated(TextFormat.clock(entry.info.start))) }
                row.append(.link(entry.workout.name, root: root, path: entry.path))
                row.append(.generated(String(entry.info.exercises.count)))
                row.append(.generated(TextFormat.count(entry.info.workingSets)))
                row.append(.generated(site.units.volume(entry.info.volumeKg)))
                row.append(.generated(entry.info.prEvents.isEmpty ? "" : TextFormat.count(Self.prCount(entry.info.prEvents))))
                return row
            },
            into: &body)
    }

    /// The heading of every column that counts PRs: what is counted is one exercise that broke at
    /// least one record in a workout (docs/product.md "PRs on pages").
    static let prColumnTitle = "Exercises with PRs"

    /// A table (HTML) of PR events in the given order, one row per exercise and workout
    /// (``prGroups(_:)``): date, exercise (optional), the records broken with their previous
    /// bests, and the workout; at most `limit` rows.
    func prTable(_ events: [PREvent], root: String, showExercise: Bool = true, limit: Int? = nil) -> TextBuffer {
        let groups = Self.prGroups(events)
        return prTable(groups: groups.prefix(limit ?? groups.count), root: root, showExercise: showExercise)
    }

    /// A table (HTML) of PR groups as ``prTable(_:root:showExercise:limit:)`` shows them.
    func prTable(groups: some Collection<PRGroup>, root: String, showExercise: Bool = true) -> TextBuffer {
        var columns = [MD.Column("Date")]
        if showExercise { columns.append(MD.Column("Exercise")) }
        columns += [MD.Column("Records"), MD.Column("Workout")]
        return HTML.tableBytes(columns, groups.map { group in
            let event = group.event
            let workout = site.workout(id: event.workoutID)
            var row = ["<span class=\"nowrap\">" + (workout.map { HTML.link(event.day.description, root: root, path: $0.path) } ?? event.day.description)
                + "</span>"]
            if showExercise { row.append(exerciseHTMLLink(event.exercise, root: root)) }
            row += [prSummary(group), workout.map { HTML.link($0.workout.name, root: root, path: $0.path) } ?? HTML.text(event.workoutName)]
            return row
        })
    }

    /// A link (HTML) to an exercise page, or its escaped name when it has none.
    func exerciseHTMLLink(_ name: String, root: String) -> String {
        var out = TextBuffer(capacity: 2 * name.utf8.count + root.utf8.count + 64)
        exerciseHTMLLink(name, root: root, to: &out)
        return out.text
    }

    /// Writes ``exerciseHTMLLink(_:root:)`` into `out`.
    func exerciseHTMLLink(_ name: String, root: String, to out: inout TextBuffer) {
        if let page = site.exercise(named: name) {
            // The link written once per exercise, when this one would have the same bytes: the
            // same root and the name spelled byte for byte as the page's (a name found through
            // another spelling, `e` and a combining accent for `é`, keeps its own text).
            if root == ExerciseEntry.folderRoot, ByteOrder.sameBytes(name, page.name) {
                out.append(page.linkFromFolder)
                return
            }
            HTML.link(name, root: root, path: page.path, to: &out)
        } else {
            out.append(HTML.text(name))
        }
    }

    /// The weeks of the report grouped by the year and month of their middle day, newest first.
    func weeksByMonth(inYear year: Int? = nil) -> [(year: Int, month: Int, weeks: [WeekStats])] {
        var groups: [(year: Int, month: Int, weeks: [WeekStats])] = []
        for week in site.report.weeks.reversed() {
            let weekYear = SiteModel.year(ofWeekStarting: week.start)
            if let year, weekYear != year { continue }
            let month = SiteModel.month(ofWeekStarting: week.start)
            if let last = groups.last, last.year == weekYear, last.month == month {
                groups[groups.count - 1].weeks.append(week)
            } else {
                groups.append((weekYear, month, [week]))
            }
        }
        return groups
    }

    /// Previous / up / next links between the year pages of one series (`history/<year>.html`):
    /// the neighbours of `year` in `years` (ascending), linked with `path`.
    func yearPager(_ year: Int, in years: [Int], path: (Int) -> String, up: (text: String, href: String)) -> TextBuffer {
        let root = "../"
        let index = years.firstIndex(of: year)
        let previous = index.flatMap { $0 > 0 ? years[$0 - 1] : nil }
        let next = index.flatMap { $0 + 1 < years.count ? years[$0 + 1] : nil }
        return HTML.pager(
            label: "Years", previous: previous.map { (TextFormat.year($0), root + path($0)) }, up: up,
            next: next.map { (TextFormat.year($0), root + path($0)) })
    }

    /// A validated chart ID (IDs are fixed strings of our code, so failure is a bug we report).
    static func chartID(_ value: String) throws(SiteError) -> ChartID { try ChartID(value) }

    /// The "no workouts yet" paragraph of section pages in an empty store.
    static func emptyNotice(root: String) -> String {
        "<p class=\"muted\">No workouts yet. The <a href=\"\(root)index.html\">dashboard</a> says how to import them.</p>"
    }
}
