import Dispatch
import Foundation
import Synchronization
import Testing
import WktCore
import WktDemo
import WktTestSupport
@testable import WktSite

@Suite("Workout page: comparison with the previous workout of the same name")
struct WorkoutComparisonTests {
    @Test("the previous workout is the latest earlier one whose name matches without regard to case")
    func previousSameName() {
        let composer = PRHistory.composer
        // W1 Push, W2 push, W3 Legs, W4 Push.
        #expect(composer.previousSameName == [nil, 0, nil, 1])
        #expect(WorkoutComparison.nameKey("PUSH") == WorkoutComparison.nameKey("push"))
        #expect(WorkoutComparison.nameKey("Push") != WorkoutComparison.nameKey("Pull"))
    }

    @Test("a name's key is its NFC form case-folded as Foundation folds it, ASCII or not")
    func nameKeys() {
        var random = SplitMix64(seed: 29)
        let pieces = ["A", "z", "Push", "PULL", " ", "-", "@", "[", "`", "{", "~", "\u{7F}", "\t", "Ä", "é", "e\u{301}", "ß", "İ", "Σ", "Жим", "ﬁ", "🏋️"]
        var names = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for _ in 0..<3000 {
            names.append((0..<random.int(in: 0...6)).map { _ in pieces[random.int(in: 0...pieces.count - 1)] }.joined())
        }
        for name in names {
            let expected = CanonicalName.normalize(name).folding(options: [.caseInsensitive], locale: nil)
            #expect(WorkoutComparison.nameKey(name) == expected, "\(name.unicodeScalars.map { $0.value })")
            if WorkoutComparison.nameKey(name) != expected { return }
        }
    }

    @Test("per exercise: this workout's in order, then the ones only done before; totals over both")
    func rows() throws {
        let site = PRHistory.composer.site
        let comparison = WorkoutComparison(site.workouts[1].workout, with: site.workouts[0].workout, formula: .epley)
        #expect(comparison.rows.map(\.name) == ["Bench", "OHP", "Curl", "Dips"])
        let bench = try #require(comparison.rows.first)
        #expect(bench.then?.sets == 2 && bench.now?.sets == 1)  // the warm-up does not count
        #expect(bench.then?.volumeKg == 800 && bench.now?.volumeKg == 425)
        #expect(bench.now?.best == BestSet(weightKg: 85, reps: 5, e1rmKg: 99.167))
        #expect(comparison.rows[3].then == nil)
        let back = WorkoutComparison(site.workouts[0].workout, with: site.workouts[1].workout, formula: .epley)
        #expect(back.rows.map(\.name) == ["Bench", "OHP", "Curl", "Dips"])
        #expect(back.rows[3].now == nil)
        #expect(comparison.totals.then.sets == 4 && comparison.totals.now.sets == 5)
        #expect(comparison.totals.then.volumeKg == 1250 && comparison.totals.now.volumeKg == 1125)
    }

    @Test("the best set is the highest e1RM; sets without one count only when no set has one")
    func bestSet() {
        let single = BestSet(weightKg: 100, reps: 1, e1rmKg: 100)
        let five = BestSet(weightKg: 90, reps: 5, e1rmKg: 105)
        let twenty = BestSet(weightKg: 60, reps: 20, e1rmKg: nil)
        #expect(five.beats(single) && !single.beats(five))
        #expect(single.beats(twenty))
        #expect(BestSet(weightKg: nil, reps: 12, e1rmKg: nil).beats(BestSet(weightKg: nil, reps: 10, e1rmKg: nil)))
    }

    @Test("differences carry their sign: +, − (U+2212) and ± for nothing changed")
    func signs() {
        func difference(_ value: Double, _ magnitude: PageComposer.CellValue, _ suffix: StaticString = "") -> String {
            var out = TextBuffer(capacity: 0)
            PageComposer.cell(.count(1), .count(1), difference: (value, magnitude, suffix), units: DisplayUnits(unit: .kg), to: &out)
            return String(out.text.split(separator: "(").last?.dropLast(8) ?? "")
        }
        #expect(difference(485, .volume(485)) == "+485 kg")
        #expect(difference(-375, .volume(375)) == "\u{2212}375 kg")
        #expect(difference(0, .count(0)) == "±0")
        #expect(difference(0.2, .volume(0.2)) == "±0 kg", "a difference that rounds to zero is shown as none")
        #expect(difference(-0.04, .estimate(0.04), " e1RM") == "±0 kg e1RM")
        #expect(difference(-0.06, .estimate(0.06), " e1RM") == "\u{2212}0.1 kg e1RM")
        #expect(difference(-3, .reps(3)) == "\u{2212}3 reps")
        #expect(difference(1, .reps(1)) == "+1 rep")
    }

    @Test("cells are written as the strings they replaced, in kg and lb, for random numbers")
    func cellsMatchTheirStrings() {
        var random = SplitMix64(seed: 11)
        func number() -> Double {
            switch random.int(in: 0...3) {
            case 0: Double(random.int(in: 0...400))
            case 1: Double(random.int(in: 0...40_000)) / 16
            case 2: Double(random.int(in: 0...3_000_000)) / 7
            default: Double(random.int(in: 0...100)) / 1000
            }
        }
        func value() -> PageComposer.CellValue {
            switch random.int(in: 0...4) {
            case 0: .count(random.int(in: 0...20_000))
            case 1: .reps(random.int(in: 0...3))
            case 2: .volume(number())
            case 3: .estimate(number())
            default:
                .best(BestSet(weightKg: random.int(in: 0...3) == 0 ? nil : number(), reps: random.int(in: 1...1500), e1rmKg: nil))
            }
        }
        for unit in [WeightUnit.kg, .lb] {
            let units = DisplayUnits(unit: unit)
            for _ in 0..<3000 {
                let then = random.int(in: 0...5) == 0 ? nil : value()
                let now = random.int(in: 0...5) == 0 ? nil : value()
                let sign = [1.0, -1.0, 0.0][random.int(in: 0...2)]
                let magnitude = value()
                let difference: PageComposer.CellDifference? = random.int(in: 0...2) == 0
                    ? nil : (sign * (random.int(in: 0...1) == 0 ? 1 : 0.001), magnitude, random.int(in: 0...1) == 0 ? "" : " e1RM")
                var out = TextBuffer(capacity: 0)
                PageComposer.cell(then, now, difference: difference, units: units, to: &out)
                let expected = Self.referenceCell(then, now, difference: difference, units: units)
                #expect(out.text == expected)
                if out.text != expected { return }
            }
        }
    }

    /// The cells as strings, as the comparison made them before it wrote bytes: each part
    /// formatted (``TextFormat``, ``DisplayUnits``), the difference signed by its text's digits.
    static func referenceCell(
        _ then: PageComposer.CellValue?, _ now: PageComposer.CellValue?, difference: PageComposer.CellDifference?, units: DisplayUnits
    ) -> String {
        func text(_ value: PageComposer.CellValue) -> String {
            switch value {
            case .count(let count): TextFormat.count(count)
            case .reps(let reps): TextFormat.plural(reps, "rep")
            case .volume(let kg): units.volume(kg)
            case .estimate(let kg): units.estimate(kg)
            case .best(let set): set.weightKg.map { "\(units.weightNumber($0)) × \(set.reps)" } ?? TextFormat.plural(set.reps, "rep")
            }
        }
        func signed(_ value: Double, _ magnitude: String) -> String {
            let zero = !magnitude.utf8.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
            if zero || value == 0 { return "±" + magnitude }
            return (value > 0 ? "+" : "\u{2212}") + magnitude
        }
        guard then != nil || now != nil else { return "–" }
        var out = "<span class=\"nowrap\">" + (then.map(text) ?? "–") + " →</span> <span class=\"nowrap\">" + (now.map(text) ?? "–") + "</span>"
        if let difference {
            out += " <span class=\"diff nowrap\">(" + signed(difference.value, text(difference.magnitude)) + difference.suffix.description + ")</span>"
        }
        return out
    }

    @Test("the page shows then → now with differences, links the earlier workout, and says when there is none")
    func page() throws {
        let second = try PRHistory.page("workouts/2026-11-04-0700.html")
        #expect(second.contains("<h2 id=\"compare\">Compared with the previous push</h2>"))
        #expect(second.contains("Then: <a href=\"../workouts/2026-11-02-0700.html\">Push, Mon 2026-11-02</a>."))
        // Bench: 2 → 1 sets, 800 → 425 kg, best 80 × 5 → 85 × 5 (e1RM 93.333 → 99.167).
        #expect(second.contains("<td><a href=\"../exercises/bench.html\">Bench</a></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">2 →</span> <span class=\"nowrap\">1</span> <span class=\"diff nowrap\">(\u{2212}1)</span></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">800 kg →</span> <span class=\"nowrap\">425 kg</span> <span class=\"diff nowrap\">(\u{2212}375 kg)</span></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">80 × 5 →</span> <span class=\"nowrap\">85 × 5</span> <span class=\"diff nowrap\">(+5.8 kg e1RM)</span></td>"))
        // OHP: one more set, same best set.
        #expect(second.contains("<span class=\"diff nowrap\">(+1)</span>"))
        #expect(second.contains("<span class=\"nowrap\">50 × 5</span> <span class=\"diff nowrap\">(±0 kg e1RM)</span>"))
        // Dips are new; the bodyweight volume is a dash.
        #expect(second.contains("Dips</a> <span class=\"muted\">(new this time)</span></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">– →</span> <span class=\"nowrap\">1</span></td>\n<td align=\"right\">–</td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">– →</span> <span class=\"nowrap\">10 reps</span></td>"))
        #expect(second.contains("<td><strong>Total</strong></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">4 →</span> <span class=\"nowrap\">5</span> <span class=\"diff nowrap\">(+1)</span></td>\n"
            + "<td align=\"right\"><span class=\"nowrap\">1,250 kg →</span> <span class=\"nowrap\">1,125 kg</span> <span class=\"diff nowrap\">(\u{2212}125 kg)</span></td>"))
        // W4 compares with W2 (by start time, any case); W1 and W3 are the first of their names.
        #expect(try PRHistory.page("workouts/2026-11-06-0700.html").contains("Then: <a href=\"../workouts/2026-11-04-0700.html\">push, Wed 2026-11-04</a>."))
        #expect(try PRHistory.page("workouts/2026-11-02-0700.html")
            .contains("This is the first workout named “Push”: there is nothing to compare it with yet."))
        #expect(try PRHistory.page("workouts/2026-11-05-0700.html").contains("This is the first workout named “Legs”"))
    }

    @Test("tallies are made once for both pages that compare a workout, and dropped after the second")
    func talliesMadeOnce() {
        // Workouts 0 ← 1 ← 2 of one name; 3 of another, first of its name; 4 ← 3 but without
        // exercises (its page compares nothing).
        let cache = ComparisonTallies(previousSameName: [nil, 0, 1, nil, 3]) { $0 != 4 }
        let made = Mutex<[Int]>([])
        func ask(_ index: Int) -> ComparisonTallies.Tallies {
            cache.tallies(of: index) {
                made.withLock { $0.append(index) }
                return [(name: "Lift \(index)", tally: ExerciseTally(sets: index))]
            }
        }
        // Page 1: itself, then workout 0 (asked once in all: not kept).
        #expect(ask(1).map(\.tally.sets) == [1])
        #expect(ask(0).map(\.name) == ["Lift 0"])
        #expect(cache.keptCount == 1)
        // Page 2: itself (asked once: not kept), then workout 1 (kept from page 1, now dropped).
        #expect(ask(2).map(\.name) == ["Lift 2"])
        #expect(ask(1).map(\.name) == ["Lift 1"])
        #expect(cache.keptCount == 0)
        #expect(made.withLock { $0 } == [1, 0, 2])
        // Asked more often than a full render would: made again, never wrong.
        #expect(ask(1).map(\.name) == ["Lift 1"])
        #expect(ask(3).map(\.name) == ["Lift 3"])
        #expect(made.withLock { $0 } == [1, 0, 2, 1, 3])
    }

    @Test("two pages that make the same tallies at once both count as uses: nothing is left kept")
    func talliesMadeAtOnce() {
        // Workout 1 is compared on its own page and on workout 2's. The second ask comes while
        // the first is still making the tallies (as another thread's page would): both make
        // them, and the pair of asks still drops them.
        let cache = ComparisonTallies(previousSameName: [nil, 0, 1]) { _ in true }
        let made = Mutex(0)
        func make() -> ComparisonTallies.Tallies {
            made.withLock { $0 += 1 }
            return [(name: "Bench", tally: ExerciseTally(sets: 3))]
        }
        let outer = cache.tallies(of: 1) {
            let inner = cache.tallies(of: 1, make: make)
            #expect(inner.map(\.tally.sets) == [3])
            return make()
        }
        #expect(outer.map(\.name) == ["Bench"])
        #expect(made.withLock { $0 } == 2)
        #expect(cache.keptCount == 0)
    }

    @Test("every workout page's comparison through the shared tallies, pages in any order on two threads, equals the plain one; nothing is left kept")
    func sharedTalliesMatchPlainComparison() throws {
        let batch = DemoHistory.generate(DemoOptions(years: 1, seed: 7, endDay: CivilDate(year: 2026, month: 11, day: 21)!))
        let workouts = batch.workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        // A bodyweight, so assisted sets weigh their effective load (the demo has assisted lifts).
        var settings = Settings(timezone: "Europe/Berlin", weeklyTarget: 3)
        settings.body.bodyweightKg = 82
        let site = SiteModel(history: WorkoutHistory(workouts: workouts), settings: settings, today: CivilDate(year: 2026, month: 11, day: 21)!)
        let composer = PageComposer(site: site)
        let load = AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles)
        let pairs = site.workouts.compactMap { entry in
            composer.previousSameName[entry.index].map { (entry, site.workouts[$0]) }
        }.filter { !$0.0.workout.exercises.isEmpty }
        #expect(pairs.count > 100)
        #expect(pairs.contains { pair in WorkoutComparison(pair.0.workout, with: pair.1.workout, formula: site.report.e1rmFormula,
                                                           assistance: .init(load: load, now: pair.0.day, then: pair.1.day)).hasAssisted })
        var random = SplitMix64(seed: 5)
        let order = pairs.indices.shuffled(using: &random)
        let mismatches = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for position in stride(from: thread, to: order.count, by: 2) {
                let (entry, previous) = pairs[order[position]]
                let plain = WorkoutComparison(
                    entry.workout, with: previous.workout, formula: site.report.e1rmFormula,
                    assistance: .init(load: load, now: entry.day, then: previous.day))
                if composer.comparison(entry, with: previous) != plain { mismatches.withLock { $0.append(entry.index) } }
            }
        }
        #expect(mismatches.withLock { $0 }.isEmpty)
        #expect(composer.comparisonTallies.keptCount == 0)
    }

    @Test("rows by a short scan equal the rows through FirstAppearance, for random overlapping sides up to the scan's limit")
    func rowsByScan() {
        var random = SplitMix64(seed: 47)
        let pool = ["Bench", "Squat", "Row", "Caf\u{E9} Curl", "Dips", "OHP", "Pull-up"] + (0..<20).map { "Lift \($0)" }
        func side() -> [(name: String, tally: ExerciseTally)] {
            var names: [String] = []
            for name in pool.shuffled(using: &random).prefix(random.int(in: 0...FirstAppearance.linearLimit)) { names.append(name) }
            return names.map { (name: $0, tally: ExerciseTally(sets: random.int(in: 0...9))) }
        }
        for round in 0..<2000 {
            var current = side()
            let previous = side()
            // The same exercise spelled with a combining accent on one side: one row, as `==` says.
            if round % 5 == 0, let index = current.firstIndex(where: { $0.name == "Caf\u{E9} Curl" }) {
                current[index].name = "Cafe\u{301} Curl"
            }
            let scanned = WorkoutComparison.rows(current: current, previous: previous)
            let reference = WorkoutComparison.rowsByFirstAppearance(current: current, previous: previous)
            #expect(scanned == reference, "round \(round)")
        }
    }
}
