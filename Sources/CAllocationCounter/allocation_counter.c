// See include/allocation_counter.h. glibc exports its allocator under __libc_* names, which is what makes
// forwarding possible without dlsym (which itself allocates).
#include "allocation_counter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting;
static atomic_uint_fast64_t calls;
static atomic_uint_fast64_t bytes;

static inline void count(size_t size) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
    }
}

void allocation_counter_start(void) {
    atomic_store(&calls, 0);
    atomic_store(&bytes, 0);
    atomic_store(&counting, 1);
}

void allocation_counter_stop(void) { atomic_store(&counting, 0); }
uint64_t allocation_counter_calls(void) { return atomic_load(&calls); }
uint64_t allocation_counter_bytes(void) { return atomic_load(&bytes); }

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    size_t total;
    // An overflowing request fails in glibc; count it as the one call it is, with no bytes.
    count(__builtin_mul_overflow(number, size, &total) ? 0 : total);
    return __libc_calloc(number, size);
}

// realloc counts as an allocation of its new size whenever it returns memory (growing, shrinking or moving);
// realloc(p, 0) frees and is not counted.
void *realloc(void *pointer, size_t size) {
    if (size != 0 || pointer == NULL) count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
