import Testing
import WktTestSupport
@testable import WktCore

/// Bodyweight on a day, assisted exercises, relative strength and DOTS (docs/statistics.md).
@Suite("Bodyweight")
struct BodyweightTests {
    static func m(_ day: String, _ kg: Double, _ source: String = "wkt-json") -> BodyMeasurement {
        BodyMeasurement(day: H.d(day), weightKg: kg, source: source)
    }

    static func history(_ workouts: [StoredWorkout], body: [BodyMeasurement]) -> WorkoutHistory {
        var history = WorkoutHistory(workouts: workouts)
        history.body = body
        return history
    }

    static func report(
        _ workouts: [StoredWorkout], body: [BodyMeasurement] = [], today: String, settings: Settings = H.settings()
    ) -> StatsReport {
        StatsEngine.compute(history: history(workouts, body: body), settings: settings, today: H.d(today))
    }

    @Test("Bodyweight on a day: latest on or before, last of a day, unknown before the first")
    func onADay() {
        let timeline = BodyweightTimeline(
            measurements: [Self.m("2026-03-10", 80), Self.m("2026-03-01", 82, "a"), Self.m("2026-03-01", 81, "b")],
            configured: 90)
        #expect(timeline.weight(on: H.d("2026-02-28")) == nil)
        #expect(timeline.weight(on: H.d("2026-03-01")) == 81)
        #expect(timeline.weight(on: H.d("2026-03-09")) == 81)
        #expect(timeline.weight(on: H.d("2026-03-10")) == 80)
        #expect(timeline.weight(on: H.d("2030-01-01")) == 80)
        #expect(timeline.fallbackKg == nil)
        #expect(timeline.measurements.map(\.weightKg) == [81, 80])
    }

    @Test("The configured bodyweight counts only without any measurement; not-a-weight is left out")
    func configFallback() {
        let configured = BodyweightTimeline(measurements: [], configured: 75)
        #expect(configured.weight(on: H.d("1990-01-01")) == 75)
        let none = BodyweightTimeline(measurements: [], configured: nil)
        #expect(none.isEmpty && none.weight(on: H.d("2026-01-01")) == nil)
        let junk = BodyweightTimeline(measurements: [Self.m("2026-01-01", .nan), Self.m("2026-01-02", -3)], configured: 70)
        #expect(junk.measurements.isEmpty && junk.weight(on: H.d("2026-01-05")) == 70)
    }

    @Test("Assisted: by name in any case, or [muscles] assisted = true; assisted = false wins over the name")
    func assistedDetection() {
        let overrides = MuscleOverrides([
            ("Band Pull Up", MuscleOverride(assisted: true)), ("Assisted Sit Up", MuscleOverride(assisted: false)),
        ])
        let rule = AssistedLoad(timeline: BodyweightTimeline(measurements: [], configured: 80), overrides: overrides)
        #expect(rule.isAssisted("Pull Up (Assisted)") && rule.isAssisted("ASSISTED DIP") && rule.isAssisted("band  pull up"))
        #expect(!rule.isAssisted("Pull Up") && !rule.isAssisted("Assisted Sit Up"))
        // The byte scan agrees with `lowercased().contains("assisted")`, restarts included.
        for name in ["assisted", "Dip (aSSisted)", "assassisted", "asssisted", "Assiste", "Café Assisted Row", "ASSIST ED", "", "sisted"] {
            #expect(AssistedLoad.containsAssisted(name) == name.lowercased().contains("assisted"), "\(name)")
        }
        #expect(rule.effectiveLoad(assistanceKg: 20, on: H.d("2026-01-01")) == 60)
        #expect(rule.effectiveLoad(assistanceKg: 95, on: H.d("2026-01-01")) == 0)
        #expect(rule.effectiveLoad(assistanceKg: nil, on: H.d("2026-01-01")) == 80)
        #expect(rule.effectiveLoad(assistanceKg: -5, on: H.d("2026-01-01")) == 80)
    }

    @Test("the eight-bytes-at-a-time scan agrees with the byte-by-byte scan on 5,000 names")
    func assistedScanAgrees() {
        var random = SplitMix64(seed: 0xA55_15ED)
        let pieces = ["a", "A", "s", "S", "i", "I", "t", "T", "e", "E", "d", "D", "ssist", "ASSIST", "ed", "assisted", "ASSISTED",
                      "@", "`", "é", "İ", "\u{0}", " ", "Pull Up (", "x", "assiste", "SSISTED"]
        var found = 0
        for _ in 0..<5_000 {
            let name = (0..<(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let scanned = AssistedLoad.containsAssisted(bytes: name.utf8)
            #expect(AssistedLoad.containsAssisted(name) == scanned, "\(name.debugDescription)")
            // Inside a longer string too, whose storage does not start at the name.
            let longer = "prefix " + name
            #expect(AssistedLoad.containsAssisted(String(longer.dropFirst(7))) == scanned, "\(name.debugDescription)")
            if scanned { found += 1 }
        }
        #expect(found > 500 && found < 4_500)
    }

    private static let pullUps: [StoredWorkout] = [
        H.w(1, "2026-03-02 18:00", [H.ex("Pull Up (Assisted)", [H.s(30, 8), H.s(30, 6)])]),
        // More assistance (40 kg) on the same bodyweight: a lighter lift, never a PR.
        H.w(2, "2026-03-04 18:00", [H.ex("Pull Up (Assisted)", [H.s(40, 8)])]),
        // Less assistance: a heavier lift and a PR.
        H.w(3, "2026-03-06 18:00", [H.ex("Pull Up (Assisted)", [H.s(20, 5)])]),
    ]

    @Test("Assisted sets weigh bodyweight − assistance in volume, records and PR events")
    func assistedRecords() {
        let report = Self.report(Self.pullUps, body: [Self.m("2026-03-01", 80)], today: "2026-03-10")
        let stats = report.exercises[0]
        let expectedVolume: Double = 400 + 300 + 320 + 300  // 50×8 + 50×6 + 40×8 + 60×5
        #expect(stats.volumeKg == expectedVolume)
        #expect(stats.records.heaviest?.value == 60 && stats.records.heaviest?.workoutID == 3)
        #expect(report.workouts[1].prEvents.isEmpty)
        #expect(report.workouts[2].prEvents.map(\.metric.name).contains("heaviest"))
        #expect(report.workouts[2].prEvents.first { $0.metric == .heaviest }?.valueKg == 60)
        // e1RM 60 × (1 + 5/30) = 70 at 80 kg bodyweight.
        #expect(stats.records.e1rm?.value == 70)
        #expect(report.body.e1rmBW["Pull Up (Assisted)"] == 0.88)
    }

    @Test("Without a bodyweight assisted sets count as sets and reps only")
    func assistedWithoutBodyweight() {
        let report = Self.report(Self.pullUps, today: "2026-03-10")
        let stats = report.exercises[0]
        #expect(stats.workingSets == 4 && stats.reps == 27 && stats.volumeKg == 0)
        #expect(stats.records.heaviest == nil && stats.records.e1rm == nil && stats.records.maxReps?.value == 8)
        #expect(report.prEvents.isEmpty && report.totals.volumeKg == 0)
        #expect(report.body.e1rmBW.isEmpty && report.body.isEmpty)
    }

    @Test("A bodyweight only after the record leaves the record's day unknown")
    func bodyweightAfterRecord() {
        let workouts = [H.w(1, "2026-03-02 18:00", [H.ex("Bench Press (Barbell)", [H.s(100, 1)])])]
        let report = Self.report(workouts, body: [Self.m("2026-03-05", 80)], today: "2026-03-10")
        #expect(report.exercises[0].records.e1rm?.value == 100)
        #expect(report.body.e1rmBW.isEmpty)
        #expect(report.body.todayKg == 80)
        let assisted = [H.w(1, "2026-03-02 18:00", [H.ex("Dip (Assisted)", [H.s(10, 8)])])]
        #expect(Self.report(assisted, body: [Self.m("2026-03-05", 80)], today: "2026-03-10").exercises[0].volumeKg == 0)
    }

    @Test("Assistance above the bodyweight is floored at 0 kg: no volume, no weighted record")
    func assistanceAboveBodyweight() {
        let workouts = [H.w(1, "2026-03-02 18:00", [H.ex("Dip (Assisted)", [H.s(90, 10)])])]
        let report = Self.report(workouts, body: [Self.m("2026-03-01", 70)], today: "2026-03-10")
        #expect(report.exercises[0].volumeKg == 0 && report.exercises[0].reps == 10)
        #expect(report.exercises[0].records.heaviest == nil)
    }

    @Test("Relative strength: e1RM ÷ bodyweight on its day, rounded to 0.01")
    func relativeStrength() {
        let workouts = [
            H.w(1, "2026-03-02 18:00", [H.ex("Squat (Barbell)", [H.s(120, 1)])]),
            H.w(2, "2026-03-20 18:00", [H.ex("Squat (Barbell)", [H.s(110, 1)])]),
        ]
        let report = Self.report(workouts, body: [Self.m("2026-03-01", 79), Self.m("2026-03-10", 90)], today: "2026-03-25")
        // 120 / 79 = 1.5189… on the record's day, not today's 90 kg.
        #expect(report.body.e1rmBW["Squat (Barbell)"] == 1.52)
    }

    @Test("DOTS: hand-computed scores and the bodyweight clamps")
    func dotsFormula() {
        // Male, 80 kg: −307.75076 + 24.0900756·80 − 0.1918759221·6,400 + 0.0007391293·512,000
        // − 0.000001093·40,960,000 = −307.75076 + 1,927.206048 − 1,228.00590144 + 378.4342016
        // − 44.76928 = 725.11430816; 500 × 500 / 725.11430816 = 344.773…
        #expect((Dots.score(totalKg: 500, bodyweightKg: 80, sex: .male) * 100).rounded() / 100 == 344.77)
        // Female, 60 kg: denominator 451.0414266; 300 × 500 / it = 332.564…
        #expect((Dots.score(totalKg: 300, bodyweightKg: 60, sex: .female) * 100).rounded() / 100 == 332.56)
        // Clamps: 250 kg counts as 210 (male), 30 kg as 40 (female).
        #expect(Dots.score(totalKg: 700, bodyweightKg: 250, sex: .male) == Dots.score(totalKg: 700, bodyweightKg: 210, sex: .male))
        #expect((Dots.score(totalKg: 700, bodyweightKg: 250, sex: .male) * 100).rounded() / 100 == 346.93)
        #expect((Dots.score(totalKg: 200, bodyweightKg: 30, sex: .female) * 100).rounded() / 100 == 296.96)
        #expect(Dots.score(totalKg: 200, bodyweightKg: 150.5, sex: .female) == Dots.score(totalKg: 200, bodyweightKg: 150, sex: .female))
    }

    private static let bigThree: [StoredWorkout] = [
        // Outside the window ending 2026-11-25 (365 days: from 2025-11-26): ignored.
        H.w(1, "2025-11-25 18:00", [H.ex("Squat (Barbell)", [H.s(300, 1)])]),
        H.w(2, "2025-11-26 18:00", [H.ex("squat  (barbell)", [H.s(150, 1)])]),
        H.w(3, "2026-06-01 18:00", [
            H.ex("Squat (Barbell)", [H.s(140, 1)]), H.ex("Bench Press (Barbell)", [H.s(100, 1)]),
            H.ex("Deadlift (Barbell)", [H.s(200, 1)]),
        ]),
    ]

    @Test("DOTS total: best e1RM of each lift within 365 days; needs sex, bodyweight today and all three")
    func dotsEstimate() {
        var settings = H.settings()
        settings.body.sex = .male
        settings.body.bodyweightKg = 80
        let report = Self.report(Self.bigThree, today: "2026-11-25", settings: settings)
        // 150 + 100 + 200 = 450 (the 300 kg squat is a day too old).
        #expect(report.body.dots?.totalKg == 450)
        #expect(report.body.dots?.bodyweightKg == 80)
        let expected: Double = 450 * 500 / 725.11430816  // 310.296…
        #expect(report.body.dots?.score == (expected * 100).rounded() / 100)
        settings.body.sex = nil
        #expect(Self.report(Self.bigThree, today: "2026-11-25", settings: settings).body.dots == nil)
        settings.body.sex = .female
        settings.body.bodyweightKg = nil
        #expect(Self.report(Self.bigThree, today: "2026-11-25", settings: settings).body.dots == nil)
        settings.body.bodyweightKg = 80
        settings.body.bigThree.deadlift = "Trap Bar Deadlift"
        #expect(Self.report(Self.bigThree, today: "2026-11-25", settings: settings).body.dots == nil)
        // Today's bodyweight from a measurement wins over the configured value.
        settings.body.bigThree = BigThree()
        let measured = Self.report(Self.bigThree, body: [Self.m("2026-11-20", 60)], today: "2026-11-25", settings: settings)
        #expect(measured.body.dots?.bodyweightKg == 60)
    }

    @Test("stats.json: body oldest first (one a day), e1rm_bw per exercise, dots")
    func statsJSON() {
        var settings = H.settings()
        settings.body.sex = .male
        let body = [Self.m("2026-11-20", 80), Self.m("2026-01-02", 79.5), Self.m("2026-11-20", 80.4, "z")]
        let report = Self.report(Self.bigThree, body: body, today: "2026-11-25", settings: settings)
        let json = StatsJSON.encode(report, settings: settings, today: H.d("2026-11-25"), slugs: [:])
        let raw: Double = Dots.score(totalKg: 450, bodyweightKg: 80.4, sex: .male)
        let score: Double = (raw * 100).rounded() / 100
        #expect(json.contains("""
              "body": [
                {
                  "day": "2026-01-02",
                  "weight_kg": 79.5
                },
                {
                  "day": "2026-11-20",
                  "weight_kg": 80.4
                }
              ],
              "dots": {
                "total_kg": 450.0,
                "bodyweight_kg": 80.4,
                "score": \(JSONValue.formatKg(score))
              },
            """))
        // Bench 100 and deadlift 200 on 2026-06-01 at 79.5 kg: 1.26 and 2.52; the squat's record
        // (2025-11-25) is before the first measurement: null.
        #expect(json.contains("\"e1rm_bw\": 1.26") && json.contains("\"e1rm_bw\": 2.52") && json.contains("\"e1rm_bw\": null"))
    }

    @Test("Histories without assisted exercises or body data: statistics unchanged by the body numbers")
    func unchangedWithoutAssisted() {
        let workouts = Self.bigThree
        let plain = Self.report(workouts, today: "2026-11-25")
        let weighed = Self.report(workouts, body: [Self.m("2026-01-01", 80)], today: "2026-11-25")
        #expect(plain.exercises == weighed.exercises)
        #expect(plain.prEvents.map(\.valueKg) == weighed.prEvents.map(\.valueKg))
        #expect(plain.totals.volumeKg == weighed.totals.volumeKg)
    }
}
