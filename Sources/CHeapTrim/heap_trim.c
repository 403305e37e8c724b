#include "heap_trim.h"

// Any libc header defines __GLIBC__ on glibc (through features.h); checked after it.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void layerlint_heap_trim(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
