import WktCore

/// Reached goals in `feed.xml` (docs/product.md "Goals on the dashboard and exercise pages").
extension AtomFeed {
    /// The reached goals by the store ID of the workout that reached them, in config order.
    static func goalsReached(site: SiteModel) -> [Int64: [GoalProgress]] {
        var byWorkout: [Int64: [GoalProgress]] = [:]
        for goal in site.report.goals {
            if let reached = goal.reached { byWorkout[reached.workoutID, default: []].append(goal) }
        }
        return byWorkout
    }

    /// The stable entry ID of a reached goal: its reached day, the exercise's page slug, the
    /// metric and the target in kg (`tag:wkt-site,2026-03-02:goal/squat-barbell/e1rm/140.0`).
    /// It changes only when the goal itself or its reached day does.
    static func goalID(_ goal: GoalProgress, slug: String, day: CivilDate) -> String {
        "tag:wkt-site,\(day):goal/\(slug)/\(goal.goal.metric.name)/\(JSONValue.formatKg(goal.goal.targetKg))"
    }

    /// One entry, dated like the workout that reached the goal, linked to the exercise page.
    static func goalEntry(_ goal: GoalProgress, site: SiteModel, prefix: String, updated: String) -> String {
        guard let reached = goal.reached else { return "" }
        let page = site.exercise(named: goal.exercise)
        let slug = page?.slug ?? Slugger.hashSuffix(of: goal.exercise)
        let units = site.units
        let metric = goal.goal.metric
        let workout = site.workout(id: reached.workoutID)?.workout.name
        var summary = "\(goal.exercise): \(metric.displayName) \(units.record(metric, reached.value)) on \(reached.day)"
        if let workout { summary += " (\(workout))" }
        summary += ", the goal was \(units.record(metric, goal.goal.targetKg))"
        if let by = goal.goal.by { summary += reached.day <= by ? ", reached by \(by) as planned" : ", planned by \(by)" }
        var out = "<entry>\n"
        out += "<title>\(escape("Goal reached: \(goal.exercise) \(metric.displayName) \(units.record(metric, goal.goal.targetKg))"))</title>\n"
        out += "<id>\(escape(goalID(goal, slug: slug, day: reached.day)))</id>\n"
        out += "<updated>\(updated)</updated>\n"
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(prefix + (page?.path ?? SitePaths.dashboard)))\"/>\n"
        out += "<summary>\(escape(summary + "."))</summary>\n"
        return out + "</entry>\n"
    }
}
