#ifndef LAYERLINT_FILE_WRITE_BACK_H
#define LAYERLINT_FILE_WRITE_BACK_H

/// Starts writing the file's dirty pages to its disk without waiting for them (Linux's
/// sync_file_range with SYNC_FILE_RANGE_WRITE over the whole file, which Swift's Glibc
/// module does not export), so that the fsync that ends a report waits only for what was
/// written last. Pages already on their way are skipped. Does nothing elsewhere, or for
/// a descriptor that is not a file; never fails the write.
void layerlint_start_write_back(int descriptor);

#endif
