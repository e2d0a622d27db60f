import ArgumentParser
import WktApp
import WktCommandLine
import WktCore
import WktImport

extension ImportFormat: ExpressibleByArgument {}
extension WeightUnit: ExpressibleByArgument {}

extension WktSiteCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add workout exports to the store.",
            discussion: """
                Reads each file strictly and applies all of them in one transaction: a bad file \
                names file:line and the rule it broke, and nothing is imported. Re-importing an \
                export adds nothing new; workouts edited in the app are updated. Warnings about a \
                workout are printed by the import that adds or changes it, not again; data that \
                was left out (a skipped row, an unknown column) is warned about every time.

                Examples:
                  wkt-site import strong_workouts.csv
                  wkt-site import workout_data.csv --format hevy
                  wkt-site import export.zip
                  wkt-site import strong.csv --unit lb --dry-run
                  wkt-site import *.csv --json --skip-bad-rows
                """
        )

        @Argument(help: ArgumentHelp(HelpText.importFiles))
        var files: [String]

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp(HelpText.formatOption))
        var format: ImportFormat = .auto

        @Option(help: "Weight unit for exports that do not say (Strong A, A′, L1, L2): kg or lb.")
        var unit: WeightUnit?

        @Flag(help: "Read and check everything, report what would change, write nothing.")
        var dryRun = false

        @Flag(help: "Print one JSON object per file instead of a summary line.")
        var json = false

        @Flag(help: "Import the good rows and report each bad one instead of rejecting the file.")
        var skipBadRows = false

        @Flag(help: "Print nothing on success (for cron).")
        var quiet = false

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one export file") }
        }

        func run() throws {
            let request = ImportRequest(
                files: files, store: storeOptions.store, config: storeOptions.config, format: format,
                unit: unit, dryRun: dryRun, json: json, skipBadRows: skipBadRows, quiet: quiet)
            try finish(ImportRunner.run(request, env: .current()))
        }
    }
}
