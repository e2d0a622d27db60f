import WktCore

/// Warnings shared by the importers (docs/reliability.md I-19, docs/formats.md §1.3, §1.5). The
/// ones about one workout are ``WktCore/WorkoutWarning``s: printed only when the import adds or
/// changes that workout (docs/formats.md §6.3).
enum BatchChecks {
    /// Durations above this (6 h) are kept but flagged: a workout left running.
    static let longDurationSeconds = 6 * 3600

    /// A warning for `workout`, found at `place` (`line 4`, a JSON path), when its duration is over
    /// ``longDurationSeconds``, else nil.
    static func longDuration(_ workout: Workout, place: String) -> WorkoutWarning? {
        guard let seconds = workout.durationSeconds, seconds > longDurationSeconds else { return nil }
        return WorkoutWarning(
            workout: WorkoutIdentity(of: workout),
            message: "\(place): workout \(workout.start) lasts \(TimeText.durationLabel(seconds)), "
                + "more than 6 hours (timer left running?); kept as written")
    }

    /// A warning for `workout`, found at `place`, when it starts after `today`, else nil.
    static func futureDate(_ workout: Workout, place: String, today: CivilDate?) -> WorkoutWarning? {
        guard let today, workout.start.date > today else { return nil }
        return WorkoutWarning(
            workout: WorkoutIdentity(of: workout),
            message: "\(place): workout \(workout.start) starts after today (\(today)); imported as written")
    }

    /// lb plate loads (docs/formats.md §1.5): a kg lifter rarely logs these exact numbers.
    static let poundPlateLoads: Set<Double> = [45, 95, 135, 185, 225, 275, 315, 365, 405, 455, 495]

    /// When a file without a unit was read as kg: a warning if its weights look like pounds
    /// (at least a fifth are lb plate loads, or the heaviest is above 250), else nil. In the real
    /// samples lb files score 41 % and kg files at most 4 %.
    static func poundsHint(weights: [Double]) -> String? {
        let loaded = weights.filter { $0 > 0 }
        guard let heaviest = loaded.max() else { return nil }
        let plates = loaded.filter { poundPlateLoads.contains($0) }.count
        let share = plates * 100 / loaded.count
        guard share >= 20 || heaviest > 250 else { return nil }
        return "the file has no weight unit and was read as kg, but the weights look like pounds "
            + "(\(share) % are lb plate loads such as 135/225/315, heaviest \(NumberText.plain(heaviest))); "
            + "if they are pounds, import again with the unit set to lb"
    }
}

/// Short decimal spelling for messages (`82.5`, `135`).
enum NumberText {
    /// `135` for 135.0, `82.5` for 82.5.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
