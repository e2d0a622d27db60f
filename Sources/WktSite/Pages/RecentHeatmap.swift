import WktCore

extension PageComposer {
    /// Week columns of the dashboard's and `history/index.html`'s heatmap.
    static let recentHeatmapWeeks = 52

    /// Every workout as a heatmap day: its training day, its working sets and, with a `root`, a
    /// link to its page from a page at that depth (a day of several workouts links to the first,
    /// as ``YearHeatmap`` keeps the first link of a day). Without a root (the share card, an
    /// image that cannot link) the days have no links.
    func heatmapDays(root: String?) -> [YearHeatmap.Day] {
        site.workouts.map { entry in
            YearHeatmap.Day(date: entry.day, sets: entry.info.workingSets, link: root.map { $0 + entry.path })
        }
    }

    /// The training days of the last ``recentHeatmapWeeks`` weeks up to today as a heatmap
    /// figure, each trained day linked to its workout (docs/product.md "Heatmap shading"): one
    /// line on the dashboard and on `history/index.html`.
    /// - Parameter root: The page's way back to the site root (`""`, `"../"`).
    /// - Returns: The chart's `<figure>` HTML.
    func recentHeatmap(root: String) throws(SiteError) -> String {
        YearHeatmap(
            id: try Self.chartID("recent-days"), title: "Training days, last \(Self.recentHeatmapWeeks) weeks",
            weeks: Self.recentHeatmapWeeks, endingOn: site.today, weekStart: site.report.calendar.weekStart,
            days: heatmapDays(root: root)
        ).render().html
    }
}
