import Foundation
import Testing
import WktCore

/// ``BackgroundRelease``: the value goes, on the thread the work runs on, and the work holds its
/// only reference (the build's history and model are freed beside the publish, never left to
/// the calling thread).
@Suite("Releasing a value on a background thread")
struct BackgroundReleaseTests {
    final class Box: Sendable {}
    struct Holder: Sendable {
        let box: Box
        let numbers: [Int]
    }

    @Test("the value is freed as soon as the work has run, before the call returns")
    func lastHolder() {
        var holder: Holder? = Holder(box: Box(), numbers: Array(0..<1_000))
        weak let box = holder?.box
        #expect(box != nil)
        nonisolated(unsafe) var freedByWork: Bool?
        nonisolated(unsafe) var aliveBeforeWork: Bool?
        if let taken = holder.take() {
            BackgroundRelease.release(consume taken) { work in
                aliveBeforeWork = box != nil
                work()
                freedByWork = box == nil
            }
        }
        #expect(aliveBeforeWork == true)
        #expect(freedByWork == true)
    }

    @Test("by default the value is freed on another thread, soon")
    func freedInBackground() {
        var holder: Holder? = Holder(box: Box(), numbers: [1, 2, 3])
        weak let box = holder?.box
        if let taken = holder.take() { BackgroundRelease.release(consume taken) }
        for _ in 0..<500 where box != nil { usleep(10_000) }
        #expect(box == nil)
    }
}
