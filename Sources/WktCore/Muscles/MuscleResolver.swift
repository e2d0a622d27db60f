/// Finds the muscles of an exercise by the rules of docs/statistics.md "Sets per muscle":
/// `[muscles]` wins over the catalogue, the full name over the name without its suffix.
///
/// Order, first match wins (every name compared by ``MuscleOverrides/key(_:)``):
/// 1. a `[muscles]` entry for the full name that sets `primary`: exactly its muscles (no
///    `secondary` means none);
/// 2. the catalogue's entry for the full name;
/// 3. the same two steps for the name without its trailing `( … )` suffix;
/// 4. nothing: the exercise is unmapped.
/// A `[muscles]` entry that sets only `secondary` keeps the primary the steps above find and
/// replaces its secondary muscles; one that sets only `assisted` changes no muscle.
public struct MuscleResolver: Sendable {
    /// The `[muscles]` entries.
    public let overrides: MuscleOverrides

    /// A resolver for the configured entries.
    public init(overrides: MuscleOverrides) { self.overrides = overrides }

    /// The muscles of `exercise`, nil when it is unmapped.
    public func mapping(for exercise: String) -> MuscleMapping? {
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
