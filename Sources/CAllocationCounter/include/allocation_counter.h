#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
// Counts the process's heap allocations for the benchmark harness: linked into the `bench` executable only, this
// file's malloc, calloc, realloc, memalign, aligned_alloc and posix_memalign take the place of the C library's (ELF
// symbol interposition: the executable's definitions win for every library of the process) and forward to glibc's
// own implementations (__libc_malloc and friends), counting calls and requested bytes while counting is on.

#include <stdint.h>

/// Starts counting from zero.
void allocation_counter_start(void);
/// Stops counting; the totals stay readable.
void allocation_counter_stop(void);
/// Allocation calls counted since the last start.
uint64_t allocation_counter_calls(void);
/// Bytes requested by them.
uint64_t allocation_counter_bytes(void);

#endif
