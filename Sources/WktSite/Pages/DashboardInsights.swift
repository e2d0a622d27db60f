import WktCore

/// The dashboard's cards about the last workout, this week against the weeks before, and the
/// trend of the most-trained lifts (docs/product.md "Dashboard: last workout, week comparison,
/// lift trends").
extension PageComposer {
    /// Exercises named in the last workout's top sets before `and N more`.
    static let topSetExercises = 4

    /// Appends the three cards; the caller has opened the `.cards` grid.
    func dashboardInsights(into body: inout PageBody) throws(SiteError) {
        if let last = site.workouts.last { body.html(lastWorkoutCard(last)) }
        if let comparison = WeekComparison.compute(weeks: site.report.weeks) { weekComparisonCard(comparison, into: &body) }
        body.html(try liftTrendsCard())
    }

    /// The last workout: name (linked), day, time, duration, exercises, working sets, volume,
    /// PR count (PR groups, as the workout lists count them) and the top set of its first exercises.
    func lastWorkoutCard(_ entry: WorkoutEntry) -> String {
        let info = entry.info
        var when = [TextFormat.shortDay(entry.day)]
        if site.timesOfDay { when.append(TextFormat.clock(entry.workout.start)) }
        if let seconds = entry.workout.durationSeconds { when.append(TextFormat.duration(seconds: seconds)) }
        let exercises = info.exercises.filter { $0.workingSets > 0 }
        let prs = Self.prGroups(info.prEvents).count
        let facts = [TextFormat.plural(exercises.count, "exercise"), TextFormat.plural(info.workingSets, "working set"),
                     site.units.volume(info.volumeKg) + " volume", prs == 0 ? "no PRs" : TextFormat.plural(prs, "PR")]
        var out = "<section class=\"card card-half last-workout\" aria-labelledby=\"last-workout\"><h2 id=\"last-workout\">Last workout</h2>\n"
        out += "<p class=\"last-workout-title\">\(HTML.link(entry.workout.name, to: entry.path)) · "
            + when.map(HTML.text).joined(separator: " · ") + "</p>\n"
        out += "<ul class=\"inline-facts\">" + facts.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul>\n"
        var tops: [String] = []
        for exercise in exercises {
            let sets = entry.workout.exercises.filter { CanonicalName.normalize($0.name) == exercise.name }.flatMap(\.sets)
            // Assisted sets rank by their effective load (more assistance is never the top set).
            let assisted = isAssisted(exercise.name)
            let ranked = assisted ? sets.map { set in
                var load = set
                load.weightKg = effectiveLoad(set, on: entry.day)
                return load
            } : sets
            guard let top = TopSet.pick(ranked), let index = ranked.firstIndex(of: top) else { continue }
            let name = site.exercise(named: exercise.name).map { HTML.link(exercise.name, to: $0.path) } ?? HTML.text(exercise.name)
            tops.append("<li>\(name): \(HTML.text(setText(sets[index], assistedOn: assisted ? entry.day : nil)))</li>")
        }
        if !tops.isEmpty {
            out += "<p class=\"top-sets-label\">Top sets</p>\n<ul class=\"top-sets\">" + tops.prefix(Self.topSetExercises).joined()
            if tops.count > Self.topSetExercises { out += "<li class=\"muted\">and \(TextFormat.plural(tops.count - Self.topSetExercises, "more exercise"))</li>" }
            out += "</ul>\n"
        }
        return out + "</section>"
    }

    /// This week so far against last week and the average of the complete weeks before it, each
    /// difference written with its sign (`+2`, `−1,250 kg`, `±0`), the compared values below.
    func weekComparisonCard(_ comparison: WeekComparison, into body: inout PageBody) {
        let units = site.units
        let rows: [(String, KeyPath<WeekComparison.Numbers, Double>, (Double) -> String)] = [
            ("Workouts", \.workouts, TextFormat.short), ("Working sets", \.workingSets, TextFormat.short), ("Volume", \.volumeKg, units.volume),
        ]
        let weeks = comparison.averageWeekCount
        var columns = [MD.Column("Per week"), MD.Column("This week", numeric: true)]
        if comparison.lastWeek != nil { columns.append(MD.Column("vs last week", numeric: true)) }
        if comparison.average != nil { columns.append(MD.Column(weeks == 1 ? "vs 1-week avg." : "vs \(weeks)-week avg.", numeric: true)) }
        let table = MD.table(columns, rows.map { title, field, text in
            let now = comparison.thisWeek[keyPath: field]
            var row = [MD.text(title), MD.text(text(now))]
            if let last = comparison.lastWeek { row.append(MD.text(Self.change(now, last[keyPath: field], text))) }
            if let average = comparison.average { row.append(MD.text(Self.change(now, average[keyPath: field], text))) }
            return row
        })
        func values(_ numbers: WeekComparison.Numbers) -> String {
            rows.map { title, field, text in
                let value = numbers[keyPath: field]
                guard field != \.volumeKg else { return text(value) }
                let noun = title.lowercased()
                return text(value) + " " + (text(value) == "1" ? String(noun.dropLast()) : noun)
            }.joined(separator: ", ")
        }
        var compared: [String] = []
        if let last = comparison.lastWeek { compared.append("Last week: " + values(last)) }
        if let average = comparison.average {
            compared.append((weeks == 1 ? "The only complete week" : "Average of the last \(weeks) complete weeks") + ": " + values(average))
        }
        body.html("<section class=\"card card-half week-comparison\" aria-labelledby=\"week-comparison\">"
            + "<h2 id=\"week-comparison\">This week so far</h2>")
        if compared.isEmpty {
            body.html("<p class=\"muted\">Your first week: nothing to compare with yet.</p>")
        } else {
            body.markdown(table)
            body.html("<p class=\"muted\">" + compared.map(HTML.text).joined(separator: ".<br>") + ". A + means this week is ahead.</p>")
        }
        body.html("</section>")
    }

    /// `+1`, `−1,250 kg`, `±0`: the difference `now − then` with its sign in text.
    static func change(_ now: Double, _ then: Double, _ text: (Double) -> String) -> String {
        let difference = text(abs(now - then))
        return (difference == text(0) ? "±" : now > then ? "+" : "−") + difference
    }

    /// The best e1RM per week of the three most-trained lifts, a small chart each, linked to the
    /// exercise pages.
    func liftTrendsCard() throws(SiteError) -> String {
        let report = site.report
        let chosen = LiftTrends.mostTrained(report.exercises, calendar: report.calendar, today: site.today)
        var out = "<section class=\"card card-wide\" aria-labelledby=\"lift-trends\"><h2 id=\"lift-trends\">Main lifts</h2>\n"
        guard !chosen.isEmpty else {
            return out + "<p class=\"muted\">No weighted sets in the last \(LiftTrends.choiceWeeks) weeks, so no lift to follow yet.</p></section>"
        }
        out += "<p class=\"muted\">Best e1RM per week over the last \(LiftTrends.chartWeeks) weeks of the "
            + "\(chosen.count == 1 ? "lift" : TextFormat.count(chosen.count) + " lifts") with the most working sets in the last "
            + "\(LiftTrends.choiceWeeks) weeks.</p>\n<div class=\"lift-trends\">\n"
        let calendar = report.calendar
        let first = calendar.weekStart(of: site.today).adding(days: -7 * (LiftTrends.chartWeeks - 1))
        let labels = (0..<LiftTrends.chartWeeks).map { calendar.weekLabel(weekContaining: first.adding(days: 7 * $0)) }
        for (rank, index) in chosen.enumerated() {
            let stats = report.exercises[index]
            let values = LiftTrends.weeklyBestE1RM(stats, calendar: calendar, today: site.today).map { $0.map(site.units.estimateValue) }
            let chart = TrendChart(
                id: try Self.chartID("lift-trend-\(rank + 1)"), title: "\(stats.name): best e1RM per week (\(site.units.symbol))",
                labels: labels, values: values, valueHeading: "Best e1RM", format: site.units.weightChartFormat
            ).render()
            let link = site.exercise(named: stats.name).map { HTML.link(stats.name, to: $0.path) } ?? HTML.text(stats.name)
            out += "<div class=\"lift-trend\"><h3>\(link)</h3>\n\(chart.html)\n</div>\n"
        }
        return out + "</div></section>"
    }
}
