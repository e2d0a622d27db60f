#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has the SHA extensions (and the SSSE3 and SSE4.1 the block function
/// also uses), else 0; always 0 off x86-64. Asked once by WktCore's `SHA256`.
int wkt_sha256_has_hardware(void);

/// Compresses `count` 64-byte blocks from `blocks` into the eight state words `state` (FIPS
/// 180-4 SHA-256, the words in their usual order A…H) with the processor's SHA instructions;
/// `k` is the standard's 64 round constants (WktCore's table, so there is one).
/// Only call it when `wkt_sha256_has_hardware()` is 1; it does nothing off x86-64.
void wkt_sha256_compress_hardware(uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t k[64]);

#endif
