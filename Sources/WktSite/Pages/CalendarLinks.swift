import WktCore

/// The weekly calendar rows of the dashboard and the history pages, and the links between a
/// calendar day and its workouts (docs/product.md "Calendar days").
extension PageComposer {
    /// The calendar row of the week starting `start`, with workout names or planned routines as
    /// notes on the days; a day with workouts links to its first workout (`root` leads from the
    /// page to the site root). With `summary`, the row ends with the week's workouts and volume.
    func weekRow(startingOn start: CivilDate, label: String, root: String, summary: Bool = false) throws(SiteError) -> WeekRow {
        let marks = site.report.weekCalendar(weekContaining: start)
        let days = marks.map { mark in
            let entries = site.workouts(on: mark.date)
            let note = entries.isEmpty ? mark.routine : entries.map(\.workout.name).joined(separator: ", ")
            return WeekRow.Day(date: mark.date, state: mark.state, note: note, link: entries.first.map { root + $0.path })
        }
        let week = summary ? site.report.week(containing: start) : nil
        return try WeekRow(label: label, days: days, today: site.today, summary: week.map(weekSummary))
    }

    /// `3 workouts · 12,345 kg` (the volume only when there is some), or `no workouts`.
    func weekSummary(_ week: WeekStats) -> String {
        guard week.workouts > 0 else { return "no workouts" }
        let count = TextFormat.plural(week.workouts, "workout")
        return week.volumeKg > 0 ? count + " · " + site.units.volume(week.volumeKg) : count
    }

    /// The legend of a page's calendar rows: only the marks they show.
    static func legend(for rows: [WeekRow]) -> String {
        CalendarLegend(states: rows.flatMap { $0.days.map(\.state) }).html
    }

    /// `Also on this day: <a>Pull</a>, <a>Legs</a>` for a workout page whose training day has
    /// other workouts (the calendar links the day to its first workout only); empty otherwise.
    func sameDayLinks(_ entry: WorkoutEntry, root: String) -> String {
        let others = site.workouts(on: entry.day).filter { $0.index != entry.index }
        guard !others.isEmpty else { return "" }
        let links = others.map { other in
            HTML.link(site.timesOfDay ? "\(other.workout.name) (\(TextFormat.clock(other.info.start)))" : other.workout.name,
                      root: root, path: other.path)
        }
        return "<p class=\"same-day\">Also on this day: " + links.joined(separator: ", ") + "</p>"
    }
}
