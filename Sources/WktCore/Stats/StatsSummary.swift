/// The compact terminal view of `wkt-site stats` (without `--json`).
///
/// Shows this week's calendar with weekday names and a legend, workouts this week against the
/// target, week and day streaks (current and longest with dates), the last 8 weeks as a bar row
/// (`▁▂▃▄▅▆▇█`, ▁ = none, █ = the most in those weeks), totals and the latest 5 PRs (newest
/// workout first, metric order kept within a workout). Weights, e1RMs and volumes are shown in
/// `settings.unit` as the site shows them (``DisplayUnits``). Plain text in marked pieces
/// (``SummaryLine``); the command that prints it decides on colours, the marks are text either way.
public enum StatsSummary {
    /// The bar glyphs, lowest first.
    public static let barGlyphs: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// How many weeks the bar row shows.
    public static let barWeeks = 8

    /// How many PRs are listed.
    public static let recentPRCount = 5

    /// The summary's lines.
    /// - Parameters:
    ///   - report: the computed statistics.
    ///   - settings: display unit and weekly target.
    ///   - today: the day whose week is shown.
    /// - Returns: the lines, top to bottom, with the title, the day marks and the warning marked
    ///   so a terminal can colour them.
    public static func lines(report: StatsReport, settings: Settings, today: CivilDate) -> [SummaryLine] {
        let units = DisplayUnits(unit: settings.unit)
        let calendar = report.calendar
        var lines: [SummaryLine] = []
        lines.append(SummaryLine([
            .init("wkt-site stats", mark: .title),
            .init(" · today \(today) (\(today.weekday.shortName)) · " + calendar.weekLabel(weekContaining: today)),
        ]))
        var week: [SummaryLine.Span] = [.init("This week   ")]
        for (index, mark) in report.weekCalendar(weekContaining: today).enumerated() {
            week.append(.init((index > 0 ? "  " : "") + "\(mark.date.weekday.shortName) "))
            week.append(.init(mark.state.symbol, mark: .day(mark.state)))
        }
        lines.append(SummaryLine(week))
        lines.append(SummaryLine("            " + DayState.allCases.map { "\($0.symbol) \($0.name)" }.joined(separator: "  ")))
        lines.append(SummaryLine("Workouts this week: \(report.workouts(inWeekContaining: today)) of \(report.streaks.weeklyTarget)"))

        let weeks = report.streaks.weeks
        var weekLine = "Week streak: \(weeks.current)"
        if let start = weeks.longestStart, let end = weeks.longestEnd {
            weekLine += " (longest \(weeks.longest): \(weekRange(start, end, calendar: calendar)))"
        }
        lines.append(SummaryLine(weekLine))
        let days = report.streaks.days
        var dayLine = "Day streak: \(days.current)"
        if let start = days.longestStart, let end = days.longestEnd {
            dayLine += " (longest \(days.longest): \(start == end ? "\(start)" : "\(start) – \(end)"))"
        }
        lines.append(SummaryLine(dayLine))

        let recent = report.weeks.suffix(barWeeks)
        if let first = recent.first, let last = recent.last {
            let counts = recent.map(\.workouts)
            lines.append(SummaryLine(
                "Last \(recent.count) week\(recent.count == 1 ? "" : "s"): " + bars(counts) + "  "
                    + counts.map(String.init).joined(separator: " ")
                    + "  (\(first.displayLabel) – \(last.displayLabel))"
            ))
        }

        let totals = report.totals
        if totals.workouts == 0 {
            lines.append(SummaryLine("No workouts up to \(today)."))
        } else {
            lines.append(SummaryLine(
                "Totals: \(totals.workouts) workout\(totals.workouts == 1 ? "" : "s"), "
                    + "\(totals.workingSets) working sets, \(totals.reps) reps, "
                    + units.volume(totals.volumeKg) + " volume"
            ))
        }
        if report.futureWorkoutsIgnored > 0 {
            let n = report.futureWorkoutsIgnored
            lines.append(SummaryLine([.init("\(n) workout\(n == 1 ? "" : "s") after \(today) ignored", mark: .warning)]))
        }

        lines += MuscleSetsSummary.lines(report.muscleSets, hasWorkouts: totals.workouts > 0)

        let prs = PREvent.newestFirst(report.prEvents.suffix(recentPRCount))
        if prs.isEmpty {
            lines.append("Recent PRs: none yet")
        } else {
            lines.append("Recent PRs:")
            for event in prs {
                lines.append(SummaryLine(
                    "  \(event.day)  \(event.exercise): \(event.metric.displayName) "
                        + units.record(event.metric, event.valueKg)
                        + " (was " + units.record(event.metric, event.previousKg) + ")"
                ))
            }
        }
        lines += BodySummary.lines(report: report.body, units: units)
        lines += GoalProgress.summaryLines(report.goals, units: units)
        return lines
    }

    /// One glyph per count: ▁ for 0, otherwise ▂…█ in proportion to the largest count (which gets █).
    public static func bars(_ counts: [Int]) -> String {
        let top = counts.max() ?? 0
        let highest = barGlyphs.count - 1
        return String(counts.map { count -> Character in
            guard top > 0, count > 0 else { return barGlyphs[0] }
            let level = (count * highest + top - 1) / top  // ceil(count × 7 / top), ≥ 1
            return barGlyphs[min(max(level, 1), highest)]
        })
    }

    private static func weekRange(_ start: CivilDate, _ end: CivilDate, calendar: TrainingCalendar) -> String {
        let first = calendar.weekLabel(weekContaining: start)
        return start == end ? first : first + " – " + calendar.weekLabel(weekContaining: end)
    }
}
