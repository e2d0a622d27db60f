import Foundation
import Testing
@testable import WktServe

@Suite("SiteGate: requests and the publish stage exclude each other")
struct SiteGateTests {
    @Test("a publish waits for the reader inside; a reader arriving meanwhile waits for the publish")
    func ordering() async throws {
        let gate = SiteGate()
        let log = Locked<[String]>([])
        let first = Task {
            await gate.read {
                log.withLock { $0.append("reader 1 in") }
                Thread.sleep(forTimeInterval: 0.3)
                log.withLock { $0.append("reader 1 out") }
            }
        }
        #expect(await eventually(seconds: 60) { log.withLock { $0.contains("reader 1 in") } })
        let published = Locked(false)
        Thread {
            gate.exclusively {
                log.withLock { $0.append("publish in") }
                Thread.sleep(forTimeInterval: 0.3)
                log.withLock { $0.append("publish out") }
            }
            published.withLock { $0 = true }
        }.start()
        #expect(await eventually(seconds: 60) { gate.isPublishing }, "the publish waits for reader 1")
        await gate.read { log.withLock { $0.append("reader 2") } }
        await first.value
        #expect(await eventually(seconds: 60) { published.withLock { $0 } })
        #expect(log.withLock { $0 } == ["reader 1 in", "reader 1 out", "publish in", "publish out", "reader 2"])
        #expect(gate.publishes == 1)
        #expect(await gate.read { 42 } == 42, "open again after the publish")
    }
}
