import ArgumentParser
import WktApp

/// `wkt-site serve`'s options and help, parsed alike by `wkt-site` (which checks them, then hands
/// the command line over to `wkt-site-serve`) and by `wkt-site-serve` (which runs the server).
public struct ServeOptions: ParsableArguments {
    /// The command's one-line summary.
    public static let abstract = "Build the site, serve it on this machine and rebuild it when the inputs change."

    /// The command's help text.
    public static let discussion = """
        A local preview, not a web server for the public: it listens on 127.0.0.1 unless \
        --host says otherwise. It builds like `wkt-site build`, prints the URL, then polls \
        the store, the configuration and the templates folder every 300 ms and rebuilds \
        (incrementally, under the run lock only while building) once they have been quiet \
        for 300 ms; `wkt-site import` in another terminal works meanwhile. A failed \
        rebuild prints its error and the last good site stays served. With --live-reload \
        open pages reload after each rebuild (the script is added to the served pages \
        only; the files stay script-free). It applies [publish] like `build`; --private previews \
        everything. Ctrl-C stops it (exit 130).

        Examples:
          wkt-site serve
          wkt-site serve --live-reload --port 4000
          wkt-site serve --templates templates --live-reload
          wkt-site serve --private
        """

    @Option(help: ArgumentHelp("Address to listen on (an IP address or localhost).", valueName: "address"))
    public var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on (0: any free port; the URL printed shows it).", valueName: "port"))
    public var port = 8080

    @Flag(help: "Reload open pages after each rebuild.")
    public var liveReload = false

    @OptionGroup public var siteOptions: SiteOptions

    @OptionGroup public var storeOptions: StoreOptions

    @Flag(help: "Print only the URL and errors, no line per rebuild.")
    public var quiet = false

    @Flag(name: .customLong("private"), help: "Ignore [publish] in wkt-site.toml: preview everything.")
    public var isPrivate = false

    public init() {}

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    /// What the options ask for.
    public var request: ServeRequest {
        let build = BuildRequest(
            output: siteOptions.output, today: siteOptions.today, baseURL: siteOptions.baseURL,
            templates: siteOptions.templates, store: storeOptions.store, config: storeOptions.config, quiet: quiet,
            isPrivate: isPrivate)
        return ServeRequest(build: build, host: host, port: port, liveReload: liveReload)
    }
}
