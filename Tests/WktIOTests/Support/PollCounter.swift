import Synchronization

/// Counts the polls of a `shouldStop` closure (thread-safe), so a test can stop a publish after
/// a given number of them.
final class PollCounter: Sendable {
    private let value = Mutex(0)
    /// How many polls there were.
    var count: Int { value.withLock { $0 } }
    /// Counts one more poll and returns how many there were before it.
    func next() -> Int { value.withLock { count in defer { count += 1 }; return count } }
}
