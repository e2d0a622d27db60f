import WktCore

/// Goals on pages (docs/product.md "Goals on the dashboard and exercise pages"): a card on the
/// dashboard with every goal, and a section on each goal's exercise page. Each goal is a
/// `<progress>` bar with its numbers in text (`112.5 / 140 kg (80 %)`), so nothing depends on
/// colour or on the bar alone, then the reached day, the projection or why there is none, and
/// the `by` day with whether the projection meets it.
extension PageComposer {
    /// The dashboard's goals card; nil without goals.
    func goalsCard() -> String? {
        let goals = site.report.goals
        guard !goals.isEmpty else { return nil }
        let reached = goals.filter { $0.reached != nil }.count
        var out = "<section class=\"card card-wide goals\" aria-labelledby=\"goals\"><h2 id=\"goals\">Goals</h2>\n"
        out += "<p class=\"muted\">\(HTML.text("\(TextFormat.count(reached)) of \(TextFormat.plural(goals.count, "goal")) reached."))</p>\n"
        out += goalList(goals, root: "", linkExercise: true)
        return out + "</section>"
    }

    /// The goals of one exercise page (`## Goals`); nil when none names it.
    func goalsSection(for exercise: ExerciseEntry) -> String? {
        let goals = goals(of: exercise)
        guard !goals.isEmpty else { return nil }
        return "<h2 id=\"goals\">Goals</h2>\n" + goalList(goals, root: "../", linkExercise: false)
    }

    /// The goals whose exercise is `exercise`, in config order.
    func goals(of exercise: ExerciseEntry) -> [GoalProgress] {
        site.report.goals.filter { $0.exercise == exercise.name }
    }

    /// `<ul class="goal-list">` with one item per goal.
    private func goalList(_ goals: [GoalProgress], root: String, linkExercise: Bool) -> String {
        var out = "<ul class=\"goal-list\">\n"
        for goal in goals {
            let metric = goal.goal.metric.displayName
            let name: String
            if linkExercise, let page = site.exercise(named: goal.exercise) {
                name = HTML.link(goal.exercise, root: root, path: page.path)
            } else {
                name = linkExercise ? HTML.text(goal.exercise) : ""
            }
            let title = linkExercise ? "\(name) · \(HTML.text(metric))" : "Goal · " + HTML.text(metric)
            let amounts = goal.amounts(units: site.units)
            let label = "\(goal.exercise) \(metric) goal: \(goal.percent) %"
            out += "<li class=\"goal\"><p class=\"goal-title\">\(title)</p>\n"
            out += "<progress class=\"goal-bar\" max=\"100\" value=\"\(goal.percent)\" aria-label=\"\(HTML.attribute(label))\">"
                + "\(goal.percent) %</progress>\n"
            out += "<p class=\"goal-numbers\">\(HTML.text(amounts))</p>\n"
            out += "<p class=\"goal-outlook\">\(outlook(goal, root: root))</p></li>\n"
        }
        return out + "</ul>\n"
    }

    /// `reached on <a>Tue 2026-03-02</a>`, `projected for 2027-01-18`, or `no projection: …`, then
    /// the `by` day with its state.
    private func outlook(_ goal: GoalProgress, root: String) -> String {
        var parts: [String] = []
        if let reached = goal.reached {
            let day = TextFormat.shortDay(reached.day)
            let link = site.workout(id: reached.workoutID).map { HTML.link(day, root: root, path: $0.path) } ?? HTML.text(day)
            parts.append("Reached on " + link)
        } else if let day = goal.projection.day {
            parts.append(HTML.text("Projected for \(TextFormat.shortDay(day)) (trend of the last \(GoalProgress.windowWeeks) complete weeks)"))
        } else {
            parts.append(HTML.text("No projection: " + (goal.noProjectionText ?? "")))
        }
        if let deadline = goal.deadlineText {
            let mark = goal.deadline == .passed || goal.deadline == .behind || goal.deadline == .reachedLate ? "goal-late" : "goal-by"
            parts.append("<span class=\"\(mark)\">\(HTML.text(deadline.prefix(1).uppercased() + deadline.dropFirst()))</span>")
        }
        return parts.joined(separator: ". ") + "."
    }
}
