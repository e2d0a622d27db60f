import WktCore

extension PageComposer {
    /// `index.html`: this week, streaks, the weekly charts, recent workouts and PRs; the
    /// friendly empty-store page when there are no workouts.
    func dashboard() throws(SiteError) -> Page {
        let report = site.report
        guard !site.workouts.isEmpty else {
            return Page(
                path: SitePaths.dashboard, source: "dashboard", title: site.siteTitle,
                description: "No workouts yet: how to import them", section: .dashboard, blocks: [],
                bodyTemplate: LayoutRenderer.emptyStoreTemplate)
        }
        let calendar = report.calendar
        let today = site.today
        let target = report.streaks.weeklyTarget
        let thisWeek = report.workouts(inWeekContaining: today)
        var body = PageBody()
        body.html("<h1>\(HTML.text(site.siteTitle))</h1>")
        body.html("<p class=\"lead\">\(HTML.text(calendar.weekLabel(weekContaining: today))) · \(HTML.text(TextFormat.longDay(today)))</p>")
        body.html("<div class=\"cards\">")
        let remaining = target - thisWeek
        body.html(HTML.statCard(
            label: "This week", value: "\(thisWeek) / \(target)",
            note: remaining <= 0 ? "weekly target met" : "\(TextFormat.plural(remaining, "more workout")) to reach the target"))
        body.html(HTML.statCard(label: "Week streak", value: TextFormat.plural(report.streaks.weeks.current, "week"),
                                note: streakNote(report.streaks.weeks, unit: "week") { calendar.weekLabel(weekContaining: $0) }))
        body.html(HTML.statCard(label: "Day streak", value: TextFormat.plural(report.streaks.days.current, "day"),
                                note: streakNote(report.streaks.days, unit: "day") { $0.description }))
        body.html(HTML.statCard(
            label: "Workouts", value: TextFormat.count(report.totals.workouts),
            note: report.totals.firstDay.map { "since \($0) · \(site.units.volume(report.totals.volumeKg)) lifted" }))

        let row = try weekRow(startingOn: calendar.weekStart(of: today), label: calendar.weekLabel(weekContaining: today), root: "")
        body.html("<section class=\"card card-wide\" aria-labelledby=\"this-week\"><h2 id=\"this-week\">This week</h2>")
        body.html(row.html)
        body.html(Self.legend(for: [row]))
        body.html("</section>")
        try dashboardInsights(into: &body)
        if let goals = goalsCard() { body.html(goals) }
        body.html(try musclesCard())

        body.html("<section class=\"card card-wide\">" + (try recentHeatmap(root: "")) + "</section>")
        let weeks = Array(report.weeks.suffix(Self.dashboardWeeks))
        let workoutsChart = BarChart(
            id: try Self.chartID("weekly-workouts"), title: "Workouts per week, last \(TextFormat.plural(weeks.count, "week"))",
            bars: weekBars(weeks) { Double($0.workouts) }, target: Double(target)
        ).render()
        body.html("<section class=\"card card-wide\">" + workoutsChart.html)
        body.html("<p><a href=\"\(SitePaths.historyIndex)\">Every week of every year →</a></p></section>")
        let volumeChart = BarChart(
            id: try Self.chartID("weekly-volume"), title: "Volume per week (\(site.units.symbol)), last \(TextFormat.plural(weeks.count, "week"))",
            bars: weekBars(weeks) { site.units.convert($0.volumeKg) },
            valueHeading: "Volume", format: site.units.volumeChartFormat
        ).render()
        body.html("<section class=\"card card-wide\">" + volumeChart.html + "</section>")

        body.html("<section class=\"card card-half\" aria-labelledby=\"recent-workouts\"><h2 id=\"recent-workouts\">Recent workouts</h2>")
        let recent = Array(site.workouts.suffix(Self.recentCount).reversed())
        body.markdown(MD.table(
            [MD.Column("Date"), MD.Column("Workout"), MD.Column("Sets", numeric: true), MD.Column("Volume", numeric: true)],
            recent.map { [TextFormat.shortDay($0.day), workoutLink($0, root: ""), TextFormat.count($0.info.workingSets),
                          site.units.volume($0.info.volumeKg)] }))
        body.html("<p><a href=\"\(SitePaths.workoutsIndex)\">All workouts →</a></p></section>")

        body.html(recentPRsCard())
        body.html("</div>")
        return Page(
            path: SitePaths.dashboard, source: "dashboard", title: site.siteTitle,
            description: dashboardDescription(thisWeek: thisWeek), section: .dashboard, blocks: body.blocks)
    }

    /// `312 workouts since March 2016 · 4 this week · 12-week streak` (the streak only while it runs).
    private func dashboardDescription(thisWeek: Int) -> String {
        let report = site.report
        var parts = [TextFormat.plural(report.totals.workouts, "workout")
            + (report.totals.firstDay.map { " since " + TextFormat.month($0.month, year: $0.year) } ?? "")]
        parts.append("\(TextFormat.count(thisWeek)) this week")
        if report.streaks.weeks.current > 0 { parts.append("\(TextFormat.count(report.streaks.weeks.current))-week streak") }
        return parts.joined(separator: " · ")
    }

    /// `since 2026-W35 · longest 31 weeks (2024-W02 – 2024-W32)`.
    private func streakNote(_ streak: Streak, unit: String, label: (CivilDate) -> String) -> String? {
        let parts = Self.streakParts(streak, unit: unit, label: label)
        var shown: [String] = []
        if let since = parts.since { shown.append(since) }
        if let longest = parts.longest, let range = parts.range { shown.append("\(longest) (\(range))") }
        return shown.isEmpty ? nil : shown.joined(separator: " · ")
    }

    /// The pieces of a streak as the dashboard and the streaks card show them: `since 2026-W35`
    /// while the streak runs, `longest 31 weeks` and its `2024-W02 – 2024-W32` when there was one.
    static func streakParts(_ streak: Streak, unit: String, label: (CivilDate) -> String)
        -> (since: String?, longest: String?, range: String?) {
        let since = streak.current > 0 ? streak.currentStart.map { "since " + label($0) } : nil
        guard let start = streak.longestStart, let end = streak.longestEnd else { return (since, nil, nil) }
        return (since, "longest \(TextFormat.plural(streak.longest, unit))", start == end ? label(start) : label(start) + " – " + label(end))
    }
}
