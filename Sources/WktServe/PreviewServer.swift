import FlyingFox
import FlyingSocks
import Foundation
import Synchronization
import WktApp

/// A running `wkt-site serve` (docs/product.md "Local preview"): the site built once, the output
/// folder served over HTTP by FlyingFox through ``SiteHandler``, and a watcher that rebuilds
/// through `BuildRunner` — the same path as `wkt-site build`, run lock included — when the inputs
/// change. Tests run it in-process; ``ServeRunner`` adds the signals and the exit status.
///
/// Rebuilds run one at a time on their own serial queue (off Swift's cooperative pool, which
/// keeps serving meanwhile). Only their publish stage excludes requests (``SiteGate``). A failed
/// rebuild prints its error line and changes nothing: the last good site stays served.
public final class PreviewServer: Sendable {
    /// The URL printed (`http://127.0.0.1:8080/`), with the port actually taken.
    public let url: String
    /// The port listened on.
    public let port: UInt16

    private let setup: Setup
    private let server: HTTPServer
    private let gate: SiteGate
    private let shared: Shared
    private let tasks = Mutex<(server: Task<Void, Never>?, watcher: Task<Void, Never>?)>((nil, nil))
    private let rebuilds = DispatchQueue(label: "wkt-site.serve.rebuild")

    /// What `start` was given.
    private struct Setup: Sendable {
        let request: ServeRequest
        let env: AppEnvironment
        let console: ServeConsole
        let shouldStop: @Sendable () -> Bool
        /// When `start` began (`env.now` is that instant): rebuilds move `now` on from it.
        let began: ContinuousClock.Instant
    }

    /// What the handler and the server's task share with the server before it exists.
    private final class Shared: Sendable {
        /// Builds published (the first build counts as 1): the live-reload counter.
        let builds = Mutex(1)
        /// Why the HTTP server stopped on its own.
        let failure = Mutex<String?>(nil)
    }

    private init(setup: Setup, server: HTTPServer, gate: SiteGate, shared: Shared, port: UInt16) {
        self.setup = setup
        self.server = server
        self.gate = gate
        self.shared = shared
        self.url = "http://\(ListenAddress.display(host: setup.request.host, port: Int(port)))/"
        self.port = port
    }

    /// How many builds have been published since the start (the first build counts as 1); the
    /// live-reload counter.
    public var builds: Int { shared.builds.withLock { $0 } }

    /// Why the HTTP server stopped on its own, if it did.
    public var failure: String? { shared.failure.withLock { $0 } }

    /// Builds the site, starts listening and prints `Serving <output>/ at <url>`, then watches the
    /// inputs. A failed first build or a port that cannot be taken is the result to exit with.
    /// - Parameter shouldStop: polled before each rebuild (the CLI's interrupt flag).
    public static func start(
        _ request: ServeRequest, env: AppEnvironment, console: ServeConsole,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async -> Result<PreviewServer, ServeFailure> {
        let began = ContinuousClock.now
        let address: any SocketAddress
        do {
            address = try ListenAddress.make(host: request.host, port: request.port)
        } catch {
            return .failure(ServeFailure(.failure(error.message, exitCode: ExitStatus.usage)))
        }
        let watcher = InputWatcher(
            store: env.storePath(option: request.build.store),
            config: env.absolute(request.build.config ?? "wkt-site.toml"),
            templates: request.build.templates.map(env.absolute))
        let inputs = watcher.snapshot()
        let gate = SiteGate()
        let first = await runOffPool(DispatchQueue.global()) { BuildRunner.run(request.build, env: env, gate: gate) }
        guard first.exitCode == 0 else { return .failure(ServeFailure(first)) }
        console.print(first)

        let shared = Shared()
        let handler = SiteHandler(
            files: SiteFiles(root: env.absolute(request.build.output)), gate: gate, liveReload: request.liveReload,
            counter: { shared.builds.withLock { $0 } })
        let server = HTTPServer(
            address: address, timeout: 15, pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled,
            handler: handler)
        let serverTask = Task {
            do {
                try await server.run()
                shared.failure.withLock { $0 = $0 ?? "the server stopped" }
            } catch {
                shared.failure.withLock { $0 = ListenAddress.describe(error) }
            }
        }
        guard let bound = await waitUntilListening(server, shared: shared) else {
            serverTask.cancel()
            let reason = shared.failure.withLock { $0 } ?? "it did not start listening within 10 s"
            let message = "cannot listen on \(ListenAddress.display(host: request.host, port: request.port)): \(reason)"
            return .failure(ServeFailure(.failure(message + " (choose another --port, or 0 for any free one)",
                                                  exitCode: ExitStatus.ioError)))
        }
        let preview = PreviewServer(
            setup: Setup(request: request, env: env, console: console, shouldStop: shouldStop, began: began), server: server,
            gate: gate, shared: shared, port: bound)
        let output = request.build.output.hasSuffix("/") ? request.build.output : request.build.output + "/"
        console.out("Serving \(output) at \(preview.url)")
        let watching = Task { await preview.watch(watcher, from: inputs) }
        preview.tasks.withLock { $0 = (serverTask, watching) }
        return .success(preview)
    }

    /// Rebuilds now, through `BuildRunner` with the publish stage behind the gate, and prints one
    /// line (the build's summary and the time taken; none with `--quiet`) or the error.
    @discardableResult
    func rebuild() async -> CommandResult {
        let clock = ContinuousClock()
        let begin = clock.now
        var env = setup.env
        env.now = env.now.addingTimeInterval(Self.seconds(begin - setup.began))
        let before = gate.publishes
        let request = setup.request.build
        let gate = gate
        let result = await Self.runOffPool(rebuilds) { [env] in BuildRunner.run(request, env: env, gate: gate) }
        if result.exitCode == 0 {
            if gate.publishes != before { shared.builds.withLock { $0 += 1 } }
            let elapsed = Int((Self.seconds(clock.now - begin) * 1000).rounded())
            setup.console.print(result, suffix: " (rebuilt in \(elapsed) ms)")
        } else {
            setup.console.print(result)
        }
        return result
    }

    /// Stops watching (a running rebuild finishes, or stops at its publish step when a signal
    /// arrived, removing its temporary folder and releasing the run lock), then stops serving.
    public func stop() async {
        let (serverTask, watcher) = tasks.withLock { $0 }
        watcher?.cancel()
        await watcher?.value
        await Self.runOffPool(rebuilds) {}
        await server.stop(timeout: 1)
        serverTask?.cancel()
        await serverTask?.value
    }

    /// The watcher: polls the inputs and rebuilds once they have changed and settled.
    private func watch(_ watcher: InputWatcher, from inputs: InputWatcher.Snapshot) async {
        var debouncer = RebuildDebouncer(built: inputs, quiet: setup.request.quietPeriod)
        let clock = ContinuousClock()
        while !Task.isCancelled {
            try? await Task.sleep(for: setup.request.pollInterval)
            guard !Task.isCancelled, !setup.shouldStop() else { return }
            if debouncer.observe(watcher.snapshot(), at: clock.now - setup.began) {
                await rebuild()
            }
        }
    }

    /// Polls until the server listens (its port) or its task failed (nil), for at most 10 s.
    private static func waitUntilListening(_ server: HTTPServer, shared: Shared) async -> UInt16? {
        for _ in 0..<1000 {
            if shared.failure.withLock({ $0 }) != nil { return nil }
            switch await server.listeningAddress {
            case let .ip4(_, port)?, let .ip6(_, port)?: return port
            default: try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return nil
    }

    /// Runs blocking work on `queue`, off Swift's cooperative pool, and waits for it.
    static func runOffPool<T: Sendable>(_ queue: DispatchQueue, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
