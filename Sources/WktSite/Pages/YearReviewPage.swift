import WktCore

/// `years/<year>.html`: one calendar year with workouts in review (docs/product.md "Year in
/// review"), its numbers from ``YearReview`` (docs/statistics.md "Year in review").
extension PageComposer {
    /// Rows of the headline-PR table.
    static let yearHeadlinePRRows = 10
    /// New exercises listed before `and N more`.
    static let yearNewExerciseRows = 40

    /// Years with a review page, ascending (the years with counted workouts).
    var reviewYears: [Int] { yearReviews.keys.sorted() }

    /// `2026 in review`, or `2026 so far` while the year is on.
    static func reviewTitle(_ review: YearReview) -> String {
        TextFormat.year(review.year) + (review.inProgress ? " so far" : " in review")
    }

    /// The review page of `year`.
    func yearReviewPage(_ year: Int) throws(SiteError) -> Page {
        let root = "../"
        let review = yearReviews[year] ?? YearReview.compute(year: year, report: site.report)
        let yearText = TextFormat.year(year)
        let totals = review.totals
        var body = PageBody()
        body.html("<h1>\(HTML.text(Self.reviewTitle(review)))</h1>")
        body.html(HTML.lead([
            TextFormat.plural(totals.workouts, "workout"), "\(TextFormat.plural(totals.trainingDays, "training day"))",
            TextFormat.plural(totals.workingSets, "working set"), TextFormat.plural(totals.reps, "rep"),
            site.units.volume(totals.volumeKg) + " volume",
        ]))
        if review.inProgress {
            body.html("<p class=\"muted\">So far: 1 January to today, \(HTML.text(TextFormat.spokenDay(review.through))). "
                + "The year is not over, so every number here can still grow.</p>")
        }
        body.html(yearPager(year, in: reviewYears, path: SitePaths.yearReview, up: ("\(yearText) in training", root + SitePaths.historyYear(year))))
        comparisonSection(review, into: &body)
        try monthsSection(review, into: &body)
        weeksSection(review, into: &body)
        exercisesSection(review, root: root, into: &body)
        headlinePRSection(review, root: root, into: &body)
        newExercisesSection(review, root: root, into: &body)
        var description = "\(Self.reviewTitle(review)): \(TextFormat.plural(totals.workouts, "workout")) on "
            + "\(TextFormat.plural(totals.trainingDays, "day")), \(TextFormat.plural(totals.workingSets, "working set")), "
            + site.units.volume(totals.volumeKg)
        if review.prs > 0 { description += ", \(TextFormat.plural(review.prs, "PR"))" }
        return Page(path: SitePaths.yearReview(year), source: "review of \(yearText)", title: Self.reviewTitle(review),
                    description: description, section: .history, blocks: body.blocks)
    }

    /// The main numbers against the previous year: both values, the difference and the percentage.
    func comparisonSection(_ review: YearReview, into body: inout PageBody) {
        let previousYear = TextFormat.year(review.year - 1)
        let compared = review.comparedThrough
        let through = review.inProgress ? " through \(compared.day) \(DateTicks.monthNames[compared.month - 1])" : ""
        body.html("<h2>Compared with \(previousYear)</h2>")
        let rows: [(String, (YearReview.Totals) -> Double, (Double) -> String)] = [
            ("Workouts", { Double($0.workouts) }, { TextFormat.count(Int($0)) }),
            ("Training days", { Double($0.trainingDays) }, { TextFormat.count(Int($0)) }),
            ("Working sets", { Double($0.workingSets) }, { TextFormat.count(Int($0)) }),
            ("Reps", { Double($0.reps) }, { TextFormat.count(Int($0)) }),
            ("Volume", { $0.volumeKg }, site.units.volume),
        ]
        let current = TextFormat.year(review.year) + (review.inProgress ? " so far" : "")
        guard review.hasPrevious else {
            body.html("<p>No workouts in \(previousYear)\(through), so there is nothing to compare with.</p>")
            body.markdown(MD.table([MD.Column("Total"), MD.Column(current, numeric: true)],
                                   rows.map { [MD.text($0.0), MD.text($0.2($0.1(review.totals)))] }))
            return
        }
        if review.inProgress {
            body.html("<p class=\"muted\">The same stretch of both years: \(TextFormat.year(review.year)) through today against "
                + "\(previousYear)\(through).</p>")
        }
        var missingPercent = false
        body.markdown(MD.table(
            [MD.Column("Total"), MD.Column(current, numeric: true), MD.Column(previousYear + through, numeric: true),
             MD.Column("Change", numeric: true), MD.Column("Change %", numeric: true)],
            rows.map { title, value, text in
                let now = value(review.totals), then = value(review.previous)
                let change = YearReview.Change(now: now, then: then)
                if change.percent == nil { missingPercent = true }
                return [MD.text(title), MD.text(text(now)), MD.text(text(then)), MD.text(Self.change(now, then, text)),
                        MD.text(Self.percentText(change))]
            }))
        if missingPercent {
            body.html("<p class=\"muted\">– : \(previousYear) had none, so there is no percentage.</p>")
        }
    }

    /// `+12%`, `−3%`, `±0%` (whole percent, U+2212 minus), `–` without a percentage.
    static func percentText(_ change: YearReview.Change) -> String {
        guard let percent = change.percent, percent.isFinite else { return "–" }
        let text = DecimalFormat.grouped(abs(percent).rounded(.toNearestOrAwayFromZero)) + "%"
        return (text == "0%" ? "±" : percent > 0 ? "+" : "\u{2212}") + text
    }

    /// Workouts per month: a bar chart (the month in progress dashed) and a table of the months.
    func monthsSection(_ review: YearReview, into body: inout PageBody) throws(SiteError) {
        let yearText = TextFormat.year(review.year)
        body.html("<h2>Month by month</h2>")
        var chart = BarChart(
            id: try Self.chartID("year-months"), title: "Workouts per month in \(yearText)",
            bars: review.months.map { month in
                BarChart.Bar(label: DateTicks.abbreviation(month: month.month), value: Double(month.totals.workouts),
                             inProgress: review.inProgress && month.month == review.through.month)
            },
            labelHeading: "Month", valueHeading: "Workouts")
        chart.inProgressLegend = "this month so far (not finished)"
        body.html(chart.render())
        body.markdown(MD.table(
            [MD.Column("Month"), MD.Column("Workouts", numeric: true), MD.Column("Training days", numeric: true),
             MD.Column("Working sets", numeric: true), MD.Column("Volume", numeric: true)],
            review.months.map { month in
                let totals = month.totals
                let name = DateTicks.monthNames[month.month - 1]
                    + (review.inProgress && month.month == review.through.month ? " (so far)" : "")
                return [MD.text(name), TextFormat.count(totals.workouts), TextFormat.count(totals.trainingDays),
                        TextFormat.count(totals.workingSets), MD.text(site.units.volume(totals.volumeKg))]
            }))
    }

    /// The best week, the weekly target and the longest streaks within the year.
    func weeksSection(_ review: YearReview, into body: inout PageBody) {
        let calendar = site.report.calendar
        let yearText = TextFormat.year(review.year)
        func weeks(_ run: YearReview.Run) -> String {
            guard let first = run.first, let last = run.last else { return "" }
            let (a, b) = (calendar.weekLabel(weekContaining: first), calendar.weekLabel(weekContaining: last))
            return a == b ? a : "\(a) – \(b)"
        }
        var items: [String] = []
        if let best = review.bestWeek {
            items.append("Best week: <strong>\(HTML.text(best.displayLabel))</strong> with "
                + HTML.text("\(TextFormat.plural(best.workouts, "workout")), \(TextFormat.plural(best.workingSets, "working set")) "
                    + "and \(site.units.volume(best.volumeKg)) volume"))
        } else {
            items.append("Best week: none, no week filed under \(yearText) has a workout")
        }
        items.append(HTML.text("Weekly target of \(TextFormat.plural(review.weeklyTarget, "workout")) met in "
            + "\(TextFormat.count(review.weeksOnTarget)) of \(TextFormat.plural(review.weeks, "week"))"))
        let week = review.weekStreak
        items.append("Longest week streak: <strong>\(HTML.text(TextFormat.plural(week.length, "week")))</strong> on target"
            + (week.length > 0 ? HTML.text(", \(weeks(week))") : ""))
        let day = review.dayStreak
        items.append("Longest day streak: <strong>\(HTML.text(TextFormat.plural(day.length, "day")))</strong> in a row"
            + (day.first.flatMap { first in day.last.map { HTML.text(", " + TextFormat.range(first, $0)) } } ?? ""))
        body.html("<h2>Weeks and streaks</h2>\n<ul class=\"year-facts\">" + items.map { "<li>\($0)</li>" }.joined() + "</ul>")
        body.html("<p class=\"muted\">A week belongs to the year of its middle day; the best week has the most workouts "
            + "(then the most volume, then the earlier week). Streaks count only days and weeks of \(yearText).</p>")
    }

    /// The most-trained exercises by working sets.
    func exercisesSection(_ review: YearReview, root: String, into body: inout PageBody) {
        body.html("<h2>Most-trained exercises</h2>")
        guard !review.exercises.isEmpty else {
            body.html("<p class=\"muted\">No working sets in \(TextFormat.year(review.year)).</p>")
            return
        }
        let top = review.topExercises
        body.html("<p class=\"muted\">The \(top.count == 1 ? "exercise" : TextFormat.count(top.count) + " exercises") with the most "
            + "working sets, of \(TextFormat.plural(review.exercises.count, "exercise")) trained.</p>")
        body.markdown(MD.table(
            [MD.Column("Exercise"), MD.Column("Working sets", numeric: true), MD.Column("Workouts", numeric: true),
             MD.Column("Reps", numeric: true), MD.Column("Volume", numeric: true)],
            top.map { share in
                [exerciseLink(share.name, root: root), TextFormat.count(share.workingSets), TextFormat.count(share.workouts),
                 TextFormat.count(share.reps), MD.text(site.units.volume(share.volumeKg))]
            }))
    }

    /// Each exercise's e1RM and heaviest PRs of the year: from the best before the year to the
    /// year's best, e1RM first (``PRTier/headline``, the order of docs/product.md "PRs on pages").
    func headlinePRSection(_ review: YearReview, root: String, into body: inout PageBody) {
        let yearText = TextFormat.year(review.year)
        body.html("<h2>PRs of \(yearText)</h2>")
        let timeline = splitRecordsByYear && prYears.contains(review.year) ? SitePaths.recordsYear(review.year) : SitePaths.recordsIndex
        guard review.prs > 0 else {
            body.html("<p class=\"muted\">No PRs in \(yearText).</p>")
            return
        }
        body.html("<p>\(HTML.text(TextFormat.plural(review.prs, "PR"))) (\(HTML.text(TextFormat.plural(review.recordsBroken, "record")))"
            + " broken): <a href=\"\(root + timeline)\">every PR in the timeline</a>.</p>")
        // The two records of ``PRTier/headline``, in page order (``pageRank(_:)``): e1RM, then heaviest.
        let metrics: [RecordMetric] = [.e1rm, .heaviest]
        guard !review.headlinePRs.isEmpty else {
            body.html("<p class=\"muted\">No e1RM or heaviest PRs in \(yearText): the PRs broke rep-max or volume records.</p>")
            return
        }
        let shown = review.headlinePRs.prefix(Self.yearHeadlinePRRows)
        body.html("<p class=\"muted\">From the best before \(yearText) to the best of the year, "
            + "for the most-trained exercises with an e1RM or heaviest PR.</p>")
        body.html(HTML.tableBytes(
            [MD.Column("Exercise")] + metrics.map { MD.Column(Self.metricTitle($0)) } + [MD.Column("PRs", numeric: true)],
            shown.map { row in
                [exerciseHTMLLink(row.exercise, root: root)]
                    + metrics.map { gainCell($0 == .e1rm ? row.e1rm : row.heaviest, $0, root: root) }
                    + [TextFormat.count(row.prs)]
            }))
        if review.headlinePRs.count > shown.count {
            body.html("<p class=\"muted\">and \(TextFormat.plural(review.headlinePRs.count - shown.count, "more exercise")) "
                + "with e1RM or heaviest PRs.</p>")
        }
    }

    /// `100 kg → <strong>112.5 kg</strong> (+12.5 kg)`, the best linked to its workout; `–` without.
    func gainCell(_ gain: YearReview.RecordGain?, _ metric: RecordMetric, root: String) -> String {
        guard let gain else { return "–" }
        let text = { (kg: Double) in self.site.units.record(metric, kg) }
        let best = site.workout(id: gain.workoutID).map { HTML.link(text(gain.bestKg), root: root, path: $0.path) } ?? HTML.text(text(gain.bestKg))
        return "<span class=\"nowrap\">\(HTML.text(text(gain.beforeKg))) → <strong>\(best)</strong></span> "
            + "<span class=\"nowrap\">(\(HTML.text(Self.change(gain.bestKg, gain.beforeKg, text))))</span>"
    }

    /// The exercises tried for the first time in the year.
    func newExercisesSection(_ review: YearReview, root: String, into body: inout PageBody) {
        let yearText = TextFormat.year(review.year)
        body.html("<h2>New exercises</h2>")
        guard !review.newExercises.isEmpty else {
            body.html("<p class=\"muted\">No new exercises in \(yearText): every exercise trained was done before.</p>")
            return
        }
        let first = reviewYears.first == review.year
        body.html("<p>\(HTML.text(TextFormat.plural(review.newExercises.count, "exercise"))) tried for the first time"
            + (first ? " (the log starts in \(yearText), so every exercise is new)" : "") + ".</p>")
        let shown = review.newExercises.prefix(Self.yearNewExerciseRows)
        body.html("<ul class=\"year-new\">" + shown.map { item in
            let day = site.workout(id: item.workoutID).map { HTML.link(TextFormat.shortDay(item.day), root: root, path: $0.path) }
                ?? HTML.text(TextFormat.shortDay(item.day))
            return "<li>\(exerciseHTMLLink(item.name, root: root)) <span class=\"muted nowrap\">first on \(day)</span></li>"
        }.joined() + "</ul>")
        if review.newExercises.count > shown.count {
            body.html("<p class=\"muted\">and \(TextFormat.count(review.newExercises.count - shown.count)) more.</p>")
        }
    }
}
