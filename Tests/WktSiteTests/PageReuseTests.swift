import Foundation
import Synchronization
import Testing
import WktCore
import WktDemo
@testable import WktSite

/// Page reuse (``IncrementalBuild``): a build that takes unchanged workout and exercise pages over from
/// the previous build must write exactly the bytes of a build that renders every page, after
/// any kind of change; and it must really reuse pages, or the rebuild budget is not met.
@Suite("Page reuse")
struct PageReuseTests {
    /// A build of `input` with reuse of `previous` (its manifest and files) under `identity`.
    static func build(_ input: SiteBuildInput, after previous: SiteBuild?, identity: String = "test-renderer",
                      edit: (inout [String: [UInt8]]) -> Void = { _ in }) throws -> SiteBuild {
        var files: [String: [UInt8]] = [:]
        for file in previous?.files ?? [] { files[file.path] = file.bytes }
        edit(&files)
        let snapshot = files
        var input = input
        input.renderer = identity
        input.previousSite = PreviousSite(stamp: nil, record: previous?.record, hasHomePage: true) { snapshot[$0] }
        return try SiteBuilder.buildSite(input)
    }

    /// The first path whose bytes differ between two builds (or that only one has), or nil.
    static func firstDifference(_ lhs: [OutputFile], _ rhs: [OutputFile]) -> String? {
        if lhs.map(\.path) != rhs.map(\.path) {
            return "paths differ: \(Set(lhs.map(\.path)).symmetricDifference(rhs.map(\.path)).sorted())"
        }
        return zip(lhs, rhs).first { $0.bytes != $1.bytes }.map { "\($0.0.path) differs" }
    }

    /// The fixture history with its workouts sorted as the store loads them.
    static func sorted(_ history: WorkoutHistory) -> WorkoutHistory {
        var history = history
        history.workouts.sort { ($0.workout.start, $0.id) < ($1.workout.start, $1.id) }
        return history
    }

    /// A change between two builds, and how much of the site it must leave reusable.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case newestWorkout, olderWorkoutWithPR, heavierOldSet, renamedBlock, workoutNotes, deletedWorkout
        case slugCollision, workoutName, dayPassesFutureWorkout, unitPounds, e1rmFormula, siteTitle, baseURL
        case weekStart, configuredSchedule, setNote, rating, nothing, sameDayWorkout, scheduleSince, ignoredSet

        var testDescription: String { rawValue }

        /// Settings changes touch every page: nothing may be reused.
        var reusesNothing: Bool { [.unitPounds, .e1rmFormula, .siteTitle, .weekStart, .baseURL, .configuredSchedule, .scheduleSince, .ignoredSet].contains(self) }

        /// `input` after the change.
        func apply(_ input: SiteBuildInput) -> SiteBuildInput {
            var input = input
            var history = input.history
            func edit(_ id: Int64, _ change: (inout Workout) -> Void) {
                guard let index = history.workouts.firstIndex(where: { $0.id == id }) else { return }
                change(&history.workouts[index].workout)
            }
            switch self {
            case .newestWorkout:
                history.workouts.append(SiteFixture.workout(20, "2026-11-20 07:00:00", "Push", [
                    ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(95, 5)])),
                ]))
            case .olderWorkoutWithPR:
                history.workouts.append(SiteFixture.workout(21, "2026-11-03 07:00:00", "Extra", [
                    ExerciseBlock(name: "Squat (Barbell)", sets: SiteFixture.sets([(120, 3)])),
                ]))
            case .heavierOldSet:
                edit(1) { $0.exercises[0].sets[1].weightKg = 87.5 }
            case .renamedBlock:
                edit(4) { $0.exercises[1].name = "Chin Up" }
            case .workoutNotes:
                edit(6) { $0.notes = "Knees **fine** today." }
            case .deletedWorkout:
                history.workouts.removeAll { $0.id == 3 }
            case .slugCollision:
                // "PLANK" sorts before "Plank" and takes the slug `plank`: workout 6, unchanged
                // itself, now links to Plank's new page.
                history.workouts.append(SiteFixture.workout(22, "2026-11-19 07:00:00", "Core", [
                    ExerciseBlock(name: "PLANK", sets: [WorkoutSet(seconds: 90)]),
                ]))
            case .rating:
                // The deadlift page shows the workout's rating in its set history.
                edit(2) { $0.rating = 2 }
            case .workoutName:
                edit(7) { $0.name = "Push (light)" }
            case .dayPassesFutureWorkout:
                input.today = CivilDate(year: 2026, month: 12, day: 2)!
            case .unitPounds:
                input.settings.unit = .lb
            case .e1rmFormula:
                input.settings.e1rmFormula = .brzycki
            case .siteTitle:
                input.settings.title = "Another Log"
            case .baseURL:
                input.baseURL = "https://example.org/log/"
            case .weekStart:
                input.settings.weekStart = .sunday
            case .configuredSchedule:
                input.settings.schedule = Schedule(days: [.tuesday: "Full body"])
            case .sameDayWorkout:
                // A third workout on 2026-11-18: the page of the first (Pull), whose neighbours in
                // walk order stay the same, now lists it under "Also on this day".
                history.workouts.append(SiteFixture.workout(23, "2026-11-18 19:00:00", "Evening Core", [
                    ExerciseBlock(name: "Plank", sets: [WorkoutSet(seconds: 60)]),
                ]))
            case .scheduleSince:
                input.settings.schedule?.since = CivilDate(year: 2026, month: 11, day: 10)!
            case .setNote:
                edit(2) { $0.exercises[0].sets[0].notes = "belt" }
            case .ignoredSet:
                // [[ignore]] of one set (docs/statistics.md "Data quality: [[ignore]]"): its
                // workout, exercise and records change, and the Data quality page lists it.
                input.settings.ignore = [IgnoreEntry(workout: WallTime.parse("2026-11-02 07:00")!, exercise: "Bench Press (Barbell)", set: 4)]
            case .nothing:
                break
            }
            input.history = PageReuseTests.sorted(history)
            return input
        }
    }

    @Test("after every kind of change, a reusing build writes the bytes of a fresh build", arguments: Change.allCases)
    func reuseEqualsFreshBuild(change: Change) throws {
        let base = SiteFixture.input()
        let first = try Self.build(base, after: nil)
        #expect(first.reusedPages == 0)
        #expect(first.record?.hasPrefix(PageManifest.header) == true)
        var changed = change.apply(base)
        // Called when the build finds that no previous page can be taken over (its global digest
        // changed) and lets the pages read early go at once.
        let releases = Mutex(0)
        changed.releaseFreeMemory = { releases.withLock { $0 += 1 } }
        let reused = try Self.build(changed, after: first)
        let fresh = try SiteBuilder.build(changed)
        #expect(Self.firstDifference(reused.files, fresh) == nil)
        if change.reusesNothing {
            #expect(reused.reusedPages == 0)
            #expect(releases.withLock { $0 } == 1, "the previous pages are let go before any is rendered")
        } else {
            #expect(reused.reusedPages > 0, "a local change leaves most pages reusable")
            #expect(releases.withLock { $0 } == 0)
        }
        // And a second step from the reusing build: its manifest and files serve the next one.
        let next = Change.newestWorkout.apply(changed)
        let again = try Self.build(next, after: reused)
        #expect(Self.firstDifference(again.files, try SiteBuilder.build(next)) == nil)
        #expect(again.reusedPages > 0)
    }

    @Test("with nothing changed every workout and exercise page is reused, and the pages a change touches are not")
    func reusesExactlyTheUnchangedPages() throws {
        let base = SiteFixture.input()
        let first = try Self.build(base, after: nil)
        let manifest = try #require(first.record.flatMap { PageManifest(parsing: $0[...]) })
        let reusable = first.files.filter { manifest.entries[$0.path] != nil }.map(\.path)
        // The fixture's lists are short (no year pages): every page in the two folders but the
        // indexes is a workout or exercise page.
        let pages = first.files.map(\.path).filter {
            ($0.hasPrefix("workouts/") || $0.hasPrefix("exercises/")) && !$0.hasSuffix("/index.html")
                || $0.hasPrefix("years/") && $0 != SitePaths.yearReview(base.today.year)  // past years' reviews
                || $0.hasPrefix("history/") && $0 != SitePaths.historyIndex && $0 != SitePaths.historyYear(base.today.year)
        }
        #expect(pages.contains(SitePaths.historyYear(2025)))
        #expect(reusable.sorted() == pages.sorted())
        let same = try Self.build(base, after: first)
        #expect(same.reusedPages == reusable.count)
        #expect(same.record == first.record)
        #expect(Self.firstDifference(same.files, first.files) == nil)

        // Heavier set in workout 1: its page, its neighbours' pages are unchanged but the
        // bench press page (records) and the later bench workouts (PR events) change.
        let changed = Change.heavierOldSet.apply(base)
        let rebuilt = try Self.build(changed, after: first)
        let after = try #require(rebuilt.record.flatMap { PageManifest(parsing: $0[...]) })
        let rerendered = Set(reusable.filter { manifest.entries[$0]?.key != after.entries[$0]?.key })
        #expect(rerendered.isSuperset(of: ["workouts/2026-11-02-0700.html", "exercises/bench-press-barbell.html"]))
        #expect(!rerendered.contains("exercises/deadlift-barbell.html"))
        #expect(!rerendered.contains("workouts/2026-11-13-0600.html"))
        #expect(rebuilt.reusedPages == reusable.count - rerendered.count)
    }

    @Test("reads started before the history is loaded are the build's reads: each page read once, the same bytes")
    func earlyReads() throws {
        let base = SiteFixture.input()
        let first = try Self.build(base, after: nil)
        let manifest = try #require(first.record.flatMap { PageManifest(parsing: $0[...]) })
        var files: [String: [UInt8]] = [:]
        for file in first.files { files[file.path] = file.bytes }
        let snapshot = files
        let reads = Mutex<[String: Int]>([:])
        let previous = PreviousSite(stamp: nil, record: first.record, hasHomePage: true) { path in
            reads.withLock { $0[path, default: 0] += 1 }
            return snapshot[path]
        }
        func waitForReads(_ count: Int) {
            for _ in 0..<1000 where reads.withLock({ $0.values.reduce(0, +) }) < count { usleep(10_000) }
        }

        // Started for this build's renderer: every reusable page is read before the build runs,
        // and the build reads none again.
        var input = base
        input.renderer = "test-renderer"
        #expect(!previous.isReadingPages)
        input.previousSite = previous.startingReads(renderer: "test-renderer")
        // The build then loads its history on one core (the reads occupy the other).
        #expect(try #require(input.previousSite).isReadingPages)
        #expect(!PreviousSite.none.startingReads(renderer: "test-renderer").isReadingPages)
        waitForReads(manifest.entries.count)
        #expect(reads.withLock { $0 }.count == manifest.entries.count)
        let built = try SiteBuilder.buildSite(input)
        #expect(built.reusedPages == manifest.entries.count)
        #expect(Self.firstDifference(built.files, first.files) == nil)
        #expect(reads.withLock { $0 }.values.allSatisfy { $0 == 1 })

        // Started for this renderer, but the build is by another binary: it must not take the
        // pages the early reads trusted (the manifest is not its own), so it renders them all.
        input.renderer = "another binary"
        let other = try SiteBuilder.buildSite(input)
        #expect(other.reusedPages == 0)
        #expect(Self.firstDifference(other.files, try SiteBuilder.build(base)) == nil)
        // And it records its own renderer, so its next build can reuse what it rendered.
        let recorded = try #require(other.record.flatMap { PageManifest(parsing: $0[...]) })
        #expect(recorded.renderer == PageManifest.rendererDigest(identity: "another binary"))
    }

    @Test("a page edited by hand, a missing file, a broken manifest or another renderer is rendered again")
    func untrustedPreviousPagesAreRendered() throws {
        let base = SiteFixture.input()
        let first = try Self.build(base, after: nil)
        let fresh = try SiteBuilder.build(base)
        let page = "workouts/2026-11-09-0700.html"
        let edited = try Self.build(base, after: first) { files in
            files[page]?.replaceSubrange(0..<0, with: Array("<!-- edited -->".utf8))
            files[page]?.removeLast(15)
        }
        #expect(Self.firstDifference(edited.files, fresh) == nil)
        let total = try Self.build(base, after: first).reusedPages
        #expect(edited.reusedPages == total - 1)

        let missing = try Self.build(base, after: first) { files in files[page] = nil }
        #expect(missing.reusedPages == total - 1)
        #expect(Self.firstDifference(missing.files, fresh) == nil)

        let other = try Self.build(base, after: first, identity: "another binary")
        #expect(other.reusedPages == 0)
        #expect(Self.firstDifference(other.files, fresh) == nil)

        let broken = SiteBuild(files: first.files, record: "wkt-pages 2 x\n" + (first.record ?? ""), reusedPages: 0)
        // The version-2 header line is skipped, the version-1 manifest after it still parses.
        #expect(try Self.build(base, after: broken).reusedPages == total)
        let garbage = SiteBuild(files: first.files, record: "not a manifest\n\u{0}\u{FFFF}", reusedPages: 0)
        let fromGarbage = try Self.build(base, after: garbage)
        #expect(fromGarbage.reusedPages == 0)
        #expect(Self.firstDifference(fromGarbage.files, fresh) == nil)
    }

    /// A demo history of two years and some days ending on `today`, as the store loads it.
    static func demo(endingOn today: CivilDate) -> SiteBuildInput {
        let batch = DemoHistory.generate(DemoOptions(years: 2, seed: 42, endDay: today))
        let workouts = batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        let settings = Settings(timezone: "Europe/Berlin", weeklyTarget: 3, title: "Alex's Lifting Log", author: "Alex")
        return SiteBuildInput(history: sorted(WorkoutHistory(workouts: workouts)), settings: settings, today: today)
    }

    /// `input` with one more workout (bench press) starting at `start`.
    static func adding(_ start: String, to input: SiteBuildInput) -> SiteBuildInput {
        var input = input
        let next = (input.history.workouts.map(\.id).max() ?? 0) + 1
        input.history.workouts.append(StoredWorkout(id: next, workout: Workout(
            source: .strong, sourceKey: "new-\(start)", start: WallTime.parse(start)!, durationSeconds: 2700,
            name: "Extra bench", exercises: [ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(100, 5)]))])))
        input.history = sorted(input.history)
        return input
    }

    @Test("past years' history, workout-list and PR pages: reused while nothing they show changes; rendered again for a workout in one of their weeks (the last may end in the next year), a renamed, heavier or deleted workout, or today in their last week")
    func pastYearPages() throws {
        /// The keys of the year pages (`history/2021.html`, `workouts/2021.html`, `records/2021-2.html`).
        func keys(_ build: SiteBuild) throws -> [String: UInt64] {
            let manifest = try #require(build.record.flatMap { PageManifest(parsing: $0[...]) })
            return manifest.entries.filter { Self.isYearPage($0.key) }.mapValues(\.key)
        }
        /// The build after `previous`, checked against a fresh build; `rendered` are the year
        /// pages whose key changed (with `exactly` false: at least those).
        func check(_ input: SiteBuildInput, after previous: SiteBuild, rendered: Set<String>, exactly: Bool = true) throws -> SiteBuild {
            let build = try Self.build(input, after: previous)
            #expect(Self.firstDifference(build.files, try SiteBuilder.build(input)) == nil)
            let before = try keys(previous), after = try keys(build)
            #expect(Set(after.keys) == Set(before.keys))
            let changed = Set(after.keys.filter { before[$0] != after[$0] })
            #expect(exactly ? changed == rendered : changed.isSuperset(of: rendered), "\(changed.sorted())")
            return build
        }
        let (y2020, y2021) = (SitePaths.historyYear(2020), SitePaths.historyYear(2021))
        let (workouts2020, workouts2021) = (SitePaths.workoutsYear(2020), SitePaths.workoutsYear(2021))
        // A week is filed under the year of its middle day: Monday 2021-12-27 to Sunday 2022-01-02
        // is the last week of 2021's page, so two days of 2022 show there.
        let newYear = Self.demo(endingOn: CivilDate(year: 2022, month: 1, day: 1)!)
        let first = try Self.build(newYear, after: nil)
        let records2021 = Set(first.files.map(\.path).filter { Self.isYearPage($0) && $0.hasPrefix("records/2021") })
        #expect(records2021.count > 1, "a long PR year continues on more pages")
        #expect(Set(try keys(first).keys).isSuperset(of: Set([y2020, y2021, workouts2020, workouts2021]).union(records2021)))
        // The year of today: always rendered.
        #expect(try keys(first).keys.filter { $0.contains("2022") }.isEmpty)
        #expect(first.files.contains { $0.path == SitePaths.historyYear(2022) })
        // Today moves within that week: its cell on 2021's page moves.
        let nextDay = try check(
            { var input = newYear; input.today = CivilDate(year: 2022, month: 1, day: 2)!; return input }(), after: first, rendered: [y2021])
        // Later on, today leaves that week; then the past years are reused as they are.
        var later = newYear
        later.today = CivilDate(year: 2022, month: 1, day: 12)!
        let settled = try check(later, after: nextDay, rendered: [y2021])
        let again = try check(later, after: settled, rendered: [])
        #expect(again.reusedPages > settled.reusedPages)
        // A workout on Sunday 2022-01-02, in 2021's last week; then one in the next week, which
        // no past year's page shows.
        let inLastWeek = try check(Self.adding("2022-01-02 10:00:00", to: later), after: settled, rendered: [y2021])
        _ = try check(Self.adding("2022-01-05 10:00:00", to: Self.adding("2022-01-02 10:00:00", to: later)), after: inLastWeek, rendered: [])
        // Renaming that workout changes no number of 2021, only the words of its day on 2021's calendar.
        var renamed = Self.adding("2022-01-02 10:00:00", to: later)
        let sunday = try #require(renamed.history.workouts.firstIndex { $0.workout.sourceKey == "new-2022-01-02 10:00:00" })
        renamed.history.workouts[sunday].workout.name = "Sunday bench"
        _ = try check(renamed, after: inLastWeek, rendered: [y2021])
        // A deleted workout of 2020: 2020's page (and 2021's too if PRs after it moved).
        var deleted = later
        let victim = try #require(deleted.history.workouts.firstIndex { $0.workout.start.date.year == 2020 && $0.workout.start.date.month == 6 })
        deleted.history.workouts.remove(at: victim)
        _ = try check(deleted, after: settled, rendered: [y2020, workouts2020], exactly: false)
        // A renamed workout of 2020: its year's list and history page show the name.
        var renamedOld = later
        renamedOld.history.workouts[victim].workout.name = "Renamed in 2020"
        _ = try check(renamedOld, after: settled, rendered: [y2020, workouts2020], exactly: false)
        // A 500 kg set in a 2021 workout: a PR there, on every page of 2021's PR timeline.
        var heavier = later
        func isWorking(_ set: WorkoutSet) -> Bool { set.kind == .normal && (set.weightKg ?? 0) > 0 && (set.reps ?? 0) > 0 }
        let lifted = try #require(heavier.history.workouts.firstIndex {
            $0.workout.start.date.year == 2021 && $0.workout.start.date.month == 5 && $0.workout.exercises.contains { $0.sets.contains(where: isWorking) }
        })
        let block = try #require(heavier.history.workouts[lifted].workout.exercises.firstIndex { $0.sets.contains(where: isWorking) })
        let set = try #require(heavier.history.workouts[lifted].workout.exercises[block].sets.firstIndex(where: isWorking))
        heavier.history.workouts[lifted].workout.exercises[block].sets[set].weightKg = 500
        let withPR = try check(heavier, after: settled, rendered: Set([y2021, workouts2021]).union(records2021), exactly: false)
        // 510 kg instead: the same PRs, one value changed.
        heavier.history.workouts[lifted].workout.exercises[block].sets[set].weightKg = 510
        _ = try check(heavier, after: withPR, rendered: records2021, exactly: false)
    }

    /// Whether `path` is the page of a year in one of the split lists: `history/2021.html`,
    /// `workouts/2021.html`, `records/2021.html`, `records/2021-2.html`.
    static func isYearPage(_ path: String) -> Bool {
        guard let slash = path.firstIndex(of: "/"), path.hasSuffix(".html") else { return false }
        let folder = path[..<slash]
        let name = path[path.index(after: slash)...].dropLast(5)
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return ["history", "workouts", "records"].contains(folder) && parts[0].count == 4 && parts.count <= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    @Test("a demo year: a new workout re-renders only its own page, its neighbour and its exercises' pages")
    func demoYearNewWorkout() throws {
        let base = DemoSiteTests.input(years: 1)
        let first = try Self.build(base, after: nil)
        var changed = base
        let next = (changed.history.workouts.map(\.id).max() ?? 0) + 1
        changed.history.workouts.append(StoredWorkout(id: next, workout: Workout(
            source: .strong, sourceKey: "new", start: WallTime.parse("2026-11-21 18:00:00")!, durationSeconds: 2700,
            name: "Evening bench", exercises: [ExerciseBlock(name: "Bench Press (Barbell)", sets: SiteFixture.sets([(100, 5)]))])))
        changed.history = Self.sorted(changed.history)
        let reused = try Self.build(changed, after: first)
        #expect(Self.firstDifference(reused.files, try SiteBuilder.build(changed)) == nil)
        let manifest = try #require(first.record.flatMap { PageManifest(parsing: $0[...]) })
        // Every reusable page of the first build but the previous newest workout and the bench page.
        #expect(reused.reusedPages >= manifest.entries.count - 3, "\(reused.reusedPages) of \(manifest.entries.count)")
    }
}
