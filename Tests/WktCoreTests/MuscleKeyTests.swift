import Testing
import WktTestSupport
@testable import WktCore

/// The two fast paths of "Sets per muscle" against the plain forms they replaced: the ASCII key
/// (``MuscleOverrides/asciiKey(_:)``) against the Unicode one, and the counting of
/// ``MuscleSets/compute(report:settings:categories:)`` against a reference written as the rules
/// read (docs/statistics.md "Sets per muscle"), on random histories.
@Suite("Sets per muscle: the fast paths equal the plain rules")
struct MuscleKeyTests {
    @Test("every ASCII character, alone and between letters, keys as the Unicode form does")
    func everyASCIICharacter() {
        for value in 0..<128 {
            let character = String(UnicodeScalar(UInt8(value)))
            for name in [character, "A\(character)b", "\(character)\(character)Xy\(character)", "Bench\(character) \(character)Press"] {
                #expect(MuscleOverrides.asciiKey(name) == MuscleOverrides.unicodeKey(name), "byte \(value) in \(name.debugDescription)")
            }
        }
        #expect(MuscleOverrides.key("  Bench \t PRESS\r\n(Barbell) ") == "bench press (barbell)")
        #expect(MuscleOverrides.key("") == "")
        #expect(MuscleOverrides.key(" \t ") == "")
    }

    @Test("random ASCII names key as the Unicode form does; names with other characters take the Unicode form")
    func randomNames() {
        var rng = SplitMix64(seed: 0x4D55_5343_4C45)
        let alphabet = Array("aZ (mQ)\t\n\r\u{0B}\u{0C}\u{1C}\u{1F}\u{7F}\u{00}-_1é".unicodeScalars)
        for _ in 0..<5_000 {
            let length = rng.int(in: 0...24)
            var name = ""
            for _ in 0..<length { name.unicodeScalars.append(alphabet[rng.int(in: 0...(alphabet.count - 1))]) }
            let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
            #expect((MuscleOverrides.asciiKey(name) == nil) == !isASCII, "\(name.debugDescription)")
            #expect(MuscleOverrides.key(name) == MuscleOverrides.unicodeKey(name), "\(name.debugDescription)")
        }
        // Non-ASCII white space and case: only the Unicode form knows them.
        #expect(MuscleOverrides.key("Caf\u{00C9}\u{00A0}\u{00A0}Press\u{2003}") == "café press")
        #expect(MuscleOverrides.key("Cafe\u{0301} press") == "café press")
    }

    @Test("the counted sets equal the rules' reference on random histories")
    func countingMatchesReference() {
        var rng = SplitMix64(seed: 0x5E75_0F_4D55)
        // Catalogue names, a suffix the catalogue drops, unknown names, a FitNotes category, a cardio one.
        let names: [(String, String?)] = [
            ("Bench Press (Barbell)", nil), ("Squat (Barbell)", nil), ("Pull Up (Neutral Grip)", nil),
            ("Lat Pulldown (Cable)", nil), ("Deadlift (Barbell)", nil), ("Plank", nil), ("Mystery Lift", nil),
            ("Zercher Carry", "Legs"), ("Rowing Machine", "Cardio"), ("Café Press", nil), ("Hold Thing", nil),
        ]
        var settings = H.settings()
        settings.muscles = MuscleOverrides([("Café Press", MuscleOverride(primary: .chest, secondary: [.triceps, .shoulders]))])
        for round in 0..<40 {
            var workouts: [StoredWorkout] = []
            var day = H.d("2026-06-01")
            for id in 1..<(1 + rng.int(in: 0...30)) {
                day = day.adding(days: rng.int(in: 0...5))
                let blocks = (0..<rng.int(in: 0...4)).map { _ -> ExerciseBlock in
                    let (name, category) = names[rng.int(in: 0...(names.count - 1))]
                    let sets = (0..<rng.int(in: 0...5)).map { _ -> WorkoutSet in
                        switch rng.int(in: 0...5) {
                        case 0: H.warm(40, 5)
                        case 1: WorkoutSet(kind: .normal, seconds: 60)
                        case 2: H.s(80, nil)
                        default: H.s(Double(rng.int(in: 20...120)), rng.int(in: 1...12))
                        }
                    }
                    return ExerciseBlock(name: name, sets: sets, category: category)
                }
                workouts.append(H.w(Int64(id), "\(day) 18:00", blocks))
            }
            // Today a few days after the last workout, so the recent column counts too.
            let report = H.report(workouts, today: "\(day.adding(days: rng.int(in: 0...20)))", settings: settings)
            let expected = Self.reference(report, settings: settings, categories: MuscleResolver.latestCategories(workouts))
            #expect(report.muscleSets.muscles == expected.muscles, "round \(round)")
            #expect(report.muscleSets.unmapped == expected.unmapped, "round \(round)")
        }
    }

    /// The counting rules as written, one mapping resolved and one list of shares made per session.
    static func reference(
        _ report: StatsReport, settings: Settings, categories: [String: String]
    ) -> (muscles: [MuscleSets.MuscleRow], unmapped: [MuscleSets.Unmapped]) {
        let resolver = MuscleResolver(overrides: settings.muscles)
        var rows = Muscle.allCases.sorted().map {
            MuscleSets.MuscleRow(muscle: $0, weeks: Array(repeating: 0, count: report.weeks.count), recent: 0)
        }
        var unmapped: [String: Int] = [:]
        let recentFrom = report.today.adding(days: -(MuscleSets.untrainedDays - 1))
        guard let first = report.weeks.first?.start else { return (rows, []) }
        for workout in report.workouts {
            let week = report.calendar.weeks(from: first, to: workout.trainingDay)
            for exercise in workout.exercises where exercise.workingSets > 0 {
                let resolved = resolver.resolve(exercise.name, category: categories[exercise.name])
                if resolved == .nowhere { continue }
                guard let mapping = resolved?.mapping else {
                    if exercise.reps > 0 { unmapped[exercise.name, default: 0] += exercise.workingSets }
                    continue
                }
                for (muscle, share) in [(mapping.primary, 1.0)] + mapping.secondary.map({ ($0, 0.5) }) {
                    let index = rows.firstIndex { $0.muscle == muscle }!
                    rows[index].weeks[week] += Double(exercise.workingSets) * share
                    if workout.trainingDay >= recentFrom { rows[index].recent += Double(exercise.workingSets) * share }
                }
            }
        }
        let listed = unmapped.map { MuscleSets.Unmapped(exercise: $0.key, workingSets: $0.value) }
            .sorted { CanonicalName.precedes($0.exercise, $1.exercise) }
        return (rows, listed)
    }
}
