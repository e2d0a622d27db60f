import Foundation
import WktApp

/// What `wkt-site serve` was asked to do.
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

/// Where `serve` prints while it runs: one call per line (no newline), so a test can collect
/// them. Lines for stderr are made printable first (one line, controls escaped; docs/reliability.md
///
public struct ServeConsole: Sendable {
    /// A line for standard output.
    public var out: @Sendable (String) -> Void
    /// A line for standard error.
    public var err: @Sendable (String) -> Void

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's standard output and error, unbuffered (a script reading the URL line
    /// gets it at once).
    public static let standard = ServeConsole(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// Prints a build's result: its stdout lines (with `suffix` on the last), then its stderr lines.
    func print(_ result: CommandResult, suffix: String = "") {
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        for (index, line) in lines.enumerated() { out(index == lines.count - 1 ? line + suffix : String(line)) }
        for line in result.printableStderr { err(line) }
    }
}
