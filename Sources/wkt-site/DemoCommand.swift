import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Write a realistic synthetic history into a demo store and build its site.",
            discussion: """
                The demo store (./wkt-demo.sqlite unless --store) is recreated on every run and \
                is never your own store. The same --seed and day give the same history.

                Examples:
                  wkt-site demo
                  wkt-site demo --years 10 --seed 7
                """
        )

        @Option(help: "Years of history (1–30).")
        var years = 2

        @Option(help: "Random seed.")
        var seed: UInt64 = 42

        @Option(help: ArgumentHelp("The demo store.", valueName: "path"))
        var store: String?

        @Option(help: ArgumentHelp("Configuration file.", valueName: "path"))
        var config: String?

        @Option(help: ArgumentHelp("The day the history ends on (default: today).", valueName: "YYYY-MM-DD"))
        var today: String?

        @Option(help: ArgumentHelp("Output folder for the demo site.", valueName: "folder"))
        var output = "site"

        @Flag(help: "Print nothing on success.")
        var quiet = false

        func validate() throws {
            guard (1...30).contains(years) else { throw ValidationError("--years must be between 1 and 30") }
        }

        func run() throws {
            prepareBuildProcess()
            let request = DemoRequest(
                years: years, seed: seed, store: store, config: config, today: today, quiet: quiet,
                output: output)
            try finish(DemoRunner.run(request, env: .current()))
        }
    }
}
