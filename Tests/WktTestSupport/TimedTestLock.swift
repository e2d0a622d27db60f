#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One lock the tests that judge wall-clock time take for their whole run, so that two of them
/// never run at once: the L-04 build of 1,000 pathological notes (at most 10 s more than without
/// them) and the serve load test (100 clients saturating a server on the same two cores) would
/// otherwise measure each other. A `flock` on one file in the temporary folder, so it holds
/// across test processes too; closing the descriptor releases it.
public enum TimedTestLock {
    static var path: String { NSTemporaryDirectory() + "wkt-site-timed-tests.lock" }

    /// Runs `body` holding the lock; waits for it by polling, so no cooperative thread blocks.
    public static func run<T>(_ body: () async throws -> T) async throws -> T {
        let descriptor = open(path, O_CREAT | O_RDWR, 0o666)
        defer { if descriptor >= 0 { close(descriptor) } }
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        return try await body()
    }
}

/// Runs blocking work (a child process waited for, a long synchronous measurement) on a Dispatch
/// thread instead of Swift's cooperative pool, which has one thread per core: two long blocking
/// tests on a 2-core machine would otherwise leave no thread for every async test of the run.
public func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
