import WktConfig
import WktCore

/// Settings and "today" for one command run.
struct CommandContext {
    /// `wkt-site.toml` (or defaults).
    var settings: Settings
    /// The day statistics are computed for.
    var today: CivilDate

    /// Loads `wkt-site.toml` (`--config` or the working directory) and resolves today from
    /// `--today`, `SOURCE_DATE_EPOCH` or the clock in the configured zone.
    static func load(config: String?, today: String?, env: AppEnvironment) throws -> CommandContext {
        let settings = try ConfigLoader.load(
            path: config.map(env.absolute), workingDirectory: env.workingDirectory,
            defaultTimeZone: env.machineTimeZone)
        let day = try TodayResolver.resolve(
            cliToday: today, sourceDateEpoch: env.variables["SOURCE_DATE_EPOCH"], now: env.now,
            timezone: settings.timezone)
        return CommandContext(settings: settings, today: day)
    }
}
