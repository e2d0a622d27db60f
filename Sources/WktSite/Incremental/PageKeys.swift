import WktCore

/// The input digest of every reusable page: workout pages and exercise pages, which are nearly
/// all of a site's pages and do not depend on "today" (T-15), and the reviews of past years
/// (``yearReviewKey(_:)``). Two builds that give a page the
/// same key compose it to the same title, description and body, so the later build may splice
/// the earlier one's bytes into its layout (``IncrementalBuild``); the history pages of past
/// years (``historyYearKey(_:)``) too. The page's share tags
/// (``ShareMeta``) follow from those, its path, the site title and the base URL, all covered.
///
/// A key covers everything the page's composer reads, listed next to each key below: the
/// page's own data, the neighbours and targets it links to (names, days, page IDs, slugs), and a
/// global part with the renderer's identity, every setting, the templates' fingerprint and the
/// site title. Other pages (dashboard, history index and this year, indexes, records, muscles, feed, `stats.json`) are always
/// rendered: they change with almost any new workout or day. When a composer starts reading
/// something new, its key must cover it too; `PageReuseTests` compares reusing builds with fresh
/// ones after many kinds of change, and `StatsDigestTests` checks the digests cover every field.
struct PageKeys: Sendable {
    /// The composer (for the split rule) and its site.
    let composer: PageComposer
    /// The site.
    var site: SiteModel { composer.site }
    /// The digest of the global part.
    let global: UInt64
    /// Per counted workout (by index): its stored record and its statistics.
    let workoutDigests: [UInt64]
    /// Per counted workout (by index): what a link to it shows (day, name, page ID).
    let linkDigests: [UInt64]
    /// Per counted workout (by index): the page path of every block's exercise in order, then
    /// the bodyweight on its day once for each block of an assisted exercise (what the
    /// workout's page and the comparison on the next one of its name read of its blocks).
    let blockDigests: [UInt64]
    /// Per counted workout (by index): the page path of the exercise of each of its PR events.
    let prPathDigests: [UInt64]
    /// Exercise name → the digest of its page path, for every name the workouts use.
    let exercisePathDigests: [String: UInt64]

    /// Keys for the pages of `composer`'s site.
    /// - Parameters:
    ///   - composer: The composer of this build (its site model and split rules).
    ///   - configuration: ``BuildFingerprint/configuration(storedSchedule:)``'s text.
    ///   - identity: The renderer's identity (``BuildFingerprint/renderer``).
    ///   - storedDigests: The digests of the workouts of the history the site model was made from.
    ///   - runLength: How many workouts each run takes (the keys do not depend on it; tests vary it).
    init(
        composer: PageComposer, configuration: String, identity: String, storedDigests: StoredWorkoutDigests,
        runLength: Int = 128
    ) {
        let site = composer.site
        self.composer = composer
        var global = InputDigest()
        global.add("wkt page keys 2")
        global.add(identity)
        global.add(configuration)
        global.add(site.siteTitle)
        global.byte(composer.splitWorkoutsByYear ? 1 : 0)
        self.global = global.value
        // The workouts in runs of `runLength`, each run with its own table of what a block's name
        // stands for (its page path, and whether the statistics treat it as assisted): looking
        // a name up costs half of working it out again (normalizing and classifying it), and
        // the tables, filled by the runs side by side, replace one filled by a walk over every
        // block before the runs (4 ms of one core for the 10-year demo) and the lookups of each
        // block's name in it by every workout key and the key of the next workout of its name.
        let length = max(1, runLength)
        let runs = stride(from: 0, to: site.workouts.count, by: length).map { $0..<min($0 + length, site.workouts.count) }
        let parts = ParallelMap.map(runs) { run -> RunDigests in
            var part = RunDigests()
            part.digests.reserveCapacity(run.count)
            for entry in site.workouts[run] {
                var digest = InputDigest()
                digest.add(storedDigests.digest(of: entry))
                digest.add(entry.info)
                digest.add(entry.pageID)
                var link = InputDigest()
                link.add(entry.day)
                link.add(entry.workout.name)
                link.add(entry.pageID)
                var blocks = InputDigest()
                var assisted = 0
                for block in entry.workout.exercises {
                    let facts = part.facts(of: block.name, composer: composer)
                    blocks.add(facts.path)
                    if facts.assisted { assisted += 1 }
                }
                if assisted > 0 {
                    let weight = site.report.body.timeline.weight(on: entry.day)
                    for _ in 0..<assisted { blocks.add(weight) }
                }
                var prPaths = InputDigest()
                for event in entry.info.prEvents { prPaths.add(part.path(of: event.exercise, site: site)) }
                part.digests.append((digest.value, link.value, blocks.value, prPaths.value))
            }
            return part
        }
        let digests = parts.flatMap(\.digests)
        self.workoutDigests = digests.map(\.workout)
        self.linkDigests = digests.map(\.link)
        self.blockDigests = digests.map(\.blocks)
        self.prPathDigests = digests.map(\.prPaths)
        // A name's value depends on the name alone, so the runs' tables agree. (Names that are
        // canonically equal but spelled with other bytes share an entry, holding the spelling the
        // run met first; the page path in it is the same for both, and the spelling a page shows
        // is in its workout's digest. The first run's entry is kept.)
        var paths: [String: UInt64] = [:]
        for part in parts { paths.merge(part.paths) { first, _ in first } }
        self.exercisePathDigests = paths
    }

    /// What one run of workouts gives ``init(composer:configuration:identity:storedDigests:runLength:)``,
    /// with the run's tables of exercise names.
    private struct RunDigests: Sendable {
        /// Per workout of the run: ``workoutDigests``, ``linkDigests``, ``blockDigests`` and
        /// ``prPathDigests``.
        var digests: [(workout: UInt64, link: UInt64, blocks: UInt64, prPaths: UInt64)] = []
        /// Exercise name → the digest of its page path.
        var paths: [String: UInt64] = [:]
        /// Block name → the digest of its page path and whether it is assisted.
        var blockFacts: [String: (path: UInt64, assisted: Bool)] = [:]

        /// ``PageKeys/pathDigest(of:in:)`` of `name`, worked out once per run.
        mutating func path(of name: String, site: SiteModel) -> UInt64 {
            if let known = paths[name] { return known }
            let digest = PageKeys.pathDigest(of: name, in: site)
            paths[name] = digest
            return digest
        }

        /// The page path digest of a block named `name` and whether the statistics treat it as
        /// assisted, worked out once per run.
        mutating func facts(of name: String, composer: PageComposer) -> (path: UInt64, assisted: Bool) {
            if let known = blockFacts[name] { return known }
            let facts = (path(of: name, site: composer.site), composer.isAssisted(CanonicalName.normalize(name)))
            blockFacts[name] = facts
            return facts
        }
    }

    /// The navigation section of a reusable job's page (workout pages and exercise pages live one
    /// folder below the root, in their sections).
    static func section(for job: PageJob) -> NavSection? {
        switch job {
        case .workout, .workoutsYear: .workouts
        case .exercise: .exercises
        case .yearReview, .historyYear: .history
        case .recordsYear: .records
        default: nil
        }
    }

    /// The page path and key of a reusable job; nil for pages that are always rendered.
    func key(for job: PageJob) -> (path: String, key: UInt64)? {
        switch job {
        case .workout(let index): workoutKey(site.workouts[index])
        case .exercise(let index): exerciseKey(site.exercises[index], listPath: composer.exercisesListPath(forExerciseAt: index))
        case .yearReview(let year): yearReviewKey(year)
        case .historyYear(let year): historyYearKey(year)
        case .workoutsYear(let year): workoutsYearKey(year)
        case .recordsYear(let year, let page): recordsYearKey(year, page: page)
        default: nil
        }
    }

    /// `workouts/<id>.html` reads: the workout and its statistics (facts, notes, sets, PRs), its
    /// page ID, the day, name and page ID of the previous and next workout (pager), the
    /// workouts index or year page it points up to (split rule in the global part), the day,
    /// name and page ID of the other workouts of its day ("Also on this day"), the page path of
    /// every exercise it names in a block or a PR, and the previous workout of the same name
    /// with the paths of its exercises (the comparison).
    private func workoutKey(_ entry: WorkoutEntry) -> (path: String, key: UInt64) {
        var digest = InputDigest()
        digest.add("workout")
        digest.add(global)
        digest.add(workoutDigests[entry.index])
        addNeighbour(entry.index - 1, to: &digest)
        addNeighbour(entry.index + 1, to: &digest)
        for other in site.workouts(on: entry.day) where other.index != entry.index { addNeighbour(other.index, to: &digest) }
        // Assisted sets show their effective load: the bodyweight on the day, once per assisted block.
        digest.add(blockDigests[entry.index])
        digest.add(prPathDigests[entry.index])
        if let previous = composer.previousSameName[entry.index] {
            digest.byte(1)
            digest.add(workoutDigests[previous])
            // The comparison weighs the previous workout's assisted sets with its day's bodyweight.
            digest.add(blockDigests[previous])
        } else {
            digest.byte(0)
        }
        return (entry.path, digest.value)
    }

    /// `exercises/<slug>.html` reads: the slug, the exercise's statistics (aggregates, records,
    /// sessions for the charts), its PR events, and for every workout with a working set of it
    /// that workout (sets, pain flag, plan, check-ins, rating) with its day, name and page ID;
    /// the day, name and page ID of every workout its records and PRs link to; the page of
    /// the exercise list it links back to; and its goals (``GoalProgress``, which depend on
    /// today) with the workout each reached goal links to.
    private func exerciseKey(_ exercise: ExerciseEntry, listPath: String) -> (path: String, key: UInt64) {
        var digest = InputDigest()
        digest.add("exercise")
        digest.add(global)
        digest.add(exercise.slug)
        digest.add(listPath)
        digest.add(exercise.stats)
        let events = exercise.prEvents
        digest.add(events.count)
        for event in events {
            digest.add(event)
            addWorkoutLink(event.workoutID, to: &digest)
        }
        digest.add(exercise.sessions.count)
        for session in exercise.sessions {
            digest.add(session.workoutIndex)
            digest.add(workoutDigests[session.workoutIndex])
            addNeighbour(session.workoutIndex, to: &digest)
        }
        let records = exercise.stats.records
        for record in [records.heaviest, records.e1rm, records.bestSetVolume, records.bestSessionVolume] + records.repMaxes {
            addWorkoutLink(record?.workoutID, to: &digest)
        }
        addWorkoutLink(records.maxReps?.workoutID, to: &digest)
        // `× BW` next to the e1RM; an assisted exercise's set history shows effective loads.
        digest.add(site.report.body.e1rmBW[exercise.name])
        if composer.isAssisted(exercise.name) {
            for session in exercise.sessions { digest.add(site.report.body.timeline.weight(on: site.workouts[session.workoutIndex].day)) }
        }
        // Its goals: progress and projection change with today, the reached day links a workout.
        let goals = composer.goals(of: exercise)
        digest.add(goals.count)
        for goal in goals {
            digest.add(goal)
            addWorkoutLink(goal.reached?.workoutID, to: &digest)
        }
        return (exercise.path, digest.value)
    }

    /// Feeds the day, name and page ID of the workout at `index`, or a 0 when there is none.
    func addNeighbour(_ index: Int, to digest: inout InputDigest) {
        guard linkDigests.indices.contains(index) else { return digest.byte(0) }
        digest.byte(1)
        digest.add(linkDigests[index])
    }

    /// The start of the key of a past year's page: its kind, the global part, the year and the
    /// years before and after it in `years` (its pager); nil for the year holding today and
    /// later ones, whose pages are rendered by every build.
    func pastYearDigest(_ kind: String, year: Int, neighboursIn years: [Int]) -> InputDigest? {
        guard year < site.today.year else { return nil }
        var digest = InputDigest()
        digest.add(kind)
        digest.add(global)
        digest.add(year)
        addNeighbours(of: year, in: years, to: &digest)
        return digest
    }

    /// Feeds the years before and after `year` in `years` (ascending; nil where there is none):
    /// what the pager of a year page links to.
    func addNeighbours(of year: Int, in years: [Int], to digest: inout InputDigest) {
        let index = years.firstIndex(of: year)
        digest.add(index.flatMap { $0 > 0 ? years[$0 - 1] : nil })
        digest.add(index.flatMap { $0 + 1 < years.count ? years[$0 + 1] : nil })
    }

    /// Feeds what a link to the workout with store ID `id` shows: its day, name and page ID.
    func addWorkoutLink(_ id: Int64?, to digest: inout InputDigest) {
        guard let id, let entry = site.workout(id: id) else { return digest.byte(0) }
        digest.byte(1)
        addNeighbour(entry.index, to: &digest)
    }

    /// Feeds the name and page path of the exercise called `name` (nil when it has no page).
    func addExercisePath(_ name: String, to digest: inout InputDigest) {
        digest.add(exercisePathDigests[name] ?? Self.pathDigest(of: name, in: site))
    }

    /// The digest of the name and page path of the exercise called `name`.
    static func pathDigest(of name: String, in site: SiteModel) -> UInt64 {
        var digest = InputDigest()
        digest.add(name)
        digest.add(site.exercise(named: name)?.path)
        return digest.value
    }
}
