import CAllocator

/// The process's allocator settings (docs/product.md "What the measurements taught us").
///
/// **The mmap threshold** (``apply()``, every site-building command).
/// glibc serves an allocation of 128 KiB or more from its own mapping and returns it when freed,
/// but after freeing such a block it raises that threshold to the block's size (up to 32 MiB). A
/// build allocates and frees many large buffers (page text, `stats.json`, the history's arrays),
/// so the threshold climbed and later large buffers stayed in the per-thread pools after use:
/// about 4 MiB of the 10-year full build's peak memory. Fixing the threshold at 256 KiB keeps
/// large buffers returned to the system; measured, the full build's peak fell from 67 to 63 MiB
/// with no change in CPU time (a threshold of 64–128 KiB saved as much but cost 10–17 % CPU).
///
/// **The trim threshold** (``fixTrimThreshold()``, the commands that build once and exit). By
/// default glibc hands the free memory at the top of a pool back to the system as soon as it
/// reaches 128 KiB, so a build that frees one page's buffers and allocates the next page's had
/// the kernel unmap pages and then fault in and zero fresh ones: a quarter of the full build's
/// minor page faults (16,200 → 12,400 for the 10-year demo). With the threshold at 4 MiB the
/// pools keep that churn and still give back what a phase frees in bulk: turning trimming off
/// altogether (or a 64 MiB threshold) saved the same faults but raised the peak of a rebuild that
/// renders every page again from 94 to 128 MiB, as each thread's pool kept its own high-water
/// mark; at 4 MiB it stays at 93–97 MiB, and the full build's peak moves by 1 MiB. The explicit
/// ``releaseFreeMemory()`` still gives memory back where a phase ends. `serve` keeps glibc's
/// default: it lives on between builds.
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

    /// The fixed trim threshold in bytes.
    public static let trimThreshold = 4 << 20

    /// Fixes the trim threshold (see the type's notes), for a process that exits after one build.
    /// Returns whether the allocator took the setting (false without glibc).
    @discardableResult
    public static func fixTrimThreshold() -> Bool {
        wkt_fix_trim_threshold(Int32(trimThreshold)) == 1
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

    /// Bytes the allocator's pools hold from the system (0 without glibc), for tests.
    public static var poolBytes: Int {
        Int(wkt_pool_bytes())
    }

    /// Whether the pools keep `bytes` freed at their top in this process, by experiment:
    /// allocates that much in blocks of 96 KiB (below glibc's default mmap threshold and ours, so
    /// they come from a pool, mostly by growing its top), frees them from the last one down, and
    /// reports whether the pools still hold three quarters of it. With glibc's default trim
    /// threshold nothing is kept; with ``fixTrimThreshold()``, 2 MiB is kept and 12 MiB is not.
    /// Meaningful in a fresh process only (`wkt-site _allocator-check`): in a busy one, the pools
    /// may already have the space.
    public static func poolKeeps(freeing bytes: Int) -> Bool {
        let before = poolBytes
        let blocks = (0..<(bytes / (96 << 10))).map { _ in
            let block = UnsafeMutableRawPointer.allocate(byteCount: 96 << 10, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: 96 << 10)
            return block
        }
        for block in blocks.reversed() { block.deallocate() }
        return poolBytes >= before + bytes / 4 * 3
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
