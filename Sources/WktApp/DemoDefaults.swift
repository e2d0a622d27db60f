import WktCore
import WktDemo
import WktIO

/// What the demo lifter's configuration would say, for a store written by `wkt-site demo`:
/// two goals (``DemoGoals``; docs/product.md "Goals on the dashboard and exercise pages") and
/// `sex = "male"`, so the demo site shows an estimated DOTS (docs/product.md "Bodyweight,
/// relative strength and DOTS").
///
/// Applied wherever a command reads the store for statistics (`build`, `stats`, and the
/// build `demo` runs), so `stats --json` on the demo store still equals the demo site's
/// `data/stats.json`. Only a store whose every workout is a demo workout gets them, and each only
/// when the configuration does not set it (`[[goals]]`, `sex`): a real history never sees them.
///
/// `build` lets the site's own statistics choose the goals where that gives the same goals
/// (``forBuild(_:history:today:)``); `stats` computes them first, in a pass of their own.
enum DemoDefaults {
    /// `settings` with the demo's goals and sex where they apply, else unchanged.
    static func applied(to settings: Settings, history: WorkoutHistory, today: CivilDate) -> Settings {
        guard isDemo(history) else { return settings }
        var settings = settings
        if settings.goals.isEmpty {
            settings.goals = DemoGoals.choose(workouts: history.workouts.map(\.workout), settings: settings, today: today)
            // That was a whole statistics pass, now freed: give its memory back before the real one.
            AllocatorTuning.releaseFreeMemory()
        }
        return withDemoSex(settings)
    }

    /// What ``applied(to:history:today:)`` gives, for a site build: where the build's own
    /// statistics choose the same goals (``DemoGoals/canChoose(fromBuildReportWith:)``), the
    /// settings without them and the rule that chooses them from the build's report
    /// (``WktSite/SiteBuildInput/derivedGoals``); that saves the build a statistics pass, about 5 %
    /// of the 10-year demo's full build's instructions, all on one core. Otherwise the settings of `applied` and no rule.
    static func forBuild(
        _ settings: Settings, history: WorkoutHistory, today: CivilDate
    ) -> (settings: Settings, derivedGoals: (@Sendable (StatsReport) -> [Goal])?) {
        guard isDemo(history), DemoGoals.canChoose(fromBuildReportWith: settings) else {
            return (applied(to: settings, history: history, today: today), nil)
        }
        return (withDemoSex(settings), { report in DemoGoals.choose(fromBuildReport: report, settings: settings, today: today) })
    }

    /// Whether every workout (at least one) is a demo workout.
    private static func isDemo(_ history: WorkoutHistory) -> Bool {
        !history.workouts.isEmpty && history.workouts.allSatisfy({ $0.workout.source == .demo })
    }

    /// `settings` with `sex = "male"` unless it sets one.
    private static func withDemoSex(_ settings: Settings) -> Settings {
        var settings = settings
        if settings.body.sex == nil { settings.body.sex = .male }
        return settings
    }
}
