import Testing
@testable import WktCore

/// docs/statistics.md "Year in review".
@Suite("Year in review")
struct YearReviewTests {
    /// A workout of `sets` working sets of `exercise` at `kg` × `reps`, at 18:00.
    private func lift(_ id: Int64, _ day: String, _ exercise: String = "Bench Press", kg: Double = 100, reps: Int = 5, sets: Int = 3)
        -> StoredWorkout {
        H.w(id, "\(day) 18:00", [H.ex(exercise, Array(repeating: H.s(kg, reps), count: sets))])
    }

    private func review(_ year: Int, _ workouts: [StoredWorkout], today: String, settings: Settings = H.settings()) -> YearReview {
        YearReview.compute(year: year, report: H.report(workouts, today: today, settings: settings))
    }

    @Test("a year with one workout: its totals, one month with it, a one-day streak, one new exercise, nothing to compare")
    func oneWorkout() {
        let review = review(2024, [lift(1, "2024-05-08"), lift(2, "2026-01-10")], today: "2026-06-10")
        #expect(review.totals.workouts == 1)
        #expect(review.totals.trainingDays == 1)
        #expect(review.totals.workingSets == 3)
        #expect(review.totals.reps == 15)
        #expect(review.totals.volumeKg == 1500)
        #expect(!review.inProgress)
        #expect(review.through == H.d("2024-12-31"))
        #expect(review.months.count == 12)
        #expect(review.months.map(\.totals.workouts) == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        #expect(review.bestWeek?.start == H.d("2024-05-06"))
        #expect(review.dayStreak == YearReview.Run(length: 1, first: H.d("2024-05-08"), last: H.d("2024-05-08")))
        #expect(review.weekStreak == YearReview.Run(length: 1, first: H.d("2024-05-06"), last: H.d("2024-05-06")))
        #expect(review.weeks == 34)  // 2024-W19 … 2024-W52; 2025-W01 (from 30 December) is filed under 2025
        #expect(review.exercises.map(\.name) == ["Bench Press"])
        #expect(review.newExercises.map(\.name) == ["Bench Press"])
        #expect(review.newExercises.first?.workoutID == 1)
        #expect(review.prs == 0)  // the first session sets the baseline
        #expect(review.headlinePRs.isEmpty)
        #expect(!review.hasPrevious)
        #expect(review.comparedThrough == H.d("2023-12-31"))
        #expect(YearReview.Change(now: 1, then: 0).percent == nil)
        #expect(YearReview.Change(now: 1, then: 0).difference == 1)
    }

    @Test("a year after a gap year: nothing to compare; PRs measured from the best before the gap; only first-ever sessions are new")
    func afterGapYear() {
        let workouts = [
            lift(1, "2023-03-01"), lift(2, "2025-02-03", kg: 105), lift(3, "2025-02-10", kg: 110),
            lift(4, "2025-02-10", "Squat", kg: 140), lift(5, "2025-04-01", kg: 110, reps: 5),
        ]
        let review = review(2025, workouts, today: "2026-01-20")
        #expect(!review.hasPrevious)
        #expect(review.previous == YearReview.Totals())
        #expect(review.newExercises.map(\.name) == ["Squat"])
        #expect(review.prs == 2)  // workouts 2 and 3 each broke bench records
        let bench = review.headlinePRs.first { $0.exercise == "Bench Press" }
        #expect(bench?.heaviest == YearReview.RecordGain(beforeKg: 100, bestKg: 110, day: H.d("2025-02-10"), workoutID: 3, events: 2))
        #expect(bench?.e1rm?.beforeKg == 116.667)  // Epley 100 kg × 5, rounded to 0.001
        #expect(bench?.prs == 2)
        #expect(review.totals.trainingDays == 3)
        #expect(review.dayStreak.length == 1)
        #expect(review.dayStreak.first == H.d("2025-04-01"))  // ties: the most recent run
    }

    @Test("the current year: so far, months through this month, compared with the same day last year")
    func currentYear() {
        let workouts = [lift(1, "2025-03-10"), lift(2, "2025-03-20"), lift(3, "2025-11-01"), lift(4, "2026-03-01", kg: 90)]
        let review = review(2026, workouts, today: "2026-03-15")
        #expect(review.inProgress)
        #expect(review.through == H.d("2026-03-15"))
        #expect(review.months.count == 3)
        #expect(review.comparedThrough == H.d("2025-03-15"))
        #expect(review.previous.workouts == 1)
        #expect(review.hasPrevious)
        let change = YearReview.Change(now: Double(review.totals.volumeKg), then: review.previous.volumeKg)
        #expect(change.difference == 1350 - 1500)
        #expect(change.percent == -10)
        // 29 February compares with 28 February.
        let leap = self.review(2028, [lift(1, "2027-02-28"), lift(2, "2028-02-29")], today: "2028-02-29")
        #expect(leap.comparedThrough == H.d("2027-02-28"))
        #expect(leap.previous.workouts == 1)
        #expect(YearReview.all(report: H.report(workouts, today: "2026-03-15")).map(\.year) == [2025, 2026])
    }

    @Test("ties: best week by workouts, then volume, then the earlier week; exercises by sets, then volume, then name")
    func ties() {
        let workouts = [
            lift(1, "2025-01-06", kg: 50), lift(2, "2025-01-07", kg: 50),  // W02: 2 workouts, 1,500 kg
            lift(3, "2025-01-13", kg: 60), lift(4, "2025-01-14", kg: 60),  // W03: 2 workouts, 1,800 kg
            lift(5, "2025-01-20", kg: 60), lift(6, "2025-01-21", kg: 60),  // W04: 2 workouts, 1,800 kg (later)
            lift(7, "2025-02-03", "Row", kg: 10, sets: 18), lift(8, "2025-02-04", "Curl", kg: 10, sets: 18),
            lift(9, "2025-02-05", "Abs", kg: 10, sets: 18),
        ]
        let review = review(2025, workouts, today: "2025-12-31")
        #expect(review.bestWeek?.start == H.d("2025-02-03"))  // three workouts
        let noThird = self.review(2025, Array(workouts.prefix(6)), today: "2025-12-31")
        #expect(noThird.bestWeek?.start == H.d("2025-01-13"))
        // Bench 18 sets, 8,100 kg; Row, Curl and Abs 18 sets, 900 kg each: Abs < Curl < Row by name.
        #expect(review.exercises.map(\.name) == ["Bench Press", "Abs", "Curl", "Row"])
        #expect(review.weekStreak == YearReview.Run(length: 3, first: H.d("2025-01-06"), last: H.d("2025-01-20")))
    }

    @Test("streaks stop at the year's edges; weeks belong to the year of their middle day")
    func yearEdges() {
        let days = ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]
        let workouts = days.enumerated().map { lift(Int64($0.offset + 1), $0.element) }
        let old = review(2026, workouts, today: "2027-01-06")
        #expect(old.dayStreak == YearReview.Run(length: 2, first: H.d("2026-12-30"), last: H.d("2026-12-31")))
        // 2026-W53 (28 Dec – 3 Jan) is filed under 2026 with all five workouts.
        #expect(old.bestWeek?.workouts == 5)
        let new = review(2027, workouts, today: "2027-01-06")
        #expect(new.dayStreak == YearReview.Run(length: 3, first: H.d("2027-01-01"), last: H.d("2027-01-03")))
        #expect(new.totals.workouts == 3)
        #expect(new.bestWeek == nil)  // 2027-W01 so far has none
        #expect(new.weeks == 1)
        #expect(new.weekStreak.length == 0)
        #expect(new.previous.workouts == 0)  // 2026 through 6 January: nothing
    }

    @Test("warm-ups count nowhere; an exercise with only warm-ups is not new and not trained")
    func warmUpsOnly() {
        let workouts = [
            H.w(1, "2025-01-06 18:00", [H.ex("Press", [H.warm(20, 10)]), H.ex("Squat", [H.s(100, 5)])]),
            H.w(2, "2026-01-06 18:00", [H.ex("Press", [H.s(40, 5)])]),
        ]
        let first = review(2025, workouts, today: "2026-02-01")
        #expect(first.exercises.map(\.name) == ["Squat"])
        #expect(first.newExercises.map(\.name) == ["Squat"])
        let second = review(2026, workouts, today: "2026-02-01")
        #expect(second.newExercises.map(\.name) == ["Press"])
        #expect(second.prs == 0)
    }
}
