import Foundation
import Testing
import WktCore
import WktDemo
import WktTestSupport
@testable import WktSite

/// A small history for the PR pages (docs/product.md "PRs on pages") and the workout comparison:
/// - W1 `Push` Mon 2026-11-02: bench warm-up 40×10, 80×5, 80×5 (RPE 8 on one); OHP 50×5; curl 20×10.
/// - W2 `push` Wed 2026-11-04: bench 85×5 (e1RM, heaviest, rep max 1–5, set volume: a headline
///   group); OHP 50×5, 50×5 (session volume only: a volume-only group); curl 20×10 (a tie); dips ×10.
/// - W3 `Legs` Thu 2026-11-05: squat 100×5 (a baseline).
/// - W4 `Push` Fri 2026-11-06: bench 85×5, 85×5 (session volume only).
enum PRHistory {
    static let history = WorkoutHistory(workouts: [
        SiteFixture.workout(1, "2026-11-02 07:00:00", "Push", [
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(40, 10)], kind: .warmup)
                + [WorkoutSet(weightKg: 80, reps: 5, rpe: 8), WorkoutSet(weightKg: 80, reps: 5)]),
            ExerciseBlock(name: "OHP", sets: SiteFixture.sets([(50, 5)])),
            ExerciseBlock(name: "Curl", sets: SiteFixture.sets([(20, 10)])),
        ]),
        SiteFixture.workout(2, "2026-11-04 07:00:00", "push", [
            ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(85, 5)])),
            ExerciseBlock(name: "OHP", sets: SiteFixture.sets([(50, 5), (50, 5)])),
            ExerciseBlock(name: "Curl", sets: SiteFixture.sets([(20, 10)])),
            ExerciseBlock(name: "Dips", sets: SiteFixture.sets([(nil, 10)])),
        ]),
        SiteFixture.workout(3, "2026-11-05 07:00:00", "Legs", [ExerciseBlock(name: "Squat", sets: SiteFixture.sets([(100, 5)]))]),
        SiteFixture.workout(4, "2026-11-06 07:00:00", "Push", [ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(85, 5), (85, 5)]))]),
    ])

    static let today = CivilDate(year: 2026, month: 11, day: 8)!

    static var composer: PageComposer {
        PageComposer(site: SiteModel(history: history, settings: SiteFixture.settings(), today: today))
    }

    /// The built site as path → text.
    static let built: Result<[OutputFile], SiteError> = Result { () throws(SiteError) in
        try SiteBuilder.build(SiteBuildInput(history: history, settings: SiteFixture.settings(), today: today, baseURL: nil))
    }

    static func page(_ path: String) throws -> String {
        try #require(SiteFixture.textFiles(try built.get())[path], "no \(path)")
    }

    /// An event of workout `id` on `exercise` (the other fields are irrelevant to grouping).
    static func event(_ id: Int64, _ exercise: String, _ metric: RecordMetric, _ value: Double = 100, was previous: Double = 90) -> PREvent {
        PREvent(day: today, workoutID: id, workoutName: "W\(id)", workoutStart: WallTime.parse("2026-11-08 07:00:00")!,
                exercise: exercise, metric: metric, valueKg: value, previousKg: previous, formula: .epley)
    }
}

@Suite("PR groups on pages")
struct PRGroupTests {
    @Test("events in any order group per workout and exercise, headline records first, then rep maxes, then volumes")
    func orderRobust() {
        let events = [
            PRHistory.event(1, "Bench", .setVolume), PRHistory.event(1, "Squat", .repMax(5)), PRHistory.event(1, "Bench", .repMax(2)),
            PRHistory.event(2, "Bench", .sessionVolume), PRHistory.event(1, "Bench", .heaviest), PRHistory.event(1, "Bench", .repMax(1)),
            PRHistory.event(1, "Bench", .sessionVolume), PRHistory.event(1, "Bench", .e1rm), PRHistory.event(1, "Bench", .repMax(3)),
        ]
        func shape(_ events: [PREvent]) -> [String] {
            PageComposer.prGroups(events).map { group in
                "\(group.event.workoutID) \(group.event.exercise): " + group.lines.map(\.title).joined(separator: ", ")
            }
        }
        #expect(shape(events) == [
            "1 Bench: e1RM, Heaviest, 1–3-rep max, Set volume, Session volume", "1 Squat: 5-rep max", "2 Bench: Session volume",
        ])
        // Reversed, the groups come in their new first-appearance order with the same lines.
        #expect(shape(events.reversed()) == [
            "1 Bench: e1RM, Heaviest, 1–3-rep max, Set volume, Session volume", "2 Bench: Session volume", "1 Squat: 5-rep max",
        ])
        #expect(PageComposer.prCount(events) == 3)
        #expect(PageComposer.prCount(events.reversed()) == PageComposer.prGroups(events).count)
    }

    @Test("grouping matches a plain per-key grouping for random orders and interleavings")
    func groupingMatchesReference() {
        var generator = SystemRandomNumberGenerator()
        let metrics = RecordMetric.allInEventOrder
        for _ in 0..<200 {
            // Runs of a few workouts, some met again after others, with repeated exercises.
            let events = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                PRHistory.event(
                    Int64.random(in: 1...4, using: &generator), ["Bench", "Squat", "OHP"].randomElement(using: &generator)!,
                    metrics.randomElement(using: &generator)!)
            }
            var keys: [String] = []
            var members: [String: [PREvent]] = [:]
            for event in events {
                let key = "\(event.workoutID) \(event.exercise)"
                if members[key] == nil { keys.append(key) }
                members[key, default: []].append(event)
            }
            let expected = keys.map { key in
                let ordered = members[key]!.enumerated().sorted {
                    (PageComposer.pageRank($0.element.metric), $0.offset) < (PageComposer.pageRank($1.element.metric), $1.offset)
                }.map(\.element)
                return key + ": " + PageComposer.collapsed(ordered).map(\.title).joined(separator: ", ")
            }
            let grouped = PageComposer.prGroups(events).map { group in
                "\(group.event.workoutID) \(group.event.exercise): " + group.lines.map(\.title).joined(separator: ", ")
            }
            #expect(grouped == expected)
            #expect(PageComposer.prCount(events) == keys.count)
            #expect(PageComposer.prCount(events) == Self.prCountBySet(events))
        }
    }

    /// The PR count as a set of (workout, exercise) keys counts it: the reference for
    /// ``PageComposer/prCount(_:)`` (a key's `String` compares and hashes as Swift compares names).
    static func prCountBySet(_ events: some Collection<PREvent>) -> Int {
        Set(events.map { "\($0.workoutID)\u{0}\($0.exercise)" }).count
    }

    @Test("the PR count equals the count of distinct (workout, exercise) keys, names compared as Swift compares them")
    func prCountAgainstSet() {
        var generator = SystemRandomNumberGenerator()
        // NFC and NFD spellings of one name are one exercise for `==` and for a set alike.
        let names = ["Bench", "Squat", "Caf\u{E9} Curl", "Cafe\u{301} Curl", "OHP", "ohp"]
        for _ in 0..<300 {
            let events = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                PRHistory.event(
                    Int64.random(in: 1...5, using: &generator), names.randomElement(using: &generator)!,
                    RecordMetric.allInEventOrder.randomElement(using: &generator)!)
            }
            #expect(PageComposer.prCount(events) == Self.prCountBySet(events))
            #expect(PageComposer.prCount(events[...].dropFirst()) == Self.prCountBySet(events.dropFirst()))
        }
        #expect(PageComposer.prCount([PREvent]()) == 0)
        #expect(PageComposer.prCount([PRHistory.event(1, "Caf\u{E9} Curl", .e1rm), PRHistory.event(1, "Cafe\u{301} Curl", .heaviest)]) == 1)
        // A workout met again after another keeps the exercises it had.
        let again = [PRHistory.event(1, "Bench", .e1rm), PRHistory.event(2, "Bench", .e1rm), PRHistory.event(1, "Bench", .heaviest),
                     PRHistory.event(1, "Squat", .e1rm)]
        #expect(PageComposer.prCount(again) == 3)
    }

    @Test("metric titles are made once and read the same as made anew")
    func metricTitles() {
        for metric in RecordMetric.allInEventOrder + [.repMax(13), .repMax(0)] {
            #expect(PageComposer.metricTitle(metric) == PageComposer.makeMetricTitle(metric))
        }
        #expect([RecordMetric.e1rm, .heaviest, .repMax(5), .setVolume, .sessionVolume].map(PageComposer.metricTitle)
            == ["e1RM", "Heaviest", "5-rep max", "Set volume", "Session volume"])
    }

    @Test("rep-max runs merge only while n is consecutive and the new and previous values match")
    func repMaxRuns() {
        let events = [
            PRHistory.event(1, "Bench", .repMax(1), 100, was: 90), PRHistory.event(1, "Bench", .repMax(2), 100, was: 90),
            PRHistory.event(1, "Bench", .repMax(3), 100, was: 95), PRHistory.event(1, "Bench", .repMax(4), 95, was: 95 - 5),
            PRHistory.event(1, "Bench", .repMax(6), 95, was: 90),
        ]
        let titles = PageComposer.prGroups(events.shuffled()).first?.lines.map(\.title)
        #expect(titles == ["1–2-rep max", "3-rep max", "4-rep max", "6-rep max"])
    }

    @Test("a set's PR marker reads as the titles it was joined from, for random sets of records in any order")
    func markers() {
        var random = SplitMix64(seed: 23)
        let metrics: [RecordMetric] = [.e1rm, .heaviest, .setVolume, .sessionVolume] + (1...14).map { .repMax($0) }
        for _ in 0..<2000 {
            let events = (0..<random.int(in: 1...9)).map { _ in
                PRHistory.event(1, "Bench", metrics[random.int(in: 0...metrics.count - 1)], 100, was: 90)
            }
            let marker = PageComposer.prMarker(events)
            #expect(marker == Self.referenceMarker(events))
            if marker != Self.referenceMarker(events) { return }
        }
        #expect(PageComposer.prMarker([.repMax(3), .setVolume, .repMax(1), .e1rm, .repMax(2), .repMax(5)].map {
            PRHistory.event(1, "Bench", $0, 100, was: 90)
        }) == "<span class=\"pr-mark\">\(PageComposer.prBadge) e1RM · 1–3-rep max · 5-rep max · <span class=\"pr-volume\">set volume</span></span>")
    }

    /// ``PageComposer/prMarker(_:)`` as it was made before it wrote bytes: the titles gathered
    /// (runs of rep maxes merged), each escaped, joined with ` · `.
    static func referenceMarker(_ events: [PREvent]) -> String {
        let ordered = events.sorted { PageComposer.pageRank($0.metric) < PageComposer.pageRank($1.metric) }
        var titles: [(text: String, volume: Bool, repMax: (first: Int, last: Int)?)] = []
        for event in ordered {
            if case .repMax(let n) = event.metric, let last = titles.last, let run = last.repMax, run.last + 1 == n {
                titles[titles.count - 1] = ("\(run.first)–\(n)-rep max", false, (run.first, n))
            } else if case .repMax(let n) = event.metric {
                titles.append((PageComposer.metricTitle(event.metric), false, (n, n)))
            } else {
                let volume = PRTier(event.metric) == .volume
                titles.append((volume ? event.metric.displayName : PageComposer.metricTitle(event.metric), volume, nil))
            }
        }
        let text = titles.map { $0.volume ? "<span class=\"pr-volume\">\(HTML.text($0.text))</span>" : HTML.text($0.text) }
        return "<span class=\"pr-mark\">\(PageComposer.prBadge) \(text.joined(separator: " · "))</span>"
    }

    @Test("a volume-only group says so in words and in the secondary style; a mixed group puts volumes last")
    func volumeOnly() throws {
        let composer = PRHistory.composer
        let groups = PageComposer.prGroups([PRHistory.event(1, "OHP", .sessionVolume, 500, was: 250)])
        let group = try #require(groups.first)
        #expect(!group.hasHeadline)
        #expect(composer.prSummary(group) == "<span class=\"pr-volume\">volume records only: session volume 500 kg (was 250 kg)</span>")
        let mixed = try #require(PageComposer.prGroups([
            PRHistory.event(1, "Bench", .setVolume, 425, was: 400), PRHistory.event(1, "Bench", .heaviest, 85, was: 80),
        ]).first)
        #expect(mixed.hasHeadline)
        #expect(composer.prSummary(mixed) == "Heaviest <strong>85 kg</strong> (was 80 kg) "
            + "<span class=\"pr-volume\">also volume records: set volume 425 kg (was 400 kg)</span>")
        #expect(composer.prSummary(mixed, previous: false, compactVolume: true)
            == "Heaviest <strong>85 kg</strong> <span class=\"pr-volume\">+ 1 volume record</span>")
    }

    @Test("every PR count on the site counts exercises, as many as the lines of the workout page's PR table")
    func countsMatchGroups() throws {
        let index = try PRHistory.page("workouts/index.html")
        #expect(index.contains("<th align=\"right\">Exercises with PRs</th>"))
        let expected = ["workouts/2026-11-02-0700.html": 0, "workouts/2026-11-04-0700.html": 2,
                        "workouts/2026-11-05-0700.html": 0, "workouts/2026-11-06-0700.html": 1]
        for (path, count) in expected {
            let page = try PRHistory.page(path)
            let section = page.components(separatedBy: "<h2 id=\"prs\">").dropFirst().first?.components(separatedBy: "</table>").first ?? ""
            let rows = section.components(separatedBy: "<tr>").count - 2  // the header row and the text before it
            #expect(max(rows, 0) == count, "\(path): PR table rows")
            if count > 0 {
                #expect(page.contains("<dt>PRs</dt><dd><a href=\"#prs\">\(TextFormat.plural(count, "exercise"))</a></dd>"), "\(path): fact card")
                #expect(page.contains("<meta name=\"description\" content=\"") && page.contains(", \(TextFormat.plural(count, "PR"))\""), "\(path)")
            } else {
                #expect(!page.contains("<dt>PRs</dt>"))
            }
            // The workouts list: the last cell of the workout's row.
            let row = index.components(separatedBy: "<a href=\"../\(path)\">").dropFirst().first?.components(separatedBy: "</tr>").first ?? ""
            #expect(row.hasSuffix(count > 0 ? "<td align=\"right\">\(count)</td>\n" : "<td align=\"right\"></td>\n"), "\(path): list cell")
        }
        let records = try PRHistory.page("records/index.html")
        #expect(records.contains("3 PRs (10 records broken)"))
        #expect(try PRHistory.page("feed.xml").contains("2 PRs"))
    }

    @Test("the dashboard lists PRs with a headline record and says how many volume-only ones it left out")
    func dashboardRule() throws {
        let recent = PRHistory.composer.recentHeadlinePRs(10)
        #expect(recent.groups.map { "\($0.event.workoutID) \($0.event.exercise)" } == ["2 Bench"])
        #expect(recent.volumeOnly == 2)  // W4 bench and W2 OHP
        let dashboard = try PRHistory.page("index.html")
        #expect(dashboard.contains("e1RM <strong>99.2 kg</strong> · Heaviest <strong>85 kg</strong> · 1–5-rep max <strong>85 kg</strong> "
            + "<span class=\"pr-volume\">+ 1 volume record</span>"))
        #expect(dashboard.contains("Not listed: 2 PRs of the same workouts that broke only set or session volume records"))
        #expect(!dashboard.contains("volume records only"))
        // With a limit of one headline group, W2's OHP still counts: it is in the same workout.
        #expect(PRHistory.composer.recentHeadlinePRs(1).volumeOnly == 2)
    }

    @Test("the workout page marks the sets that broke records, in words, and the session volume on the block total")
    func setMarkers() throws {
        let push = try PRHistory.page("workouts/2026-11-04-0700.html")
        #expect(push.contains("<td align=\"right\">85</td>\n<td align=\"right\">5</td>\n<td align=\"right\">425</td>\n"
            + "<td><span class=\"pr-mark\"><span class=\"badge badge-pr\">PR</span> e1RM · Heaviest · 1–5-rep max · "
            + "<span class=\"pr-volume\">set volume</span></span></td>"))
        #expect(push.contains("volume 500 kg <span class=\"pr-mark\"><span class=\"badge badge-pr\">PR</span> "
            + "<span class=\"pr-volume\">session volume</span></span></p>"))
        // The second W4 set ties the first: only the first is marked (session volume is on the total).
        let last = try PRHistory.page("workouts/2026-11-06-0700.html")
        let sets = last.components(separatedBy: "<h2>Exercises</h2>").last ?? ""
        #expect(sets.contains("<th align=\"right\">Set</th>") && !sets.contains("<th>Records</th>"), "no set broke a record on its own")
        #expect(last.contains("<span class=\"pr-volume\">session volume</span>"))
    }

    @Test("the session-volume mark sits on the last block of its exercise, however many blocks the workout has")
    func sessionVolumeOnLastBlock() throws {
        // A first workout sets the baseline; the second repeats bench across blocks and beats its
        // session volume. Without and with 20 other blocks: the short scan and the dictionary.
        for filler in [0, 20] {
            let others = (0..<filler).map { ExerciseBlock(name: "Lift \($0)", sets: SiteFixture.sets([(10, 5)])) }
            let history = WorkoutHistory(workouts: [
                SiteFixture.workout(1, "2026-11-02 07:00:00", "A", [ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(80, 5)]))]),
                SiteFixture.workout(2, "2026-11-04 07:00:00", "A", [
                    ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(80, 5)])),
                    ExerciseBlock(name: "Row", sets: SiteFixture.sets([(60, 5)])),
                    ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(80, 5)])),
                ] + others + [
                    ExerciseBlock(name: "Bench", sets: SiteFixture.sets([(80, 5)])),
                    ExerciseBlock(name: "Row", sets: SiteFixture.sets([(60, 5)])),
                ]),
            ])
            let files = try SiteBuilder.build(SiteBuildInput(history: history, settings: SiteFixture.settings(), today: PRHistory.today))
            let page = try #require(SiteFixture.textFiles(files)["workouts/2026-11-04-0700.html"])
            let blocks = page.components(separatedBy: "<h3 class=\"exercise-heading\">").dropFirst().map { String($0) }
            #expect(blocks.count == 5 + filler)
            let marked = blocks.indices.filter { blocks[$0].contains("<span class=\"pr-volume\">session volume</span></span></p>") }
            // Bench's last block; Row had no earlier session, so no session-volume record.
            #expect(marked == [3 + filler], "filler \(filler)")
        }
    }

    @Test("set tables leave out the columns no set has a value in")
    func hiddenColumns() throws {
        let first = try PRHistory.page("workouts/2026-11-02-0700.html")
        let tables = first.components(separatedBy: "<h3 class=\"exercise-heading\">").dropFirst().map { $0.components(separatedBy: "</thead>")[0] }
        #expect(tables.count == 3)
        // Bench: a warm-up (Kind) and an RPE; OHP and Curl: neither.
        #expect(tables[0].contains("<th>Kind</th>") && tables[0].contains("<th align=\"right\">RPE</th>"))
        for table in tables.dropFirst() {
            #expect(!table.contains("Kind") && !table.contains("RPE") && !table.contains("Time") && !table.contains("Distance"))
            #expect(!table.contains("Records"))
        }
        // Dips (bodyweight): no weight and no volume column.
        let dips = try PRHistory.page("workouts/2026-11-04-0700.html").components(separatedBy: ">Dips</a></h3>")[1]
            .components(separatedBy: "</table>")[0]
        #expect(!dips.contains("Weight") && !dips.contains("Volume") && dips.contains("<th align=\"right\">Reps</th>"))
    }
}

@Suite("PR rows by year in parts")
struct PRRowsPartsTests {
    /// A PR timeline's rows as text: each group's workout, exercise and line titles.
    static func text(_ rows: [Int: [PRGroup]]) -> [Int: [String]] {
        rows.mapValues { groups in
            groups.map { "\($0.event.workoutID) \($0.event.exercise): " + $0.lines.map(\.title).joined(separator: ", ") }
        }
    }

    @Test("the parts together give every year's rows once, as the whole does")
    func partsMakeTheWhole() {
        let batch = DemoHistory.generate(DemoOptions(years: 4, seed: 11, endDay: CivilDate(year: 2026, month: 11, day: 21)!))
        let workouts = batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        let report = StatsEngine.compute(
            history: WorkoutHistory(workouts: workouts), settings: Settings(timezone: "Europe/Berlin", weeklyTarget: 3),
            today: CivilDate(year: 2026, month: 11, day: 21)!)
        let whole = PageComposer.prRowsByYear(report)
        #expect(whole.count >= 4 && whole.values.allSatisfy { !$0.isEmpty })
        for parts in 1...5 {
            let pieces = (0..<parts).map { PageComposer.prRowsByYear(report, part: $0, of: parts) }
            #expect(pieces.reduce(0) { $0 + $1.count } == whole.count, "\(parts) parts")
            let merged = pieces.reduce(into: [Int: [PRGroup]]()) { all, piece in all.merge(piece) { first, _ in first } }
            #expect(Self.text(merged) == Self.text(whole), "\(parts) parts")
            if parts == 2 { #expect(pieces.allSatisfy { !$0.isEmpty }, "both halves have years") }
        }
    }
}
