import WktCore

extension PageKeys {
    /// `workouts/<year>.html` of a past year (long lists only) reads: its workouts (everything
    /// ``workoutDigests`` covers: the day, start, name, page ID, counts, volume and PRs the table
    /// and the summary show), whether starts show a clock time, and the years before and after it
    /// with workouts (pager). The split rule is in the global part. The page of the year holding
    /// today is always rendered.
    func workoutsYearKey(_ year: Int) -> (path: String, key: UInt64)? {
        guard var digest = pastYearDigest("workouts year", year: year, neighboursIn: composer.workoutYears) else { return nil }
        digest.byte(site.timesOfDay ? 1 : 0)
        for entry in site.workouts where entry.day.year == year {
            digest.add(workoutDigests[entry.index])
        }
        return (SitePaths.workoutsYear(year), digest.value)
    }

    /// `records/<year>.html` and its continuation pages, of a past year (long PR timelines
    /// only), read: the year's PR groups (every event of every line, and each line's title; the
    /// description counts the exercises of all of them), the page number, the years before and
    /// after it with PRs (pager), and for each group the day, name and page ID of its workout and
    /// the page path of its exercise. Units are in the global part. A year's PR events never change once the
    /// year is over unless its workouts or settings do, but the year holding today is always
    /// rendered.
    func recordsYearKey(_ year: Int, page: Int) -> (path: String, key: UInt64)? {
        guard var digest = pastYearDigest("records year", year: year, neighboursIn: composer.prYears) else { return nil }
        let groups = composer.prRows(inYear: year)
        digest.add(page)
        digest.add(groups.count)
        for group in groups {
            digest.add(group.lines.count)
            for line in group.lines {
                digest.add(line.event)
                digest.add(line.title)
            }
            addWorkoutLink(group.event.workoutID, to: &digest)
            addExercisePath(group.event.exercise, to: &digest)
        }
        return (SitePaths.listPage(SitePaths.recordsYear(year), page), digest.value)
    }
}
