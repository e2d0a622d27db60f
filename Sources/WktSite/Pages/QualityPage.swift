import WktCore

extension PageComposer {
    /// `quality.html` (docs/product.md "The Data quality page"): the findings of `wkt-site check`
    /// grouped by rule, each linked to its workout and exercise pages, every set `[[ignore]]`
    /// excluded, and every `[[ignore]]` entry that matches nothing (config line and entry). Only built when there is something to list (``QualityReport/isEmpty``); every page's
    /// footer then links to it. Days are training days and clock times appear only when the site
    /// shows times of day, as on every other page.
    func qualityPage() -> Page {
        let root = ""
        let quality = site.quality
        var body = PageBody()
        body.html("<h1>Data quality</h1>")
        var lead: [String] = []
        if !quality.findings.isEmpty { lead.append(TextFormat.plural(quality.findings.count, "finding")) }
        if !quality.ignored.isEmpty { lead.append(TextFormat.plural(quality.ignored.count, "ignored set")) }
        if !quality.unmatched.isEmpty {
            lead.append(TextFormat.count(quality.unmatched.count) + " [[ignore]] " + (quality.unmatched.count == 1 ? "entry" : "entries")
                + " matching nothing")
        }
        body.html(HTML.lead(lead))
        body.html("<p>Suspicious values in the data this site is built from, as <code>wkt-site check</code> reports them. "
            + "Nothing here changes the data: correct a value in the app and import again, or keep it out of every "
            + "statistic with an <code>[[ignore]]</code> entry in <code>wkt-site.toml</code>.</p>")
        for rule in QualityRule.allCases {
            let findings = quality.findings.filter { $0.rule == rule }
            guard !findings.isEmpty else { continue }
            body.markdown("## \(rule.rawValue) · \(MD.text(rule.title)) (\(TextFormat.count(findings.count)))")
            body.markdown(MD.table(
                dayColumns + [MD.Column("Workout"), MD.Column("Exercise"), MD.Column("Set", numeric: true), MD.Column("Finding")],
                findings.map { finding in
                    dayCells(finding.workout) + [
                        workoutCell(finding.workout, root: root), finding.exercise.map { exerciseLink($0, root: root) } ?? "–",
                        finding.set.map(String.init) ?? "–", MD.text(finding.explanation),
                    ]
                }))
        }
        if !quality.ignored.isEmpty {
            body.markdown("## Ignored sets (\(TextFormat.count(quality.ignored.count)))")
            body.markdown("Left out of every statistic by `[[ignore]]` entries of the configuration (the line says which).")
            body.markdown(MD.table(
                dayColumns + [MD.Column("Workout"), MD.Column("Exercise"), MD.Column("Set", numeric: true),
                              MD.Column("Weight", numeric: true), MD.Column("Reps", numeric: true), MD.Column("Config line", numeric: true)],
                quality.ignored.map { ignored in
                    dayCells(ignored.workout) + [
                        workoutCell(ignored.workout, root: root) + (ignored.wholeWorkout ? " (whole workout)" : ""),
                        ignored.exercise.map { exerciseLink($0, root: root) } ?? "–",
                        ignored.position.map(String.init) ?? "–",
                        ignored.set?.weightKg.map { site.units.weight($0) } ?? "–",
                        ignored.set?.reps.map { TextFormat.count($0) } ?? "–",
                        ignored.line > 0 ? String(ignored.line) : "–",
                    ]
                }))
        }
        if !quality.unmatched.isEmpty {
            body.markdown("## Ignore entries that match nothing (\(TextFormat.count(quality.unmatched.count)))")
            body.markdown("These `[[ignore]]` entries of the configuration leave nothing out: no workout starts in that minute, "
                + "or it has no such exercise or set. `wkt-site check` reports them too; correct or remove them.")
            body.markdown(MD.table(
                [MD.Column("Config line", numeric: true), MD.Column("Entry")],
                quality.unmatched.map { entry in
                    [entry.line > 0 ? String(entry.line) : "–", MD.text(unmatchedText(entry))]
                }))
        }
        return Page(
            path: SitePaths.quality, source: "data quality page", title: "Data quality",
            description: "Suspicious values and ignored sets: " + (lead.isEmpty ? "none" : lead.joined(separator: ", ")),
            section: nil, blocks: body.blocks)
    }

    /// An entry that matches nothing as written in the config; without times of day on the site,
    /// its minute is given as the day only (no clock time on such a site).
    private func unmatchedText(_ entry: IgnoreEntry) -> String {
        guard !site.timesOfDay else { return entry.summary }
        var minute = entry
        minute.workout = WallTime(date: entry.workout.date, hour: 0, minute: 0) ?? entry.workout
        return "workout \(entry.workout.date)" + minute.summary.dropFirst("workout \(minute.minuteText)".count)
    }

    /// Date, and the start only when the site shows times of day.
    private var dayColumns: [MD.Column] {
        [MD.Column("Date")] + (site.timesOfDay ? [MD.Column("Start")] : [])
    }

    /// The training day (and start) of a workout a finding names.
    private func dayCells(_ workout: WorkoutReference) -> [String] {
        let day = site.workout(id: workout.id)?.day ?? site.report.calendar.trainingDay(of: workout.start)
        return [TextFormat.shortDay(day)] + (site.timesOfDay ? [TextFormat.clock(workout.start)] : [])
    }

    /// A link to the workout's page, or its name when it has none (after today, or ignored whole).
    private func workoutCell(_ workout: WorkoutReference, root: String) -> String {
        site.workout(id: workout.id).map { workoutLink($0, root: root) } ?? MD.text(workout.name)
    }
}
