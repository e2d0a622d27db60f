import Dispatch
import Synchronization
import WktApp
import WktIO

/// Why `serve` could not start: the result to exit with (the first build's error, a bad
/// `--host`, a port already in use).
public struct ServeFailure: Error, Sendable {
    /// What to print and the exit code.
    public let result: CommandResult

    init(_ result: CommandResult) { self.result = result }
}

/// `wkt-site serve` as the executable runs it (docs/product.md "Local preview"): starts a
/// ``PreviewServer``, then waits for SIGINT or SIGTERM and stops cleanly — no new rebuild starts,
/// a running one finishes or stops at its publish step (its temporary folder removed, the run
/// lock released, docs/reliability.md C-05), the listening socket is closed — and exits 130 or
/// 143. A port already in use is an I/O error (74): the port, not a wkt-site run, is what is
/// busy, so 75's "wait and retry" does not apply.
public enum ServeRunner {
    /// Serves until interrupted; blocks the calling thread (the executable's main thread).
    public static func run(_ request: ServeRequest, env: AppEnvironment, console: ServeConsole = .standard) -> CommandResult {
        // Installed for the whole run: each rebuild's own installation nests inside this one.
        let interrupts = Interrupts.install()
        defer { interrupts.restore() }
        let outcome = Mutex<CommandResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result = await serve(request, env: env, console: console, interrupts: interrupts)
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? .failure("serve stopped without a result", exitCode: ExitStatus.ioError)
    }

    /// Starts the server and waits for a signal or a failure of the server.
    static func serve(
        _ request: ServeRequest, env: AppEnvironment, console: ServeConsole, interrupts: Interrupts
    ) async -> CommandResult {
        let preview: PreviewServer
        switch await PreviewServer.start(request, env: env, console: console, shouldStop: interrupts.stopRequested) {
        case let .success(started): preview = started
        case let .failure(failure): return failure.result
        }
        while true {
            if let status = interrupts.exitStatus {
                await preview.stop()
                return CommandResult(exitCode: status)
            }
            if let failure = preview.failure {
                await preview.stop()
                return .failure("stopped serving: \(failure)", exitCode: ExitStatus.ioError)
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}
