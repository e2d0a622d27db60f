import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the whole store as a wkt JSON (version 1) file.",
            discussion: """
                The file is wkt-site's own interchange format; `wkt-site import` reads it back.

                Examples:
                  wkt-site export --output backup.wkt.json
                  wkt-site export > history.json
                """
        )

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(help: ArgumentHelp("The workout store (default: $WKT_STORE, else ./workouts.sqlite).", valueName: "path"))
        var store: String?

        func run() throws {
            try finish(ExportRunner.run(ExportRequest(output: output, store: store), env: .current()))
        }
    }
}
