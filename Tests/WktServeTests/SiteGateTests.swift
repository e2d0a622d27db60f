import Foundation
import Testing
@testable import WktServe

@Suite("SiteGate: requests and the publish stage exclude each other")
struct SiteGateTests {
    /// Waits (on this thread, at most 60 s) until `condition` holds.
    private static func spin(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Each step waits for the state it needs instead of sleeping, so the order holds however
    /// slowly the threads run: reader 1 stays inside until the publish is waiting for it, and the
    /// publish stays inside until reader 2 is waiting for it.
    @Test("a publish waits for the reader inside; a reader arriving meanwhile waits for the publish")
    func ordering() async throws {
        let gate = SiteGate()
        let log = Locked<[String]>([])
        let first = Task {
            await gate.read {
                log.withLock { $0.append("reader 1 in") }
                Self.spin { gate.isPublishing }
                log.withLock { $0.append("reader 1 out") }
            }
        }
        #expect(await eventually { log.withLock { $0.contains("reader 1 in") } })
        let published = Locked(false)
        Thread {
            gate.exclusively {
                log.withLock { $0.append("publish in") }
                Self.spin { gate.waitingReaders > 0 }
                log.withLock { $0.append("publish out") }
            }
            published.withLock { $0 = true }
        }.start()
        #expect(await eventually { log.withLock { $0.contains("publish in") } })
        await gate.read { log.withLock { $0.append("reader 2") } }
        await first.value
        #expect(await eventually { published.withLock { $0 } })
        #expect(log.withLock { $0 } == ["reader 1 in", "reader 1 out", "publish in", "publish out", "reader 2"])
        #expect(gate.publishes == 1)
        #expect(await gate.read { 42 } == 42, "open again after the publish")
    }
}
