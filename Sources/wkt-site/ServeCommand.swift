import ArgumentParser
import WktApp
import WktCommandLine

extension WktSiteCommand {
    /// `wkt-site serve`: parsed and checked here (usage errors and `--help` as for every command),
    /// then the process becomes `wkt-site-serve`, the executable beside this one that holds the
    /// server (``WktApp/ServeProgram``): the HTTP library brings libcurl and some thirty shared
    /// libraries with it, which every other command would load for nothing.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

        @OptionGroup var options: ServeOptions

        func run() throws {
            try finish(ServeProgram.replaceProcess(arguments: CommandLine.arguments, env: .current()))
        }
    }
}
