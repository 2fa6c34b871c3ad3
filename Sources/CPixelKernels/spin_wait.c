// See include/spin_wait.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spin_wait.h"

int tk_quota_cpus(const char *cpu_max) {
    char quota[32] = {0};
    long period = 0;
    if (!cpu_max || sscanf(cpu_max, "%31s %ld", quota, &period) != 2 || period <= 0 || strcmp(quota, "max") == 0) return 0;
    char *end = NULL;
    long q = strtol(quota, &end, 10);
    if (q <= 0 || !end || *end != '\0') return 0;
    long n = q / period;
    return n > 0 ? (int)n : 1;
}

#if defined(__linux__)
/// `tk_quota_cpus` of this process's cgroup (v2) `cpu.max`; 0 without one.
static int quota_cpus(void) {
    FILE *f = fopen("/sys/fs/cgroup/cpu.max", "r");
    if (!f) return 0;
    char text[64] = {0};
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return tk_quota_cpus(text);
}
#endif

int tk_available_cpus(void) {
    long n = 0;
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
#endif
    if (n <= 0) n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n <= 0) n = 1;
#if defined(__linux__)
    int quota = quota_cpus();
    if (quota > 0 && quota < n) n = quota;
#endif
    return (int)n;
}
