/* pe_eval_neon.c - the 5-7-card batch on 16 rows at once with NEON (aarch64: Apple Silicon,
 * Graviton, Ampere, Raspberry Pi 4/5), arm_neon.h intrinsics; chosen by pe_eval_batch_max on every
 * aarch64 CPU (Advanced SIMD is mandatory in ARMv8-A). The design of the AVX2 kernel
 * (pe_eval_avx2.c), simpler because a 128-bit register holds one card of 16 rows:
 *   cards: 8 bytes from each row's start (row i and row i + 8 in the two halves of a register), an
 *          8x8 byte transpose of both halves at once (trn1/trn2 on 8-, 16- and 32-bit elements):
 *          register j holds card j of the 16 rows; bytes past a row's k-th card are never used;
 *   rank keys: three byte planes (bits 0-7, 8-15, 16-21 of RANK_KEYS) by tbl on card >> 2, summed
 *          in 16-bit lanes (uaddw/uaddw2); the key is assembled, multiplied and masked in vector
 *          registers (the scalar hash), then the two dependent table reads run in scalar code;
 *   suits: two tbl planes of 4-bit counters summed in bytes; a counter plus 3 reaching 8 is five of
 *          a suit (flush rows are evaluated afterwards by the scalar single-hand path);
 *   validation: the largest byte (umaxv) >= 52, or two equal cards of a row (one byte compare per
 *          pair of card registers), stops the kernel before any lookup; the scalar batch then
 *          names the row. Tails (the last rows, where 8 bytes would pass the buffer's end) go to
 *          the scalar kernel too.
 * Same keys and tables as pe_eval_internal.h, so the same values. Speed on ARM was not measured (no
 * ARM machine): executed instructions under qemu-aarch64 are 31 (7 cards) and 18 (5 cards) a row
 * against the scalar kernel's 50 and 41 (docs/decisions/024-batch-kernels-without-avx512.md).
 * Correctness: tests/c/test_eval.c under qemu-aarch64 (tools/check_portability.sh) compares every
 * row with the single-hand evaluator and checks that a repeat at every pair of positions, and an
 * invalid byte, name their row. */
#include "pe_compat.h"
#include "pe_eval_internal.h"
#include "pe_eval_neon.h"

#if PE_HAVE_NEON
#include <arm_neon.h>

/* Cards of 16 rows (8 bytes read from each row's start; bytes past the k-th are ignored): row i in
 * the low half of x[i], row i + 8 in the high half; an 8x8 byte transpose of both halves at once
 * (three rounds of trn1/trn2 on 8-, 16- and 32-bit elements) leaves card j of rows 0..15 in x[j]. */
static PE_ALWAYS_INLINE void pe_neon_cards(const uint8_t *c, const int k, uint8x16_t x[8])
{
    uint8x16_t w[8];
    for (int i = 0; i < 8; i++) w[i] = vcombine_u8(vld1_u8(c + (size_t)i * (size_t)k), vld1_u8(c + (size_t)(i + 8) * (size_t)k));
    uint8x16_t a[8];
    for (int i = 0; i < 8; i += 2) {
        a[i] = vtrn1q_u8(w[i], w[i + 1]);     /* even columns of rows i, i + 1 */
        a[i + 1] = vtrn2q_u8(w[i], w[i + 1]); /* odd columns */
    }
    uint16x8_t b[8];
    for (int i = 0; i < 8; i += 4)
        for (int o = 0; o < 2; o++) {
            b[i + o] = vtrn1q_u16(vreinterpretq_u16_u8(a[i + o]), vreinterpretq_u16_u8(a[i + o + 2]));
            b[i + o + 2] = vtrn2q_u16(vreinterpretq_u16_u8(a[i + o]), vreinterpretq_u16_u8(a[i + o + 2]));
        }
    /* b[0]: columns 0, 4 of rows 0-3; b[1]: 1, 5; b[2]: 2, 6; b[3]: 3, 7; b[4..7] the same for rows 4-7 */
    for (int j = 0; j < 4; j++) {
        x[j] = vreinterpretq_u8_u32(vtrn1q_u32(vreinterpretq_u32_u16(b[j]), vreinterpretq_u32_u16(b[j + 4])));
        x[j + 4] = vreinterpretq_u8_u32(vtrn2q_u32(vreinterpretq_u32_u16(b[j]), vreinterpretq_u32_u16(b[j + 4])));
    }
}

static PE_ALWAYS_INLINE uint32x4_t pe_neon_key4(uint16x4_t w0, uint16x4_t w1, uint16x4_t w2)
{
    return vaddq_u32(vmovl_u16(w0), vaddq_u32(vshll_n_u16(w1, 8), vshll_n_u16(w2, 16)));
}

static PE_ALWAYS_INLINE size_t pe_neon_k(const uint8_t *cards, size_t rows, const int k, uint16_t *out)
{
    uint8_t p0[16] = {0}, p1[16] = {0}, p2[16] = {0}, sa[16] = {0}, sb[16] = {0};
    for (int r = 0; r < 13; r++) {
        const uint32_t key = (uint32_t)PE_CARD_KEY(4 * r); /* the rank key: the low 32 bits */
        p0[r] = (uint8_t)key;
        p1[r] = (uint8_t)(key >> 8);
        p2[r] = (uint8_t)(key >> 16);
    }
    sa[0] = 1; sa[1] = 16; sb[2] = 1; sb[3] = 16; /* suits 0, 1 | 2, 3: 4-bit counters in a byte */
    const uint8x16_t P0 = vld1q_u8(p0), P1 = vld1q_u8(p1), P2 = vld1q_u8(p2), SA = vld1q_u8(sa), SB = vld1q_u8(sb);
    const uint8x16_t three = vdupq_n_u8(3), c33 = vdupq_n_u8(0x33), c88 = vdupq_n_u8(0x88);
    size_t r = 0;
    for (; (r + 15) * (size_t)k + 8 <= rows * (size_t)k; r += 16) {
        const uint8_t *c = cards + r * (size_t)k;
        uint8x16_t x[8];
        pe_neon_cards(c, k, x);
        uint8x16_t top = vdupq_n_u8(0), dup = vdupq_n_u8(0), s0 = vdupq_n_u8(0), s1 = vdupq_n_u8(0);
        uint16x8_t a0l = vdupq_n_u16(0), a0h = a0l, a1l = a0l, a1h = a0l, a2l = a0l, a2h = a0l;
        for (int j = 0; j < k; j++) {
            top = vmaxq_u8(top, x[j]);
            for (int i = 0; i < j; i++) dup = vorrq_u8(dup, vceqq_u8(x[i], x[j]));
            const uint8x16_t rk = vshrq_n_u8(x[j], 2), su = vandq_u8(x[j], three);
            const uint8x16_t b0 = vqtbl1q_u8(P0, rk), b1 = vqtbl1q_u8(P1, rk), b2 = vqtbl1q_u8(P2, rk);
            a0l = vaddw_u8(a0l, vget_low_u8(b0)); a0h = vaddw_high_u8(a0h, b0);
            a1l = vaddw_u8(a1l, vget_low_u8(b1)); a1h = vaddw_high_u8(a1h, b1);
            a2l = vaddw_u8(a2l, vget_low_u8(b2)); a2h = vaddw_high_u8(a2h, b2);
            s0 = vaddq_u8(s0, vqtbl1q_u8(SA, su));
            s1 = vaddq_u8(s1, vqtbl1q_u8(SB, su));
        }
        if (PE_UNLIKELY(vmaxvq_u8(top) >= 52 || vmaxvq_u8(dup) != 0)) break; /* scalar names the row */
        const uint8x16_t fl = vorrq_u8(vandq_u8(vaddq_u8(s0, c33), c88), vandq_u8(vaddq_u8(s1, c33), c88));
        uint32_t xs[16];
        const uint32x4_t mask = vdupq_n_u32(PE_KEY_MASK);
        vst1q_u32(xs + 0, vandq_u32(vmulq_n_u32(pe_neon_key4(vget_low_u16(a0l), vget_low_u16(a1l), vget_low_u16(a2l)), PE_HASH_MULT), mask));
        vst1q_u32(xs + 4, vandq_u32(vmulq_n_u32(pe_neon_key4(vget_high_u16(a0l), vget_high_u16(a1l), vget_high_u16(a2l)), PE_HASH_MULT), mask));
        vst1q_u32(xs + 8, vandq_u32(vmulq_n_u32(pe_neon_key4(vget_low_u16(a0h), vget_low_u16(a1h), vget_low_u16(a2h)), PE_HASH_MULT), mask));
        vst1q_u32(xs + 12, vandq_u32(vmulq_n_u32(pe_neon_key4(vget_high_u16(a0h), vget_high_u16(a1h), vget_high_u16(a2h)), PE_HASH_MULT), mask));
        for (int j = 0; j < 16; j++) out[r + (size_t)j] = pe_hash_value(xs[j]);
        if (vmaxvq_u8(fl) != 0) { /* flush rows (3% of 7-card rows): the scalar single-hand path */
            uint8_t f[16];
            vst1q_u8(f, fl);
            for (int j = 0; j < 16; j++)
                if (f[j]) out[r + (size_t)j] = pe_eval_unchecked(c + (size_t)j * (size_t)k, k);
        }
    }
    return r;
}

size_t pe_eval_neon_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    /* k as a constant in each call: the card loops unroll */
    if (k == 7) return pe_neon_k(cards, rows, 7, out);
    if (k == 6) return pe_neon_k(cards, rows, 6, out);
    if (k == 5) return pe_neon_k(cards, rows, 5, out);
    return 0;
}
#else
size_t pe_eval_neon_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    (void)cards; (void)rows; (void)k; (void)out;
    return 0;
}
#endif
