#ifndef TEXTSIZE_CPREFETCH_H
#define TEXTSIZE_CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` into its caches, for reading, without waiting for it
/// and without faulting if the address is not mapped. Swift has no prefetch of its own; this `static inline` function
/// is inlined into Swift callers, so a call is one `prefetcht0` instruction.
static inline __attribute__((always_inline)) void textsize_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
