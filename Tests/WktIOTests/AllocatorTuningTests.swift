import Testing
@testable import WktIO

/// The process's allocator setting (``AllocatorTuning``).
@Suite("allocator: large buffers go back to the system after use")
struct AllocatorTuningTests {
    #if canImport(Glibc)
    @Test("apply takes the setting")
    func applies() {
        #expect(AllocatorTuning.apply())
    }

    @Test("fixing the trim threshold takes the setting")
    func fixesTrimThreshold() {
        #expect(AllocatorTuning.fixTrimThreshold())
    }

    @Test("after a phase that freed megabytes of pool memory, releasing gives some of it back to the system")
    func releasesFreedPoolMemory() {
        let blocks = (0..<128).map { _ in
            let block = UnsafeMutableRawPointer.allocate(byteCount: 64 << 10, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: 64 << 10)
            return block
        }
        for block in blocks { block.deallocate() }
        #expect(AllocatorTuning.releaseFreeMemory())
    }
    #endif
}
