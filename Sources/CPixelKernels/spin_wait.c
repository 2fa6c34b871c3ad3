// See include/spin_wait.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <unistd.h>

#include "spin_wait.h"

int tk_available_cpus(void) {
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        return n > 0 ? n : 1;
    }
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
