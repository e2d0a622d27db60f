import WktConfig
import WktCore

/// What `wkt-site check` was asked to do: the options of `stats` (`--json`, `--today`,
/// `--store`, `--config`), read the same way.
public typealias CheckRequest = StatsRequest

/// `wkt-site check`: reports suspicious data (rules Q1–Q7 of docs/statistics.md "Data quality")
/// and `[[ignore]]` entries that match nothing, without changing anything: the store is opened
/// read-only, like `stats`.
///
/// Exit status: 0 with no findings and every `[[ignore]]` entry matching, 1 otherwise; 64, 65,
/// 74 and 75 as every command (docs/product.md "Commands").
public enum CheckRunner {
    /// The exit status when there are findings.
    public static let findingsExitCode: Int32 = 1

    /// Runs the checks.
    public static func run(_ request: CheckRequest, env: AppEnvironment) -> CommandResult {
        do {
            let context = try CommandContext.load(config: request.config, today: request.today, env: env)
            let (loaded, hint) = try StoreAccess.load(storePath: env.storePath(option: request.store), env: env)
            let (history, synced) = StoreAccess.forStatistics(loaded)
            // A goal naming an exercise the store lacks is the same config error as in build and stats.
            try GoalCheck.verify(context.settings.goals, history: history)
            let (checked, report) = DataQuality.assess(history: history, settings: context.settings, today: context.today)
            let configFile = request.config ?? ConfigLoader.defaultFileName
            let exitCode = report.findings.isEmpty && report.unmatched.isEmpty ? ExitStatus.ok : findingsExitCode
            if request.json {
                let text = CheckJSON.document(report, today: context.today, workouts: checked.workouts.count, configFile: configFile)
                return CommandResult(stdout: text + "\n", stderr: [hint].compactMap { $0 }, exitCode: exitCode)
            }
            var out = report.findings.map(line)
            out += report.unmatched.map { entry in
                "\(configFile)\(entry.line > 0 ? ":\(entry.line)" : ""): [[ignore]] \(entry.summary) matches nothing in the store"
            }
            var err = [hint, synced].compactMap { $0 }
            err.append("wkt-site: " + summary(report, workouts: checked.workouts.count))
            return CommandResult(stdout: out.map { $0 + "\n" }.joined(), stderr: err, exitCode: exitCode)
        } catch {
            return error.result
        }
    }

    /// One finding as a line: `day time · workout · exercise · set n · rule title: explanation`.
    static func line(_ finding: QualityFinding) -> String {
        var parts = [finding.workout.minuteText, finding.workout.name]
        if let exercise = finding.exercise { parts.append(exercise) }
        if let set = finding.set { parts.append("set \(set)") }
        parts.append("\(finding.rule.rawValue) \(finding.rule.title.lowercased()): \(finding.explanation)")
        return MessageText.oneLine(parts.joined(separator: " · "))
    }

    /// The closing line on stderr: counts per rule, what `[[ignore]]` excluded, and what to do.
    static func summary(_ report: QualityReport, workouts: Int) -> String {
        var text: String
        if report.findings.isEmpty {
            text = "no findings in \(count(workouts, "workout")) (rules Q1–Q7)"
        } else {
            let rules = QualityRule.allCases.compactMap { rule -> String? in
                let n = report.findings.filter { $0.rule == rule }.count
                return n == 0 ? nil : "\(rule.rawValue) \(n)"
            }
            text = "\(count(report.findings.count, "finding")) in \(count(workouts, "workout")) (\(rules.joined(separator: ", ")))"
        }
        if !report.ignored.isEmpty { text += "; \(count(report.ignored.count, "set")) excluded by [[ignore]]" }
        if !report.unmatched.isEmpty {
            let n = report.unmatched.count
            text += "; \(count(n, "[[ignore]] entry", plural: "[[ignore]] entries")) \(n == 1 ? "matches" : "match") nothing"
        }
        if !report.findings.isEmpty {
            text += "; fix them in the app and import again, or exclude a set with [[ignore]] in the config"
        }
        return text
    }

    private static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(DecimalFormat.grouped(Double(n))) \(n == 1 ? noun : plural ?? noun + "s")"
    }
}
