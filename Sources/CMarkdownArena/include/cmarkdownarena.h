#ifndef CMARKDOWNARENA_H
#define CMARKDOWNARENA_H

#include <stddef.h>

/// A bump allocator for cmark-gfm's parse trees, one per thread (docs/product.md "What the
/// measurements taught us"). WktMarkdown hands these three functions to cmark-gfm as its
/// `cmark_mem` for a parse, then calls `wkt_arena_reset` once the parser and its document are
/// freed. Memory is 16-byte aligned; `free` does nothing; `realloc` grows the newest block in
/// place when it can, else copies. Allocation failure aborts, as cmark-gfm's own allocator does.
void *wkt_arena_calloc(size_t count, size_t size);
void *wkt_arena_realloc(void *pointer, size_t size);
void wkt_arena_free(void *pointer);

/// Begins a parse on this thread: returns 1 when no other parse is under way on it (the parse
/// may use the arena), 0 when one is (a parse inside a parse must use another allocator: the
/// outer one's reset would free its memory). Every call is paired with `wkt_arena_end`.
int wkt_arena_begin(void);

/// Ends a parse begun with `wkt_arena_begin`; ending the outermost one resets the arena.
void wkt_arena_end(void);

/// Makes everything this thread's arena handed out free for reuse: chunks are kept up to
/// `WKT_ARENA_KEEP` bytes, larger amounts are returned to the system.
void wkt_arena_reset(void);

/// Bytes of chunks this thread's arena holds (in use or kept for reuse). For tests.
size_t wkt_arena_held_bytes(void);

/// Bytes of chunks all threads' arenas hold together; a thread's go when it exits. For tests.
size_t wkt_arena_all_threads_bytes(void);

#endif
