#if defined(__linux__)
#define _GNU_SOURCE
#include <fcntl.h>
#endif
#include "file_write_back.h"

void layerlint_start_write_back(int descriptor) {
#if defined(__linux__)
    // Offset 0 and length 0: from the start to the end of the file, whatever its size.
    (void)sync_file_range(descriptor, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
#endif
}
