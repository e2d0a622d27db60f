#ifndef CALLOCATOR_H
#define CALLOCATOR_H

#include <stddef.h>

/// Fixes glibc's mmap threshold at `bytes`: larger allocations are mapped on their own and
/// returned to the system when freed. Returns 1 on success, 0 when refused, -1 without glibc.
int wkt_fix_mmap_threshold(int bytes);

/// Returns the free memory of every allocator pool to the system (`malloc_trim(0)`); 1 when some
/// was returned, 0 when none, -1 without glibc.
int wkt_release_free_memory(void);

/// Fixes glibc's trim threshold at `bytes`: `free` hands the free memory at the top of a pool
/// back to the system only once it reaches that size (glibc's default is 128 KiB). Returns 1 on
/// success, 0 when refused, -1 without glibc.
int wkt_fix_trim_threshold(int bytes);

/// Bytes the allocator's pools hold from the system (glibc's `mallinfo2().arena`), or 0 without
/// glibc. For tests.
size_t wkt_pool_bytes(void);

/// Bytes currently held in separately mapped allocations (glibc's `mallinfo2().hblkhd`), or 0
/// without glibc. For tests.
size_t wkt_mapped_allocation_bytes(void);

#endif
