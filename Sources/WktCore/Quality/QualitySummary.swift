/// The Data quality block of `wkt-site stats` (docs/statistics.md "Data quality"): how many
/// findings `wkt-site check` would report and how many sets `[[ignore]]` left out; nothing when
/// the data is clean and nothing is ignored.
public enum QualitySummary {
    /// `Data quality: 3 findings (run `wkt-site check`)` and `2 sets left out by [[ignore]]`, each
    /// only when its count is above 0.
    public static func lines(_ quality: QualityReport) -> [SummaryLine] {
        var lines: [SummaryLine] = []
        let findings = quality.findings.count
        if findings > 0 {
            lines.append(SummaryLine([
                .init("Data quality: \(findings) finding\(findings == 1 ? "" : "s") (run `wkt-site check`)", mark: .warning)
            ]))
        }
        // A whole workout without sets excludes no set: it is not counted here.
        let sets = quality.ignored.filter { $0.set != nil }.count
        if sets > 0 {
            lines.append(SummaryLine("\(sets) set\(sets == 1 ? "" : "s") left out by [[ignore]]"))
        }
        return lines
    }
}
