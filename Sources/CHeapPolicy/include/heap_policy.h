#ifndef LAYERLINT_HEAP_POLICY_H
#define LAYERLINT_HEAP_POLICY_H

/// Makes malloc give every block of 256 KiB or more its own mapping, returned to the
/// system when freed (glibc's M_MMAP_THRESHOLD, fixed, which Swift's Glibc module does
/// not export). Does nothing elsewhere. For the command line, once, before any work.
void layerlint_heap_return_large_blocks(void);

#endif
