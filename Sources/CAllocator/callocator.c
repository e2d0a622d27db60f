#include "callocator.h"

#if defined(__linux__)
#include <malloc.h>  /* defines __GLIBC__ on glibc */
#endif

#if defined(__GLIBC__)

int wkt_fix_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

size_t wkt_mapped_allocation_bytes(void) {
    return mallinfo2().hblkhd;
}

int wkt_release_free_memory(void) {
    return malloc_trim(0);
}

int wkt_fix_trim_threshold(int bytes) {
    return mallopt(M_TRIM_THRESHOLD, bytes);
}

size_t wkt_pool_bytes(void) {
    return mallinfo2().arena;
}
#else
int wkt_fix_mmap_threshold(int bytes) {
    (void)bytes;
    return -1;
}

size_t wkt_mapped_allocation_bytes(void) {
    return 0;
}

int wkt_release_free_memory(void) {
    return -1;
}

int wkt_fix_trim_threshold(int bytes) {
    (void)bytes;
    return -1;
}

size_t wkt_pool_bytes(void) {
    return 0;
}
#endif
