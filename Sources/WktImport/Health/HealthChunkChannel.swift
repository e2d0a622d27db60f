import Foundation
import Synchronization

/// A bounded hand-off of inflated chunks from the zip thread to the parsing thread.
///
/// The state lives in a `Mutex`; the `NSCondition` only makes either side sleep until the other
/// changed it, and every change happens while holding the condition's lock.
final class HealthChunkChannel: Sendable {
    /// What the consumer gets next.
    enum Item: Sendable {
        /// Inflated bytes.
        case chunk(Data)
        /// The entry was read to its end and its CRC-32 matched.
        case end
        /// The entry could not be read.
        case failed(HealthImportError)
    }

    private struct State: Sendable {
        var queue: [Data] = []
        var queuedBytes = 0
        var finished = false
        var failure: HealthImportError?
        var cancelled = false
    }

    private let condition = NSCondition()
    private let state = Mutex(State())
    private let capacity: Int

    /// Creates a channel that holds at most about `capacity` bytes.
    init(capacity: Int = 1 << 20) {
        self.capacity = capacity
    }

    /// Producer: queues a chunk, waiting while the channel is full; false once cancelled.
    func send(_ data: Data) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let (cancelled, full) = state.withLock { ($0.cancelled, $0.queuedBytes >= capacity) }
            if cancelled { return false }
            if !full { break }
            condition.wait()
        }
        state.withLock {
            $0.queue.append(data)
            $0.queuedBytes += data.count
        }
        condition.broadcast()
        return true
    }

    /// Producer: no more chunks; `failure` when the entry could not be read to its end.
    func finish(_ failure: HealthImportError?) {
        condition.lock()
        state.withLock {
            $0.finished = true
            $0.failure = failure
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the next chunk, waiting for one; then the end or the producer's failure.
    func receive() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let item: Item? = state.withLock { state in
                if !state.queue.isEmpty {
                    let data = state.queue.removeFirst()
                    state.queuedBytes -= data.count
                    return .chunk(data)
                }
                guard state.finished else { return nil }
                return state.failure.map { .failed($0) } ?? .end
            }
            if let item {
                condition.broadcast()
                return item
            }
            condition.wait()
        }
    }

    /// Consumer: stops the producer if it is still running and waits until it has finished.
    func cancelAndWait() {
        condition.lock()
        state.withLock { $0.cancelled = true }
        condition.broadcast()
        while !state.withLock({ $0.finished }) { condition.wait() }
        condition.unlock()
    }
}

/// Pulls the chunks of a ``HealthChunkChannel``.
final class ChannelChunkSource: HealthChunkSource {
    private let channel: HealthChunkChannel

    /// Creates a source reading `channel`.
    init(channel: HealthChunkChannel) {
        self.channel = channel
    }

    /// Waits for the next chunk from the zip thread; throws its failure.
    func withNextChunk(
        _ body: (UnsafeBufferPointer<UInt8>) throws(HealthImportError) -> Void
    ) throws(HealthImportError) -> Bool {
        while true {
            switch channel.receive() {
            case .end: return false
            case .failed(let error): throw error
            case .chunk(let data):
                guard !data.isEmpty else { continue }
                var failure: HealthImportError?
                data.withUnsafeBytes { raw in
                    do throws(HealthImportError) {
                        try body(raw.bindMemory(to: UInt8.self))
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                return true
            }
        }
    }
}
