import Testing
@testable import WktCore

/// docs/statistics.md "Sets per muscle": the catalogue, matching and counting.
@Suite("Sets per muscle")
struct MuscleSetsTests {
    // MARK: - Catalogue and matching

    @Test("the catalogue has at least 250 distinct names and no two entries share a key")
    func catalogueSize() {
        let keys = MuscleCatalogue.entries.map { MuscleOverrides.key($0.name) }
        var seen: Set<String> = []
        let repeated = keys.filter { !seen.insert($0).inserted }
        #expect(repeated.isEmpty, "repeated catalogue keys: \(repeated)")
        #expect(seen.count >= 250)
        for entry in MuscleCatalogue.entries {
            #expect(!entry.mapping.secondary.contains(entry.mapping.primary), "\(entry.name)")
            #expect(entry.name == CanonicalName.normalize(entry.name) && !entry.name.hasSuffix(" "), "\(entry.name)")
        }
    }

    @Test("matching ignores case and repeated spaces; the equipment suffix is dropped only when the full name is unknown")
    func matching() {
        let resolver = MuscleResolver(overrides: MuscleOverrides())
        #expect(resolver.mapping(for: "bench  PRESS (barbell)")?.primary == .chest)
        #expect(resolver.mapping(for: "  Lat Pulldown (Cable) ")?.primary == .lats)
        // Unknown full name: `Pull Up (Neutral Grip)` falls back to `Pull Up`.
        #expect(resolver.mapping(for: "Pull Up (Neutral Grip)") == MuscleCatalogue.exact("Pull Up"))
        // A known full name is used as is, not its stem: the close-grip bench is a triceps lift.
        #expect(resolver.mapping(for: "Bench Press - Close Grip (Barbell)")?.primary == .triceps)
        // Only one suffix is dropped, and nothing is guessed.
        #expect(resolver.mapping(for: "Bench Press (Each Side) (Smith Machine)") == nil)
        #expect(resolver.mapping(for: "Running (Treadmill)") == nil)
        #expect(resolver.mapping(for: "Café Press") == nil)
        #expect(MuscleCatalogue.withoutSuffix("(Barbell)") == nil)
        #expect(MuscleCatalogue.withoutSuffix("Squat") == nil)
        #expect(MuscleCatalogue.withoutSuffix("Squat (Pause) ") == "Squat")
    }

    @Test("[muscles] wins over the catalogue; a secondary-only entry keeps the primary; assisted changes nothing")
    func overridesWin() {
        let overrides = MuscleOverrides([
            ("Bench Press (Barbell)", MuscleOverride(primary: .triceps)),
            ("Squat (Barbell)", MuscleOverride(secondary: [.glutes, .lowerBack])),
            ("Pull Up (Assisted)", MuscleOverride(assisted: true)),
            ("Café Press", MuscleOverride(primary: .chest, secondary: [.triceps, .shoulders])),
            ("Lunge", MuscleOverride(primary: .glutes)),
        ])
        let resolver = MuscleResolver(overrides: overrides)
        #expect(resolver.mapping(for: "bench press (barbell)") == MuscleMapping(primary: .triceps))
        #expect(resolver.mapping(for: "Squat (Barbell)") == MuscleMapping(primary: .quadriceps, secondary: [.glutes, .lowerBack]))
        #expect(resolver.mapping(for: "Pull Up (Assisted)") == MuscleCatalogue.exact("Pull Up (Assisted)"))
        #expect(resolver.mapping(for: "CAFÉ  press (Dumbbell)") == MuscleMapping(primary: .chest, secondary: [.triceps, .shoulders]))
        // The full name is in the catalogue: it wins over an entry for the stem.
        #expect(resolver.mapping(for: "Lunge (Dumbbell)")?.primary == .quadriceps)
        #expect(resolver.mapping(for: "Lunge (Kettlebell)")?.primary == .glutes)
    }

    // MARK: - Counting

    static func sets(_ workouts: [StoredWorkout], today: String, settings: Settings = H.settings()) -> (StatsReport, MuscleSets) {
        let report = H.report(workouts, today: today, settings: settings)
        return (report, report.muscleSets)
    }

    @Test("a working set counts 1.0 for the primary and 0.5 for each secondary; warm-ups and undone sets count nowhere")
    func counting() {
        let (_, sets) = Self.sets([
            H.w(1, "2026-11-23 18:00", [
                H.ex("Bench Press (Barbell)", [H.warm(40, 10), H.s(80, 5), H.s(80, 5), H.s(80, 5), H.s(80, nil)]),
                H.ex("Lat Pulldown (Cable)", [H.s(60, 10), H.s(60, 10)]),
            ]),
        ], today: "2026-11-25")
        #expect(sets.row(.chest).thisWeek == 3)
        #expect(sets.row(.triceps).thisWeek == 1.5)
        #expect(sets.row(.shoulders).thisWeek == 1.5)
        #expect(sets.row(.lats).thisWeek == 2)
        #expect(sets.row(.biceps).thisWeek == 1)
        #expect(sets.row(.upperBack).thisWeek == 1)
        #expect(sets.row(.quadriceps).thisWeek == 0)
        #expect(sets.muscles.map(\.muscle) == Muscle.allCases.sorted())
        #expect(sets.unmapped.isEmpty)
    }

    @Test("sets count in the week of the training day: Sunday night before the cutoff is still last week")
    func weekBoundaries() {
        let settings = H.settings(cutoff: 4)
        let (report, sets) = Self.sets([
            H.w(1, "2026-11-22 23:30", [H.ex("Squat (Barbell)", [H.s(100, 5)])]),  // Sunday: week 47
            H.w(2, "2026-11-23 03:00", [H.ex("Squat (Barbell)", [H.s(100, 5)])]),  // Monday 03:00 → Sunday, week 47
            H.w(3, "2026-11-23 05:00", [H.ex("Squat (Barbell)", [H.s(100, 5), H.s(100, 5)])]),  // week 48
        ], today: "2026-11-25", settings: settings)
        #expect(report.weeks.count == 2)
        #expect(sets.row(.quadriceps).weeks == [2, 2])
        #expect(sets.row(.glutes).weeks == [1, 1])
        #expect(sets.row(.quadriceps).lastWeek == 2)
        #expect(sets.row(.quadriceps).average == 2)
        #expect(sets.averagedWeeks == 1)
    }

    @Test("the average is over the last 4 complete weeks, not this one; muscles without a set in 14 days are listed")
    func averageAndUntrained() {
        let days = ["2026-10-20", "2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17", "2026-11-24"]
        let counts = [9, 1, 2, 3, 6, 100]
        let workouts = zip(days, counts).enumerated().map { index, pair in
            H.w(Int64(index + 1), pair.0 + " 18:00", [H.ex("Leg Extension (Machine)", Array(repeating: H.s(50, 10), count: pair.1))])
        }
        let (_, sets) = Self.sets(workouts + [H.w(9, "2026-11-11 18:00", [H.ex("Plank", [WorkoutSet(seconds: 60)])])], today: "2026-11-25")
        let quads = sets.row(.quadriceps)
        #expect(quads.thisWeek == 100)
        #expect(quads.lastWeek == 6)
        #expect(quads.average == 3)  // (1 + 2 + 3 + 6) / 4; the 9 of five weeks ago is out
        #expect(sets.averagedWeeks == 4)
        // The plank (a timed set of a mapped exercise counts) was 14 days before today: out of the window.
        #expect(sets.row(.abdominals).weeks.reduce(0, +) == 1)
        #expect(sets.untrained.contains(.abdominals))
        #expect(!sets.untrained.contains(.quadriceps))
        #expect(sets.untrained.count == 16)
    }

    @Test("unmapped exercises are listed with their working sets; cardio and holds without a mapping count nowhere")
    func unmapped() {
        let (_, sets) = Self.sets([
            H.w(1, "2026-11-23 18:00", [
                H.ex("Café Press", [H.s(30, 10), H.s(30, 10), H.warm(10, 10)]),
                H.ex("Running (Treadmill)", [WorkoutSet(seconds: 1800, distanceM: 5000)]),
                H.ex("Hold Thing", [WorkoutSet(seconds: 60)]),
                H.ex("Burpee", [H.s(nil, 15)]),
            ]),
            H.w(2, "2026-11-24 18:00", [H.ex("Café Press", [H.s(30, 10)])]),
        ], today: "2026-11-25")
        #expect(sets.unmapped == [.init(exercise: "Burpee", workingSets: 1), .init(exercise: "Café Press", workingSets: 3)])
        #expect(sets.muscles.allSatisfy { $0.thisWeek == 0 })

        var settings = H.settings()
        settings.muscles = MuscleOverrides([("cafe\u{301} press", MuscleOverride(primary: .chest, secondary: [.triceps]))])
        let (_, mapped) = Self.sets([H.w(1, "2026-11-23 18:00", [H.ex("Café Press", [H.s(30, 10), H.s(30, 10)])])],
                                    today: "2026-11-25", settings: settings)
        #expect(mapped.unmapped.isEmpty)
        #expect(mapped.row(.chest).thisWeek == 2)
        #expect(mapped.row(.triceps).thisWeek == 1)
    }

    @Test("no workouts: 17 empty rows, every muscle untrained, no unmapped; future workouts are ignored")
    func empty() {
        let (_, sets) = Self.sets([H.w(1, "2026-12-01 18:00", [H.ex("Squat", [H.s(100, 5)])])], today: "2026-11-25")
        #expect(sets.muscles.count == 17)
        #expect(sets.muscles.allSatisfy { $0.weeks.isEmpty && $0.average == nil && $0.lastWeek == nil })
        #expect(sets.untrained.count == 17)
        #expect(sets.averagedWeeks == 0)
    }

    @Test("the target marks under, within and over, its bounds within")
    func target() {
        let target = MuscleSetsTarget(low: 10, high: 20)
        #expect(target.status(of: 9.5) == .under)
        #expect(target.status(of: 10) == .within)
        #expect(target.status(of: 20) == .within)
        #expect(target.status(of: 20.5) == .over)
        #expect(target.text == "10–20")
        #expect(MuscleSetsTarget(low: 7.25, high: 1234.5).text == "7.25–1,234.5")
    }

    @Test("stats.json: every muscle with its weeks, sorted by name, and the unmapped exercises")
    func json() {
        let report = H.report([
            H.w(1, "2026-11-16 18:00", [H.ex("Bench Press (Barbell)", [H.s(80, 5)]), H.ex("Café Press", [H.s(30, 10)])]),
            H.w(2, "2026-11-23 18:00", [H.ex("Bench Press (Barbell)", [H.s(80, 5), H.s(80, 5)])]),
        ], today: "2026-11-25")
        let text = StatsJSON.encode(report, settings: H.settings(), today: H.d("2026-11-25"), slugs: [:])
        #expect(text.contains("""
              "muscles": [
                {
                  "name": "abdominals",
                  "weeks": [
                    {
                      "start": "2026-11-16",
                      "sets": 0
                    },
            """))
        #expect(text.contains("""
                  "name": "chest",
                  "weeks": [
                    {
                      "start": "2026-11-16",
                      "sets": 1
                    },
                    {
                      "start": "2026-11-23",
                      "sets": 2
                    }
            """))
        #expect(text.contains("\"sets\": 0.5"))
        #expect(text.hasSuffix("""
              "unmapped": [
                {
                  "exercise": "Café Press",
                  "working_sets": 1
                }
              ]
            }

            """))
    }

    @Test("wkt-site stats: a block with this week, last week, the average, the untrained and unmapped")
    func summary() {
        var settings = H.settings()
        settings.muscleSetsTarget = MuscleSetsTarget(low: 10, high: 20)
        let report = H.report([
            H.w(1, "2026-11-16 18:00", [H.ex("Bench Press (Barbell)", [H.s(80, 5)]), H.ex("Café Press", [H.s(30, 10)])]),
            H.w(2, "2026-11-23 18:00", [H.ex("Bench Press (Barbell)", [H.s(80, 5), H.s(80, 5)])]),
        ], today: "2026-11-25", settings: settings)
        let text = StatsSummary.lines(report: report, settings: settings, today: H.d("2026-11-25")).map(\.text).joined(separator: "\n")
        #expect(text.contains("Sets per muscle: this week, last week, average of 1 week; target 10–20 (by the average)"))
        #expect(text.contains("  chest          2      1      1  under"))
        #expect(text.contains("  triceps        1    0.5    0.5  under"))
        #expect(text.contains("Unmapped: Café Press (1 set)"))
        #expect(text.contains("No sets in 14 days: abdominals, abductors"))
    }
}
