/// The bodyweight block of `wkt-site stats` (docs/statistics.md "Bodyweight on a day", "DOTS
/// (estimated)"): nothing when no bodyweight is known.
public enum BodySummary {
    /// `Bodyweight: 82.4 kg on 2026-11-18 (12 measurements)` or the configured value, then DOTS
    /// when it exists.
    public static func lines(report: BodyReport, units: DisplayUnits) -> [SummaryLine] {
        var lines: [SummaryLine] = []
        if let latest = report.measurements.last {
            let count = report.measurements.count
            lines.append(SummaryLine("Bodyweight: \(units.weight(latest.weightKg)) on \(latest.day) "
                + "(\(count) measurement\(count == 1 ? "" : "s"))"))
        } else if let configured = report.timeline.fallbackKg {
            lines.append(SummaryLine("Bodyweight: \(units.weight(configured)) (bodyweight_kg, no measurements)"))
        }
        if let dots = report.dots {
            lines.append(SummaryLine("DOTS (estimated from e1RM): "
                + DecimalFormat.grouped(dots.score, decimals: 2, minDecimals: 0)
                + " (total \(units.estimate(dots.totalKg)) at \(units.weight(dots.bodyweightKg)))"))
        }
        return lines
    }
}
