#ifndef LAYERLINT_MAPPED_FILE_GUARD_H
#define LAYERLINT_MAPPED_FILE_GUARD_H

#include <stddef.h>

/// Turns a read past the end of a mapped file that shrank while it was mapped (SIGBUS,
/// BUS_ADRERR) into zero bytes, for the regions registered here, and records that it
/// happened, so the reader can report "the file changed while it was read" for that file
/// instead of the process dying. docs/reliability.md says why this and not pread.

/// Installs the process-wide SIGBUS handler, once, whatever the number of callers or
/// threads. Returns 0, or -1 when sigaction failed (then nothing is guarded).
int layerlint_guard_install(void);

/// Guards [start, start + length): returns a slot to pass to the other calls, or -1 when
/// every slot is taken (the region is then read unguarded).
int layerlint_guard_register(const void *start, size_t length);

/// Whether a read past the file's end was turned into zeros in the slot's region.
int layerlint_guard_faulted(int slot);

/// Stops guarding the slot's region; call before unmapping it.
void layerlint_guard_unregister(int slot);

#endif
