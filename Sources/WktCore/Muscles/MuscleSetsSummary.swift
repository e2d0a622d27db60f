/// The "Sets per muscle" block of `wkt-site stats` (docs/statistics.md "Sets per muscle"): one
/// row per muscle with sets this week, last week or in the averaged weeks (this week, last week,
/// the 4-week average and, with `muscle_sets_target`, under/within/over), then the muscles
/// without a set in 14 days and the unmapped exercises with the most working sets.
enum MuscleSetsSummary {
    /// Unmapped exercises listed before `and N more`.
    static let unmappedShown = 5

    /// The block's lines; none without workouts.
    static func lines(_ sets: MuscleSets, hasWorkouts: Bool) -> [SummaryLine] {
        guard hasWorkouts else { return [] }
        let averaged = sets.averagedWeeks
        var header = "Sets per muscle: this week, last week"
        if averaged > 0 { header += ", average of \(averaged == 1 ? "1 week" : "\(averaged) weeks")" }
        if let target = sets.target { header += "; target \(target.text) (by the average)" }
        var lines: [SummaryLine] = [SummaryLine(header)]
        let trained = sets.muscles.filter { $0.thisWeek > 0 || ($0.lastWeek ?? 0) > 0 || ($0.average ?? 0) > 0 }
        let width = trained.map(\.muscle.rawValue.count).max() ?? 0
        for row in trained {
            var text = "  " + row.muscle.rawValue + String(repeating: " ", count: width - row.muscle.rawValue.count)
            text += "  " + column(row.thisWeek) + "  " + column(row.lastWeek ?? 0)
            if let average = row.average { text += "  " + column(average) }
            if let target = sets.target, let average = row.average { text += "  " + target.status(of: average).rawValue }
            lines.append(SummaryLine(text))
        }
        if trained.isEmpty { lines.append("  no sets of a mapped exercise yet") }
        let untrained = sets.untrained
        lines.append(SummaryLine("No sets in \(MuscleSets.untrainedDays) days: "
            + (untrained.isEmpty ? "none" : untrained.map(\.rawValue).joined(separator: ", "))))
        if !sets.unmapped.isEmpty {
            let top = sets.unmapped.sorted { $0.workingSets != $1.workingSets ? $0.workingSets > $1.workingSets
                : CanonicalName.precedes($0.exercise, $1.exercise) }
            var text = "Unmapped: " + top.prefix(unmappedShown).map { "\($0.exercise) (\($0.workingSets) set\($0.workingSets == 1 ? "" : "s"))" }.joined(separator: ", ")
            if top.count > unmappedShown { text += " and \(top.count - unmappedShown) more" }
            lines.append(SummaryLine(text))
        }
        return lines
    }

    /// `12.5`, `12`: at most one decimal, grouped.
    static func number(_ value: Double) -> String { DecimalFormat.grouped(value, decimals: 1, minDecimals: 0) }

    /// A number right-aligned in 5 characters.
    private static func column(_ value: Double) -> String {
        let text = number(value)
        return String(repeating: " ", count: max(0, 5 - text.count)) + text
    }
}
