import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on every core and returns their results in input order, so the output
/// never depends on scheduling (docs/reliability.md P3: parallel renders are collected and sorted).
public enum ParallelMap {
    /// `items.map(transform)`, computed on up to `activeProcessorCount` threads. Each thread
    /// takes the next item not yet taken (an atomic counter), so a thread that drew expensive
    /// pages does not leave the others idle at the end; each hands its results over once, under
    /// a lock.
    public static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> Output
    ) -> [Output] {
        let workers = min(items.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1, #available(macOS 15, *) else { return items.map(transform) }
        let results = Mutex<[Output?]>(Array(repeating: nil, count: items.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var local: [(index: Int, output: Output)] = []
            local.reserveCapacity(items.count / workers + 1)
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < items.count else { break }
                local.append((index, transform(items[index])))
            }
            results.withLock { slots in
                for result in local { slots[result.index] = result.output }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// `(first(), second())`, the two run at the same time when there is more than one core (the
    /// import parses a file while another core computes its digest).
    public static func pair<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, #available(macOS 15, *) else {
            return (first(), second())
        }
        let firstResult = Mutex<First?>(nil)
        let secondResult = Mutex<Second?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let value = first()
                firstResult.withLock { $0 = value }
            } else {
                let value = second()
                secondResult.withLock { $0 = value }
            }
        }
        guard let one = firstResult.withLock({ $0 }), let two = secondResult.withLock({ $0 }) else {
            preconditionFailure("concurrentPerform ran every iteration")
        }
        return (one, two)
    }

    /// `map` that stops at a failure: `transform` gets each item with its index; after a
    /// failure no item is started any more, the ones started finish, and the failure of the
    /// earliest of them in input order is the result. Items are started in input order, so
    /// every item before a failing one has run: the result is the first failure of `map`'s
    /// results, whatever the scheduling (for a transform whose failures depend only on its item).
    public static func mapUntilFailure<Item: Sendable, Output: Sendable, Failure: Error>(
        _ items: [Item], _ transform: @Sendable (Int, Item) -> Result<Output, Failure>
    ) -> Result<[Output], Failure> {
        let workers = min(items.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1, #available(macOS 15, *) else {
            var outputs: [Output] = []
            outputs.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                switch transform(index, item) {
                case .success(let output): outputs.append(output)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(outputs)
        }
        let results = Mutex<[Output?]>(Array(repeating: nil, count: items.count))
        let firstFailure = Mutex<(index: Int, failure: Failure)?>(nil)
        let stopped = Atomic<Bool>(false)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var local: [(index: Int, output: Output)] = []
            local.reserveCapacity(items.count / workers + 1)
            while !stopped.load(ordering: .relaxed) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < items.count else { break }
                switch transform(index, items[index]) {
                case .success(let output):
                    local.append((index, output))
                case .failure(let failure):
                    stopped.store(true, ordering: .relaxed)
                    firstFailure.withLock { first in
                        if first.map({ index < $0.index }) ?? true { first = (index, failure) }
                    }
                }
            }
            results.withLock { slots in
                for result in local { slots[result.index] = result.output }
            }
        }
        if let first = firstFailure.withLock({ $0 }) { return .failure(first.failure) }
        return .success(results.withLock { $0.compactMap { $0 } })
    }
}
