import Dispatch
import Synchronization

/// Lets go of a large value on a background thread instead of the calling one.
///
/// Freeing the history, statistics and site model of a 10-year history takes milliseconds on
/// one core; at the end of a stage that is on the critical path (before the publish can start,
/// or the process can exit), while beside the next stage it costs nothing there.
public enum BackgroundRelease {
    /// Drops `value` on a background thread; the caller cannot use it afterwards (it is
    /// consumed). The work takes the value out of a holder and drops it there, so the value's
    /// storage is freed by whichever thread lets go of its last other reference first:
    /// capturing a copy instead would leave one with this function until it returned, and when
    /// the work ran before that, the calling thread freed it after all. `run` starts the work
    /// (tests pass one that runs it at once).
    public static func release<Value: Sendable>(
        _ value: consuming Value,
        run: (_ work: @escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .utility).async(execute: $0) }
    ) {
        let held = Held(consume value)
        run { held.drop() }
    }

    /// A value handed to the thread that frees it.
    private final class Held<Value: Sendable>: Sendable {
        private let value: Mutex<Value?>

        init(_ value: consuming Value) {
            self.value = Mutex(value)
        }

        /// Takes the value out and drops it on the calling thread.
        func drop() {
            let taken = value.withLock { $0.take() }
            _ = consume taken
        }
    }
}
