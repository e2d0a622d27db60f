import WktCore

/// Bodyweight on the pages (docs/product.md "Bodyweight, relative strength and DOTS"): the
/// bodyweight section of the records page (latest weight, chart, DOTS), `× BW` next to e1RM
/// records, and assisted sets shown with their effective load.
extension PageComposer {
    /// `1.52 × BW` for an exercise's best e1RM, nil when the bodyweight on its day is unknown.
    func relativeStrength(_ exercise: String) -> String? {
        site.report.body.e1rmBW[exercise].map { DecimalFormat.grouped($0, decimals: 2, minDecimals: 0) + " × BW" }
    }

    /// Whether the statistics treat `exercise` as assisted (docs/statistics.md "Assisted exercises").
    func isAssisted(_ exercise: String) -> Bool {
        AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles).isAssisted(exercise)
    }

    /// The effective load of an assisted set on `day`, nil when the bodyweight is unknown.
    func effectiveLoad(_ set: WorkoutSet, on day: CivilDate) -> Double? {
        AssistedLoad(timeline: site.report.body.timeline, overrides: site.settings.muscles)
            .effectiveLoad(assistanceKg: set.weightKg, on: day)
    }

    /// An assisted set's weight as the pages write it, in the display unit without the symbol:
    /// `−20 assist → 62` (assistance, then the effective load the statistics use), or `−20 assist`
    /// without a bodyweight on that day; nil without logged assistance and bodyweight.
    func assistedWeightText(_ set: WorkoutSet, on day: CivilDate) -> String? {
        let assistance = set.weightKg.flatMap { $0 > 0 ? "−" + site.units.weightNumber($0) + " assist" : nil }
        guard let load = effectiveLoad(set, on: day) else { return assistance }
        return (assistance.map { $0 + " → " } ?? "") + site.units.weightNumber(load)
    }

    /// An assisted working set's effective load × reps (0 without a bodyweight).
    func assistedVolume(_ set: WorkoutSet, on day: CivilDate) -> Double {
        guard set.isWorking, let load = effectiveLoad(set, on: day), let reps = set.reps, reps > 0 else { return 0 }
        return load * Double(reps)
    }

    /// The link from the top of `records/index.html` to its bodyweight section, below the table.
    static let bodyweightJumpLink = "<p><a href=\"#bodyweight\">Bodyweight, × BW and DOTS ↓</a></p>"

    /// The bodyweight section of `records/index.html`: the latest measurement, a line chart of
    /// every measurement (two or more) and DOTS; nothing when no bodyweight is known.
    func bodyweightSection(into body: inout PageBody) throws(SiteError) {
        let report = site.report.body
        guard !report.isEmpty else { return }
        let units = site.units
        body.html("<h2 id=\"bodyweight\">Bodyweight</h2>")
        if let latest = report.measurements.last {
            body.html("<p class=\"bodyweight-latest\">Latest: <strong>\(HTML.text(units.weight(latest.weightKg)))</strong> on "
                + "\(HTML.text(latest.day.description)) · \(HTML.text(TextFormat.plural(report.measurements.count, "measurement")))</p>")
        } else if let configured = report.timeline.fallbackKg {
            body.html("<p class=\"bodyweight-latest\">\(HTML.text(units.weight(configured))) from the configuration "
                + "(<code>bodyweight_kg</code>; no measurements)</p>")
        }
        if report.measurements.count >= 2 {
            let chart = LineChart(
                id: try Self.chartID("bodyweight"), title: "Bodyweight (\(units.symbol))",
                primary: LineChart.Series(name: "Bodyweight", points: report.measurements.map { ($0.day, units.convert($0.weightKg)) }),
                format: units.weightChartFormat, wording: .range)
            body.html(chart.render())
        }
        body.html("<p class=\"muted\">× BW next to an e1RM divides it by the bodyweight on the day it was reached.</p>")
        if let dots = report.dots {
            let lifts = dots.lifts.map { "\($0.exercise) \(units.estimate($0.e1rmKg))" }.joined(separator: " + ")
            body.html("<p class=\"dots\">DOTS <strong>\(HTML.text(DecimalFormat.grouped(dots.score, decimals: 2, minDecimals: 0)))</strong> "
                + "<span class=\"badge\">estimated from e1RM</span><br><span class=\"muted\">Total \(HTML.text(units.estimate(dots.totalKg))) "
                + "(\(HTML.text(lifts)), best e1RM of the last 365 days) at \(HTML.text(units.weight(dots.bodyweightKg))) bodyweight</span></p>")
        }
    }
}
