import Dispatch
import Foundation
import Synchronization
import WktApp

/// The reader/writer gate between requests and the publish stage of a rebuild
/// (docs/product.md "Local preview"): any number of requests read the output folder at once; a
/// publish waits for the requests inside to leave, keeps new ones waiting while it swaps the
/// folders, then lets them in. So a request sees the old build or the new one, never the swap.
///
/// Requests wait without blocking a thread (they suspend); the publisher is a plain thread (the
/// rebuild runs off the cooperative pool) and blocks on a semaphore until the readers drain.
/// Writers are admitted one at a time. A request holds the gate only while it resolves and reads
/// its file (microseconds), so a publish waits at most that long.
final class SiteGate: PublishGate {
    private struct State {
        var readers = 0
        var writing = false
        var waitingReaders: [CheckedContinuation<Void, Never>] = []
        var drained: DispatchSemaphore?
        var publishes = 0
    }

    private let state = Mutex(State())
    private let writers = NSLock()

    /// How many publish stages have run through the gate.
    var publishes: Int { state.withLock { $0.publishes } }

    /// Whether a publish is waiting for the readers or running (new readers wait).
    var isPublishing: Bool { state.withLock { $0.writing } }

    /// How many readers wait for a publish to end.
    var waitingReaders: Int { state.withLock { $0.waitingReaders.count } }

    /// Runs `body` with the output folder held still: no publish runs until it returns.
    func read<T>(_ body: () throws -> T) async rethrows -> T {
        await enterRead()
        defer { exitRead() }
        return try body()
    }

    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        writers.lock()
        defer { writers.unlock() }
        let semaphore = DispatchSemaphore(value: 0)
        let mustWait = state.withLock { state in
            state.writing = true
            if state.readers > 0 { state.drained = semaphore }
            return state.readers > 0
        }
        if mustWait { semaphore.wait() }
        defer {
            let waiting = state.withLock { state in
                state.writing = false
                state.publishes += 1
                let waiting = state.waitingReaders
                state.waitingReaders = []
                state.readers += waiting.count
                return waiting
            }
            for reader in waiting { reader.resume() }
        }
        return try body()
    }

    private func enterRead() async {
        let admitted = state.withLock { state in
            guard !state.writing else { return false }
            state.readers += 1
            return true
        }
        guard !admitted else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admittedNow = state.withLock { state in
                guard state.writing else {
                    state.readers += 1
                    return true
                }
                state.waitingReaders.append(continuation)
                return false
            }
            if admittedNow { continuation.resume() }
        }
    }

    private func exitRead() {
        let drained = state.withLock { state -> DispatchSemaphore? in
            state.readers -= 1
            guard state.readers == 0, let drained = state.drained else { return nil }
            state.drained = nil
            return drained
        }
        drained?.signal()
    }
}
