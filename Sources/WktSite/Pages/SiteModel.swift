import WktCore
import WktMarkdown

/// One counted workout with everything its pages need.
///
/// A class, so handing an entry around (a page looks up the previous and next workout, the same
/// day's others) costs one reference count instead of one per stored array and string.
final class WorkoutEntry: Sendable {
    /// Position in walk order (0 = oldest).
    let index: Int
    /// What the statistics computed for it.
    let info: WorkoutInfo
    /// The workout as stored (sets, notes, rating, check-ins).
    let workout: Workout
    /// Its position in the history the site was made from (``WorkoutHistory/workouts``).
    let storedIndex: Int
    /// The page ID (`2026-11-18-0600`, or `2026-11-18` without times of day).
    let pageID: String
    /// `workouts/<id>.html`: made once, since pages link to a workout many times (calendars,
    /// pagers, tables), and each time made it cost two string appends.
    let path: String

    /// An entry.
    init(index: Int, info: WorkoutInfo, workout: Workout, storedIndex: Int, pageID: String) {
        self.index = index
        self.info = info
        self.workout = workout
        self.storedIndex = storedIndex
        self.pageID = pageID
        path = SitePaths.workout(pageID)
    }

    /// The training day.
    var day: CivilDate { info.trainingDay }
}

/// One workout's working sets of one exercise (all blocks of the workout together).
///
/// Holds the workout's blocks (shared with the stored workout, not copied) and which of them are
/// the exercise's; ``sets`` filters them when a page asks. Copying every exercise's working sets
/// up front held a second copy of nearly all sets for the whole build (3.8 MB of the 10-year
/// demo's 41,651 sets).
struct ExerciseWorkoutSets: Sendable {
    /// Index of the workout in ``SiteModel/workouts``.
    let workoutIndex: Int
    /// The workout's blocks, as stored.
    private let blocks: [ExerciseBlock]
    /// The positions in `blocks` of this exercise's blocks with a working set, in order.
    private let positions: BlockPositions

    /// The blocks at `positions` of `blocks` (each with at least one working set) of the workout
    /// at `workoutIndex`.
    init(workoutIndex: Int, blocks: [ExerciseBlock], positions: BlockPositions) {
        self.workoutIndex = workoutIndex
        self.blocks = blocks
        self.positions = positions
    }

    /// Its working sets in logging order.
    var sets: [WorkoutSet] {
        switch positions {
        case .one(let position):
            // Most blocks have no warm-up: their array is shared, not filtered into a copy
            // (the exercise pages ask 25,000 times in a full build of the 10-year demo).
            let sets = blocks[position].sets
            return sets.allSatisfy(\.isWorking) ? sets : sets.filter(\.isWorking)
        case .many(let list): return list.flatMap { blocks[$0].sets.filter(\.isWorking) }
        }
    }

    /// Calls `body` with each of ``sets`` in order and its index among them, without gathering
    /// them into an array (which ``sets`` makes when a block has a warm-up: the set-history
    /// tables walk every session of every exercise).
    func forEachSet(_ body: (_ index: Int, _ set: WorkoutSet) -> Void) {
        var index = 0
        func walk(_ position: Int) {
            for set in blocks[position].sets where set.isWorking {
                body(index, set)
                index += 1
            }
        }
        switch positions {
        case .one(let position): walk(position)
        case .many(let list): list.forEach(walk)
        }
    }

    /// Block positions: nearly always one block per exercise and workout, kept without an array.
    enum BlockPositions: Sendable {
        /// A single block.
        case one(Int)
        /// Several blocks, in order.
        case many([Int])

        /// These positions followed by `position`.
        func appending(_ position: Int) -> BlockPositions {
            switch self {
            case .one(let first): return .many([first, position])
            case .many(let list): return .many(list + [position])
            }
        }
    }
}

/// One exercise with its slug, set history and PR events (a class for the reason given at
/// ``WorkoutEntry``).
final class ExerciseEntry: Sendable {
    /// Aggregates and records.
    let stats: ExerciseStats
    /// The page slug.
    let slug: String
    /// Workouts with at least one working set of it, in walk order.
    let sessions: [ExerciseWorkoutSets]
    /// Every PR event of the site (``StatsReport/prEvents``, shared, not copied).
    private let allEvents: [PREvent]
    /// The positions of its events in `allEvents`: a copy of the events per exercise held a
    /// third copy of every event for the whole build (2.9 MB of the 10-year demo).
    private let eventPositions: [Int]

    /// An entry whose PR events are those at `eventPositions` of `allEvents`.
    init(stats: ExerciseStats, slug: String, sessions: [ExerciseWorkoutSets], allEvents: [PREvent], eventPositions: [Int]) {
        self.stats = stats
        self.slug = slug
        path = SitePaths.exercise(slug)
        self.sessions = sessions
        self.allEvents = allEvents
        self.eventPositions = eventPositions
        var link = TextBuffer(capacity: 2 * stats.name.utf8.count + path.utf8.count + 24)
        HTML.link(stats.name, root: Self.folderRoot, path: path, to: &link)
        linkFromFolder = link.text
    }

    /// The `root` of a page one folder down (a workout or exercise page).
    static let folderRoot = "../"

    /// ``HTML/link(_:root:path:rel:to:)`` to its page from a page one folder down
    /// (``folderRoot``), its name the link's text: written once, as workout and exercise pages
    /// link to their exercises 29,000 times in a 10-year build (``PageComposer/exerciseHTMLLink(_:root:to:)``).
    let linkFromFolder: String

    /// Its PR events in walk order.
    var prEvents: [PREvent] { eventPositions.map { allEvents[$0] } }

    /// `exercises/<slug>.html`, made once (as ``WorkoutEntry/path``: every workout page links
    /// to its exercises, three times over).
    let path: String
    /// The NFC name.
    var name: String { stats.name }
}

/// Everything the pages are composed from, computed once before the parallel render.
///
/// Lookups go through dictionaries; every listing iterates arrays in walk or name order, so no
/// dictionary order reaches a page. A class: every page job and many of the closures that compose
/// a page hold it, and copying a struct of this many arrays cost a reference count per array each
/// time (seen in a profile of the full build).
final class SiteModel: Sendable {
    /// The configuration.
    let settings: Settings
    /// The statistics, computed once.
    let report: StatsReport
    /// The day the site is built for.
    let today: CivilDate
    /// Counted workouts in walk order.
    let workouts: [WorkoutEntry]
    /// Exercises in name order (``StatsReport/exercises``).
    let exercises: [ExerciseEntry]
    /// Exercise name → slug (the slugs of `stats.json`).
    let slugs: [String: String]
    /// Years with weeks or workouts, ascending.
    let years: [Int]
    /// Whether starts carry a time of day (``WorkoutHistory/timesOfDay``): false when `[publish]`
    /// hides times, and then no page or feed shows a clock time.
    let timesOfDay: Bool
    /// The data-quality findings and the sets `[[ignore]]` excluded (the Data quality page).
    let quality: QualityReport
    private let workoutPosition: [Int64: Int]
    private let workoutsByDay: [Int: [Int]]
    private let exercisePosition: [String: Int]

    /// The default site title when `title` is not configured.
    static let defaultTitle = "Training log"

    /// The site title: `title` without control characters, else ``defaultTitle``.
    var siteTitle: String { Self.title(settings: settings) }

    /// ``siteTitle`` from the settings alone (the page renderer is made before the site model).
    static func title(settings: Settings) -> String {
        let title = HTMLEscaping.stripControlCharacters(settings.title ?? "")
        return title.allSatisfy(\.isWhitespace) ? defaultTitle : title
    }

    /// Weight and volume display in the configured unit.
    var units: DisplayUnits { DisplayUnits(unit: settings.unit) }

    /// Computes the statistics and every lookup the pages need.
    convenience init(history: WorkoutHistory, settings: Settings, today: CivilDate, quality: QualityReport = QualityReport()) {
        self.init(
            history: history, settings: settings, today: today, quality: quality,
            report: StatsEngine.compute(history: history, settings: settings, today: today))
    }

    /// Every lookup the pages need, around statistics already computed: `report` must be
    /// `StatsEngine.compute(history:settings:today:)` of the same arguments.
    init(history: WorkoutHistory, settings: Settings, today: CivilDate, quality: QualityReport, report: StatsReport) {
        self.quality = quality
        self.settings = settings
        self.report = report
        self.today = today
        self.timesOfDay = history.timesOfDay

        // Pair each counted workout with its stored record: StatsEngine walks the same sorted
        // array and only skips workouts after today, so one forward pass finds every pair.
        let pageIDs = WorkoutPageIDs.assign(report.workouts, timesOfDay: history.timesOfDay)
        let stored = history.workouts
        var next = stored.startIndex
        var entries: [WorkoutEntry] = []
        entries.reserveCapacity(report.workouts.count)
        for (index, info) in report.workouts.enumerated() {
            while next < stored.endIndex {
                let position = next
                next += 1
                let candidate = stored[position]
                guard candidate.id == info.id, candidate.workout.start == info.start else { continue }
                entries.append(
                    WorkoutEntry(
                        index: entries.count, info: info, workout: candidate.workout, storedIndex: position, pageID: pageIDs[index]))
                break
            }
        }
        self.workouts = entries
        var workoutPosition: [Int64: Int] = [:]
        for entry in entries where workoutPosition[entry.info.id] == nil { workoutPosition[entry.info.id] = entry.index }
        self.workoutPosition = workoutPosition
        var workoutsByDay: [Int: [Int]] = [:]
        for entry in entries { workoutsByDay[entry.day.dayNumber, default: []].append(entry.index) }
        self.workoutsByDay = workoutsByDay

        let slugs = SiteSlugs.exerciseSlugs(for: report.exercises.map(\.name))
        self.slugs = slugs
        var exercisePosition: [String: Int] = [:]
        for (index, exercise) in report.exercises.enumerated() { exercisePosition[exercise.name] = index }
        self.exercisePosition = exercisePosition

        var sessions = [[ExerciseWorkoutSets]](repeating: [], count: report.exercises.count)
        for entry in entries {
            var local: [Int: ExerciseWorkoutSets.BlockPositions] = [:]
            var order: [Int] = []
            let blocks = entry.workout.exercises
            for (blockPosition, block) in blocks.enumerated() {
                guard let position = exercisePosition[CanonicalName.normalize(block.name)] else { continue }
                guard block.sets.contains(where: \.isWorking) else { continue }
                if let known = local[position] {
                    local[position] = known.appending(blockPosition)
                } else {
                    order.append(position)
                    local[position] = .one(blockPosition)
                }
            }
            for position in order {
                guard let positions = local[position] else { continue }
                sessions[position].append(ExerciseWorkoutSets(workoutIndex: entry.index, blocks: blocks, positions: positions))
            }
        }
        var events = [[Int]](repeating: [], count: report.exercises.count)
        for (index, event) in report.prEvents.enumerated() {
            if let position = exercisePosition[event.exercise] { events[position].append(index) }
        }
        self.exercises = report.exercises.enumerated().map { index, stats in
            ExerciseEntry(
                stats: stats, slug: slugs[stats.name] ?? Slugger.hashSuffix(of: stats.name),
                sessions: sessions[index], allEvents: report.prEvents, eventPositions: events[index])
        }

        var years = Set(entries.map(\.day.year))
        for week in report.weeks { years.insert(Self.year(ofWeekStarting: week.start)) }
        self.years = years.sorted()
    }

    /// The workout with store id `id`, if counted.
    func workout(id: Int64) -> WorkoutEntry? { workoutPosition[id].map { workouts[$0] } }

    /// The counted workouts on a training day, in walk order.
    func workouts(on day: CivilDate) -> [WorkoutEntry] { (workoutsByDay[day.dayNumber] ?? []).map { workouts[$0] } }

    /// The exercise called `name` (NFC), if any.
    func exercise(named name: String) -> ExerciseEntry? { exercisePosition[name].map { exercises[$0] } }

    /// The year a week is filed under: the year of its middle day (for ISO weeks, the ISO
    /// week-year), so a week never appears under two years.
    static func year(ofWeekStarting start: CivilDate) -> Int { start.adding(days: 3).year }

    /// The month (1–12) a week is filed under: the month of its middle day.
    static func month(ofWeekStarting start: CivilDate) -> Int { start.adding(days: 3).month }
}
