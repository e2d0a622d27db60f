import ArgumentParser
import WktApp
import WktCommandLine
import WktServe

/// `wkt-site-serve`: the preview server of `wkt-site serve`, which checks the command line and
/// then replaces its process with this one (``WktApp/ServeProgram``: the server's HTTP library
/// links libcurl and some thirty shared libraries that no other command should load). It takes
/// the same options and prints the same help.
struct WktSiteServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wkt-site serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() throws {
        prepareServeProcess()
        try finish(ServeRunner.run(options.request, env: .current()))
    }
}

WktSiteServe.main()
