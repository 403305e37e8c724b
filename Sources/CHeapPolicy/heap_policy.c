#include "heap_policy.h"

// Any libc header defines __GLIBC__ on glibc (through features.h); checked after it.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void layerlint_heap_return_large_blocks(void) {
#if defined(__GLIBC__)
    // glibc starts at 128 KiB but raises the threshold to the size of each mapped block
    // freed, so after the first few, large blocks come from the heap and stay there when
    // freed. Set explicitly, it stays put.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}
