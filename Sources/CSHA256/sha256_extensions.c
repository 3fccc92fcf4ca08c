// SHA-256 block compression with the x86 SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2), about five times
// the portable Swift code's speed: font files are hashed to name them, 50 MB for the default cascade.
//
// The state lives in two registers as SHA256RNDS2 wants it, ABEF and CDGH; each SHA256RNDS2 does two rounds with the
// low two words of its message operand (the schedule word plus the round constant), so four rounds take two of them
// with the operand's high half shuffled down between. The schedule is kept as four registers of four words each,
// overwritten in turn: words 4i…4i+3 for i ≥ 4 are MSG2(MSG1(W[i−4], W[i−3]) + (W[i−1]:W[i−2] shifted by one word),
// W[i−1]) — σ0 of the word 15 back from MSG1, the word 7 back from the shift, σ1 of the word 2 back from MSG2.
#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int textsize_sha256_extensions_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    // Leaf 1, ECX: bit 9 SSSE3 (PSHUFB, PALIGNR), bit 19 SSE4.1 (PBLENDW).
    if (!(ecx & (1u << 9)) || !(ecx & (1u << 19))) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    // Leaf 7, subleaf 0, EBX: bit 29 SHA.
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx >> 29) & 1u;
}

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,sse4.1,ssse3")))
void textsize_sha256_extensions_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Each 32-bit word of a block is big-endian: reverse the bytes of each lane.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // Lanes are named high lane first below, as Intel's manuals name them.
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);  // D C B A
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);  // H G F E
    abcd = _mm_shuffle_epi32(abcd, 0xB1);                          // C D A B
    efgh = _mm_shuffle_epi32(efgh, 0x1B);                          // E F G H
    __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);                 // A B E F
    __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);              // C D G H
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i schedule[4];
        for (int i = 0; i < 16; i++) {
            __m128i words;
            if (i < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byte_swap);
            } else {
                const __m128i back4 = schedule[i & 3], back3 = schedule[(i + 1) & 3];
                const __m128i back2 = schedule[(i + 2) & 3], back1 = schedule[(i + 3) & 3];
                words = _mm_add_epi32(_mm_sha256msg1_epu32(back4, back3), _mm_alignr_epi8(back1, back2, 4));
                words = _mm_sha256msg2_epu32(words, back1);
            }
            schedule[i & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);                          // F E B A
    const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);                          // D C H G
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));  // D C B A
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));     // H G F E
}

#else

int textsize_sha256_extensions_available(void) { return 0; }

void textsize_sha256_extensions_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif
