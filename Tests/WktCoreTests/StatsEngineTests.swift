import Testing
@testable import WktCore

/// The PR scenario worked out by hand (Epley):
/// - W1 Mon 2026-11-02: bench warm-up 60×10, 100×5, 100×5, 80×8; pull-ups bodyweight ×10, ×8;
///   plank 60 s.
/// - W2 Wed 2026-11-04: bench 102.5×3, 60×12; pull-up +10 kg ×5.
/// - W3 Fri 2026-11-06: bench 100×5, 100×5 | squat 140×5 | bench 100×5, 90×3.
/// - W4 Mon 2026-11-09: squat 150×5.
private let scenario: [StoredWorkout] = [
    H.w(1, "2026-11-02 18:00", "Push", [
        H.ex("Bench Press (Barbell)", [H.warm(60, 10), H.s(100, 5), H.s(100, 5), H.s(80, 8)]),
        H.ex("Pull Up", [H.s(nil, 10), H.s(nil, 8)]),
        H.ex("Plank", [WorkoutSet(seconds: 60)]),
    ]),
    H.w(2, "2026-11-04 18:00", "Push", [
        H.ex("Bench Press (Barbell)", [H.s(102.5, 3), H.s(60, 12)]),
        H.ex("Pull Up", [H.s(10, 5)]),
    ]),
    H.w(3, "2026-11-06 18:00", "Mixed", [
        H.ex("Bench Press (Barbell)", [H.s(100, 5), H.s(100, 5)]),
        H.ex("Squat (Barbell)", [H.s(140, 5)]),
        H.ex("Bench Press (Barbell)", [H.s(100, 5), H.s(90, 3)]),
    ]),
    H.w(4, "2026-11-09 18:00", "Legs", [H.ex("Squat (Barbell)", [H.s(150, 5)])]),
]

@Suite("StatsEngine")
struct StatsEngineTests {
    @Test("PR events: baselines, ties, previous values, two blocks in one workout")
    func prEvents() {
        let report = H.report(scenario, today: "2026-11-10")
        let events = report.prEvents.map { "\($0.workoutID) \($0.exercise) \($0.metric.name) \($0.valueKg) \($0.previousKg)" }
        #expect(events == [
            // W2 bench: heaviest and rep max 1–3 beat 100; 60×12 = 720 beats 640; 9–12 reps silent.
            "2 Bench Press (Barbell) heaviest 102.5 100.0",
            "2 Bench Press (Barbell) set_volume 720.0 640.0",
            "2 Bench Press (Barbell) rep_max_1 102.5 100.0",
            "2 Bench Press (Barbell) rep_max_2 102.5 100.0",
            "2 Bench Press (Barbell) rep_max_3 102.5 100.0",
            // W3: session volume 500+500+500+270 = 1770 over 1640; e1RM 116.667 and 5RM 100 tie.
            "3 Bench Press (Barbell) session_volume 1770.0 1640.0",
            // W4 squat over the W3 baseline 140×5 (e1RM 140 × 35/30 = 163.333 → 175).
            "4 Squat (Barbell) heaviest 150.0 140.0",
            "4 Squat (Barbell) e1rm 175.0 163.333",
            "4 Squat (Barbell) set_volume 750.0 700.0",
            "4 Squat (Barbell) session_volume 750.0 700.0",
            "4 Squat (Barbell) rep_max_1 150.0 140.0",
            "4 Squat (Barbell) rep_max_2 150.0 140.0",
            "4 Squat (Barbell) rep_max_3 150.0 140.0",
            "4 Squat (Barbell) rep_max_4 150.0 140.0",
            "4 Squat (Barbell) rep_max_5 150.0 140.0",
        ])
        #expect(report.workouts.map(\.prEvents.count) == [0, 5, 1, 9])
        #expect(report.prEvents.allSatisfy { $0.formula == .epley })
        #expect(report.prEvents[0].rule.contains("strictly above"))
    }

    @Test("PR events newest workout first, metric order kept within a workout")
    func newestFirst() {
        let report = H.report(scenario, today: "2026-11-10")
        let order = PREvent.newestFirst(report.prEvents).map { "\($0.workoutID) \($0.metric.name)" }
        #expect(order.prefix(3) == ["4 heaviest", "4 e1rm", "4 set_volume"])
        #expect(order.suffix(6) == ["3 session_volume", "2 heaviest", "2 set_volume", "2 rep_max_1", "2 rep_max_2", "2 rep_max_3"])
        #expect(PREvent.newestFirst([PREvent]()).isEmpty)
        // A slice (its indices do not start at 0) reads as the same events in an array.
        let tail = report.prEvents[2...]
        #expect(PREvent.newestFirst(tail).map(\.metric.name) == PREvent.newestFirst(Array(tail)).map(\.metric.name))
        #expect(PREvent.newestFirst(tail).map(\.workoutID) == order.dropLast(2).map { Int64($0.split(separator: " ")[0])! })
    }

    @Test("records of an exercise, with first days reached")
    func records() throws {
        let report = H.report(scenario, today: "2026-11-10")
        #expect(report.exercises.map(\.name) == ["Bench Press (Barbell)", "Plank", "Pull Up", "Squat (Barbell)"])
        let bench = try #require(report.exercises.first)
        #expect(bench.workouts == 3)
        #expect(bench.workingSets == 9)  // 3 + 2 + 4, warm-up excluded
        #expect(bench.reps == 51)  // 5 + 5 + 8 + 3 + 12 + 5 + 5 + 5 + 3
        #expect(bench.volumeKg == 4437.5)  // 1640 + 1027.5 + 1770
        let r = bench.records
        #expect(r.heaviest == RecordValue(102.5, day: H.d("2026-11-04"), workoutID: 2))
        #expect(r.e1rm == RecordValue(116.667, day: H.d("2026-11-02"), workoutID: 1))  // tied on 11-06
        #expect(r.bestSetVolume == RecordValue(720, day: H.d("2026-11-04"), workoutID: 2))
        #expect(r.bestSessionVolume == RecordValue(1770, day: H.d("2026-11-06"), workoutID: 3))
        #expect(r.maxReps == RepsRecord(12, day: H.d("2026-11-04"), workoutID: 2))
        let repMaxes = (1...12).map { r.repMax($0)?.value }
        #expect(repMaxes == [102.5, 102.5, 102.5, 100, 100, 80, 80, 80, 60, 60, 60, 60])
        #expect(r.repMax(4)?.day == H.d("2026-11-02"))
        #expect(r.repMax(9)?.day == H.d("2026-11-04"))
        #expect(r.repMax(0) == nil && r.repMax(13) == nil)
        #expect(bench.sessions.map(\.volumeKg) == [1640, 1027.5, 1770])
        #expect(bench.sessions.map(\.e1rmKg) == [116.667, 112.75, 116.667])
    }

    @Test("bodyweight, weighted bodyweight and timed sets")
    func bodyweightAndTimed() throws {
        let report = H.report(scenario, today: "2026-11-10")
        let pullUp = try #require(report.exercises.first { $0.name == "Pull Up" })
        #expect(pullUp.workingSets == 3)
        #expect(pullUp.reps == 23)
        #expect(pullUp.volumeKg == 50)  // only the +10 kg set
        #expect(pullUp.records.heaviest == RecordValue(10, day: H.d("2026-11-04"), workoutID: 2))
        #expect(pullUp.records.maxReps?.value == 10)
        #expect(report.prEvents.allSatisfy { $0.exercise != "Pull Up" })  // first weighted set: baseline
        let plank = try #require(report.exercises.first { $0.name == "Plank" })
        #expect(plank.workingSets == 1 && plank.reps == 0 && plank.volumeKg == 0)
        #expect(plank.records == ExerciseRecords())  // every record null
    }

    @Test("totals, per-workout info and warm-ups counting nowhere")
    func totals() throws {
        let report = H.report(scenario, today: "2026-11-10")
        let t = report.totals
        #expect(t.workouts == 4)
        #expect(t.workingSets == 6 + 3 + 5 + 1)
        #expect(t.reps == 84)  // (18 + 18) + (15 + 5) + (18 + 5) + 5
        #expect(t.volumeKg == 5937.5)  // 1640 + (1027.5 + 50) + (1770 + 700) + 750
        #expect(t.firstDay == H.d("2026-11-02") && t.lastDay == H.d("2026-11-09"))
        let w3 = report.workouts[2]
        #expect(w3.exercises.map(\.name) == ["Bench Press (Barbell)", "Squat (Barbell)"])
        #expect(w3.exercises.map(\.volumeKg) == [1770, 700])
        #expect(w3.workingSets == 5 && w3.volumeKg == 2470 && w3.weekStart == H.d("2026-11-02"))

        let warmOnly = H.report([H.w(1, "2026-11-02 10:00", [H.ex("Bench", [H.warm(200, 1)])])], today: "2026-11-02")
        #expect(warmOnly.totals.workouts == 1 && warmOnly.totals.workingSets == 0 && warmOnly.totals.volumeKg == 0)
        #expect(warmOnly.exercises.map(\.workouts) == [0])
        #expect(warmOnly.exercises[0].records == ExerciseRecords())
    }

    @Test("weekly series runs from the first week through this week, zero weeks included")
    func weekSeries() {
        let report = H.report(scenario, today: "2026-11-26")
        #expect(report.weeks.map(\.label) == ["2026-W45", "2026-W46", "2026-W47", "2026-W48"])
        #expect(report.weeks.map(\.workouts) == [3, 1, 0, 0])
        #expect(report.weeks.map(\.volumeKg) == [5187.5, 750, 0, 0])  // 1640 + 1077.5 + 2470
        #expect(report.weeks.map(\.workingSets) == [14, 1, 0, 0])
        #expect(report.thisWeek?.start == H.d("2026-11-23"))
        #expect(report.workouts(inWeekContaining: H.d("2026-11-05")) == 3)
        #expect(report.workouts(inWeekContaining: H.d("2020-01-01")) == 0)
    }

    @Test("T-17: workouts after today are ignored and counted")
    func futureWorkouts() {
        let report = H.report(scenario, today: "2026-11-05")
        #expect(report.futureWorkoutsIgnored == 2)
        #expect(report.totals.workouts == 2)
        #expect(report.workouts.map(\.id) == [1, 2])
        #expect(report.exercises.map(\.name) == ["Bench Press (Barbell)", "Plank", "Pull Up"])
        #expect(report.weeks.count == 1)
        #expect(report.prEvents.count == 5)
        // A cutoff can move a workout just past midnight back onto today.
        let late = H.report([H.w(1, "2026-11-06 01:30")], today: "2026-11-05", settings: H.settings(cutoff: 4))
        #expect(late.futureWorkoutsIgnored == 0 && late.totals.lastDay == H.d("2026-11-05"))
    }

    @Test("ties are not PRs; the Brzycki formula")
    func tiesAndBrzycki() {
        let history = [
            H.w(1, "2026-01-05 10:00", [H.ex("Deadlift", [H.s(200, 5)])]),
            H.w(2, "2026-01-07 10:00", [H.ex("Deadlift", [H.s(200, 5)])]),
            H.w(3, "2026-01-09 10:00", [H.ex("Deadlift", [H.s(190, 8)])]),
        ]
        let report = H.report(history, today: "2026-01-10", settings: H.settings(formula: .brzycki))
        // 200×5: 200 × 36/32 = 225. 190×8: 190 × 36/29 = 235.862. Set volume 1520 > 1000.
        #expect(report.prEvents.map { "\($0.workoutID) \($0.metric.name) \($0.valueKg) \($0.previousKg)" } == [
            "3 e1rm 235.862 225.0",
            "3 set_volume 1520.0 1000.0",
            "3 session_volume 1520.0 1000.0",
        ])
        #expect(report.exercises[0].records.e1rm?.value == 235.862)
        #expect(E1RMFormula.epley.estimate(weightKg: 100, reps: 1) == 100)
        #expect(E1RMFormula.brzycki.estimate(weightKg: 100, reps: 1) == 100)
        #expect(E1RMFormula.epley.estimate(weightKg: 100, reps: 13) == nil)
        #expect(E1RMFormula.epley.estimate(weightKg: 100, reps: 12) == 140)
    }

    @Test("walk order breaks start ties by name, then id")
    func walkOrder() {
        let history = [
            H.w(9, "2026-01-05 10:00", "B", [H.ex("Row", [H.s(60, 5)])]),
            H.w(7, "2026-01-05 10:00", "A", [H.ex("Row", [H.s(50, 5)])]),
            H.w(8, "2026-01-05 10:00", "B", [H.ex("Row", [H.s(55, 5)])]),
        ]
        let report = H.report(history, today: "2026-01-05")
        #expect(report.workouts.map(\.id) == [7, 8, 9])
        #expect(report.prEvents.filter { $0.metric == .heaviest }.map { "\($0.workoutID) \($0.valueKg)" } == [
            "8 55.0", "9 60.0",
        ])
    }

    @Test("non-strength workouts without sets count as workouts and add nothing else")
    func nonStrength() {
        let history = [
            H.w(1, "2026-11-16 07:00", "Morning Run", activity: "running"),
            H.w(2, "2026-11-17 07:00", "Strength", activity: "strength"),
        ]
        let report = H.report(history, today: "2026-11-17")
        #expect(report.totals.workouts == 2 && report.totals.workingSets == 0 && report.totals.volumeKg == 0)
        #expect(report.streaks.days.current == 2)
        #expect(report.weeks.map(\.workouts) == [2])
        #expect(report.exercises.isEmpty && report.prEvents.isEmpty)
        #expect(report.weekCalendar(weekContaining: H.d("2026-11-17")).map(\.symbol) == ["✓", "✓", "·", "·", "·", "·", "·"])
    }

    @Test("empty history")
    func empty() {
        let report = H.report([], today: "2026-11-21")
        #expect(report.totals == StatsTotals())
        #expect(report.weeks.isEmpty && report.exercises.isEmpty && report.prEvents.isEmpty)
        #expect(report.streaks.weeks == Streak() && report.streaks.days == Streak())
        #expect(report.thisWeek == nil && report.workoutsThisWeek == 0)
    }

    @Test("T-04: full ISO years 2020 and 2026 have 53 weekly bars summing to the year")
    func fullISOYears() {
        for (first, last, year) in [("2019-12-30", "2021-01-03", 2020), ("2025-12-29", "2027-01-03", 2026)] {
            let report = H.report(H.daily(from: first, through: last), today: last)
            #expect(report.weeks.count == 53)
            #expect(report.weeks.first?.label == "\(year)-W01")
            #expect(report.weeks.last?.label == "\(year)-W53")
            #expect(report.weeks.allSatisfy { $0.workouts == 7 })
            #expect(report.weeks.reduce(0) { $0 + $1.workouts } == 371)
            #expect(report.totals.workouts == 371)
            #expect(Set(report.weeks.map(\.label)).count == 53)
        }
    }

    @Test("T-05: Sunday weeks in the series")
    func sundaySeries() {
        let history = [H.w(1, "2026-11-14 10:00"), H.w(2, "2026-11-15 10:00"), H.w(3, "2026-11-21 10:00")]
        let report = H.report(history, today: "2026-11-22", settings: H.settings(weekStart: .sunday))
        #expect(report.weeks.map(\.label) == ["2026-11-08", "2026-11-15", "2026-11-22"])
        #expect(report.weeks.map(\.displayLabel) == ["week of 2026-11-08", "week of 2026-11-15", "week of 2026-11-22"])
        #expect(report.weeks.map(\.workouts) == [1, 2, 0])
        // Monday weeks would put 11-14/11-15 together: the setting really changes bucketing.
        let monday = H.report(history, today: "2026-11-22")
        #expect(monday.weeks.map(\.workouts) == [2, 1])
    }

    @Test("T-06: daily workouts across DST changes keep the streak with exact day counts")
    func dstStreaks() {
        // Europe/Berlin springs forward 2024-03-31 and falls back 2024-10-27; New York 03-10 and 11-03.
        for (first, last, days) in [
            ("2024-03-25", "2024-04-05", 12), ("2024-10-20", "2024-11-02", 14),
            ("2024-03-05", "2024-03-15", 11), ("2024-10-30", "2024-11-08", 10),
        ] {
            let history = H.daily(from: first, through: last, hour: 2)  // 02:00 even on the gap day
            let report = H.report(history, today: last)
            #expect(report.streaks.days.current == days)
            #expect(report.streaks.days.longest == days)
            #expect(report.streaks.days.longestStart == H.d(first))
            #expect(report.streaks.days.longestEnd == H.d(last))
            #expect(report.totals.workouts == days)
        }
    }

    @Test("T-11: streaks run across 2020-12-31 → 2021-01-01 and W53 → W01")
    func yearBoundaryStreaks() {
        let report = H.report(H.daily(from: "2020-12-28", through: "2021-01-05"), today: "2021-01-05")
        #expect(report.streaks.days.current == 9)
        #expect(report.weeks.map(\.label) == ["2020-W53", "2021-W01"])
        #expect(report.streaks.weeks.current == 2)
        #expect(report.streaks.weeks.longestStart == H.d("2020-12-28"))
        #expect(report.streaks.weeks.longestEnd == H.d("2021-01-04"))
    }

    @Test("T-12: travel offsets keep each workout on its own local date")
    func travel() {
        // 2024-06-01 23:30 +02:00 is 21:30 UTC; 2024-06-02 20:00 -05:00 is 06-03 01:00 UTC.
        let history = [
            H.w(1, "2024-06-01 23:30", offset: 7200),
            H.w(2, "2024-06-02 20:00", offset: -18000),
            H.w(3, "2024-06-03 06:00", offset: -18000),
        ]
        let report = H.report(history, today: "2024-06-03")
        #expect(report.workouts.map(\.trainingDay) == [H.d("2024-06-01"), H.d("2024-06-02"), H.d("2024-06-03")])
        #expect(report.streaks.days.current == 3)
        #expect(report.totals.workouts == 3)
        #expect(report.workouts(on: H.d("2024-06-02")) == 1)
    }

    @Test("T-10: a workout on 2024-02-29 is counted")
    func leapDay() {
        let report = H.report([H.w(1, "2024-02-29 18:00"), H.w(2, "2024-03-01 18:00")], today: "2024-03-01")
        #expect(report.workouts(on: H.d("2024-02-29")) == 1)
        #expect(report.streaks.days.current == 2)
    }

    @Test("T-15: moving today across a week boundary only changes this-week numbers")
    func todayAcrossWeekBoundary() {
        let history = H.daily(from: "2026-11-02", through: "2026-11-22")
        let sunday = H.report(history, today: "2026-11-22")
        let monday = H.report(history, today: "2026-11-23")
        #expect(sunday.weeks.count == 3 && monday.weeks.count == 4)
        #expect(Array(monday.weeks.prefix(3)) == sunday.weeks)
        #expect(monday.weeks.last?.workouts == 0)
        #expect(sunday.streaks.weeks.current == 3 && monday.streaks.weeks.current == 3)  // in progress
        #expect(sunday.streaks.days.current == 21 && monday.streaks.days.current == 21)  // yesterday counts
        #expect(sunday.totals == monday.totals && sunday.prEvents == monday.prEvents)
        #expect(monday.weekCalendar(weekContaining: H.d("2026-11-23")).first?.state == .today)
    }

    @Test("the engine's per-session bests hold exactly the PR metrics, in event order")
    func metricCount() {
        // SessionBest keeps one inline slot per metric (InlineArray<16, …>): heaviest, e1RM, set
        // volume, session volume, rep maxes 1…12. A new metric needs a wider slot array there.
        #expect(RecordMetric.allInEventOrder.count == 16)
        #expect(Array(RecordMetric.allInEventOrder.prefix(4)) == [.heaviest, .e1rm, .setVolume, .sessionVolume])
        #expect(Array(RecordMetric.allInEventOrder.dropFirst(4)) == (1...12).map { RecordMetric.repMax($0) })
    }
}
