/* pe_eval_neon.c - the 5-7-card batch with NEON (aarch64: Apple Silicon, Graviton, Ampere,
 * Raspberry Pi 4/5), arm_neon.h intrinsics; chosen by pe_eval_batch_max on every aarch64 CPU
 * (Advanced SIMD is mandatory in ARMv8-A). Same keys, tables and block shape as the scalar kernel
 * (pe_eval.c), so the same values; what differs is the validation, which on aarch64 costs the
 * scalar kernel most of its per-row overhead (no scalar popcount instruction: the compiler moves
 * the word to a vector register, counts bytes, adds them across and moves the count back):
 *   one 128-bit add per card sums the hand key (low lane) and the one-hot bits (high lane) from
 *          PE_CARD_KEYBIT, as in the scalar kernel;
 *   the bits' popcount stays in vector registers: cnt (bytes of the high lane), then a pairwise
 *          add-accumulate into four 16-bit lanes (at most 16 a row, 32 rows a block: no overflow);
 *          one add across the lanes per block;
 *   invalid bytes (52..255) add the poison bit 63, kept by an OR over the block's high lanes;
 *   a block is valid exactly when its counts add up to nb * k with no poison bit (as scalar: a
 *          row's bit sum never has more than k bits, a repeat or a poison pair removes bits);
 *   lookups: the scalar second pass (pe_lookup_block), flush test skipped for 5-/6-card blocks
 *          without a flush.
 * Speed on ARM was not measured (no ARM machine): see docs/decisions/021-portable-batch-kernels.md
 * for the instruction-count estimate. Correctness: tests/c/test_eval.c under qemu-aarch64
 * (tools/check_portability.sh), which compares every row with the single-hand evaluator. */
#include "pe_compat.h"
#include "pe_eval_internal.h"
#include "pe_eval_neon.h"

#if PE_HAVE_NEON
#include <arm_neon.h>

#define PE_NEON_BLOCK 32

/* One block of nb <= PE_NEON_BLOCK rows; 0 when it held an invalid row (nothing trusted). */
static PE_ALWAYS_INLINE int pe_neon_block(const uint8_t *c, size_t nb, const int k, uint16_t *out)
{
    uint64_t keys[PE_NEON_BLOCK];
    const uint64x2_t init = vcombine_u64(vcreate_u64(PE_SUIT_INIT), vcreate_u64(0));
    uint16x4_t count = vdup_n_u16(0);
    uint64x1_t poison = vdup_n_u64(0);
    uint64x1_t anykey = vdup_n_u64(0);
    for (size_t j = 0; j < nb; j++) {
        const uint8_t *r = c + j * (size_t)k;
        uint64x2_t s = vaddq_u64(init, vld1q_u64(&PE_CARD_KEYBIT[2 * r[0]]));
        for (int i = 1; i < k; i++) s = vaddq_u64(s, vld1q_u64(&PE_CARD_KEYBIT[2 * r[i]]));
        const uint64x1_t bits = vget_high_u64(s), key = vget_low_u64(s);
        count = vpadal_u8(count, vcnt_u8(vreinterpret_u8_u64(bits)));
        poison = vorr_u64(poison, bits);
        if (k < 7) anykey = vorr_u64(anykey, key);
        vst1_u64(&keys[j], key);
    }
    if (PE_UNLIKELY(vaddv_u16(count) != nb * (size_t)k || (vget_lane_u64(poison, 0) >> 63) != 0)) return 0;
    pe_lookup_block(keys, c, nb, k, out, k == 7 || (vget_lane_u64(anykey, 0) & ((uint64_t)PE_FLUSH_BITS << 32)));
    return 1;
}

static PE_ALWAYS_INLINE size_t pe_neon_k(const uint8_t *cards, size_t rows, const int k, uint16_t *out)
{
    size_t r = 0;
    for (; r < rows; r += PE_NEON_BLOCK) {
        const size_t nb = rows - r < PE_NEON_BLOCK ? rows - r : PE_NEON_BLOCK;
        if (PE_UNLIKELY(!pe_neon_block(cards + r * (size_t)k, nb, k, out + r))) return r;
    }
    return rows;
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
