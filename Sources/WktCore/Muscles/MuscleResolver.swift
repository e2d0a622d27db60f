/// Finds the muscles of an exercise by the rules of docs/statistics.md "Sets per muscle":
/// `[muscles]` wins over the catalogue, the full name over the name without its suffix.
///
/// Order, first match wins (every name compared by ``MuscleOverrides/key(_:)``):
/// 1. a `[muscles]` entry for the full name that sets `primary`: exactly its muscles (no
///    `secondary` means none);
/// 2. the catalogue's entry for the full name;
/// 3. the same two steps for the name without its trailing `( … )` suffix;
/// 4. the exercise's FitNotes category, by ``categoryMuscles`` (primary only, no secondary);
/// 5. nothing: the exercise is unmapped.
/// A `[muscles]` entry that sets only `secondary` keeps the primary the steps above find and
/// replaces its secondary muscles; one that sets only `assisted` changes no muscle.
public struct MuscleResolver: Sendable {
    /// The `[muscles]` entries.
    public let overrides: MuscleOverrides

    /// A resolver for the configured entries.
    public init(overrides: MuscleOverrides) { self.overrides = overrides }

    /// FitNotes' categories and the primary muscle each stands for (keys lower-case; compared
    /// ignoring case). `Back` covers lats and upper back: rows and pulldowns alike, and FitNotes'
    /// own back exercises are mostly pulls, so it is `lats`. `Cardio` maps to nothing (its sets
    /// count nowhere, as the catalogue's cardio does); a category not listed leaves the exercise
    /// unmapped.
    public static let categoryMuscles: [String: Muscle?] = [
        "chest": .chest, "back": .lats, "shoulders": .shoulders, "biceps": .biceps, "triceps": .triceps,
        "legs": .quadriceps, "quads": .quadriceps, "hamstrings": .hamstrings, "glutes": .glutes,
        "calves": .calves, "abs": .abdominals, "forearms": .forearms, "traps": .traps, "cardio": Muscle?.none,
    ]

    /// What a FitNotes category says: `.mapped` with the primary muscle, `.nowhere` for `Cardio`,
    /// nil for no or an unknown category.
    public static func categoryMapping(_ category: String?) -> CategoryMapping? {
        guard let category, let muscle = categoryMuscles[MuscleOverrides.key(category)] else { return nil }
        return muscle.map { .mapped(MuscleMapping(primary: $0, secondary: [])) } ?? .nowhere
    }

    /// The muscles of `exercise`, nil when it is unmapped. `category` (FitNotes') is used only
    /// when neither `[muscles]` nor the catalogue knows the name.
    public func mapping(for exercise: String, category: String? = nil) -> MuscleMapping? {
        resolve(exercise, category: category)?.mapping
    }

    /// Like ``mapping(for:category:)``, telling `Cardio` (counts nowhere) from unmapped.
    public func resolve(_ exercise: String, category: String?) -> CategoryMapping? {
        if let mapped = known(exercise) { return .mapped(mapped) }
        return Self.categoryMapping(category)
    }

    /// The latest block's category of each exercise (keyed by its NFC name) over `workouts`
    /// taken in order (oldest first): an exercise whose blocks carry different categories gets
    /// the last one; a block without a category changes nothing.
    public static func latestCategories(_ workouts: [StoredWorkout]) -> [String: String] {
        var categories: [String: String] = [:]
        for stored in workouts {
            for block in stored.workout.exercises {
                if let category = block.category { categories[CanonicalName.normalize(block.name)] = category }
            }
        }
        return categories
    }

    /// Steps 1–3.
    private func known(_ exercise: String) -> MuscleMapping? {
        if let mapped = step(exercise) { return mapped }
        guard let stem = MuscleCatalogue.withoutSuffix(exercise), let mapped = step(stem) else { return nil }
        // A `secondary`-only entry for the full name still applies to what the stem found.
        if let secondary = overrides.override(for: exercise)?.secondary {
            return MuscleMapping(primary: mapped.primary, secondary: secondary)
        }
        return mapped
    }

    /// Steps 1–2 for one name.
    private func step(_ name: String) -> MuscleMapping? {
        let entry = overrides.override(for: name)
        if let primary = entry?.primary { return MuscleMapping(primary: primary, secondary: entry?.secondary ?? []) }
        guard let base = MuscleCatalogue.exact(name) else { return nil }
        guard let secondary = entry?.secondary else { return base }
        return MuscleMapping(primary: base.primary, secondary: secondary)
    }
}

/// What a FitNotes category (or a name) resolves to.
public enum CategoryMapping: Sendable, Equatable {
    /// These muscles.
    case mapped(MuscleMapping)
    /// No muscle, and not unmapped either (`Cardio`).
    case nowhere

    /// The muscles; nil for ``nowhere``.
    public var mapping: MuscleMapping? {
        if case .mapped(let mapping) = self { return mapping }
        return nil
    }
}
