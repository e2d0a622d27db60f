import Testing
import WktCore
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
        #expect(PageComposer.signed(485, "485 kg") == "+485 kg")
        #expect(PageComposer.signed(-375, "375 kg") == "\u{2212}375 kg")
        #expect(PageComposer.signed(0, "0") == "±0")
        #expect(PageComposer.signed(0.2, "0 kg") == "±0 kg", "a difference that rounds to zero is shown as none")
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
}
