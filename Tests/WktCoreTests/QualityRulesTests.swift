import Testing
@testable import WktCore

/// Q1–Q7 of docs/statistics.md "Data quality", each with its edges, and a clean history.
@Suite struct QualityRulesTests {
    static let kg = DisplayUnits(unit: .kg)

    static func findings(_ workouts: [StoredWorkout], today: String = "2026-11-25", cutoff: Int = 0) -> [QualityFinding] {
        QualityRules.findings(
            in: WorkoutHistory(workouts: workouts), calendar: TrainingCalendar(dayCutoffHour: cutoff), today: H.d(today),
            units: kg)
    }

    static func rules(_ findings: [QualityFinding]) -> [String] {
        findings.map { "\($0.rule.rawValue) \($0.workout.id) \($0.exercise ?? "-") \($0.set.map(String.init) ?? "-")" }
    }

    @Test("a clean history has no findings")
    func clean() {
        let workouts = (0..<10).map { i in
            H.w(Int64(i + 1), "2026-01-\(ASCIIDigits.pad(i + 1, 2)) 18:00", [
                H.ex("Squat (Barbell)", [H.warm(60, 5), H.s(100 + Double(i) * 2.5, 5), H.s(100, 100)]),
                H.ex("Push Up", [H.s(nil, 300)]),
            ])
        }
        #expect(Self.findings(workouts).isEmpty)
    }

    @Test("Q1: reps > 100 with a weight, > 300 on any set; 100 and 300 themselves pass; warm-ups count")
    func q1() {
        let found = Self.findings([
            H.w(1, "2026-01-01 18:00", [
                H.ex("Bench", [H.s(50, 100), H.s(50, 101), H.s(nil, 300), H.s(nil, 301), H.s(0, 250), H.warm(20, 877_777)]),
            ]),
        ])
        #expect(Self.rules(found) == ["Q1 1 Bench 2", "Q1 1 Bench 4", "Q1 1 Bench 6"])
        #expect(found.last?.explanation == "877,777 reps in one set (more than 300)")
    }

    @Test("Q2: > 2.5 × the previous best heaviest and > 40 kg; the same workout's sets are not 'previous'")
    func q2() {
        let found = Self.findings([
            H.w(1, "2026-01-01 18:00", [H.ex("Curl", [H.s(10, 10), H.s(40, 1)]), H.ex("Row", [H.s(20, 5)])]),
            // 100 = 2.5 × 40 exactly: not above. 101 is, but the Row's 45 is 2.25 ×.
            H.w(2, "2026-01-02 18:00", [H.ex("Curl", [H.s(100, 5), H.s(101, 5)]), H.ex("Row", [H.s(45, 5)])]),
            // Previous best is now 101: 252.5 passes, 253 is flagged; tiny weights never (≤ 40 kg).
            H.w(3, "2026-01-03 18:00", [H.ex("Curl", [H.s(252.5, 1), H.s(253, 1)]), H.ex("Lateral", [H.s(2, 10)])]),
            H.w(4, "2026-01-04 18:00", [H.ex("Lateral", [H.s(40, 10)])]),
        ])
        #expect(Self.rules(found) == ["Q2 2 Curl 2", "Q2 3 Curl 2"])
        #expect(found.first?.explanation.contains("101 kg is more than 2.5 × the previous best of 40 kg") == true)
    }

    @Test("Q3: duration ≤ 0 or > 6 h; exactly 6 h and no duration pass")
    func q3() {
        func w(_ id: Int64, _ seconds: Int?) -> StoredWorkout {
            var stored = H.w(id, "2026-01-0\(id) 18:00", [])
            stored.workout.durationSeconds = seconds
            return stored
        }
        let found = Self.findings([w(1, 0), w(2, -5), w(3, 6 * 3600), w(4, 6 * 3600 + 1), w(5, nil), w(6, 1)])
        #expect(Self.rules(found) == ["Q3 1 - -", "Q3 2 - -", "Q3 4 - -"])
    }

    @Test("Q4: a run between two neighbours at 2.2046 × (± 2 %) is reported per session; no run at the ends")
    func q4() {
        func session(_ id: Int64, _ kg: Double) -> StoredWorkout {
            H.w(id, "2026-02-\(ASCIIDigits.pad(Int(id), 2)) 18:00", [H.ex("Press", [H.s(20, 5), H.s(kg, 5)])])
        }
        // 100, [220.46, 224], 101 → a run of two; 224 is within 2 % of 2.2046 × 100 and of 2.2046 × 101.
        var found = Self.findings([session(1, 100), session(2, 220.46), session(3, 224), session(4, 101)])
        #expect(Self.rules(found) == ["Q4 2 Press 2", "Q4 3 Press 2"])
        // Just outside the band (2.2046 × 1.02 × 100 = 224.87): no run.
        found = Self.findings([session(1, 100), session(2, 225), session(3, 100)])
        #expect(found.isEmpty)
        // The other direction: kilograms typed into a pound log.
        found = Self.findings([session(1, 100), session(2, 45.36), session(3, 100)])
        #expect(Self.rules(found) == ["Q4 2 Press 2"])
        #expect(found.first?.explanation.contains("kilograms entered as pounds") == true)
        // At the end there is one neighbour only: not reported.
        found = Self.findings([session(1, 100), session(2, 100), session(3, 220.46)])
        #expect(found.isEmpty)
        // Two separate runs, with a normal stretch between them that is not a run.
        found = Self.findings([session(1, 100), session(2, 220.46), session(3, 100), session(4, 100), session(5, 220.46), session(6, 100)])
        #expect(Self.rules(found) == ["Q4 2 Press 2", "Q4 5 Press 2"])
    }

    @Test("Q5: case, spacing, punctuation or one letter; digits and short names are not flagged")
    func q5() {
        let found = Self.findings([
            H.w(1, "2026-03-01 18:00", [H.ex("Bench Press (Barbell)", [H.s(60, 5)]), H.ex("Row", [H.s(40, 5)])]),
            H.w(2, "2026-03-02 18:00", [H.ex("Bench Press (Barbell)", [H.s(60, 5)]), H.ex("Rod", [H.s(40, 5)])]),
            H.w(3, "2026-03-03 18:00", [H.ex("Bench Press (Barbel)", [H.s(60, 5)]), H.ex("bench-press  barbell", [H.s(60, 5)])]),
            H.w(4, "2026-03-04 18:00", [H.ex("Set 1 Squat", [H.s(60, 5)]), H.ex("Set 2 Squat", [H.s(60, 5)])]),
        ])
        #expect(Self.rules(found) == ["Q5 3 Bench Press (Barbel) -", "Q5 3 bench-press  barbell -"])
        #expect(found.first?.explanation.contains("by one letter") == true)
        #expect(found.last?.explanation.contains("only by case, spacing or punctuation") == true)
    }

    @Test("Q5 stays fast with thousands of names")
    func q5Fast() {
        let names = (0..<5000).map { "Exercise \($0) Variation \($0 * 7919 % 10007)" }
        let workouts = names.enumerated().map { i, name in
            H.w(Int64(i + 1), "2026-01-01 10:00", [H.ex(name, [H.s(10, 5)])])
        }
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = SimilarNames.findings(in: WorkoutHistory(workouts: workouts)) }
        // A pairwise comparison (12.5 million pairs) takes minutes in a debug build; the delete
        // index takes well under a second alone, and the bound leaves room for a loaded machine.
        #expect(elapsed < .seconds(10))
        #expect(SimilarNames.oneLetterApart(SimilarNames.key(of: "Barbell Row"), SimilarNames.key(of: "Barbel Row")))
        #expect(!SimilarNames.oneLetterApart(SimilarNames.key(of: "Squat 5x5"), SimilarNames.key(of: "Squat 3x5")))
    }

    @Test("Q6: different sources overlapping and not merged; touching intervals and the same source pass")
    func q6() {
        func w(_ id: Int64, _ start: String, _ minutes: Int?, _ source: WorkoutSource) -> StoredWorkout {
            var stored = H.w(id, start, "W\(id)", [H.ex("Squat", [H.s(100, 5)])])
            stored.workout.source = source
            stored.workout.durationSeconds = minutes.map { $0 * 60 }
            return stored
        }
        let found = Self.findings([
            w(1, "2026-04-01 18:00", 60, .strong), w(2, "2026-04-01 18:30", 60, .hevy),
            w(3, "2026-04-02 18:00", 60, .strong), w(4, "2026-04-02 19:00", 60, .hevy),
            w(5, "2026-04-03 18:00", 60, .strong), w(6, "2026-04-03 18:10", 20, .strong),
            w(7, "2026-04-04 18:00", nil, .strong), w(8, "2026-04-04 18:00", nil, .fitnotes),
        ])
        #expect(Self.rules(found) == ["Q6 2 - -", "Q6 8 - -"])
    }

    @Test("Q7: a training day after today; the day cutoff moves 01:00 back to the day before")
    func q7() {
        let found = Self.findings(
            [H.w(1, "2026-11-25 23:00", []), H.w(2, "2026-11-26 01:00", []), H.w(3, "2026-11-26 05:00", [])],
            cutoff: 4)
        #expect(Self.rules(found) == ["Q7 3 - -"])
    }

    @Test("findings are in a fixed order: by start, then exercise, set and rule")
    func order() {
        let found = Self.findings([
            H.w(2, "2026-05-02 18:00", [H.ex("B", [H.s(nil, 400)]), H.ex("A", [H.s(nil, 400)])]),
            H.w(1, "2026-05-01 18:00", [H.ex("C", [H.s(nil, 400), H.s(nil, 301)])]),
        ])
        #expect(Self.rules(found) == ["Q1 1 C 1", "Q1 1 C 2", "Q1 2 A 1", "Q1 2 B 1"])
    }
}
