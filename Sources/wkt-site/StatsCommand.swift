import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show the numbers in the terminal, or print stats.json.",
            discussion: """
                Every number is defined in docs/statistics.md (wkt-site repository). --json prints exactly the bytes that \
                `wkt-site build` writes to site/data/stats.json for the same day.

                Examples:
                  wkt-site stats
                  wkt-site stats --today 2026-11-21
                  wkt-site stats --json > stats.json
                """
        )

        @Flag(help: "Print the stats.json document (schema 1).")
        var json = false

        @Option(help: ArgumentHelp("Compute for this day instead of today.", valueName: "YYYY-MM-DD"))
        var today: String?

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let request = StatsRequest(
                json: json, today: today, store: storeOptions.store, config: storeOptions.config)
            try finish(StatsRunner.run(request, env: .current()))
        }
    }
}
