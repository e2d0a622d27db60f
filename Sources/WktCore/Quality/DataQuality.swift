/// What `wkt-site check`, the Data quality page and every statistic share (docs/statistics.md
/// "Data quality"): the `[[ignore]]` entries applied once, and the findings of Q1–Q7 over what
/// remains.
public struct QualityReport: Sendable, Hashable {
    /// Findings in ``QualityFinding/precedes(_:_:)`` order.
    public var findings: [QualityFinding]
    /// Every set `[[ignore]]` excluded, in walk order.
    public var ignored: [IgnoredSet]
    /// `[[ignore]]` entries that matched nothing, in config order.
    public var unmatched: [IgnoreEntry]

    /// Creates a report.
    public init(findings: [QualityFinding] = [], ignored: [IgnoredSet] = [], unmatched: [IgnoreEntry] = []) {
        self.findings = findings
        self.ignored = ignored
        self.unmatched = unmatched
    }

    /// Whether there is nothing to show: no finding, no ignored set and no `[[ignore]]` entry
    /// that matches nothing (the site then has no Data quality page and no footer link to it).
    public var isEmpty: Bool { findings.isEmpty && ignored.isEmpty && unmatched.isEmpty }

    /// One line per entry that matched nothing, naming its config line (`build` prints them as
    /// warnings, `check` as problems).
    public var unmatchedLines: [String] {
        unmatched.map { entry in
            "[[ignore]] \(entry.line > 0 ? "on line \(entry.line) of the config " : "")(\(entry.summary)) matches nothing in the store"
        }
    }
}

/// The one entry point: the history every statistic reads, and the quality report.
public enum DataQuality {
    /// Applies `settings.ignore` to `history` (``IgnoreList``) and runs the rules
    /// (``QualityRules``) on the result.
    /// - Parameters:
    ///   - history: the history as loaded, Apple Health copies already counted once.
    ///   - settings: the configuration (`[[ignore]]`, the calendar, the unit).
    ///   - today: the resolved today.
    /// - Returns: the history for every statistic and page, and the report.
    public static func assess(history: WorkoutHistory, settings: Settings, today: CivilDate) -> (history: WorkoutHistory, report: QualityReport) {
        let outcome = IgnoreList.apply(settings.ignore, to: history)
        return (outcome.history, report(of: outcome, settings: settings, today: today))
    }

    /// The second half of ``assess(history:settings:today:)``: the rules run on the history
    /// `[[ignore]]` left (`outcome`), with the ignored sets and unmatched entries. Separate so a
    /// caller can run the rules beside the statistics, which need only `outcome.history`.
    /// - Parameters:
    ///   - outcome: ``IgnoreList/apply(_:to:)`` of `settings.ignore`.
    ///   - settings: the configuration (the calendar, the unit).
    ///   - today: the resolved today.
    /// - Returns: the report.
    public static func report(of outcome: IgnoreOutcome, settings: Settings, today: CivilDate) -> QualityReport {
        let findings = QualityRules.findings(
            in: outcome.history, calendar: TrainingCalendar(settings: settings), today: today,
            units: DisplayUnits(unit: settings.unit))
        return QualityReport(findings: findings, ignored: outcome.ignored, unmatched: outcome.unmatched)
    }
}
