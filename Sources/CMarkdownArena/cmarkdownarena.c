#include "cmarkdownarena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Why: cmark-gfm allocates every node, every inline and every buffer with calloc and frees
 * each one when the document is freed: 1.05 million callocs and 1.4 million frees in a full
 * build of the 10-year demo, about 7 % of all its instructions in glibc's allocator. A parse
 * is short-lived and its memory dies all at once, so a bump allocator that is reset after
 * each document does the same work for a fraction. cmark_mem carries no context pointer, so
 * the arena is per thread (pages are rendered on every core at once). */

#define WKT_ARENA_ALIGN ((size_t)16)
#define WKT_ARENA_CHUNK ((size_t)256 * 1024)
#define WKT_ARENA_KEEP ((size_t)4 * 1024 * 1024)

typedef struct wkt_chunk {
    struct wkt_chunk *next;
    size_t capacity; /* bytes after the header */
    size_t used;
} wkt_chunk;

/* The header rounded up, so every block's prefix (and so its data) stays 16-byte aligned. */
#define WKT_HEADER ((sizeof(wkt_chunk) + WKT_ARENA_ALIGN - 1) & ~(WKT_ARENA_ALIGN - 1))
/* Each block is preceded by its requested size (for realloc), padded to the alignment. */
#define WKT_PREFIX WKT_ARENA_ALIGN

static _Thread_local wkt_chunk *filling; /* the chunk being filled, then older full ones */
static _Thread_local wkt_chunk *spare;   /* emptied chunks kept for reuse */
static _Thread_local int registered;     /* whether this thread's exit frees its chunks */
static _Thread_local int depth;          /* parses begun and not ended on this thread */

/* A thread's chunks are freed when it exits (the thread pool ends idle threads, and `serve`
 * rebuilds for hours): a thread-specific key whose destructor runs at thread exit, while the
 * thread's own variables are still there. */
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/* Bytes of chunks held by every thread's arena together (for tests). */
static size_t all_threads_bytes;

static void free_chunk(wkt_chunk *chunk) {
    __atomic_fetch_sub(&all_threads_bytes, chunk->capacity, __ATOMIC_RELAXED);
    free(chunk);
}

static void free_list(wkt_chunk *chunk) {
    while (chunk) {
        wkt_chunk *next = chunk->next;
        free_chunk(chunk);
        chunk = next;
    }
}

static void thread_exit(void *value) {
    (void)value;
    free_list(filling);
    free_list(spare);
    filling = NULL;
    spare = NULL;
}

static void make_exit_key(void) {
    if (pthread_key_create(&exit_key, thread_exit) != 0) abort();
}

static void register_thread(void) {
    if (registered) return;
    pthread_once(&exit_key_once, make_exit_key);
    /* Any non-NULL value: the destructor only runs for one. */
    if (pthread_setspecific(exit_key, &registered) != 0) abort();
    registered = 1;
}

static unsigned char *chunk_data(wkt_chunk *chunk) { return (unsigned char *)chunk + WKT_HEADER; }

/* The bytes a block of `size` takes, prefix included; 0 when that overflows. */
static size_t block_bytes(size_t size) {
    if (size > SIZE_MAX - WKT_PREFIX - WKT_ARENA_ALIGN) return 0;
    return (size + WKT_PREFIX + WKT_ARENA_ALIGN - 1) & ~(WKT_ARENA_ALIGN - 1);
}

/* Makes a chunk with room for `need` bytes the one being filled: a kept one if large enough,
 * else a new one. */
static void start_chunk(size_t need) {
    register_thread();
    wkt_chunk **link = &spare;
    while (*link && (*link)->capacity < need) link = &(*link)->next;
    wkt_chunk *chunk = *link;
    if (chunk) {
        *link = chunk->next;
    } else {
        size_t capacity = need > WKT_ARENA_CHUNK ? need : WKT_ARENA_CHUNK;
        if (capacity > SIZE_MAX - WKT_HEADER) abort();
        chunk = malloc(WKT_HEADER + capacity);
        if (!chunk) abort();
        chunk->capacity = capacity;
        __atomic_fetch_add(&all_threads_bytes, capacity, __ATOMIC_RELAXED);
    }
    chunk->used = 0;
    chunk->next = filling;
    filling = chunk;
}

static void *arena_alloc(size_t size) {
    size_t need = block_bytes(size);
    if (need == 0) abort();
    if (!filling || filling->capacity - filling->used < need) start_chunk(need);
    unsigned char *block = chunk_data(filling) + filling->used;
    *(size_t *)block = size;
    filling->used += need;
    return block + WKT_PREFIX;
}

void *wkt_arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    size_t total = count * size;
    void *pointer = arena_alloc(total);
    memset(pointer, 0, total);
    return pointer;
}

void *wkt_arena_realloc(void *pointer, size_t size) {
    if (!pointer) return arena_alloc(size);
    unsigned char *block = (unsigned char *)pointer - WKT_PREFIX;
    size_t old = *(size_t *)block;
    /* The newest block of the chunk being filled grows (or shrinks) in place when it fits. */
    if (filling && block >= chunk_data(filling) && block < chunk_data(filling) + filling->used) {
        size_t offset = (size_t)(block - chunk_data(filling));
        size_t need = block_bytes(size);
        if (need == 0) abort();
        if (offset + block_bytes(old) == filling->used && need <= filling->capacity - offset) {
            filling->used = offset + need;
            *(size_t *)block = size;
            return pointer;
        }
    }
    if (size <= old) {
        *(size_t *)block = size;
        return pointer;
    }
    void *moved = arena_alloc(size);
    memcpy(moved, pointer, old);
    return moved;
}

void wkt_arena_free(void *pointer) { (void)pointer; }

void wkt_arena_reset(void) {
    size_t kept = 0;
    for (wkt_chunk *chunk = spare; chunk; chunk = chunk->next) kept += chunk->capacity;
    while (filling) {
        wkt_chunk *chunk = filling;
        filling = chunk->next;
        if (kept + chunk->capacity <= WKT_ARENA_KEEP) {
            kept += chunk->capacity;
            chunk->used = 0;
            chunk->next = spare;
            spare = chunk;
        } else {
            free_chunk(chunk);
        }
    }
}

size_t wkt_arena_held_bytes(void) {
    size_t held = 0;
    for (wkt_chunk *chunk = filling; chunk; chunk = chunk->next) held += chunk->capacity;
    for (wkt_chunk *chunk = spare; chunk; chunk = chunk->next) held += chunk->capacity;
    return held;
}

size_t wkt_arena_all_threads_bytes(void) { return __atomic_load_n(&all_threads_bytes, __ATOMIC_RELAXED); }

int wkt_arena_begin(void) { return depth++ == 0; }

void wkt_arena_end(void) {
    if (depth > 0 && --depth == 0) wkt_arena_reset();
}
