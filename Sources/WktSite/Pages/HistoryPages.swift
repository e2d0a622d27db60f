import WktCore

extension PageComposer {
    /// Per-year numbers for the history and workout lists.
    struct YearSummary {
        var workouts = 0
        var trainingDays = 0
        var workingSets = 0
        var volumeKg = 0.0
        var weeks = 0
        var weeksOnTarget = 0
    }

    /// The numbers of `year`: workouts by training day, weeks by their middle day.
    func summary(ofYear year: Int) -> YearSummary {
        var summary = YearSummary()
        var lastDay: CivilDate?
        for entry in site.workouts where entry.day.year == year {
            summary.workouts += 1
            summary.workingSets += entry.info.workingSets
            summary.volumeKg += entry.info.volumeKg
            if entry.day != lastDay { summary.trainingDays += 1 }
            lastDay = entry.day
        }
        for week in site.report.weeks where SiteModel.year(ofWeekStarting: week.start) == year {
            summary.weeks += 1
            if week.workouts >= site.report.streaks.weeklyTarget { summary.weeksOnTarget += 1 }
        }
        return summary
    }

    /// The training days of `year` shaded by working sets: the heatmap of `history/<year>.html`
    /// (days linked from `root`) and of `cards/heatmap.svg` (no links, `root` nil).
    func yearHeatmap(_ year: Int, id: ChartID, root: String? = nil) -> YearHeatmap {
        YearHeatmap(
            id: id, title: "Training days in \(TextFormat.year(year))", year: year, weekStart: site.report.calendar.weekStart,
            days: heatmapDays(root: root) { $0.year == year }, today: site.today)
    }

    /// `history/index.html`: a table of years, then every week as a compact calendar row, grouped
    /// by year and month, newest first.
    func historyIndex() throws(SiteError) -> Page {
        let root = "../"
        var body = PageBody()
        body.html("<h1>History</h1>")
        let report = site.report
        guard let first = report.weeks.first, let last = report.weeks.last else {
            body.html(Self.emptyNotice(root: root))
            return Page(path: SitePaths.historyIndex, source: "history index", title: "History",
                        description: "No training weeks yet", section: .history, blocks: body.blocks)
        }
        let target = report.streaks.weeklyTarget
        let onTarget = report.weeks.filter { $0.workouts >= target }.count
        body.html("<p class=\"lead\">\(HTML.text(TextFormat.plural(report.weeks.count, "week"))) from \(HTML.text(first.displayLabel)) "
            + "to \(HTML.text(last.displayLabel)) · weekly target of \(target) met in \(TextFormat.count(onTarget)) of "
            + "\(TextFormat.count(report.weeks.count))</p>")
        body.html(try recentHeatmap(root: root))
        body.markdown("## Years")
        body.markdown(MD.table(
            [MD.Column("Year"), MD.Column("Workouts", numeric: true), MD.Column("Training days", numeric: true),
             MD.Column("Weeks on target", numeric: true), MD.Column("Volume", numeric: true), MD.Column("Review")],
            site.years.reversed().map { year in
                let summary = summary(ofYear: year)
                return [MD.link(TextFormat.year(year), root: root, path: SitePaths.historyYear(year)), TextFormat.count(summary.workouts),
                        TextFormat.count(summary.trainingDays), "\(summary.weeksOnTarget) of \(summary.weeks)",
                        site.units.volume(summary.volumeKg), reviewLink(year, root: root)]
            }))
        body.html("<h2>Every week</h2>")
        // Every week's row, written into one buffer (about 3 KB a week).
        var calendar = TextBuffer(capacity: 3200 * report.weeks.count)
        var rows: [WeekRow] = []
        var currentYear: Int?
        let header = WeekRow.compactHeader(weekStart: report.calendar.weekStart)
        for group in weeksByMonth() {
            if group.year != currentYear {
                currentYear = group.year
                calendar.append("<h3 class=\"year-heading\" id=\"y\(TextFormat.year(group.year))\"><a href=\"\(root + SitePaths.historyYear(group.year))\">"
                    + "\(TextFormat.year(group.year))</a></h3>\n")
            }
            calendar.append("<h4>\(HTML.text(TextFormat.month(group.month, year: group.year)))</h4>\n<div class=\"calendar-month\">\n")
            calendar.append(header)
            calendar.append("\n")
            for week in group.weeks {
                let row = try weekRow(startingOn: week.start, label: week.displayLabel, root: root, summary: true)
                rows.append(row)
                row.write(compact: true, to: &calendar)
                calendar.append("\n")
            }
            calendar.append("</div>\n")
        }
        body.html(Self.legend(for: rows))
        body.html(calendar)
        let since = SiteModel.month(ofWeekStarting: first.start)
        return Page(path: SitePaths.historyIndex, source: "history index", title: "History",
                    description: "Every week since \(TextFormat.month(since, year: SiteModel.year(ofWeekStarting: first.start))) "
                        + "as a calendar row: \(TextFormat.plural(report.weeks.count, "week")), "
                        + "the weekly target of \(target) met in \(TextFormat.count(onTarget))",
                    section: .history, blocks: body.blocks)
    }

    /// A link to the review of `year` (`2026 in review`), or `–` for a year without one.
    func reviewLink(_ year: Int, root: String, html: Bool = false) -> String {
        guard let review = yearReviews[year] else { return "–" }
        let text = Self.reviewTitle(review) + (html ? " →" : "")
        return html ? HTML.link(text, root: root, path: SitePaths.yearReview(year)) : MD.link(text, root: root, path: SitePaths.yearReview(year))
    }

    /// `history/<year>.html`: the year as a heatmap, its weekly chart, its weeks and its workouts.
    func historyYear(_ year: Int) throws(SiteError) -> Page {
        let root = "../"
        let yearText = TextFormat.year(year)
        let summary = summary(ofYear: year)
        let report = site.report
        var body = PageBody()
        body.html("<h1>\(yearText)</h1>")
        body.html("<p class=\"lead\">\(TextFormat.plural(summary.workouts, "workout")) on \(TextFormat.plural(summary.trainingDays, "day")) · "
            + "weekly target met in \(summary.weeksOnTarget) of \(TextFormat.plural(summary.weeks, "week")) · "
            + "\(HTML.text(site.units.volume(summary.volumeKg)))</p>")
        body.html(yearPager(year, in: site.years, path: SitePaths.historyYear, up: ("All years", root + SitePaths.historyIndex)))
        if yearReviews[year] != nil { body.html("<p class=\"year-review-link\">" + reviewLink(year, root: root, html: true) + "</p>") }

        let days = site.workouts.filter { $0.day.year == year }
        let heatmap = yearHeatmap(year, id: try Self.chartID("year-days"), root: root).render()
        body.html(heatmap)
        let weeks = report.weeks.filter { SiteModel.year(ofWeekStarting: $0.start) == year }
        let chart = BarChart(
            id: try Self.chartID("year-weeks"), title: "Workouts per week in \(yearText)",
            bars: weekBars(weeks) { Double($0.workouts) }, target: Double(report.streaks.weeklyTarget)
        ).render()
        body.html(chart)

        body.html("<h2>Weeks</h2>")
        var calendar = TextBuffer(capacity: 3200 * 54)
        var rows: [WeekRow] = []
        let header = WeekRow.compactHeader(weekStart: report.calendar.weekStart)
        for group in weeksByMonth(inYear: year) {
            calendar.append("<h3>\(HTML.text(TextFormat.month(group.month, year: group.year)))</h3>\n<div class=\"calendar-month\">\n")
            calendar.append(header)
            calendar.append("\n")
            for week in group.weeks {
                let row = try weekRow(startingOn: week.start, label: week.displayLabel, root: root, summary: true)
                rows.append(row)
                row.write(compact: true, to: &calendar)
                calendar.append("\n")
            }
            calendar.append("</div>\n")
        }
        body.html(Self.legend(for: rows))
        body.html(calendar)
        body.markdown("## Workouts")
        if days.isEmpty {
            body.markdown("No workouts in \(yearText).")
        } else {
            workoutsTable(days.reversed(), root: root, into: &body)
        }
        return Page(path: SitePaths.historyYear(year), source: "history of \(yearText)", title: "\(yearText) in training",
                    description: "\(yearText) in training: \(TextFormat.plural(summary.workouts, "workout")) on "
                        + "\(TextFormat.plural(summary.trainingDays, "day")), weekly target met in \(summary.weeksOnTarget) of "
                        + "\(TextFormat.plural(summary.weeks, "week")), \(site.units.volume(summary.volumeKg))",
                    section: .history, blocks: body.blocks)
    }
}
