import Testing
@testable import WktCore

/// docs/statistics.md "Sets per muscle": FitNotes' category as the last fallback.
@Suite("Sets per muscle: the FitNotes category fallback")
struct MuscleCategoryTests {
    private static func cat(_ name: String, _ category: String?, _ sets: [WorkoutSet]) -> ExerciseBlock {
        ExerciseBlock(name: name, sets: sets, category: category)
    }

    @Test("the documented table, case ignored; Cardio counts nowhere; an unknown or missing category leaves it unmapped")
    func table() {
        let expected: [(String, Muscle)] = [
            ("Chest", .chest), ("Back", .lats), ("Shoulders", .shoulders), ("Biceps", .biceps), ("Triceps", .triceps),
            ("Legs", .quadriceps), ("Quads", .quadriceps), ("Hamstrings", .hamstrings), ("Glutes", .glutes),
            ("Calves", .calves), ("Abs", .abdominals), ("Forearms", .forearms), ("Traps", .traps),
        ]
        for (category, muscle) in expected {
            #expect(MuscleResolver.categoryMapping(category) == .mapped(MuscleMapping(primary: muscle)), "\(category)")
            #expect(MuscleResolver.categoryMapping(category.uppercased())?.mapping?.primary == muscle, "\(category)")
        }
        #expect(MuscleResolver.categoryMapping("cardio") == .nowhere)
        #expect(MuscleResolver.categoryMapping("Neck stuff") == nil)
        #expect(MuscleResolver.categoryMapping("") == nil)
        #expect(MuscleResolver.categoryMapping(nil) == nil)
        // Every category FitNotes ships has a row.
        #expect(["Abs", "Back", "Biceps", "Calves", "Cardio", "Chest", "Forearms", "Glutes", "Hamstrings", "Legs",
                 "Quads", "Shoulders", "Triceps"].allSatisfy { MuscleResolver.categoryMapping($0) != nil })
    }

    @Test("order: [muscles] > catalogue (full name, then stem) > category > unmapped")
    func order() {
        let resolver = MuscleResolver(overrides: MuscleOverrides([("Café Fly", MuscleOverride(primary: .shoulders))]))
        #expect(resolver.mapping(for: "Café Fly", category: "Chest") == MuscleMapping(primary: .shoulders))
        #expect(resolver.mapping(for: "Bench Press (Barbell)", category: "Legs")?.primary == .chest)
        #expect(resolver.mapping(for: "Pull Up (Neutral Grip)", category: "Biceps") == MuscleCatalogue.exact("Pull Up"))
        #expect(resolver.mapping(for: "Odd Row", category: "back") == MuscleMapping(primary: .lats))
        #expect(resolver.mapping(for: "Odd Row", category: "Mystery") == nil)
        #expect(resolver.mapping(for: "Odd Row") == nil)
        #expect(resolver.resolve("Odd Row", category: "Cardio") == .nowhere)
    }

    @Test("the latest block's category wins; a block without one changes nothing")
    func latest() {
        let history = [
            H.w(1, "2026-11-02 18:00", [Self.cat("Odd Row", "Back", [H.s(40, 8)])]),
            H.w(2, "2026-11-09 18:00", [Self.cat("Odd Row", "Shoulders", [H.s(40, 8)]), H.ex("Café Fly", [H.s(10, 10)])]),
            H.w(3, "2026-11-16 18:00", [H.ex("Odd Row", [H.s(40, 8)])]),
        ]
        #expect(MuscleResolver.latestCategories(history) == ["Odd Row": "Shoulders"])
    }

    @Test("a FitNotes custom exercise counts for its category's muscle; Cardio nowhere; unknown categories stay unmapped")
    func counting() {
        let report = H.report([
            H.w(1, "2026-11-23 18:00", [
                Self.cat("Café Fly", "Chest", [H.s(20, 10), H.s(20, 10), H.warm(5, 10)]),
                Self.cat("Jump Rope Sprint", "Cardio", [H.s(nil, 100)]),
                Self.cat("Neck Harness", "Neck Stuff", [H.s(10, 15)]),
                Self.cat("Bench Press (Barbell)", "Legs", [H.s(80, 5)]),
            ]),
        ], today: "2026-11-25", settings: H.settings())
        let sets = report.muscleSets
        #expect(sets.row(.chest).thisWeek == 3, "2 Café Fly + 1 bench press (the catalogue wins over Legs)")
        #expect(sets.row(.quadriceps).thisWeek == 0)
        #expect(sets.row(.triceps).thisWeek == 0.5)
        #expect(sets.unmapped == [.init(exercise: "Neck Harness", workingSets: 1)])
        #expect(sets.muscles.filter { $0.thisWeek > 0 }.map(\.muscle).sorted() == [.chest, .shoulders, .triceps])
    }
}
