import WktCore

/// The canonical encoding of a goal's result for page keys (``PageKeys``): every stored property
/// of ``GoalProgress`` and of its ``Goal`` but the source line, which no page shows.
/// `GoalPagesTests` counts both types' stored properties against ``goalFieldCounts``.
extension InputDigest {
    /// The stored properties covered below, by type name.
    static let goalFieldCounts: [String: Int] = ["GoalProgress": 7, "Goal": 5]

    /// Feeds a goal, its best, progress, reached day, projection and deadline state.
    mutating func add(_ progress: GoalProgress) {
        let goal = progress.goal
        add(goal.exercise)
        add(goal.metric.name)
        add(goal.targetKg)
        add(goal.by?.dayNumber)
        add(progress.exercise)
        add(progress.bestKg)
        add(progress.progress)
        add(progress.reached)
        switch progress.projection {
        case .day(let day):
            byte(1)
            add(day)
        case .none(let reason):
            byte(0)
            add(String(describing: reason))
        }
        add(progress.deadline.map { String(describing: $0) })
    }
}
