import ArgumentParser
import WktApp

extension WktSiteCommand {
    /// The Apple Health parser as a child process (not for users: `wkt-site import` runs it).
    struct HealthImport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_health-import",
            abstract: "Internal: parse an Apple Health export and print it as wkt JSON.",
            shouldDisplay: false
        )

        @Argument var path: String

        func run() throws {
            try finish(HealthImportChild.run(path: path))
        }
    }
}
