import Testing
@testable import WktCore

@Suite("Dashboard numbers: week comparison, most-trained lifts, top sets")
struct DashboardNumbersTests {
    /// Workouts at 18:00 with one exercise block each.
    private func on(_ days: [(String, [ExerciseBlock])]) -> [StoredWorkout] {
        days.enumerated().map { H.w(Int64($0.offset + 1), "\($0.element.0) 18:00", $0.element.1) }
    }

    private func bench(_ sets: Int, _ kg: Double = 100) -> ExerciseBlock {
        H.ex("Bench", Array(repeating: H.s(kg, 5), count: sets))
    }

    @Test("this week against last week and the average of the 4 complete weeks before it")
    func fourWeeks() throws {
        // Today Wed 2026-11-18 (W47). W42 is older than the average's 4 weeks; W46 has 2 workouts.
        let report = H.report(on([
            ("2026-10-12", [bench(9)]),                           // W42: outside the average
            ("2026-10-19", [bench(2)]),                           // W43
            ("2026-10-26", [bench(3)]), ("2026-10-28", [bench(1)]), // W44
            ("2026-11-02", [bench(4)]),                           // W45
            ("2026-11-09", [bench(2)]), ("2026-11-11", [bench(2, 50)]), // W46
            ("2026-11-16", [bench(3)]),                           // W47 (this week)
        ]), today: "2026-11-18")
        let comparison = try #require(WeekComparison.compute(weeks: report.weeks))
        #expect(comparison.thisWeek == .init(workouts: 1, workingSets: 3, volumeKg: 1500))
        #expect(comparison.lastWeek == .init(workouts: 2, workingSets: 4, volumeKg: 1500))
        #expect(comparison.averageWeekCount == 4)
        // W43–W46: workouts 1+2+1+2, sets 2+4+4+4, volume 1000+2000+2000+1500.
        #expect(comparison.average == .init(workouts: 1.5, workingSets: 3.5, volumeKg: 1625))
        #expect(comparison.thisWeek.minus(try #require(comparison.lastWeek)) == .init(workouts: -1, workingSets: -1, volumeKg: 0))
    }

    @Test("an empty last week counts as zeros; fewer complete weeks average over what there is")
    func emptyLastWeekShortHistory() throws {
        // W45 trained, W46 empty, W47 this week: two complete weeks.
        let report = H.report(on([("2026-11-02", [bench(4)]), ("2026-11-17", [bench(2)])]), today: "2026-11-18")
        let comparison = try #require(WeekComparison.compute(weeks: report.weeks))
        #expect(comparison.lastWeek == .init(workouts: 0, workingSets: 0, volumeKg: 0))
        #expect(comparison.averageWeekCount == 2)
        #expect(comparison.average == .init(workouts: 0.5, workingSets: 2, volumeKg: 1000))
        #expect(comparison.thisWeek.minus(try #require(comparison.lastWeek)) == .init(workouts: 1, workingSets: 2, volumeKg: 1000))
    }

    @Test("a history that starts this week has no last week and no average; no weeks give no comparison")
    func firstWeek() throws {
        let report = H.report(on([("2026-11-16", [bench(2)])]), today: "2026-11-18")
        let comparison = try #require(WeekComparison.compute(weeks: report.weeks))
        #expect(comparison.lastWeek == nil)
        #expect(comparison.average == nil)
        #expect(comparison.averageWeekCount == 0)
        #expect(WeekComparison.compute(weeks: []) == nil)
    }

    @Test("most-trained lifts: by working sets in 12 weeks, ties by workouts then name; no weightless or old lifts")
    func mostTrained() {
        let report = H.report(on([
            ("2026-06-01", [H.ex("Old Lift", Array(repeating: H.s(100, 5), count: 30))]),  // before the 12 weeks
            ("2026-11-02", [H.ex("Pull Up", Array(repeating: H.s(nil, 10), count: 20)),  // no weight
                            H.ex("Curl", Array(repeating: H.s(20, 15), count: 20)),      // no e1RM (15 reps)
                            H.ex("Squat", [H.s(100, 5), H.s(100, 5), H.s(100, 5), H.s(60, 5, .warmup)]),
                            H.ex("Bench", [H.s(80, 5), H.s(80, 5)]),
                            H.ex("Row", [H.s(60, 8), H.s(60, 8)])]),
            ("2026-11-09", [H.ex("Deadlift", [H.s(140, 3)]), H.ex("Press", [H.s(50, 5)])]),
            ("2026-11-16", [H.ex("Deadlift", [H.s(140, 3)]), H.ex("Press", [H.s(50, 5)])]),
        ]), today: "2026-11-18")
        let names = { (indices: [Int]) in indices.map { report.exercises[$0].name } }
        // Squat 3 sets; Bench, Row, Deadlift, Press 2 sets each: Deadlift and Press have 2 workouts
        // (name order between them), then Bench before Row by name.
        let chosen = LiftTrends.mostTrained(report.exercises, calendar: report.calendar, today: report.today, limit: 6)
        #expect(names(chosen) == ["Squat", "Deadlift", "Press", "Bench", "Row"])
        #expect(names(LiftTrends.mostTrained(report.exercises, calendar: report.calendar, today: report.today))
            == ["Squat", "Deadlift", "Press"])
        // A window of 20 weeks reaches Old Lift.
        #expect(names(LiftTrends.mostTrained(report.exercises, calendar: report.calendar, today: report.today, weeks: 30)).first
            == "Old Lift")
    }

    @Test("fewer than three lifts with an e1RM give fewer; none gives none")
    func fewerLifts() {
        let report = H.report(on([
            ("2026-11-16", [H.ex("Bench", [H.s(80, 5)]), H.ex("Plank", [WorkoutSet(seconds: 60)]),
                            H.ex("Dip", [H.s(nil, 12)])]),
        ]), today: "2026-11-18")
        #expect(LiftTrends.mostTrained(report.exercises, calendar: report.calendar, today: report.today)
            .map { report.exercises[$0].name } == ["Bench"])
        let bodyweight = H.report(on([("2026-11-16", [H.ex("Dip", [H.s(nil, 12)])])]), today: "2026-11-18")
        #expect(LiftTrends.mostTrained(bodyweight.exercises, calendar: bodyweight.calendar, today: bodyweight.today).isEmpty)
    }

    @Test("best e1RM per week over the chart's weeks, nil for weeks without one")
    func weeklyBest() throws {
        // Epley: 100 × 5 → 116.667, 110 × 3 → 121, 90 × 5 → 105.
        let report = H.report(on([
            ("2026-07-01", [H.ex("Bench", [H.s(200, 1)])]),                 // before the 16 weeks
            ("2026-11-02", [H.ex("Bench", [H.s(100, 5)])]),
            ("2026-11-04", [H.ex("Bench", [H.s(110, 3)])]),
            ("2026-11-16", [H.ex("Bench", [H.s(90, 5), H.s(20, 15)])]),
        ]), today: "2026-11-18")
        let bench = try #require(report.exercises.first { $0.name == "Bench" })
        let weeks = LiftTrends.weeklyBestE1RM(bench, calendar: report.calendar, today: report.today)
        #expect(weeks.count == 16)
        #expect(weeks.prefix(13).allSatisfy { $0 == nil })
        #expect(weeks[13] == 121)
        #expect(weeks[14] == nil)
        #expect(try #require(weeks[15]) == 105)
    }

    @Test("the top set: heaviest working set, more reps on a tie, most reps without weight, nil without either")
    func topSet() {
        #expect(TopSet.pick([H.warm(120, 1), H.s(100, 5), H.s(105, 3), H.s(105, 4), H.s(105, 4)]) == H.s(105, 4))
        #expect(TopSet.pick([H.s(nil, 10), H.s(nil, 12), H.s(nil, 8)]) == H.s(nil, 12))
        #expect(TopSet.pick([H.s(nil, 20), H.s(10, 5)]) == H.s(10, 5))
        #expect(TopSet.pick([WorkoutSet(seconds: 60), H.warm(40, 10)]) == nil)
        #expect(TopSet.pick([]) == nil)
    }
}
