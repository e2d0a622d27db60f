import WktCore
import WktDemo

/// The demo's goals (``DemoGoals``) for a store written by `wkt-site demo` (docs/product.md
/// "Goals on the dashboard and exercise pages").
///
/// Applied wherever a command reads the store for statistics (`build`, `stats`, and the build
/// `demo` runs), so `stats --json` on the demo store still equals the demo site's
/// `data/stats.json`. Only a store whose every workout is a demo workout gets them, and only
/// when the configuration has no `[[goals]]`: a real history never sees them.
enum DemoGoalDefaults {
    /// `settings` with the demo's goals when they apply, else unchanged.
    static func applied(to settings: Settings, history: WorkoutHistory, today: CivilDate) -> Settings {
        guard settings.goals.isEmpty, !history.workouts.isEmpty,
              history.workouts.allSatisfy({ $0.workout.source == .demo })
        else { return settings }
        var settings = settings
        settings.goals = DemoGoals.choose(workouts: history.workouts.map(\.workout), settings: settings, today: today)
        return settings
    }
}
