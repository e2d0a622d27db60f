import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The runner every end-to-end test starts the binary with (`Binary.run`): its timings and exit
/// codes are only as good as its notice that the child ended.
@Suite("Test support: the child runner behind Binary.run")
struct MeasuredChildTests {
    @Test("a child's end is seen when it exits, though a process it left behind runs on, and no descriptor of the tests leaks into it")
    func endSeenAtExit() throws {
        let dir = try temporaryFolder("runner")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // An inheritable pipe, as a sibling's socket or pipe is while another test spawns.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }

        // The shell exits at once and leaves `sleep` running with whatever it inherited.
        // `Process` would report this child's end only when `sleep` ends (5 s): it watches a
        // socket the child and every process the child starts inherit.
        let started = Date()
        let run = try MeasuredChild.runToExit(["-c", "sleep 5 & exit 7"], in: dir, executable: "/bin/sh")
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 7)
        #expect(seconds < 3, "the end of a child was seen \(formatted(seconds)) s after it started")

        // With our write end closed, the read end ends (POLLHUP) unless `sleep` holds a copy.
        close(ends[1])
        var poll = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let ready = Glibc.poll(&poll, 1, 2000)
        #expect(ready == 1 && poll.revents & Int16(POLLHUP) != 0, "the child inherited a descriptor of the tests")
    }
}
