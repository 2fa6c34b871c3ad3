// What a short spin-wait between threads needs that Swift cannot say: the CPU's spin-loop hint
// and the number of CPUs this process may run on.
#ifndef TK_SPIN_WAIT_H
#define TK_SPIN_WAIT_H

/// One step of a spin-wait loop: `pause` on x86 (the core leaves the loop without a
/// memory-order flush when the awaited store lands, and gives the pipeline to its sibling
/// hyper-thread meanwhile), `yield` on 64-bit Arm, nothing elsewhere. Inline, so a Swift spin
/// loop calls no function.
static inline void tk_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// The CPUs the calling thread may run on: its affinity mask's count on Linux
/// (`sched_getaffinity`, so `taskset -c 1` gives 1), no more than a cgroup v2 CPU quota allows
/// (`/sys/fs/cgroup/cpu.max`, as `docker --cpus=1` sets it, rounded down); the online CPUs
/// elsewhere; at least 1.
int tk_available_cpus(void);

/// The CPUs a cgroup v2 `cpu.max` text allows: "quota period" (µs each) gives quota ÷ period
/// rounded down, at least 1; "max period" (no quota), NULL or anything else gives 0.
int tk_quota_cpus(const char *cpu_max);

#endif
