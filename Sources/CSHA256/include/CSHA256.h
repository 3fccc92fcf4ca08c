#ifndef TEXTSIZE_CSHA256_H
#define TEXTSIZE_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the SHA extensions (and the SSSE3 and SSE4.1 they are used with): 1 or 0. Always 0
/// where they do not exist (not x86).
int textsize_sha256_extensions_available(void);

/// Compresses `blocks` 64-byte blocks at `data` into the SHA-256 state H0…H7 (`state`, in that order) with the SHA
/// extensions. Call only when `textsize_sha256_extensions_available()` said 1.
void textsize_sha256_extensions_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
