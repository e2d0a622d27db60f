import CAllocator

/// The process's allocator setting (docs/product.md "What the measurements taught us").
///
/// glibc serves an allocation of 128 KiB or more from its own mapping and returns it when freed,
/// but after freeing such a block it raises that threshold to the block's size (up to 32 MiB). A
/// build allocates and frees many large buffers (page text, `stats.json`, the history's arrays),
/// so the threshold climbed and later large buffers stayed in the per-thread pools after use:
/// about 4 MiB of the 10-year full build's peak memory. Fixing the threshold at 256 KiB keeps
/// large buffers returned to the system; measured, the full build's peak fell from 67 to 63 MiB
/// with no change in CPU time (a threshold of 64–128 KiB saved as much but cost 10–17 % CPU).
public enum AllocatorTuning {
    /// The fixed threshold in bytes.
    public static let mmapThreshold = 256 * 1024

    /// Fixes the threshold; the site-building commands call it once before any work (not
    /// `import`: streaming a gigabyte export through buffers mapped and unmapped each time cost
    /// about a second of system time per GiB). Returns whether the allocator took the setting
    /// (false without glibc, where nothing changes).
    @discardableResult
    public static func apply() -> Bool {
        wkt_fix_mmap_threshold(Int32(mmapThreshold)) == 1
    }

    /// Returns the free memory the allocator's pools hold to the system, after a phase that
    /// allocated a lot and freed it all (the demo's extra statistics pass): the next phase then
    /// starts from what is live, not from the pools' high-water mark.
    /// Returns whether any memory went back (false without glibc).
    @discardableResult
    public static func releaseFreeMemory() -> Bool {
        wkt_release_free_memory() == 1
    }

    /// Bytes currently in separately mapped allocations (0 without glibc), for tests.
    public static var mappedAllocationBytes: Int {
        Int(wkt_mapped_allocation_bytes())
    }

    /// Whether the threshold is fixed in this process, by experiment: frees a 30 MiB block, then
    /// allocates 20 MiB and reports whether that block was mapped on its own. With glibc's dynamic
    /// threshold, the free raises the threshold to 30 MiB and the 20 MiB block comes from a pool.
    /// Meaningful in a fresh process only (`wkt-site _allocator-check`, for the tests): in a busy
    /// one, earlier frees may have left pool space that large.
    public static func largeBlocksAreMapped() -> Bool {
        let big = UnsafeMutableRawPointer.allocate(byteCount: 30 << 20, alignment: 16)
        big.storeBytes(of: 1, as: UInt8.self)
        big.deallocate()
        let before = mappedAllocationBytes
        let large = UnsafeMutableRawPointer.allocate(byteCount: 20 << 20, alignment: 16)
        defer { large.deallocate() }
        return mappedAllocationBytes >= before + (20 << 20)
    }
}
