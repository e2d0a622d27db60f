import WktConfig
import WktCore
import WktSite

/// What `wkt-site stats` was asked to do.
public struct StatsRequest: Sendable {
    /// `--json`: the stats.json document.
    public var json: Bool
    /// `--today YYYY-MM-DD`.
    public var today: String?
    /// `--store`.
    public var store: String?
    /// `--config`.
    public var config: String?

    /// Creates a request.
    public init(json: Bool = false, today: String? = nil, store: String? = nil, config: String? = nil) {
        self.json = json
        self.today = today
        self.store = store
        self.config = config
    }
}

/// `wkt-site stats`: the terminal summary, or exactly the bytes `build` writes to
/// `site/data/stats.json`.
public enum StatsRunner {
    /// Computes and renders the statistics.
    public static func run(_ request: StatsRequest, env: AppEnvironment) -> CommandResult {
        do {
            let context = try CommandContext.load(config: request.config, today: request.today, env: env)
            let (loaded, hint) = try StoreAccess.load(storePath: env.storePath(option: request.store), env: env)
            let (loadedHistory, synced) = StoreAccess.forStatistics(loaded)
            // As in `build`: the demo defaults and the goal check see the history as stored, then
            // [[ignore]] applies once, before any statistic (so both commands pick the same goals).
            let settings = DemoDefaults.applied(to: context.settings, history: loadedHistory, today: context.today)
            try GoalCheck.verify(settings.goals, history: loadedHistory)
            let (history, quality) = DataQuality.assess(history: loadedHistory, settings: context.settings, today: context.today)
            let report = StatsEngine.compute(history: history, settings: settings, today: context.today)
            var stderr = [hint, synced].compactMap { $0 } + quality.unmatchedLines.map { "wkt-site: warning: \(request.config ?? "wkt-site.toml"): \($0)" }
            if report.futureWorkoutsIgnored > 0 {
                stderr.append(
                    "wkt-site: warning: \(report.futureWorkoutsIgnored) workouts dated after "
                        + "\(context.today) are ignored by every statistic")
            }
            let text: String
            if request.json {
                // The site's slugs, so these bytes equal site/data/stats.json.
                let slugs = SiteBuilder.exerciseSlugs(for: report)
                text = StatsJSON.encode(report, settings: settings, today: context.today, slugs: slugs)
            } else {
                let lines = StatsSummary.lines(report: report, settings: settings, today: context.today)
                    + QualitySummary.lines(quality)
                text = TerminalColors.render(lines, color: env.useColor)
            }
            return CommandResult(stdout: text.hasSuffix("\n") ? text : text + "\n", stderr: stderr)
        } catch {
            return error.result
        }
    }
}
