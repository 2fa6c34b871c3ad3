// See include/sampling_kernels.h. The arithmetic, as in `LerpKernels` (TransitionKitRender):
// a first-pass lerp t = c0·(256 − w) + c1·w (at most 255·256) is stored as t − 32640, a
// signed 16-bit lane; the second pass multiplies two such lanes by weights adding up to 256
// and sums them in 32 bits (pmaddwd), and since 32640·256 + 2^15 = 128·2^16, that sum shifted
// right by 16 (arithmetic) is the rounded bilinear result minus 128, which packs to signed
// bytes without saturation; flipping each byte's top bit adds the 128 back.
#include "sampling_kernels.h"
#include "cpu_answer.h"
#include "row_ahead.h"
#include "row_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

static int ask_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

int tk_cpu_has_avx2(void) {
    static int known = -1;
    return tk_cpu_answer(&known, ask_avx2);
}

__attribute__((target("avx2"))) long tk_separable_vertical_avx2(
    const uint32_t *p0, const uint32_t *p1, uint16_t *v, long n, uint32_t wy, const uint32_t *ahead) {
    const __m256i ay = _mm256_set1_epi16((short)(256 - wy)), by = _mm256_set1_epi16((short)wy);
    const __m256i bias = _mm256_set1_epi16(32640);
    long c = 0;
    for (; c + 8 <= n; c += 8) {
        tk_prefetch_ahead_l2(ahead, c);
        // Four pixels' bytes widened to 16-bit lanes a register, in column order.
        __m256i t0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p0 + c)));
        __m256i u0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p1 + c)));
        __m256i t1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p0 + c + 4)));
        __m256i u1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p1 + c + 4)));
        __m256i l0 = _mm256_sub_epi16(_mm256_add_epi16(_mm256_mullo_epi16(t0, ay), _mm256_mullo_epi16(u0, by)), bias);
        __m256i l1 = _mm256_sub_epi16(_mm256_add_epi16(_mm256_mullo_epi16(t1, ay), _mm256_mullo_epi16(u1, by)), bias);
        _mm256_storeu_si256((__m256i *)(v + 4 * c), l0);
        _mm256_storeu_si256((__m256i *)(v + 4 * c + 16), l1);
    }
    return c;
}

// Byte 2 of each 32-bit lane of a 128-bit half (the pmaddwd sum's bits 16...23, which is the
// sum shifted right by 16 as a signed byte: that value is the rounded result minus 128, in
// -128...127, see the top of this file) to bytes 4i...4i + 3, zero elsewhere.
#define TK_BYTE2_TO(i)                                                                                    \
    _mm256_setr_epi8((i) == 0 ? 2 : -1, (i) == 0 ? 6 : -1, (i) == 0 ? 10 : -1, (i) == 0 ? 14 : -1,        \
        (i) == 1 ? 2 : -1, (i) == 1 ? 6 : -1, (i) == 1 ? 10 : -1, (i) == 1 ? 14 : -1, (i) == 2 ? 2 : -1,     \
        (i) == 2 ? 6 : -1, (i) == 2 ? 10 : -1, (i) == 2 ? 14 : -1, (i) == 3 ? 2 : -1, (i) == 3 ? 6 : -1,     \
        (i) == 3 ? 10 : -1, (i) == 3 ? 14 : -1, (i) == 0 ? 2 : -1, (i) == 0 ? 6 : -1, (i) == 0 ? 10 : -1,    \
        (i) == 0 ? 14 : -1, (i) == 1 ? 2 : -1, (i) == 1 ? 6 : -1, (i) == 1 ? 10 : -1, (i) == 1 ? 14 : -1,    \
        (i) == 2 ? 2 : -1, (i) == 2 ? 6 : -1, (i) == 2 ? 10 : -1, (i) == 2 ? 14 : -1, (i) == 3 ? 2 : -1,     \
        (i) == 3 ? 6 : -1, (i) == 3 ? 10 : -1, (i) == 3 ? 14 : -1)

// 8 device pixels of the horizontal pass from pixel j (tk_separable_horizontal_avx2). Each step
// i lerps pixels j + 2i (low half) and j + 2i + 1 (high half) and puts their bytes in slot i of
// its half; the halves, pixels 0 2 4 6 | 1 3 5 7, are put back in order at the end. Picking the
// bytes with pshufb takes 4 byte shuffles and 3 ORs where shifting and packing took 4 shifts and
// 3 packs (measured on the 2-core EPYC VM: a C harness, a 1179-pixel row in L1, 14.2–14.4 ->
// 12.2–12.5 cycles per 8 pixels at scales 0.6–1.1; drag-dismiss present frames, two builds
// alternated three times, 0.74–0.84 -> 0.70–0.71 ms; the same bytes).
__attribute__((target("avx2"))) static inline __m256i horizontal8(const int32_t *start, const uint32_t *weights, const uint16_t *v, long j) {
    // Per 128-bit half: (V0, V1) of four channels each → r0 r1 g0 g1 b0 b1 a0 a1.
    const __m256i interleave = _mm256_setr_epi8(
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    const __m256i slots[4] = {TK_BYTE2_TO(0), TK_BYTE2_TO(1), TK_BYTE2_TO(2), TK_BYTE2_TO(3)};
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i top = _mm256_set1_epi8((char)0x80);
    __m256i bytes = _mm256_setzero_si256();
    for (int i = 0; i < 4; i++) {
        long a = j + 2 * i;
        __m256i pair = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(v + 4 * (long)start[a]))),
            _mm_loadu_si128((const __m128i *)(v + 4 * (long)start[a + 1])), 1);
        __m256i w = _mm256_loadu_si256((const __m256i *)(weights + 4 * a));
        __m256i sum = _mm256_madd_epi16(_mm256_shuffle_epi8(pair, interleave), w);
        bytes = _mm256_or_si256(bytes, _mm256_shuffle_epi8(sum, slots[i]));
    }
    return _mm256_xor_si256(_mm256_permutevar8x32_epi32(bytes, order), top);
}

__attribute__((target("avx2"))) long tk_separable_horizontal_avx2(
    uint32_t *dst, const int32_t *start, const uint32_t *weights, const uint16_t *v, long n, int stream) {
    long j;
    TK_STORE_ROW8(dst, n, stream, j, horizontal8(start, weights, v, j));
    return j;
}

__attribute__((target("avx2"))) long tk_column_lerp_avx2(
    uint32_t *state, long lanes, const uint8_t *rows, long rowBytes, long slotMask, long lo, unsigned long pairs,
    unsigned long threes, uint32_t *dst, long from, long j, long to) {
    const __m256i one = _mm256_set1_epi32(1), k256 = _mm256_set1_epi32(256), flip = _mm256_set1_epi32((int)0x80000000u);
    const __m256i top = _mm256_set1_epi8((char)0x80);
    // Per-column weights to the 128-bit halves of the unpacked registers (columns 0 | 2, ...).
    const __m256i w02 = _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2), w13 = _mm256_setr_epi32(1, 1, 1, 1, 3, 3, 3, 3);
    const __m256i w46 = _mm256_setr_epi32(4, 4, 4, 4, 6, 6, 6, 6), w57 = _mm256_setr_epi32(5, 5, 5, 5, 7, 7, 7, 7);
    // packs leaves columns 0 1 4 5 | 2 3 6 7; back in order.
    const __m256i order = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7);
    // Pairs held (unsigned, as a signed comparison with both top bits flipped), and each
    // column's byte offset within the eight.
    const __m256i held = _mm256_xor_si256(_mm256_set1_epi32((int)pairs), flip);
    const __m256i columnBytes = _mm256_setr_epi32(0, 8, 16, 24, 32, 40, 48, 56);
    for (; j + 8 <= to; j += 8) {
        uint32_t *at = state + j;
        __m256i fraction = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)at), _mm256_loadu_si256((const __m256i *)(at + 2 * lanes)));
        __m256i carry = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)(at + 3 * lanes)), _mm256_xor_si256(fraction, flip));
        __m256i index = _mm256_sub_epi32(
            _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(at + lanes)), _mm256_loadu_si256((const __m256i *)(at + 4 * lanes))), carry);
        // The lower of the first and last columns' rows (v is monotonic along a row; if not,
        // a column below it fails the test below), and each column's step from it.
        int first = _mm256_cvtsi256_si32(index), last = _mm256_extract_epi32(index, 7);
        long m = first < last ? first : last;
        __m256i step = _mm256_sub_epi32(index, _mm256_set1_epi32((int)m));
        int steps = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(step, _mm256_setzero_si256())));
        __m256i t0, t1, b0, b1;
        const uint8_t *t = rows + (m & slotMask) * rowBytes + j * 8, *b = t + rowBytes;
        if (steps == 0xff && (unsigned long)(m - lo) < pairs) {
            // One pair of rows (the usual case).
            t0 = _mm256_loadu_si256((const __m256i *)t); t1 = _mm256_loadu_si256((const __m256i *)(t + 32));
            b0 = _mm256_loadu_si256((const __m256i *)b); b1 = _mm256_loadu_si256((const __m256i *)(b + 32));
        } else if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_srli_epi32(step, 1), _mm256_setzero_si256()))) == 0xff
                   && (unsigned long)(m - lo) < threes) {
            // The row steps by one between the columns: rows m...m + 2, and each column takes
            // the upper or lower pair (a ^ ((a ^ b) & mask), mask all ones where it steps).
            const uint8_t *c = b + rowBytes;
            __m256i mask = _mm256_sub_epi32(_mm256_setzero_si256(), step);
            __m256i m0 = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(mask)), m1 = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(mask, 1));
            __m256i a0 = _mm256_loadu_si256((const __m256i *)t), a1 = _mm256_loadu_si256((const __m256i *)(t + 32));
            __m256i e0 = _mm256_loadu_si256((const __m256i *)b), e1 = _mm256_loadu_si256((const __m256i *)(b + 32));
            __m256i c0 = _mm256_loadu_si256((const __m256i *)c), c1 = _mm256_loadu_si256((const __m256i *)(c + 32));
            t0 = _mm256_xor_si256(a0, _mm256_and_si256(_mm256_xor_si256(a0, e0), m0));
            t1 = _mm256_xor_si256(a1, _mm256_and_si256(_mm256_xor_si256(a1, e1), m1));
            b0 = _mm256_xor_si256(e0, _mm256_and_si256(_mm256_xor_si256(e0, c0), m0));
            b1 = _mm256_xor_si256(e1, _mm256_and_si256(_mm256_xor_si256(e1, c1), m1));
        } else if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(
                       held, _mm256_xor_si256(_mm256_sub_epi32(index, _mm256_set1_epi32((int)lo)), flip))))
                   == 0xff) {
            // Each column reads its own pair the window holds (i − lo < pairs in every column,
            // unsigned: the rows step by more than one across the eight, a steep turn): the
            // column's 8 bytes of each row gathered from its slot, row i + 1 one slot on.
            __m256i slot = _mm256_and_si256(index, _mm256_set1_epi32((int)slotMask));
            __m256i at8 = _mm256_add_epi32(_mm256_mullo_epi32(slot, _mm256_set1_epi32((int)rowBytes)), columnBytes);
            const long long *base = (const long long *)(rows + j * 8), *below = (const long long *)(rows + j * 8 + rowBytes);
            __m128i lo4 = _mm256_castsi256_si128(at8), hi4 = _mm256_extracti128_si256(at8, 1);
            t0 = _mm256_i32gather_epi64(base, lo4, 1); t1 = _mm256_i32gather_epi64(base, hi4, 1);
            b0 = _mm256_i32gather_epi64(below, lo4, 1); b1 = _mm256_i32gather_epi64(below, hi4, 1);
        } else {
            break;
        }
        _mm256_storeu_si256((__m256i *)at, fraction);
        _mm256_storeu_si256((__m256i *)(at + lanes), index);
        __m256i wy = _mm256_srli_epi32(_mm256_add_epi32(_mm256_srli_epi32(fraction, 23), one), 1);
        __m256i w = _mm256_or_si256(_mm256_sub_epi32(k256, wy), _mm256_slli_epi32(wy, 16));
        __m256i p02 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(t0, b0), _mm256_permutevar8x32_epi32(w, w02)), 16);
        __m256i p13 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(t0, b0), _mm256_permutevar8x32_epi32(w, w13)), 16);
        __m256i p46 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(t1, b1), _mm256_permutevar8x32_epi32(w, w46)), 16);
        __m256i p57 = _mm256_srai_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(t1, b1), _mm256_permutevar8x32_epi32(w, w57)), 16);
        __m256i bytes = _mm256_packs_epi16(_mm256_packs_epi32(p02, p13), _mm256_packs_epi32(p46, p57));
        bytes = _mm256_xor_si256(_mm256_permutevar8x32_epi32(bytes, order), top);
        _mm256_storeu_si256((__m256i *)(dst + (j - from)), bytes);
    }
    return j;
}

// Four columns' two taps from `quad`'s flags (4: contiguous, 2: steps, select mask index in
// bits 4...7, 1: pairs, each column's two adjacent pixels anywhere); 0 when none. `x0`: the
// first column's.
__attribute__((target("avx2"))) static inline int taps4(
    const uint8_t *src, uint8_t flags, const int32_t *x0, const uint32_t *masks, __m128i *c0, __m128i *c1) {
    const uint8_t *p = src + (long)x0[0] * 4;
    if (flags & 4) {
        *c0 = _mm_loadu_si128((const __m128i *)p); *c1 = _mm_loadu_si128((const __m128i *)(p + 4));
        return 1;
    }
    if (flags & 2) {
        __m128i t0 = _mm_loadu_si128((const __m128i *)p), t1 = _mm_loadu_si128((const __m128i *)(p + 4));
        __m128i t2 = _mm_loadu_si128((const __m128i *)(p + 8));
        __m128i mask = _mm_loadu_si128((const __m128i *)(masks + 4 * (flags >> 4)));
        *c0 = _mm_xor_si128(t0, _mm_and_si128(_mm_xor_si128(t0, t1), mask));
        *c1 = _mm_xor_si128(t1, _mm_and_si128(_mm_xor_si128(t1, t2), mask));
        return 1;
    }
    if (flags & 1) {
        // Four 8-byte pairs (c0, c1) gathered (a downscale by more than 5/4: the columns step
        // by two or more image pixels), then all c0 and all c1.
        __m256i pairs = _mm256_i32gather_epi64((const long long *)src, _mm_slli_epi32(_mm_loadu_si128((const __m128i *)x0), 2), 1);
        pairs = _mm256_permutevar8x32_epi32(pairs, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
        *c0 = _mm256_castsi256_si128(pairs); *c1 = _mm256_extracti128_si256(pairs, 1);
        return 1;
    }
    return 0;
}

__attribute__((target("avx2"))) long tk_blend_row_avx2(
    const uint8_t *src, const uint8_t *quad, const int32_t *x0, const uint32_t *masks, const uint16_t *weights,
    const uint16_t *complements, uint16_t *dst, long j, long count) {
    const __m256i bias = _mm256_set1_epi16(32640);
    for (; j + 8 <= count; j += 8) {
        __m128i a0, a1, b0, b1;
        if (!taps4(src, quad[j], x0 + j, masks, &a0, &a1) || !taps4(src, quad[j + 4], x0 + j + 4, masks, &b0, &b1)) break;
        const uint16_t *wb = weights + 4 * j, *wa = complements + 4 * j;
        __m256i l0 = _mm256_sub_epi16(
            _mm256_add_epi16(
                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(a0), _mm256_loadu_si256((const __m256i *)wa)),
                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(a1), _mm256_loadu_si256((const __m256i *)wb))),
            bias);
        __m256i l1 = _mm256_sub_epi16(
            _mm256_add_epi16(
                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(b0), _mm256_loadu_si256((const __m256i *)(wa + 16))),
                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(b1), _mm256_loadu_si256((const __m256i *)(wb + 16)))),
            bias);
        _mm256_storeu_si256((__m256i *)(dst + 4 * j), l0);
        _mm256_storeu_si256((__m256i *)(dst + 4 * j + 16), l1);
    }
    return j;
}

#else
int tk_cpu_has_avx2(void) { return 0; }
long tk_blend_row_avx2(
    const uint8_t *src, const uint8_t *quad, const int32_t *x0, const uint32_t *masks, const uint16_t *weights,
    const uint16_t *complements, uint16_t *dst, long j, long count) {
    (void)src; (void)quad; (void)x0; (void)masks; (void)weights; (void)complements; (void)dst; (void)count;
    return j;
}
long tk_column_lerp_avx2(
    uint32_t *state, long lanes, const uint8_t *rows, long rowBytes, long slotMask, long lo, unsigned long pairs,
    unsigned long threes, uint32_t *dst, long from, long j, long to) {
    (void)state; (void)lanes; (void)rows; (void)rowBytes; (void)slotMask; (void)lo; (void)pairs; (void)threes; (void)dst; (void)from; (void)to;
    return j;
}
long tk_separable_vertical_avx2(const uint32_t *p0, const uint32_t *p1, uint16_t *v, long n, uint32_t wy, const uint32_t *ahead) {
    (void)p0; (void)p1; (void)v; (void)n; (void)wy; (void)ahead;
    return 0;
}
long tk_separable_horizontal_avx2(uint32_t *dst, const int32_t *start, const uint32_t *weights, const uint16_t *v, long n, int stream) {
    (void)dst; (void)start; (void)weights; (void)v; (void)n; (void)stream;
    return 0;
}
#endif

