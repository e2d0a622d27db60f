import Foundation

/// The process facts a command may read, injected so tests control them.
public struct AppEnvironment: Sendable {
    /// The working directory (where `workouts.sqlite` and `wkt-site.toml` are looked for).
    public var workingDirectory: String
    /// Environment variables (`WKT_STORE`, `SOURCE_DATE_EPOCH`, `NO_COLOR`, `TZ`).
    public var variables: [String: String]
    /// The current instant.
    public var now: Date
    /// Whether stdout is a terminal (colour and progress lines).
    public var stdoutIsTerminal: Bool
    /// The `wkt-site` executable, for work that runs in a child process (the Apple Health
    /// parser); nil runs that work in-process (tests).
    public var selfExecutable: String?

    /// Creates an environment.
    public init(
        workingDirectory: String, variables: [String: String], now: Date, stdoutIsTerminal: Bool,
        selfExecutable: String? = nil
    ) {
        self.selfExecutable = selfExecutable
        self.workingDirectory = workingDirectory
        self.variables = variables
        self.now = now
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// The real process environment of the `wkt-site` executable.
    public static func current() -> AppEnvironment {
        AppEnvironment(
            workingDirectory: FileManager.default.currentDirectoryPath,
            variables: ProcessInfo.processInfo.environment,
            now: Date(),
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            selfExecutable: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? Bundle.main.executablePath
        )
    }

    /// The machine's zone name, used when `wkt-site.toml` sets none.
    public var machineTimeZone: String {
        if let tz = variables["TZ"], !tz.isEmpty, TimeZone(identifier: tz) != nil { return tz }
        return TimeZone.current.identifier
    }

    /// Whether coloured output is wanted (a terminal and no `NO_COLOR`).
    public var useColor: Bool { stdoutIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty }

    /// Resolves a user-given path against the working directory.
    public func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = variables["HOME"] { return home + path.dropFirst(1) }
        return workingDirectory.hasSuffix("/") ? workingDirectory + path : workingDirectory + "/" + path
    }

    /// The store path: `--store`, else `WKT_STORE`, else `./workouts.sqlite`.
    public func storePath(option: String?) -> String {
        if let option, !option.isEmpty { return absolute(option) }
        if let env = variables["WKT_STORE"], !env.isEmpty { return absolute(env) }
        return absolute("workouts.sqlite")
    }
}
