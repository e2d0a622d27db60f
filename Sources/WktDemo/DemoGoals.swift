import WktCore

/// The two goals `wkt-site demo` shows when the configuration has no `[[goals]]`
/// (docs/product.md "Goals on the dashboard and exercise pages"): one reached, one in progress
/// with a projection, so the demo site shows both kinds.
///
/// They are derived from the generated history, so any seed, length and day gets a fitting pair:
/// - reached: the heaviest weight of the most-trained exercise, rounded down to 5 kg (at least
///   the lightest plate step, 2.5 kg): the lifter got there on some day of the history;
/// - in progress: an e1RM target 2.5 %, 5 %, 7.5 % or 10 % above an exercise's best (rounded up
///   to 2.5 kg), the one with the nearest projected day, other exercises than the reached goal's
///   preferred on a tie; its `by` day is the first day of the month after the projected day's
///   next month, so the projection meets it.
///   When no exercise gets a projection, the most-trained exercise's e1RM + 5 % without `by`.
public enum DemoGoals {
    /// The goals for `workouts` (the demo batch's), computed with `settings` as of `today`.
    public static func choose(workouts: [Workout], settings: Settings, today: CivilDate) -> [Goal] {
        let stored = workouts.enumerated().map { StoredWorkout(id: Int64($0.offset + 1), workout: $0.element) }
        var plain = settings
        plain.goals = []
        let report = StatsEngine.compute(history: WorkoutHistory(workouts: stored), settings: plain, today: today)
        return choose(from: report, excluding: { _ in false }, today: today)
    }

    /// Whether ``choose(fromBuildReport:settings:today:)`` gives the goals of
    /// ``choose(workouts:settings:today:)`` for a build with `settings`: no goals configured, and
    /// nothing that makes the build's statistics of an exercise differ from that separate pass's
    /// other than through bodyweight measurements: no `[[ignore]]` (it drops sets), no
    /// `[publish]` (it hides workouts and exercises) and no configured `bodyweight_kg` (the
    /// separate pass would use it for assisted sets).
    public static func canChoose(fromBuildReportWith settings: Settings) -> Bool {
        settings.goals.isEmpty && settings.ignore.isEmpty && settings.publish == nil && settings.body.bodyweightKg == nil
    }

    /// The goals of ``choose(workouts:settings:today:)`` from the statistics the build computes
    /// anyway, instead of a statistics pass of their own (about 160 million instructions, 5 % of
    /// the 10-year demo's full build, all on one core before any page can start).
    ///
    /// Only valid where ``canChoose(fromBuildReportWith:)`` holds. Then the build's statistics
    /// of every exercise equal the separate pass's except the assisted ones: the separate pass
    /// sees no bodyweight measurement, so an assisted set has no effective load and an assisted
    /// exercise no heaviest or e1RM record, and it is never a candidate. The build sees the
    /// measurements, so its assisted exercises are left out here by the same rule
    /// (``AssistedLoad/isAssisted(_:)`` with the configured `[muscles]` flags).
    /// `DemoGoalsTests` compares both on demo histories and on one where an assisted exercise
    /// would otherwise win.
    public static func choose(fromBuildReport report: StatsReport, settings: Settings, today: CivilDate) -> [Goal] {
        let assisted = AssistedLoad(timeline: BodyweightTimeline(measurements: [], configured: nil), overrides: settings.muscles)
        return choose(from: report, excluding: assisted.isAssisted, today: today)
    }

    /// The goals from `report`, leaving out the exercises `excluded` names.
    private static func choose(from report: StatsReport, excluding excluded: (String) -> Bool, today: CivilDate) -> [Goal] {
        let candidates = report.exercises.filter { $0.records.heaviest != nil && $0.records.e1rm != nil && !excluded($0.name) }
        let ranked = candidates.sorted { lhs, rhs in
            lhs.workingSets != rhs.workingSets ? lhs.workingSets > rhs.workingSets : CanonicalName.precedes(lhs.name, rhs.name)
        }
        guard let top = ranked.first, let heaviest = top.records.heaviest?.value else { return [] }
        let reached = Goal(exercise: top.name, metric: .heaviest, targetKg: max(2.5, (heaviest / 5).rounded(.down) * 5))
        // Among the other exercises (the reached goal's last), the target with the nearest
        // projected day: a demo goal a few months away reads like a real one.
        var chosen: (goal: Goal, day: CivilDate)?
        for stats in ranked.dropFirst() + ranked.prefix(1) {
            guard let best = stats.records.e1rm?.value else { continue }
            for step in [1.025, 1.05, 1.075, 1.1] {
                let goal = Goal(exercise: stats.name, metric: .e1rm, targetKg: ((best * step) / 2.5).rounded(.up) * 2.5)
                let progress = GoalEngine.progress(goal, stats: stats, calendar: report.calendar, today: today)
                guard progress.reached == nil, let day = progress.projection.day else { continue }
                if chosen == nil || day < (chosen?.day ?? day) { chosen = (goal, day) }
            }
        }
        if let chosen {
            var goal = chosen.goal
            goal.by = firstOfMonth(after: chosen.day, months: 2)
            return [reached, goal]
        }
        guard let best = top.records.e1rm?.value else { return [reached] }
        return [reached, Goal(exercise: top.name, metric: .e1rm, targetKg: ((best * 1.05) / 2.5).rounded(.up) * 2.5)]
    }

    /// The first day of the month `months` after `day`'s month.
    static func firstOfMonth(after day: CivilDate, months: Int) -> CivilDate? {
        let index = day.year * 12 + (day.month - 1) + months
        return CivilDate(year: index / 12, month: index % 12 + 1, day: 1)
    }
}
