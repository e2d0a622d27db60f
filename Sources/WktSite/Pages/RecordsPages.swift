import WktCore

extension PageComposer {
    /// Rows of the PR timeline on `records/index.html` when it is split by year.
    static let latestPRsOnIndex = 30

    /// `records/index.html`: every exercise's records, then the PR timeline (newest first), split
    /// into `records/<year>.html` when long.
    func recordsIndex() -> Page {
        let root = "../"
        var body = PageBody()
        body.html("<h1>Records</h1>")
        let withRecords = site.exercises.filter { $0.stats.records.heaviest != nil || $0.stats.records.maxReps != nil }
        guard !withRecords.isEmpty else {
            body.html(site.workouts.isEmpty ? Self.emptyNotice(root: root) : "<p class=\"muted\">No records yet.</p>")
            return Page(path: SitePaths.recordsIndex, source: "records index", title: "Records",
                        description: "Personal records", section: .records, blocks: body.blocks)
        }
        let events = site.report.prEvents
        body.html("<p class=\"lead\">\(TextFormat.plural(withRecords.count, "exercise")) with records · "
            + "\(TextFormat.plural(events.count, "PR")) · e1RM by \(HTML.text(site.report.e1rmFormula.rule))</p>")
        body.markdown("## Records by exercise")
        body.markdown(MD.table(
            [MD.Column("Exercise"), MD.Column("Heaviest", numeric: true), MD.Column("e1RM", numeric: true),
             MD.Column("Best set", numeric: true), MD.Column("Best session", numeric: true), MD.Column("Max reps", numeric: true)],
            withRecords.map { exercise in
                let records = exercise.stats.records
                return [MD.link(exercise.name, to: root + exercise.path),
                        recordCell(records.heaviest, .heaviest, root: root), recordCell(records.e1rm, .e1rm, root: root),
                        recordCell(records.bestSetVolume, .setVolume, root: root),
                        recordCell(records.bestSessionVolume, .sessionVolume, root: root),
                        records.maxReps.map { record in
                            site.workout(id: record.workoutID).map { MD.link(String(record.value), to: root + $0.path) } ?? String(record.value)
                        } ?? "–"]
            }))
        body.markdown("## PR timeline")
        if events.isEmpty {
            body.markdown("No PRs yet: the first workout of an exercise sets its baseline.")
        } else if splitRecordsByYear {
            body.markdown("By year: " + prYears.reversed().map { MD.link(TextFormat.year($0), to: root + SitePaths.recordsYear($0)) }
                .joined(separator: " · "))
            body.markdown("### Latest")
            body.markdown(prTable(Self.newestFirst(events.suffix(Self.latestPRsOnIndex * 40)), root: root, limit: Self.latestPRsOnIndex))
        } else {
            for year in prYears.reversed() {
                body.markdown("### \(TextFormat.year(year))")
                body.markdown(prTable(Self.newestFirst(events.filter { $0.day.year == year }), root: root))
            }
        }
        return Page(path: SitePaths.recordsIndex, source: "records index", title: "Records",
                    description: "Every exercise's records and the PR timeline", section: .records, blocks: body.blocks)
    }

    /// `records/<year>.html`: the PRs of one year, newest first.
    func recordsYear(_ year: Int) -> Page {
        let root = "../"
        let yearText = TextFormat.year(year)
        let events = Self.newestFirst(site.report.prEvents.filter { $0.day.year == year })
        var body = PageBody()
        body.html("<h1>PRs in \(yearText)</h1>")
        body.html("<p class=\"lead\">\(TextFormat.plural(events.count, "PR"))</p>")
        body.html(yearPager(year, in: prYears, path: SitePaths.recordsYear, up: ("All records", root + SitePaths.recordsIndex)))
        body.markdown(prTable(events, root: root))
        return Page(path: SitePaths.recordsYear(year), source: "records of \(yearText)", title: "PRs in \(yearText)",
                    description: "Personal records set in \(yearText)", section: .records, blocks: body.blocks)
    }

    /// A record value linked to the workout that set it, with the day: `[100 kg](…) 2026-03-01`.
    private func recordCell(_ record: RecordValue?, _ metric: RecordMetric, root: String) -> String {
        guard let record else { return "–" }
        let value = metricValue(metric, record.value)
        let linked = site.workout(id: record.workoutID).map { MD.link(value, to: root + $0.path) } ?? MD.text(value)
        return linked + " · " + record.day.description
    }

    /// `404.html`: the not-found template.
    func notFound() -> Page {
        Page(path: SitePaths.notFound, source: "404 page", title: "Page not found", description: "There is no page at this address",
             section: nil, blocks: [], bodyTemplate: LayoutRenderer.notFoundTemplate)
    }
}
