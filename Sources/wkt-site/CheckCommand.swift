import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Report suspicious data (implausible reps, kg/lb mix-ups, …) without changing anything.",
            discussion: HelpText.check
        )

        @Flag(help: "Print one JSON document for scripts instead of lines.")
        var json = false

        @Option(help: ArgumentHelp("Check as of this day instead of today (rule Q7).", valueName: "YYYY-MM-DD"))
        var today: String?

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let request = CheckRequest(json: json, today: today, store: storeOptions.store, config: storeOptions.config)
            try finish(CheckRunner.run(request, env: .current()))
        }
    }
}
