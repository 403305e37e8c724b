#ifndef LAYERLINT_HEAP_TRIM_H
#define LAYERLINT_HEAP_TRIM_H

/// Gives the whole free pages of every malloc arena back to the system (glibc's
/// malloc_trim, which Swift's Glibc module does not export). Does nothing elsewhere.
void layerlint_heap_trim(void);

#endif
