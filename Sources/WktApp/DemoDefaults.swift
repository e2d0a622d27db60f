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
enum DemoDefaults {
    /// `settings` with the demo's goals and sex where they apply, else unchanged.
    static func applied(to settings: Settings, history: WorkoutHistory, today: CivilDate) -> Settings {
        guard !history.workouts.isEmpty, history.workouts.allSatisfy({ $0.workout.source == .demo })
        else { return settings }
        var settings = settings
        if settings.goals.isEmpty {
            settings.goals = DemoGoals.choose(workouts: history.workouts.map(\.workout), settings: settings, today: today)
            // That was a whole statistics pass, now freed: give its memory back before the real one.
            AllocatorTuning.releaseFreeMemory()
        }
        if settings.body.sex == nil { settings.body.sex = .male }
        return settings
    }
}
