/// How goals appear in `stats.json` and in `wkt-site stats` (docs/statistics.md "Goals").
extension GoalProgress {
    /// The `stats.json` object: `exercise` (the history's name), `metric`, `target_kg`,
    /// `best_kg`, `progress` (0…1, to 0.001), `reached_day`, `projected_day` and `by` (`null`
    /// when absent).
    public var json: JSONValue {
        .object([
            ("exercise", .string(exercise)),
            ("metric", .string(goal.metric.name)),
            ("target_kg", .kg(goal.targetKg)),
            ("best_kg", .kg(bestKg)),
            ("progress", .decimal(progress)),
            ("reached_day", .date(reached?.day)),
            ("projected_day", .date(projection.day)),
            ("by", .date(goal.by)),
        ])
    }

    /// `112.5 / 140 kg (80 %)` (`none yet / 140 kg (0 %)`), in the display unit: weights with
    /// their usual decimals, e1RM estimates with at most one.
    public func amounts(units: DisplayUnits) -> String {
        func number(_ kg: Double) -> String {
            goal.metric == .e1rm
                ? DecimalFormat.grouped(units.convert(kg), decimals: 1, minDecimals: 0) : units.weightNumber(kg)
        }
        return "\(bestKg.map(number) ?? "none yet") / \(number(goal.targetKg)) \(units.symbol) (\(percent) %)"
    }

    /// `Squat (Barbell) e1RM: 112.5 / 140 kg (80 %)`.
    public func headline(units: DisplayUnits) -> String {
        "\(exercise) \(goal.metric.displayName): " + amounts(units: units)
    }

    /// `reached 2026-03-02`, `projected 2027-01-18` or `no projection: …`.
    public var outlook: String {
        if let reached { return "reached \(reached.day)" }
        if let day = projection.day { return "projected \(day)" }
        return "no projection: " + (noProjectionText ?? "")
    }

    /// The `wkt-site stats` block: a heading and one line per goal; none without goals.
    public static func summaryLines(_ goals: [GoalProgress], units: DisplayUnits) -> [SummaryLine] {
        guard !goals.isEmpty else { return [] }
        var lines: [SummaryLine] = ["Goals:"]
        for goal in goals {
            var parts = [goal.outlook]
            if let deadline = goal.deadlineText { parts.append(deadline) }
            lines.append(SummaryLine("  " + goal.headline(units: units) + " · " + parts.joined(separator: " · ")))
        }
        return lines
    }
}
