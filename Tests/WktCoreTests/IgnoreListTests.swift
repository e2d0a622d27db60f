import Testing
@testable import WktCore

/// `[[ignore]]` (docs/statistics.md "Data quality: [[ignore]]"): exactly the named sets leave
/// every statistic, nothing else changes, and entries that match nothing are returned.
@Suite struct IgnoreListTests {
    static let history = WorkoutHistory(workouts: [
        H.w(1, "2019-06-03 13:41", "Push", [
            H.ex("Bench", [H.warm(40, 10), H.s(100, 5), H.s(100, 877_777)]),
            H.ex("Dip", [H.s(nil, 10)]),
            H.ex("Bench", [H.s(90, 8)]),
        ]),
        H.w(2, "2019-06-05 18:00", "Pull", [H.ex("Row", [H.s(80, 8)])]),
    ])

    static func entry(_ workout: String, _ exercise: String? = nil, _ set: Int? = nil, line: Int = 1) -> IgnoreEntry {
        IgnoreEntry(workout: H.t(workout), exercise: exercise, set: set, line: line)
    }

    @Test("one set: totals and records change by exactly that set, nothing else")
    func oneSet() {
        let before = StatsEngine.compute(history: Self.history, settings: H.settings(), today: H.d("2019-06-30"))
        let outcome = IgnoreList.apply([Self.entry("2019-06-03 13:41", "Bench", 3)], to: Self.history)
        let after = StatsEngine.compute(history: outcome.history, settings: H.settings(), today: H.d("2019-06-30"))
        #expect(outcome.unmatched.isEmpty)
        #expect(outcome.ignored.map { "\($0.exercise ?? "") \($0.position ?? 0)" } == ["Bench 3"])
        #expect(after.totals.workouts == before.totals.workouts)
        #expect(after.totals.workingSets == before.totals.workingSets - 1)
        #expect(after.totals.reps == before.totals.reps - 877_777)
        #expect(after.totals.volumeKg == before.totals.volumeKg - 87_777_700)
        let bench = after.exercises.first { $0.name == "Bench" }
        #expect(bench?.records.maxReps?.value == 8)
        // The second Bench block (set 4 of the exercise) and the other exercises are untouched.
        #expect(outcome.history.workouts[0].workout.exercises.map { $0.sets.count } == [2, 1, 1])
        #expect(outcome.history.workouts[1] == Self.history.workouts[1])
        #expect(after.exercises.first { $0.name == "Row" } == before.exercises.first { $0.name == "Row" })
    }

    @Test("set positions run across the exercise's blocks, warm-ups included")
    func positionsAcrossBlocks() {
        let outcome = IgnoreList.apply([Self.entry("2019-06-03 13:41", "Bench", 4)], to: Self.history)
        #expect(outcome.ignored.first?.set?.weightKg == 90)
        // The block that lost its only set is dropped.
        #expect(outcome.history.workouts[0].workout.exercises.map(\.name) == ["Bench", "Dip"])
    }

    @Test("an exercise entry drops every block of it; a workout entry drops the whole workout")
    func wider() {
        var outcome = IgnoreList.apply([Self.entry("2019-06-03 13:41", "Bench")], to: Self.history)
        #expect(outcome.history.workouts[0].workout.exercises.map(\.name) == ["Dip"])
        #expect(outcome.ignored.count == 4)
        outcome = IgnoreList.apply([Self.entry("2019-06-03 13:41", line: 7)], to: Self.history)
        #expect(outcome.history.workouts.map(\.id) == [2])
        #expect(outcome.ignored.count == 5 && outcome.ignored.allSatisfy { $0.wholeWorkout && $0.line == 7 })
        let report = StatsEngine.compute(history: outcome.history, settings: H.settings(), today: H.d("2019-06-30"))
        #expect(report.totals.workouts == 1)
    }

    @Test("seconds are not compared; entries that match nothing are returned in config order")
    func unmatched() {
        let history = WorkoutHistory(workouts: [H.w(1, "2019-06-03 13:41:59", "Push", [H.ex("Bench", [H.s(100, 5)])])])
        let entries = [
            Self.entry("2019-06-03 13:41", "Bench", 1, line: 2),
            Self.entry("2019-06-03 13:42", line: 5),
            Self.entry("2019-06-03 13:41", "Squat", line: 8),
            Self.entry("2019-06-03 13:41", "Bench", 2, line: 11),
        ]
        let outcome = IgnoreList.apply(entries, to: history)
        #expect(outcome.unmatched.map(\.line) == [5, 8, 11])
        #expect(outcome.ignored.count == 1)
        let quality = QualityReport(unmatched: outcome.unmatched)
        #expect(quality.unmatchedLines.first == "[[ignore]] on line 5 of the config (workout 2019-06-03 13:42) matches nothing in the store")
    }

    @Test("no entries: the history is returned as it is")
    func none() {
        let outcome = IgnoreList.apply([], to: Self.history)
        #expect(outcome.history.workouts == Self.history.workouts && outcome.ignored.isEmpty && outcome.unmatched.isEmpty)
    }

    @Test("an ignored set is no longer a finding (the user has reviewed it)")
    func silencesFinding() {
        var settings = H.settings()
        let before = DataQuality.assess(history: Self.history, settings: settings, today: H.d("2019-06-30"))
        #expect(before.report.findings.map(\.rule) == [.q1])
        settings.ignore = [Self.entry("2019-06-03 13:41", "Bench", 3)]
        let after = DataQuality.assess(history: Self.history, settings: settings, today: H.d("2019-06-30"))
        #expect(after.report.findings.isEmpty && after.report.ignored.count == 1)
    }
}
