import WktCore

extension Workout {
    /// The form the store keeps: workout, exercise and check-in names NFC, weights rounded to
    /// 0.001 kg, check-ins sorted by code point. Normalising twice changes nothing.
    func normalizedForStore() -> Workout {
        var copy = self
        copy.name = CanonicalName.normalize(name)
        copy.checkIns = checkIns
            .map { CheckIn(name: CanonicalName.normalize($0.name), value: $0.value) }
            .sorted { CanonicalName.precedes($0.name, $1.name) }
        for b in copy.exercises.indices {
            copy.exercises[b].name = CanonicalName.normalize(copy.exercises[b].name)
            copy.exercises[b].category = copy.exercises[b].category.map(CanonicalName.normalize)
            for s in copy.exercises[b].sets.indices {
                copy.exercises[b].sets[s].weightKg = copy.exercises[b].sets[s].weightKg.map(Measure.roundKg)
            }
        }
        return copy
    }

    /// This workout with the fields its file does not carry taken from `stored`.
    ///
    /// A file that lacks a column (Strong A′ has no notes, the L dialects no duration) says nothing
    /// about that field, so the stored value stays. Workout-level fields are copied directly.
    /// Exercise notes, FitNotes categories and set RPE are copied by position: block *i* takes stored block *i*'s notes
    /// when both name the same exercise, and set *j* of such a block takes stored set *j*'s RPE when
    /// that set exists; blocks and sets that do not line up keep what the file says (nothing).
    func merging(uncarriedFrom stored: Workout, carried: CarriedFields) -> Workout {
        let keepCategory = source == .fitnotes && !carried.contains(.category)
        guard carried != .all || keepCategory else { return self }
        var merged = self
        if !carried.contains(.workoutNotes) { merged.notes = stored.notes }
        if !carried.contains(.duration) { merged.durationSeconds = stored.durationSeconds }
        let keepExerciseNotes = !carried.contains(.exerciseNotes)
        let keepRPE = !carried.contains(.rpe)
        guard keepExerciseNotes || keepRPE || keepCategory else { return merged }
        for b in merged.exercises.indices where b < stored.exercises.count {
            let old = stored.exercises[b]
            guard old.name == merged.exercises[b].name else { continue }
            if keepExerciseNotes { merged.exercises[b].notes = old.notes }
            if keepCategory { merged.exercises[b].category = old.category }
            if keepRPE {
                for s in merged.exercises[b].sets.indices where s < old.sets.count {
                    merged.exercises[b].sets[s].rpe = old.sets[s].rpe
                }
            }
        }
        return merged
    }

    /// This workout with every coarsely written value that agrees with the stored one replaced by
    /// the stored value (docs/formats.md §6.2): a file that writes `42m` says nothing new about a
    /// stored 2,545 s, and a weight written to 0.01 kg nothing new about a stored 102.058 kg.
    ///
    /// Sets line up by position, as in ``merging(uncarriedFrom:carried:)``: set *j* of block *i*
    /// is compared with stored set *j* of stored block *i* when both blocks name the same exercise.
    /// A value that disagrees is the file's news and is kept as written.
    func keepingStoredValues(agreeingWith stored: Workout, steps: ValueSteps) -> Workout {
        var kept = self
        if let step = steps.durationSeconds, let written = durationSeconds, let old = stored.durationSeconds,
           ValueSteps.agrees(stored: old, written: written, step: step)
        {
            kept.durationSeconds = old
        }
        guard let step = steps.weightKg else { return kept }
        for b in kept.exercises.indices where b < stored.exercises.count {
            let old = stored.exercises[b]
            guard old.name == kept.exercises[b].name else { continue }
            for s in kept.exercises[b].sets.indices where s < old.sets.count {
                if let written = kept.exercises[b].sets[s].weightKg, let previous = old.sets[s].weightKg,
                   ValueSteps.agrees(stored: previous, written: written, step: step, storedStep: steps.storedWeightKg ?? 0)
                {
                    kept.exercises[b].sets[s].weightKg = previous
                }
            }
        }
        return kept
    }

    /// The first number that SQLite could not store faithfully (NaN becomes NULL, infinity passes
    /// `CHECK`s), named by its place in the workout; nil when every number is finite.
    var nonFiniteNumber: String? {
        if let e = energyKcal, !e.isFinite { return "energy_kcal is \(e)" }
        for (b, block) in exercises.enumerated() {
            for (s, set) in block.sets.enumerated() {
                let values: [(String, Double?)] = [
                    ("weight_kg", set.weightKg), ("seconds", set.seconds),
                    ("distance_m", set.distanceM), ("rpe", set.rpe),
                ]
                for (field, value) in values {
                    if let value, !value.isFinite {
                        return "exercise \(b + 1) (\(block.name)) set \(s + 1): \(field) is \(value)"
                    }
                }
            }
        }
        return nil
    }
}
