import WktCore

/// `muscles.html`, and the dashboard's small body map (docs/product.md "The Muscles page"): sets
/// per muscle this week on a front/back body map, the weekly table (this week, last week, the
/// 4-week average and, with `muscle_sets_target`, under/within/over), the muscles without a set
/// in 14 days and the unmapped exercises.
extension PageComposer {
    /// Unmapped exercises listed on `muscles.html` (most working sets first), so the page stays
    /// small with thousands of them (docs/reliability.md L-03).
    static let unmappedOnPage = 100

    /// `muscles.html`.
    func musclesPage() throws(SiteError) -> Page {
        let root = ""
        var body = PageBody()
        body.html("<h1>Muscles</h1>")
        guard !site.workouts.isEmpty else {
            body.html(Self.emptyNotice(root: root))
            return Page(path: SitePaths.muscles, source: "muscles page", title: "Muscles",
                        description: "No workouts yet", section: .exercises, blocks: body.blocks)
        }
        let sets = site.report.muscleSets
        let weekLabel = site.report.calendar.weekLabel(weekContaining: site.today)
        body.html("<p class=\"lead\">Working sets per muscle, \(HTML.text(weekLabel)) so far. Each working set counts 1 for the "
            + "exercise's primary muscle and ½ for each secondary muscle; warm-ups do not count.</p>")

        let thisWeek = Dictionary(uniqueKeysWithValues: sets.muscles.map { ($0.muscle, $0.thisWeek) })
        let map = BodyMap(id: try Self.chartID("muscle-map"), title: "Sets per muscle this week (\(weekLabel))", sets: thisWeek)
        let table = DataTable(
            caption: "Sets per muscle this week", columns: [.init("Muscle", numeric: false), .init("Sets", numeric: true),
                                                            .init("Range", numeric: false)],
            rows: sets.muscles.map { [BodyMap.name($0.muscle), TextFormat.short($0.thisWeek), BodyMap.rangeTexts[BodyMap.level($0.thisWeek)]] })
        body.html("<div class=\"cards\">")
        body.html("<section class=\"card card-wide\" aria-labelledby=\"muscle-map-heading\">"
            + "<h2 id=\"muscle-map-heading\">This week on the body</h2>")
        body.html("<figure class=\"chart body-map-figure\" id=\"muscle-map\">\n<figcaption><span class=\"chart-title\">"
            + HTML.text(map.title) + "</span> <span class=\"chart-summary\">" + HTML.text(map.summary) + "</span></figcaption>\n"
            + BodyMap.legendHTML + "\n<div class=\"body-map-frame\">\n" + map.svg() + "\n</div>\n"
            + "<details class=\"chart-data\">\n<summary>Show the numbers</summary>\n<div class=\"table-wrap\">\n"
            + table.html + "\n</div>\n</details>\n</figure>")
        body.html("</section>")

        body.html("<section class=\"card card-wide\" aria-labelledby=\"muscle-weeks\"><h2 id=\"muscle-weeks\">Week by week</h2>")
        body.markdown(weeklyTable(sets))
        body.html("<p class=\"muted\">\(HTML.text(averageNote(sets)))</p></section>")

        let untrained = sets.untrained
        body.html("<section class=\"card card-half\" aria-labelledby=\"muscle-untrained\">"
            + "<h2 id=\"muscle-untrained\">Not trained in \(MuscleSets.untrainedDays) days</h2>")
        if untrained.isEmpty {
            body.html("<p>Every muscle had at least one set in the last \(MuscleSets.untrainedDays) days.</p>")
        } else {
            body.html("<ul class=\"muscle-list\">" + untrained.map { "<li>\(HTML.text(BodyMap.name($0)))</li>" }.joined() + "</ul>")
        }
        body.html("</section>")

        body.html("<section class=\"card card-half\" aria-labelledby=\"muscle-unmapped\"><h2 id=\"muscle-unmapped\">Unmapped exercises</h2>")
        if sets.unmapped.isEmpty {
            body.html("<p>Every exercise with reps has its muscles.</p>")
        } else {
            body.html("<p class=\"muted\">These exercises are in no muscle's count: the built-in catalogue does not know them. "
                + "Add them to <code>[muscles]</code> in <code>wkt-site.toml</code>. Cardio and timed sessions of unknown "
                + "exercises are left out.</p>")
            let listed = sets.unmapped.sorted {
                $0.workingSets != $1.workingSets ? $0.workingSets > $1.workingSets : CanonicalName.precedes($0.exercise, $1.exercise)
            }
            let shown = listed.prefix(Self.unmappedOnPage)
            body.markdown(MD.table([MD.Column("Exercise"), MD.Column("Working sets", numeric: true)],
                                   shown.map { [exerciseLink($0.exercise, root: root), TextFormat.count($0.workingSets)] }))
            if listed.count > shown.count {
                let rest = listed.dropFirst(shown.count)
                body.html("<p class=\"muted\">And \(TextFormat.plural(rest.count, "more exercise")) with "
                    + "\(TextFormat.plural(rest.reduce(0) { $0 + $1.workingSets }, "working set")); "
                    + "<a href=\"\(SitePaths.statsJSON)\">stats.json</a> lists them all.</p>")
            }
        }
        body.html("</section>")
        body.html("</div>")
        return Page(path: SitePaths.muscles, source: "muscles page", title: "Muscles", description: musclesDescription(sets),
                    section: .exercises, blocks: body.blocks)
    }

    /// The weekly table: every muscle with this week, last week, the average and the target status.
    private func weeklyTable(_ sets: MuscleSets) -> String {
        var columns = [MD.Column("Muscle"), MD.Column("This week", numeric: true), MD.Column("Last week", numeric: true)]
        let averaged = sets.averagedWeeks
        if averaged > 0 { columns.append(MD.Column("\(averaged)-week avg.", numeric: true)) }
        if let target = sets.target {
            columns.append(MD.Column("Target \(target.text)"))
        }
        return MD.table(columns, sets.muscles.map { row in
            var cells = [MD.text(BodyMap.name(row.muscle)), TextFormat.short(row.thisWeek), row.lastWeek.map(TextFormat.short) ?? "–"]
            if averaged > 0 { cells.append(row.average.map(TextFormat.short) ?? "–") }
            if let target = sets.target { cells.append(row.average.map { target.status(of: $0).rawValue } ?? "–") }
            return cells
        })
    }

    /// What the average column averages, and what the target compares.
    private func averageNote(_ sets: MuscleSets) -> String {
        let averaged = sets.averagedWeeks
        var note = averaged == 0
            ? "This is the first week of the history: no complete week to average yet."
            : "The average is over the last \(averaged == 1 ? "complete week" : "\(averaged) complete weeks"), this week not included."
        if let target = sets.target {
            note += " Under, within and over compare that average with the target of \(target.text) sets a week."
        }
        return note
    }

    /// `Sets per muscle this week: chest 12, …` for the meta description (the three most trained).
    private func musclesDescription(_ sets: MuscleSets) -> String {
        let top = sets.muscles.filter { $0.thisWeek > 0 }.sorted { $0.thisWeek > $1.thisWeek }.prefix(3)
        guard !top.isEmpty else { return "Sets per muscle: none yet this week" }
        return "Sets per muscle this week: " + top.map { "\(BodyMap.name($0.muscle)) \(TextFormat.short($0.thisWeek))" }
            .joined(separator: ", ")
    }

    /// Muscles named in the dashboard card's "most sets" list.
    static let musclesOnDashboard = 5

    /// The dashboard card: the small body map of this week beside the muscles with the most sets,
    /// the count of untrained muscles and a link to `muscles.html`.
    func musclesCard() throws(SiteError) -> String {
        let sets = site.report.muscleSets
        let thisWeek = Dictionary(uniqueKeysWithValues: sets.muscles.map { ($0.muscle, $0.thisWeek) })
        var map = BodyMap(id: try Self.chartID("dashboard-muscle-map"), title: "Sets per muscle this week", sets: thisWeek)
        map.small = true
        var out = "<section class=\"card card-wide muscles-card\" aria-labelledby=\"muscles-card\">"
            + "<h2 id=\"muscles-card\">Sets per muscle this week</h2>\n<div class=\"muscles-card-body\">\n"
            + "<div class=\"body-map-frame\">\n" + map.svg() + "\n</div>\n<div>\n" + BodyMap.legendHTML + "\n"
        let top = sets.muscles.filter { $0.thisWeek > 0 }
            .sorted { $0.thisWeek != $1.thisWeek ? $0.thisWeek > $1.thisWeek : $0.muscle < $1.muscle }
            .prefix(Self.musclesOnDashboard)
        if top.isEmpty {
            out += "<p>No sets for any muscle yet this week.</p>\n"
        } else {
            out += "<p class=\"top-sets-label\">Most sets</p>\n<ul class=\"top-sets\">"
                + top.map { "<li>\(HTML.text(BodyMap.name($0.muscle))): \(HTML.text(BodyMap.setsText($0.thisWeek)))</li>" }.joined()
                + "</ul>\n"
        }
        let untrained = sets.untrained.count
        if untrained > 0 {
            out += "<p>\(HTML.text(TextFormat.plural(untrained, "muscle"))) without a set in \(MuscleSets.untrainedDays) days.</p>\n"
        }
        return out + "<p><a href=\"\(SitePaths.muscles)\">Sets per muscle, week by week →</a></p>\n</div>\n</div></section>"
    }
}
