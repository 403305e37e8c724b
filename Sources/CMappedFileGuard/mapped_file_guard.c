// The SIGBUS guard of mapped dump files (include/mapped_file_guard.h).
//
// State is one fixed table of slots, shared by every thread and read by the signal
// handler, so it is made of lock-free atomics only: a handler may run on any thread, at
// any moment, and must not take a lock or allocate.

#define _GNU_SOURCE
#include "mapped_file_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

// Files mapped at once: one per worker thread (`--jobs`), with room to spare.
#define SLOT_COUNT 256

struct slot {
    atomic_int used;
    atomic_uintptr_t start;   // 0 while the slot is not guarding anything
    atomic_size_t length;
    atomic_int faulted;
};

static struct slot slots[SLOT_COUNT];
static struct sigaction previous;
static uintptr_t page_size;
static int install_result = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void pass_on(int sig, siginfo_t *info, void *context) {
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
        previous.sa_sigaction(sig, info, context);
        return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
        return;
    }
    // Not ours and nobody else's: die of it as without this handler. A fault re-runs the
    // instruction on return and now meets the default action; a raised signal is raised
    // again.
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_sigbus(int sig, siginfo_t *info, void *context) {
    if (info && info->si_code == BUS_ADRERR) {
        uintptr_t address = (uintptr_t)info->si_addr;
        for (int i = 0; i < SLOT_COUNT; i++) {
            uintptr_t start = atomic_load_explicit(&slots[i].start, memory_order_acquire);
            if (start == 0) continue;
            size_t length = atomic_load_explicit(&slots[i].length, memory_order_relaxed);
            if (address < start || address >= start + length) continue;
            // The file ends before this page: put zeros from here to the end of the
            // region, in one mapping, so the reader goes on and meets no more faults.
            uintptr_t page = address & ~(page_size - 1);
            uintptr_t end = (start + length + page_size - 1) & ~(page_size - 1);
            void *zeros = mmap((void *)page, end - page, PROT_READ,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zeros == MAP_FAILED) break;
            atomic_store_explicit(&slots[i].faulted, 1, memory_order_release);
            return;
        }
    }
    pass_on(sig, info, context);
}

static void install(void) {
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action = {0};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    install_result = sigaction(SIGBUS, &action, &previous);
}

int layerlint_guard_install(void) {
    pthread_once(&once, install);
    return install_result;
}

int layerlint_guard_register(const void *start, size_t length) {
    if (layerlint_guard_install() != 0 || start == NULL || length == 0) return -1;
    for (int i = 0; i < SLOT_COUNT; i++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&slots[i].used, &expected, 1)) continue;
        atomic_store_explicit(&slots[i].faulted, 0, memory_order_relaxed);
        atomic_store_explicit(&slots[i].length, length, memory_order_relaxed);
        atomic_store_explicit(&slots[i].start, (uintptr_t)start, memory_order_release);
        return i;
    }
    return -1;
}

int layerlint_guard_faulted(int slot) {
    if (slot < 0 || slot >= SLOT_COUNT) return 0;
    return atomic_load_explicit(&slots[slot].faulted, memory_order_acquire);
}

void layerlint_guard_unregister(int slot) {
    if (slot < 0 || slot >= SLOT_COUNT) return;
    atomic_store_explicit(&slots[slot].start, 0, memory_order_release);
    atomic_store_explicit(&slots[slot].used, 0, memory_order_release);
}
