import WktCore

extension PageKeys {
    /// `history/<year>.html` of a past year reads: its workouts (for the summary, the heatmap
    /// and the table: everything ``workoutDigests`` covers, the page ID for the links included),
    /// whether starts show a clock time, its weeks (every ``WeekStats`` field: the summary, the
    /// bar chart and the calendar's summaries) with each week's calendar row exactly as the page
    /// builds it (``PageComposer/weekRow(startingOn:label:root:summary:)``: the days' marks,
    /// routines, workout names and links; the last week of a year may end in the next one, so
    /// those days count too), the weekly target, the years before and after it (pager), the
    /// title of its year in review (the link to it), and today while today may still fall in its
    /// last week (the heatmap and the calendar mark today's cell). Units, the week start, the
    /// schedule and the site title are in the global part. The page of the year holding today
    /// is always rendered: it grows with every workout and every day.
    func historyYearKey(_ year: Int) -> (path: String, key: UInt64)? {
        let today = site.today
        guard let lastDay = CivilDate(year: year, month: 12, day: 31),
              var digest = pastYearDigest("history year", year: year, neighboursIn: site.years) else { return nil }
        digest.add(composer.yearReviews[year].map(PageComposer.reviewTitle))
        digest.byte(site.timesOfDay ? 1 : 0)
        digest.add(site.report.streaks.weeklyTarget)
        digest.add(today <= lastDay.adding(days: 7) ? today.dayNumber : nil)
        for week in site.report.weeks where SiteModel.year(ofWeekStarting: week.start) == year {
            digest.add(week)
            // The row the page shows; a row that cannot be built makes the page rendered (and fail there).
            guard let row = try? composer.weekRow(startingOn: week.start, label: week.displayLabel, root: "../", summary: true) else {
                return nil
            }
            digest.add(row)
        }
        for entry in site.workouts where entry.day.year == year {
            digest.add(workoutDigests[entry.index])
        }
        return (SitePaths.historyYear(year), digest.value)
    }
}

extension InputDigest {
    /// Feeds every field of a week's statistics, after a 1 (a 0 stands for no week).
    mutating func add(_ week: WeekStats) {
        byte(1)
        add(week.start)
        add(week.label)
        add(week.displayLabel)
        add(week.workouts)
        add(week.workingSets)
        add(week.reps)
        add(week.volumeKg)
    }

    /// Feeds a calendar row as the page shows it: label, each day's date, mark, words and link,
    /// and the summary (today is left to the caller, which knows when it can matter).
    mutating func add(_ row: WeekRow) {
        add(row.label)
        add(row.days.count)
        for day in row.days {
            add(day.date)
            add(day.state.rawValue)
            add(day.note)
            add(day.link)
        }
        add(row.summary)
    }
}
