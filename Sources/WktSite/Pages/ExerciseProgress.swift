import WktCore

/// What an exercise's progress chart plots (docs/product.md "Exercise progress chart").
enum ProgressMetric: Sendable, Equatable {
    /// The best e1RM per week: the exercise has weighted sets of 1…12 reps.
    case e1rm
    /// The most reps in one working set per week: sets with reps but no e1RM (pull-ups, dips).
    case reps
    /// The longest working set per week: sets with only a time (planks, holds).
    case time

    /// The metric for an exercise: e1RM when any session has one, else reps when any working
    /// set has reps, else time when any has seconds; nil when none has any of them (distance
    /// only), and the page shows no progress chart.
    /// - Parameters:
    ///   - sessions: The exercise's sessions (their e1RMs).
    ///   - sets: Its working sets, gathered only when no session has an e1RM (most exercises have).
    static func choose(sessions: [ExerciseSession], sets: @autoclosure () -> [WorkoutSet]) -> ProgressMetric? {
        if sessions.contains(where: { $0.e1rmKg != nil }) { return .e1rm }
        let sets = sets()
        if sets.contains(where: { ($0.reps ?? 0) > 0 }) { return .reps }
        if sets.contains(where: { ($0.seconds ?? 0) > 0 }) { return .time }
        return nil
    }
}

extension PageComposer {
    /// The exercise's progress chart, first on its page: best e1RM per week, or best reps or
    /// time per week for exercises without weight; nil when there is nothing to plot.
    func progressChart(_ exercise: ExerciseEntry) throws(SiteError) -> RenderedChart? {
        guard let metric = ProgressMetric.choose(sessions: exercise.stats.sessions, sets: exercise.sessions.flatMap(\.sets)) else {
            return nil
        }
        let units = site.units
        let name = exercise.name
        let points: [(date: CivilDate, value: Double)]
        let valueName: String
        let title: String
        let format: ValueFormat
        switch metric {
        case .e1rm:
            points = exercise.stats.sessions.compactMap { session in session.e1rmKg.map { (session.day, units.estimateValue($0)) } }
            valueName = "Best e1RM (\(site.report.e1rmFormula.displayName))"
            title = "\(name): best e1RM per week (\(units.symbol))"
            format = units.weightChartFormat
        case .reps:
            points = bestPerWorkout(exercise) { $0.reps.map(Double.init) }
            valueName = "Best reps"
            title = "\(name): most reps in one set, per week"
            format = .count
        case .time:
            points = bestPerWorkout(exercise) { $0.seconds }
            valueName = "Best time"
            title = "\(name): longest set per week (seconds)"
            format = ValueFormat(decimals: 0, unit: "s")
        }
        return ProgressChart(
            id: try Self.chartID("progress"), title: title, valueName: valueName, points: points,
            calendar: site.report.calendar, format: format
        ).render()
    }

    /// Each workout's greatest positive `value` over the exercise's working sets.
    private func bestPerWorkout(_ exercise: ExerciseEntry, _ value: (WorkoutSet) -> Double?) -> [(date: CivilDate, value: Double)] {
        exercise.sessions.compactMap { session in
            let best = session.sets.compactMap(value).filter { $0 > 0 }.max()
            return best.map { (site.workouts[session.workoutIndex].day, $0) }
        }
    }
}
