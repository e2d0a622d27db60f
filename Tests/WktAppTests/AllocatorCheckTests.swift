import Foundation
import Testing
import WktTestSupport

/// The site-building commands (`build`, `serve`, `demo`) apply ``WktIO/AllocatorTuning`` before
/// any work (docs/product.md "What the measurements taught us"): only a fresh process can show it,
/// so the test runs `wkt-site _allocator-check`, which does the same setup.
@Suite("the binary's allocator setting")
struct AllocatorCheckTests {
    @Test("with the setup of build and demo, a fresh wkt-site process maps large blocks on their own even after freeing a larger one, keeps 2 MiB freed at a pool's top and gives 12 MiB back", .enabled(if: Binary.available))
    func binaryAppliesSetting() async throws {
        try await offCooperativePool {
            let dir = try temporaryFolder("allocator")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let run = try Binary.run(["_allocator-check"], in: dir)
            #expect(run.status == 0)
            #if canImport(Glibc)
            #expect(run.stdout == "large blocks mapped: yes\n2 MiB freed kept: yes\n12 MiB freed kept: no\n")
            #endif
            let help = try Binary.run(["--help"], in: dir)
            #expect(!help.stdout.contains("_allocator-check"), "hidden from the help")
        }
    }
}
