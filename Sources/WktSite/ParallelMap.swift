import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on every core and returns their results in input order, so the output
/// never depends on scheduling (RELIABILITY.md P3: parallel renders are collected and sorted).
enum ParallelMap {
    /// `items.map(transform)`, computed on up to `activeProcessorCount` threads. Each thread
    /// takes every n-th item (expensive pages are spread evenly) and hands its results over
    /// once, under a lock.
    static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> Output
    ) -> [Output] {
        let workers = min(items.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1, #available(macOS 15, *) else { return items.map(transform) }
        let results = Mutex<[Output?]>(Array(repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local: [(index: Int, output: Output)] = []
            local.reserveCapacity(items.count / workers + 1)
            for index in stride(from: worker, to: items.count, by: workers) {
                local.append((index, transform(items[index])))
            }
            results.withLock { slots in
                for result in local { slots[result.index] = result.output }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
