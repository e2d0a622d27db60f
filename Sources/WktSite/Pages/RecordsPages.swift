import WktCore

extension PageComposer {
    /// Rows of the PR timeline on `records/index.html` when it is split by year.
    static let latestPRsOnIndex = 30

    /// `records/index.html`: every exercise's records, then the PR timeline (newest first), split
    /// into `records/<year>.html` when long. With more than ``listPageSize`` exercises the
    /// records table continues on `records/index-2.html`, … (those pages hold only the table).
    func recordsIndex(page: Int) throws(SiteError) -> Page {
        let root = "../"
        let path = SitePaths.listPage(SitePaths.recordsIndex, page)
        var body = PageBody()
        body.html("<h1>Records</h1>")
        let withRecords = exercisesWithRecords
        guard !withRecords.isEmpty else {
            body.html(site.workouts.isEmpty ? Self.emptyNotice(root: root) : "<p class=\"muted\">No records yet.</p>")
            return Page(path: path, source: "records index", title: "Records",
                        description: site.workouts.isEmpty ? "No workouts yet" : "No records yet", section: .records,
                        blocks: body.blocks)
        }
        let events = site.report.prEvents
        let pages = Self.pageCount(withRecords.count)
        let rows = Self.pageRange(page, of: withRecords.count)
        body.html("<p class=\"lead\">\(TextFormat.plural(withRecords.count, "exercise")) with records · "
            + "\(TextFormat.plural(prCountAll, "PR")) (\(TextFormat.plural(events.count, "record")) broken) · "
            + "e1RM by \(HTML.text(site.report.e1rmFormula.rule))</p>")
        body.html(Self.prCountNote)
        if page == 1, !site.report.body.isEmpty { body.html(Self.bodyweightJumpLink) }
        body.markdown("## Records by exercise")
        let pageList = Self.pageList("Pages of the records table", page: page, count: pages, first: SitePaths.recordsIndex)
        if !pageList.top.isEmpty {
            body.html("<p class=\"muted\">Exercises \(TextFormat.count(rows.lowerBound + 1))–\(TextFormat.count(rows.upperBound)), "
                + "page \(page) of \(pages)</p>" + pageList.top)
        }
        body.markdown(MD.table(
            [MD.Column("Exercise"), MD.Column("Heaviest", numeric: true), MD.Column("e1RM", numeric: true),
             MD.Column("Best set", numeric: true), MD.Column("Best session", numeric: true), MD.Column("Max reps", numeric: true)],
            withRecords[rows].map { exercise in
                let records = exercise.stats.records
                return [MD.link(exercise.name, root: root, path: exercise.path),
                        recordCell(records.heaviest, .heaviest, root: root),
                        recordCell(records.e1rm, .e1rm, root: root) + (relativeStrength(exercise.name).map { " · " + $0 } ?? ""),
                        recordCell(records.bestSetVolume, .setVolume, root: root),
                        recordCell(records.bestSessionVolume, .sessionVolume, root: root),
                        records.maxReps.map { record in
                            site.workout(id: record.workoutID).map { MD.link(TextFormat.count(record.value), root: root, path: $0.path) } ?? TextFormat.count(record.value)
                        } ?? "–"]
            }))
        if !pageList.top.isEmpty { body.html(pageList.bottom) }
        if page > 1 {
            body.html("<p><a href=\"\(root + SitePaths.recordsIndex)\">PR timeline →</a></p>")
            return Page(path: path, source: "records index page \(page)", title: "Records, page \(page) of \(pages)",
                        description: "Records of exercises \(TextFormat.count(rows.lowerBound + 1))–\(TextFormat.count(rows.upperBound)) "
                            + "of \(TextFormat.count(withRecords.count)), page \(page) of \(pages)",
                        section: .records, blocks: body.blocks)
        }
        try bodyweightSection(into: &body)
        body.markdown("## PR timeline")
        if events.isEmpty {
            body.markdown("No PRs yet: the first workout of an exercise sets its baseline.")
        } else if splitRecordsByYear {
            body.markdown("By year: " + prYears.reversed().map { MD.link(TextFormat.year($0), root: root, path: SitePaths.recordsYear($0)) }
                .joined(separator: " · "))
            body.markdown("### Latest")
            body.html(prTable(groups: latestPRGroups(Self.latestPRsOnIndex), root: root))
        } else {
            for year in prYears.reversed() {
                body.markdown("### \(TextFormat.year(year))")
                body.html(prTable(groups: prRows(inYear: year), root: root))
            }
        }
        var description = "Records of \(TextFormat.plural(withRecords.count, "exercise")) and \(TextFormat.plural(prCountAll, "PR"))"
        if let latest = events.last { description += ", the latest on \(TextFormat.spokenDay(latest.day))" }
        if pages > 1 { description += "; page 1 of \(pages)" }
        return Page(path: path, source: "records index", title: "Records", description: description, section: .records,
                    blocks: body.blocks)
    }

    /// `records/<year>.html`: the PRs of one year, newest first; long years continue on
    /// `records/<year>-2.html`, … (``listPageSize`` rows a page).
    func recordsYear(_ year: Int, page: Int) -> Page {
        let root = "../"
        let yearText = TextFormat.year(year)
        let first = SitePaths.recordsYear(year)
        let groups = prRows(inYear: year)
        let pages = Self.pageCount(groups.count)
        let rows = Self.pageRange(page, of: groups.count)
        var body = PageBody()
        body.html("<h1>PRs in \(yearText)</h1>")
        var lead = TextFormat.plural(groups.count, "PR")
        if pages > 1 { lead += " · page \(page) of \(pages)" }
        body.html("<p class=\"lead\">\(HTML.text(lead))</p>")
        body.html(Self.prCountNote)
        body.html(yearPager(year, in: prYears, path: SitePaths.recordsYear, up: ("All records", root + SitePaths.recordsIndex)))
        let pageList = Self.pageList("Pages of \(yearText)", page: page, count: pages, first: first)
        if !pageList.top.isEmpty { body.html(pageList.top) }
        body.html(prTable(groups: groups[rows], root: root))
        if !pageList.top.isEmpty { body.html(pageList.bottom) }
        return Page(path: SitePaths.listPage(first, page), source: "records of \(yearText)" + (page > 1 ? " page \(page)" : ""),
                    title: "PRs in \(yearText)" + (page > 1 ? ", page \(page) of \(pages)" : ""),
                    description: recordsYearDescription(year, page: page, of: pages), section: .records, blocks: body.blocks)
    }

    /// `12 PRs in 2026 on 4 exercises`, with the page when the year is split.
    private func recordsYearDescription(_ year: Int, page: Int, of pages: Int) -> String {
        let groups = prRows(inYear: year)
        let exercises = Set(groups.map(\.event.exercise)).count
        return "\(TextFormat.plural(groups.count, "PR")) in \(TextFormat.year(year)) on \(TextFormat.plural(exercises, "exercise"))"
            + (pages > 1 ? ", page \(page) of \(pages)" : "")
    }

    /// A record value linked to the workout that set it, with the day: `[100 kg](…) 2026-03-01`.
    private func recordCell(_ record: RecordValue?, _ metric: RecordMetric, root: String) -> String {
        guard let record else { return "–" }
        let value = site.units.record(metric, record.value)
        let linked = site.workout(id: record.workoutID).map { MD.link(value, root: root, path: $0.path) } ?? MD.text(value)
        return linked + " · " + record.day.description
    }

    /// `404.html`: the not-found template.
    func notFound() -> Page {
        Page(path: SitePaths.notFound, source: "404 page", title: "Page not found", description: "There is no page at this address",
             section: nil, blocks: [], bodyTemplate: LayoutRenderer.notFoundTemplate)
    }
}
