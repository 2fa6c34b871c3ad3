// Private to CPixelKernels: the one rule by which a CPU feature is asked about once.
#ifndef TK_CPU_ANSWER_H
#define TK_CPU_ANSWER_H

/// `ask()`'s answer (0 or 1), asked on the first call and kept in `*known` (-1 until then).
/// Threads racing on the first call each store the same answer (relaxed atomics, so the race
/// is defined).
static inline int tk_cpu_answer(int *known, int (*ask)(void)) {
    int answer = __atomic_load_n(known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = ask() ? 1 : 0;
        __atomic_store_n(known, answer, __ATOMIC_RELAXED);
    }
    return answer;
}

#endif
