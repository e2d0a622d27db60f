import Testing
@testable import WktCore

/// Goals (docs/statistics.md "Goals"). Today is Wednesday 2026-11-25 in Monday weeks: the week
/// of today starts 2026-11-23, so the 12 complete weeks are 2026-08-31 … 2026-11-22.
@Suite("Goals")
struct GoalTests {
    static let today = "2026-11-25"

    /// One squat workout per Monday, the last on `lastMonday`, each a single `weight × reps` set.
    static func mondays(_ weights: [Double], lastMonday: String = "2026-11-16", reps: Int = 1, idBase: Int64 = 100) -> [StoredWorkout] {
        let last = H.d(lastMonday)
        return weights.enumerated().map { index, weight in
            let day = last.adding(days: -7 * (weights.count - 1 - index))
            return H.w(idBase + Int64(index), "\(day) 18:00", [H.ex("Squat (Barbell)", [H.s(weight, reps)])])
        }
    }

    static func progress(_ workouts: [StoredWorkout], _ goal: Goal, today: String = today) -> GoalProgress {
        var settings = H.settings()
        settings.goals = [goal]
        let report = H.report(workouts, today: today, settings: settings)
        #expect(report.goals.count == 1)
        return report.goals[0]
    }

    static func squat(_ metric: RecordMetric, _ target: Double, by: String? = nil) -> Goal {
        Goal(exercise: "Squat (Barbell)", metric: metric, targetKg: target, by: by.map(H.d))
    }

    static func squat(_ target: Double, by: String? = nil) -> Goal { squat(.heaviest, target, by: by) }

    @Test("a rising line gives the first whole day it meets the target; progress is best ÷ target")
    func projection() {
        // 100, 102.5, 105, 107.5 on four Mondays: 2.5 kg a week, 115 kg three weeks after the last.
        let result = Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(115, by: "2027-01-01"))
        #expect(result.bestKg == 107.5)
        #expect(abs(result.progress - 107.5 / 115) < 1e-12)
        #expect(result.percent == 93)
        #expect(result.reached == nil)
        #expect(result.projection == .day(H.d("2026-12-07")))
        #expect(result.deadline == .onTrack)
        #expect(Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(115, by: "2026-12-06")).deadline == .behind)
    }

    @Test("reached before the goal was written: the first training day at or above the target")
    func reachedBeforeSet() {
        let workouts = [H.w(1, "2025-03-03 18:00", [H.ex("Squat (Barbell)", [H.s(140, 1)])]),
                        H.w(2, "2025-04-07 18:00", [H.ex("Squat (Barbell)", [H.s(142.5, 1)])])]
            + Self.mondays([120, 125, 130, 135])
        let result = Self.progress(workouts, Self.squat(140, by: "2026-12-31"))
        #expect(result.reached == RecordValue(140, day: H.d("2025-03-03"), workoutID: 1))
        #expect(result.progress == 1)
        #expect(result.bestKg == 142.5)
        #expect(result.projection == .none(.reached))
        #expect(result.deadline == .reachedInTime)
        #expect(Self.progress(workouts, Self.squat(140, by: "2025-01-01")).deadline == .reachedLate)
    }

    @Test("a target met exactly is reached; a gram short is not")
    func targetMetExactly() {
        let exact = Self.progress(Self.mondays([130, 135, 140]), Self.squat(140))
        #expect(exact.reached?.day == H.d("2026-11-16"))
        #expect(exact.percent == 100)
        let short = Self.progress(Self.mondays([130, 135, 139.999]), Self.squat(140))
        #expect(short.reached == nil)
        #expect(short.percent == 99)
    }

    @Test("a flat trend and a falling trend give no projection, with the reason")
    func flatAndFalling() {
        let flat = Self.progress(Self.mondays([100, 100, 100, 100, 100, 100]), Self.squat(120))
        #expect(flat.projection == .none(.notRising))
        #expect(flat.noProjectionText == "the trend of the last 12 complete weeks is flat or falling")
        let falling = Self.progress(Self.mondays([110, 108, 106, 104, 102]), Self.squat(120))
        #expect(falling.projection == .none(.notRising))
        #expect(falling.bestKg == 110)
    }

    @Test("fewer than 4 weekly points in the last 12 complete weeks: no projection")
    func tooFewPoints() {
        let three = Self.progress(Self.mondays([100, 105, 110]), Self.squat(120))
        #expect(three.projection == .none(.tooFewWeeks(3)))
        // Several workouts in one week are one point (the week's best).
        let sameWeek = [H.w(1, "2026-11-17 18:00", [H.ex("Squat (Barbell)", [H.s(111, 1)])])] + Self.mondays([100, 105, 110])
        #expect(Self.progress(sameWeek, Self.squat(120)).projection == .none(.tooFewWeeks(3)))
        // Old data falls outside the window; this week is not complete yet.
        let old = Self.mondays([100, 105, 110, 115], lastMonday: "2026-05-04")
            + [H.w(9, "2026-11-24 18:00", [H.ex("Squat (Barbell)", [H.s(116, 1)])])]
        let stale = Self.progress(old, Self.squat(120))
        #expect(stale.projection == .none(.tooFewWeeks(0)))
        #expect(stale.noProjectionText == "fewer than 4 weeks of data in the last 12 complete weeks (0)")
    }

    @Test("a crossing more than 3 years after today: no projection")
    func beyondThreeYears() {
        // +0.1 kg a week: 300 kg is some 38 years away.
        let slow = Self.progress(Self.mondays([100, 100.1, 100.2, 100.3]), Self.squat(300))
        #expect(slow.projection == .none(.beyondHorizon))
        // Just within: 2.5 kg a week reaches 107.5 + 2.5 × 156 = 497.5 kg 156 weeks after 2026-11-16.
        let fast = Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(497.5))
        #expect(fast.projection == .day(H.d("2029-11-12")))
        #expect(Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(500)).projection == .day(H.d("2029-11-19")))
        // 2029-11-26 is one day after today + 3 years (2029-11-25).
        let past = Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(502.5))
        #expect(past.projection == .none(.beyondHorizon))
    }

    @Test("a by day before today and not reached is passed; no by, no deadline")
    func byDatePassed() {
        let passed = Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(115, by: "2026-11-01"))
        #expect(passed.deadline == .passed)
        #expect(passed.deadlineText == "by 2026-11-01: passed, not reached")
        #expect(passed.projection.day != nil, "the projection is still shown")
        #expect(Self.progress(Self.mondays([100, 102.5, 105, 107.5]), Self.squat(115)).deadline == nil)
        let unknown = Self.progress(Self.mondays([100, 100, 100, 100]), Self.squat(115, by: "2027-01-01"))
        #expect(unknown.deadline == .unknown)
    }

    @Test("rep maxes follow the sets of at least N reps; e1RM follows the formula")
    func otherMetrics() {
        let workouts = Self.mondays([100, 105, 110, 115], reps: 5)
        let five = Self.progress(workouts, Self.squat(.repMax(5), 120))
        #expect(five.bestKg == 115)
        // The line meets 120 on 2026-11-23, not after today: the projection is the day after today.
        #expect(five.projection == .day(H.d("2026-11-26")))
        let six = Self.progress(workouts, Self.squat(.repMax(6), 120))
        #expect(six.bestKg == nil && six.progress == 0 && six.projection == .none(.tooFewWeeks(0)))
        let e1rm = Self.progress(workouts, Self.squat(.e1rm, 130))
        #expect(e1rm.bestKg == 134.167)
        #expect(e1rm.reached?.day == H.d("2026-11-16"))
    }

    @Test("the exercise matches exactly first, else ignoring case and repeated spaces; unknown and ambiguous names")
    func matching() {
        #expect(GoalMatch.match("squat  (barbell)", among: ["Squat (Barbell)", "Bench"]) == .found("Squat (Barbell)"))
        #expect(GoalMatch.match("Squat", among: ["squat", "SQUAT", "Squat"]) == .found("Squat"))
        #expect(GoalMatch.match("squat", among: ["Squat", "SQUAT"]) == .ambiguous(["SQUAT", "Squat"]))
        #expect(GoalMatch.match("Lunge", among: ["Squat"]) == .unknown)
        let goal = Goal(exercise: "Lunge", metric: .heaviest, targetKg: 50)
        #expect(GoalMatch.problem(of: goal, among: ["Squat"])?.contains("\"Lunge\" is not in the history") == true)
        // A goal whose exercise has no counted working set: no best, progress 0, its own name.
        let result = Self.progress(Self.mondays([100]), Goal(exercise: "lunge", metric: .heaviest, targetKg: 50))
        #expect(result.exercise == "lunge" && result.bestKg == nil && result.progress == 0)
        let cased = Self.progress(Self.mondays([100]), Goal(exercise: "SQUAT (barbell)", metric: .heaviest, targetKg: 50))
        #expect(cased.exercise == "Squat (Barbell)" && cased.reached != nil)
    }

    @Test("metric names: heaviest, e1rm, rep_max_1…12 only")
    func metricNames() {
        #expect(Goal.metric(named: "heaviest") == .heaviest)
        #expect(Goal.metric(named: "e1rm") == .e1rm)
        #expect(Goal.metric(named: "rep_max_12") == .repMax(12))
        for bad in ["rep_max_0", "rep_max_13", "rep_max_05", "rep_max_", "rep_max_+5", "set_volume", "E1RM", ""] {
            #expect(Goal.metric(named: bad) == nil, "\(bad)")
        }
    }

    @Test("stats.json goals: keys in order, nulls, config order; the stats block")
    func output() {
        var settings = H.settings()
        settings.goals = [Self.squat(115, by: "2027-01-01"), Self.squat(.e1rm, 100)]
        let report = H.report(Self.mondays([100, 102.5, 105, 107.5]), today: Self.today, settings: settings)
        let json = StatsJSON.encode(report, settings: settings, today: H.d(Self.today), slugs: [:])
        #expect(json.contains("""
          "goals": [
            {
              "exercise": "Squat (Barbell)",
              "metric": "heaviest",
              "target_kg": 115.0,
              "best_kg": 107.5,
              "progress": 0.935,
              "reached_day": null,
              "projected_day": "2026-12-07",
              "by": "2027-01-01"
            },
            {
              "exercise": "Squat (Barbell)",
              "metric": "e1rm",
              "target_kg": 100.0,
              "best_kg": 107.5,
              "progress": 1,
              "reached_day": "2026-10-26",
              "projected_day": null,
              "by": null
            }
          ]
        """))
        let lines = StatsSummary.lines(report: report, settings: settings, today: H.d(Self.today)).map(\.text)
        #expect(lines.suffix(3) == [
            "Goals:",
            "  Squat (Barbell) heaviest: 107.5 / 115 kg (93 %) · projected 2026-12-07 · by 2027-01-01: the projection meets it",
            "  Squat (Barbell) e1RM: 107.5 / 100 kg (100 %) · reached 2026-10-26",
        ])
        let empty = H.report([], today: Self.today)
        #expect(StatsJSON.encode(empty, settings: H.settings(), today: H.d(Self.today), slugs: [:]).contains("\"goals\": []"))
    }
}
