import WktCore

extension PageComposer {
    /// Bars of a weekly chart: each week's people's label and first day (for the month row),
    /// and the week holding ``SiteModel/today`` marked as in progress (docs/product.md "Week
    /// charts").
    /// - Parameters:
    ///   - weeks: The weeks in display order.
    ///   - value: The value of a week.
    func weekBars(_ weeks: [WeekStats], value: (WeekStats) -> Double) -> [BarChart.Bar] {
        weeks.map { week in
            BarChart.Bar(label: week.displayLabel, value: value(week), start: week.start,
                         inProgress: week.start <= site.today && site.today <= week.end)
        }
    }
}
