import WktCore

/// The check of `[[goals]]` that needs the history (docs/statistics.md "Goals"): the config is
/// read before the store, so `build`, `stats` and `check` call this once both are loaded.
public enum GoalCheck {
    /// Fails on the first goal (in config order) whose exercise no stored workout names, or whose
    /// name matches several exercises that differ only in case (``GoalMatch``).
    /// - Parameters:
    ///   - goals: the configured goals.
    ///   - history: every stored workout (also those after today: the exercise exists).
    /// - Throws: ``ConfigError/badEntry(file:line:key:problem:)`` naming the config file and the
    ///   goal's line (exit 65).
    public static func verify(_ goals: [Goal], history: WorkoutHistory) throws(ConfigError) {
        guard !goals.isEmpty else { return }
        var names: Set<String> = []
        for stored in history.workouts {
            for block in stored.workout.exercises { names.insert(block.name) }
        }
        let canonical = Set(names.map(CanonicalName.normalize))
        for (index, goal) in goals.enumerated() {
            guard let problem = GoalMatch.problem(of: goal, among: canonical) else { continue }
            throw .badEntry(
                file: goal.source?.file ?? ConfigLoader.defaultFileName, line: goal.source?.line,
                key: "goals[\(index + 1)].exercise", problem: problem)
        }
    }
}
