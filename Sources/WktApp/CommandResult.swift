import WktCore

/// What a command produced: text for stdout, one-line messages for stderr, and the exit code.
///
/// The runners in this module never print or exit; the `wkt-site` executable does, so every
/// command can be tested in-process.
public struct CommandResult: Sendable, Equatable {
    /// Text for standard output (already newline-terminated where needed).
    public var stdout: String
    /// Lines for standard error, one message each.
    public var stderr: [String]
    /// The process exit code (0, 64, 65, 74, 75).
    public var exitCode: Int32

    /// Creates a result.
    public init(stdout: String = "", stderr: [String] = [], exitCode: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }

    /// ``stderr`` as it may be printed: each message one line, control characters escaped, at most
    /// ``MessageText/lineLimit`` characters (docs/reliability.md A-09). The last-resort guard for any
    /// message built from input that escaped its module's own formatting.
    public var printableStderr: [String] { stderr.map { MessageText.oneLine($0) } }

    /// A failure with one message line.
    public static func failure(_ message: String, exitCode: Int32) -> CommandResult {
        CommandResult(stderr: ["wkt-site: " + message], exitCode: exitCode)
    }
}

/// Exit codes of docs/reliability.md.
public enum ExitStatus {
    /// Success.
    public static let ok: Int32 = 0
    /// Usage error.
    public static let usage: Int32 = 64
    /// Bad input data.
    public static let dataError: Int32 = 65
    /// I/O error.
    public static let ioError: Int32 = 74
    /// Busy: another run holds the lock.
    public static let busy: Int32 = 75
}
