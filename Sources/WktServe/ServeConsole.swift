import Foundation
import WktApp

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
