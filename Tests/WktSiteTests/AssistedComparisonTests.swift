import Testing
import WktCore
@testable import WktSite

/// The workout page's comparison with the previous workout of the same name weighs assisted
/// sets by their effective load (docs/statistics.md "Assisted exercises"): more assistance is
/// never a heavier lift; without a bodyweight such sets are compared by reps only.
@Suite("Workout comparison: assisted exercises")
struct AssistedComparisonTests {
    static let then = CivilDate(year: 2026, month: 11, day: 2)!
    static let now = CivilDate(year: 2026, month: 11, day: 9)!

    static func pull(_ id: Int64, _ start: String, _ sets: [(Double?, Int)]) -> Workout {
        SiteFixture.workout(id, start, "Pull", [ExerciseBlock(name: "Pull Up (Assisted)", sets: SiteFixture.sets(sets))]).workout
    }

    static func assistance(_ body: [BodyMeasurement]) -> WorkoutComparison.Assistance {
        WorkoutComparison.Assistance(
            load: AssistedLoad(timeline: BodyweightTimeline(measurements: body, configured: nil), overrides: MuscleOverrides()),
            now: now, then: then)
    }

    static let eighty = [BodyMeasurement(day: then, weightKg: 80, source: "wkt-json")]

    @Test("more assistance later is a lower best set and less volume")
    func moreAssistanceIsLighter() throws {
        // Then 20 kg of help (60 kg effective), now 30 kg (50 kg effective), 8 reps each.
        let earlier = Self.pull(1, "2026-11-02 07:00:00", [(20, 8)])
        let later = Self.pull(2, "2026-11-09 07:00:00", [(30, 8), (40, 8)])
        let comparison = WorkoutComparison(later, with: earlier, formula: .epley, assistance: Self.assistance(Self.eighty))
        let row = try #require(comparison.rows.first)
        let (before, after) = (try #require(row.then?.best), try #require(row.now?.best))
        #expect(before.weightKg == 60 && after.weightKg == 50, "the best of 30 and 40 kg of help is the one with less help")
        #expect(try #require(after.e1rmKg) < (try #require(before.e1rmKg)))
        #expect(row.then?.volumeKg == 480 && row.now?.volumeKg == 720)  // 60 × 8; 50 × 8 + 40 × 8
        #expect(comparison.hasAssisted)
        // Without the rule the logged help would look heavier: the old behaviour this replaces.
        let naive = WorkoutComparison(later, with: earlier, formula: .epley)
        #expect(naive.rows.first?.now?.best?.weightKg == 40 && !naive.hasAssisted)
    }

    @Test("without a bodyweight on the day, assisted sets compare by reps only")
    func unknownBodyweightIsRepsOnly() throws {
        let earlier = Self.pull(1, "2026-11-02 07:00:00", [(20, 8)])
        let later = Self.pull(2, "2026-11-09 07:00:00", [(40, 10), (10, 6)])
        let comparison = WorkoutComparison(later, with: earlier, formula: .epley, assistance: Self.assistance([]))
        let row = try #require(comparison.rows.first)
        #expect(row.then?.best == BestSet(weightKg: nil, reps: 8, e1rmKg: nil))
        #expect(row.now?.best == BestSet(weightKg: nil, reps: 10, e1rmKg: nil))
        #expect(row.then?.volumeKg == 0 && row.now?.volumeKg == 0)
    }

    @Test("the workout page shows the effective loads with a negative e1RM difference")
    func page() throws {
        var input = SiteFixture.input()
        var workouts = input.history.workouts
        workouts.append(SiteFixture.workout(20, "2026-11-02 18:00:00", "Band pulls", [
            ExerciseBlock(name: "Pull Up (Assisted)", sets: SiteFixture.sets([(20, 8)])),
        ]))
        workouts.append(SiteFixture.workout(21, "2026-11-09 18:00:00", "Band pulls", [
            ExerciseBlock(name: "Pull Up (Assisted)", sets: SiteFixture.sets([(30, 8)])),
        ]))
        input.history = WorkoutHistory(workouts: workouts)
        input.history.body = Self.eighty
        let files = SiteFixture.textFiles(try SiteBuilder.build(input))
        let page = try #require(files.first { $0.key.hasPrefix("workouts/2026-11-09-1800") }?.value)
        #expect(page.contains("<span class=\"nowrap\">60 × 8 →</span> <span class=\"nowrap\">50 × 8</span> "
            + "<span class=\"diff nowrap\">(\u{2212}"))
        #expect(page.contains("assisted sets count with their effective load"))
        #expect(!page.contains("20 × 8 →"))
    }
}
