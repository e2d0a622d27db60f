import WktCore

/// Warnings shared by the importers (docs/reliability.md I-19, docs/formats.md §1.3, §1.5).
enum BatchChecks {
    /// Durations above this (6 h) are kept but flagged: a workout left running.
    static let longDurationSeconds = 6 * 3600

    /// A warning for a workout whose duration is over ``longDurationSeconds``, else nil.
    static func longDuration(_ draft: WorkoutDraft) -> String? {
        guard let seconds = draft.durationSeconds, seconds > longDurationSeconds else { return nil }
        return "line \(draft.line): workout \(draft.start) lasts \(TimeText.durationLabel(seconds)), "
            + "more than 6 hours (timer left running?); kept as written"
    }

    /// A warning naming how many workouts start after `today`, else nil.
    static func futureDates(_ workouts: [Workout], today: CivilDate?) -> String? {
        guard let today else { return nil }
        let count = workouts.filter { $0.start.date > today }.count
        guard count > 0 else { return nil }
        return "\(count) workout\(count == 1 ? "" : "s") start\(count == 1 ? "s" : "") after today (\(today)); "
            + "imported as written"
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
