import Testing
@testable import WktIO

/// The process's allocator setting (``AllocatorTuning``).
@Suite("allocator: large buffers go back to the system after use")
struct AllocatorTuningTests {
    #if canImport(Glibc)
    @Test("after apply, freeing a 4 MiB block does not raise the threshold: a 1 MiB block is still mapped on its own, 64 KiB is not")
    func fixedThreshold() {
        #expect(AllocatorTuning.apply())
        // Other suites allocate in parallel in this process, so a measurement can be disturbed by
        // their frees: it counts when one of a few attempts shows the effect.
        var oneMiBMapped = false
        var smallMapped = true
        for _ in 0..<5 where !oneMiBMapped || smallMapped {
            let big = UnsafeMutableRawPointer.allocate(byteCount: 4 << 20, alignment: 16)
            big.storeBytes(of: 1, as: UInt8.self)
            big.deallocate()
            let before = AllocatorTuning.mappedAllocationBytes
            let medium = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
            oneMiBMapped = oneMiBMapped || AllocatorTuning.mappedAllocationBytes >= before + (1 << 20)
            medium.deallocate()
            let base = AllocatorTuning.mappedAllocationBytes
            let small = UnsafeMutableRawPointer.allocate(byteCount: 64 << 10, alignment: 16)
            smallMapped = smallMapped && AllocatorTuning.mappedAllocationBytes >= base + (64 << 10)
            small.deallocate()
        }
        #expect(oneMiBMapped, "a 1 MiB block after a freed 4 MiB one came from the pools")
        #expect(!smallMapped, "a 64 KiB block was mapped on its own")
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
