import WktCore

extension PageComposer {
    /// Week columns of the dashboard's and `history/index.html`'s heatmap.
    static let recentHeatmapWeeks = 52

    /// The workouts whose training day passes `include` as heatmap days: the training day, its
    /// working sets and, with a `root`, a link to its page from a page at that depth (a day of
    /// several workouts links to the first, as ``YearHeatmap`` keeps the first link of a day).
    /// Without a root (the share card, an image that cannot link) the days have no links. A
    /// heatmap shows only its own weeks, so each caller passes a span that holds them: a year
    /// page asks for its year's days, not every workout of the history.
    func heatmapDays(root: String?, where include: (CivilDate) -> Bool) -> [YearHeatmap.Day] {
        var days: [YearHeatmap.Day] = []
        for entry in site.workouts where include(entry.day) {
            days.append(YearHeatmap.Day(date: entry.day, sets: entry.info.workingSets, link: root.map { $0 + entry.path }))
        }
        return days
    }

    /// The training days of the last ``recentHeatmapWeeks`` weeks up to today as a heatmap
    /// figure, each trained day linked to its workout (docs/product.md "Heatmap shading"): one
    /// line on the dashboard and on `history/index.html`.
    /// - Parameter root: The page's way back to the site root (`""`, `"../"`).
    /// - Returns: The chart's `<figure>` HTML.
    func recentHeatmap(root: String) throws(SiteError) -> String {
        let earliest = site.today.adding(days: -7 * 54)
        return YearHeatmap(
            id: try Self.chartID("recent-days"), title: "Training days, last \(Self.recentHeatmapWeeks) weeks",
            weeks: Self.recentHeatmapWeeks, endingOn: site.today, weekStart: site.report.calendar.weekStart,
            // A little more than the 53 weeks the widest heatmap shows; it keeps only its own.
            days: heatmapDays(root: root) { $0 >= earliest && $0 <= site.today }
        ).render().html
    }
}
