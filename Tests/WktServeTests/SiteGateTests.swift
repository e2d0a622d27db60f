import Testing
@testable import WktServe

@Suite("SiteGate")
struct SiteGateTests {
    @Test("a reader runs while no publish does")
    func reads() async {
        let gate = SiteGate()
        #expect(await gate.read { 42 } == 42)
        #expect(gate.exclusively { 7 } == 7)
        #expect(gate.publishes == 1)
    }
}
