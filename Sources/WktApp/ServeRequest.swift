/// What `wkt-site serve` was asked to do. It lives here, beside ``BuildRequest``, because the
/// `wkt-site` executable parses it without linking the server (``ServeProgram``).
public struct ServeRequest: Sendable {
    /// The build options it shares with `wkt-site build` (`--output`, `--today`, `--base-url`,
    /// `--templates`, `--store`, `--config`, `--quiet`).
    public var build: BuildRequest
    /// `--host`: the address to listen on (an IP address or `localhost`).
    public var host: String
    /// `--port` (0: any free port; the printed URL shows the one taken).
    public var port: Int
    /// `--live-reload`.
    public var liveReload: Bool
    /// How often the inputs are polled.
    public var pollInterval: Duration
    /// How long the inputs must stay unchanged before a rebuild starts.
    public var quietPeriod: Duration

    /// Creates a request.
    public init(
        build: BuildRequest, host: String = "127.0.0.1", port: Int = 8080, liveReload: Bool = false,
        pollInterval: Duration = .milliseconds(300), quietPeriod: Duration = .milliseconds(300)
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.liveReload = liveReload
        self.pollInterval = pollInterval
        self.quietPeriod = quietPeriod
    }
}
