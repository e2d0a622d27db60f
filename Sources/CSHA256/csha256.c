#include "csha256.h"

// SHA-256's block function with the x86 SHA extensions (SHA-NI): the same output as WktCore's
// portable Swift rounds (`SHA256Tests` compares them on every length up to a few blocks and on
// the NIST vectors), about ten times as fast. The register layout is the one the instructions
// want: one 128-bit value holds A, B, E, F and another C, D, G, H; `sha256rnds2` does two
// rounds, so each group of four rounds is two calls with the halves of W[t] + K[t].
// The message schedule for group g ≥ 4 (words 4g…4g+3) is
//   msg2(msg1(M[g-4], M[g-3]) + alignr(M[g-1], M[g-2], 4 bytes), M[g-1]):
// msg1 adds σ0 of W[t-15] to W[t-16], alignr brings W[t-7], msg2 adds σ1 of W[t-2].

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

int wkt_sha256_has_hardware(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

__attribute__((target("sha,sse4.1,ssse3")))
void wkt_sha256_compress_hardware(uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t k[64]) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);
    abcd = _mm_shuffle_epi32(abcd, 0xB1);              // CDAB
    efgh = _mm_shuffle_epi32(efgh, 0x1B);              // EFGH
    __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);     // ABEF
    __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);  // CDGH
    for (; count > 0; count--, blocks += 64) {
        const __m128i abefStart = abef, cdghStart = cdgh;
        __m128i m[4];
        for (int g = 0; g < 16; g++) {
            __m128i words;
            if (g < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * g)), byteSwap);
            } else {
                const __m128i w4 = m[g & 3], w3 = m[(g + 1) & 3], w2 = m[(g + 2) & 3], w1 = m[(g + 3) & 3];
                words = _mm_sha256msg2_epu32(
                    _mm_add_epi32(_mm_sha256msg1_epu32(w4, w3), _mm_alignr_epi8(w1, w2, 4)), w1);
            }
            m[g & 3] = words;
            __m128i wk = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&k[4 * g]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            wk = _mm_shuffle_epi32(wk, 0x0E);
            // Two rounds make the old A B E F the new C D G H: the first call leaves the new
            // A B E F in `cdgh`, the second the next ones in `abef`, and the names fit again.
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);
        }
        abef = _mm_add_epi32(abef, abefStart);
        cdgh = _mm_add_epi32(cdgh, cdghStart);
    }
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));  // state A B C D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));     // state E F G H
}
#else
int wkt_sha256_has_hardware(void) { return 0; }

void wkt_sha256_compress_hardware(uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t k[64]) {
    (void)state;
    (void)blocks;
    (void)count;
    (void)k;
}
#endif
