import Dispatch
import Foundation
import WktCore

/// The incoming workouts of an import, normalised for the store and fingerprinted on another
/// thread, in order, while the caller writes the ones already done.
///
/// Both steps depend on one workout only, and they were a seventh of a first import's
/// instructions (callgrind, 10-year Strong CSV); done beside the writes they cost no wall time,
/// because writing a workout takes about three times as long as preparing it. Results are the
/// same as preparing each workout right before writing it; only the thread differs.
final class WorkoutPreparation: @unchecked Sendable {
    /// Guards `done`; signalled after each append.
    private let condition = NSCondition()
    /// The prepared workouts so far, in input order (guarded by `condition`).
    private var done: [(workout: Workout, fingerprint: String)] = []

    /// Starts preparing `workouts` on a background thread.
    init(_ workouts: [Workout]) {
        done.reserveCapacity(workouts.count)
        guard !workouts.isEmpty else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for incoming in workouts {
                let workout = incoming.normalizedForStore()
                let prepared = (workout: workout, fingerprint: WorkoutFingerprint.of(workout))
                condition.lock()
                done.append(prepared)
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The workout at `index` of the input, normalised, with its fingerprint; waits until the
    /// background thread has prepared it.
    func prepared(_ index: Int) -> (workout: Workout, fingerprint: String) {
        condition.lock()
        defer { condition.unlock() }
        while done.count <= index { condition.wait() }
        return done[index]
    }
}
