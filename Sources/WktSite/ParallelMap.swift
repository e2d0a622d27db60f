import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on every core and returns their results in input order, so the output
/// never depends on scheduling (docs/reliability.md P3: parallel renders are collected and sorted).
enum ParallelMap {
    /// `items.map(transform)`, computed on up to `activeProcessorCount` threads. Each thread
    /// takes the next item not yet taken (an atomic counter), so a thread that drew expensive
    /// pages does not leave the others idle at the end; each hands its results over once, under
    /// a lock.
    static func map<Item: Sendable, Output: Sendable>(
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
}
