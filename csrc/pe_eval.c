/* pe_eval.c - see pe_eval.h. Tables come from tools/gen_tables.py (pe_eval_tables.h). */
#include "pe_compat.h"
#include "pe_eval.h"
#include "pe_eval_internal.h"
#include "pe_enum.h"
#include "pe_eval_avx512.h"
#include "pe_eval_neon.h"
#include "pe_eval_avx2.h"

#include <string.h>

int pe_eval_abi(void) { return PE_EVAL_ABI; }

/* Duplicate check for a row of k cards already known to be < 52: the sum of one-hot bits equals
 * their OR exactly when no bit repeats (no popcount instruction needed). */
static inline int pe_row_has_dup(const uint8_t *c, int k)
{
    uint64_t sum = 0, any = 0;
    for (int i = 0; i < k; i++) {
        const uint64_t bit = (uint64_t)1 << c[i];
        sum += bit;
        any |= bit;
    }
    return sum != any;
}

/* Validation: every card < 52 and no duplicates. Returns PE_OK or a PE_ERR_* code. */
static inline int pe_check(const uint8_t *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i] >= 52) return PE_ERR_CARD;
    return pe_row_has_dup(c, n) ? PE_ERR_DUP : PE_OK;
}

static inline int pe_check_ints(const int *c, int n, uint8_t *out)
{
    for (int i = 0; i < n; i++) {
        if ((unsigned)c[i] >= 52u) return PE_ERR_CARD;
        out[i] = (uint8_t)c[i];
    }
    return pe_check(out, n);
}

int pe_eval5(int a, int b, int c, int d, int e)
{
    const int in[5] = {a, b, c, d, e};
    uint8_t cs[5];
    int st = pe_check_ints(in, 5, cs);
    return st ? st : pe_eval_unchecked(cs, 5);
}

int pe_eval6(int a, int b, int c, int d, int e, int f)
{
    const int in[6] = {a, b, c, d, e, f};
    uint8_t cs[6];
    int st = pe_check_ints(in, 6, cs);
    return st ? st : pe_eval_unchecked(cs, 6);
}

int pe_eval7(int a, int b, int c, int d, int e, int f, int g)
{
    const int in[7] = {a, b, c, d, e, f, g};
    uint8_t cs[7];
    int st = pe_check_ints(in, 7, cs);
    return st ? st : pe_eval_unchecked7(cs);
}

int pe_eval_n(const uint8_t *cards, int n)
{
    if (!cards) return PE_ERR_ARG;
    if (n < 5 || n > 52) return PE_ERR_COUNT;
    int st = pe_check(cards, n);
    return st ? st : pe_eval_any_unchecked(cards, n);
}

/* One row of the batch: validate and evaluate in a single pass. PE_CARD_KEYBIT pairs each byte's
 * card key with its one-hot bit (bit 63, a poison bit, for bytes 52..255): one vector add per card
 * sums the hand key and the bits at once. The row is valid exactly when the bit sum has k bits set
 * and no poison bit: a repeated card carries (fewer bits), an invalid byte adds bit 63 (an even
 * number of them vanish mod 2**64 but then fewer than k bits remain). Where no popcount instruction
 * is known to exist, the OR of the bits is kept instead (sum == OR exactly when no card repeats).
 * Every byte indexes the 256-entry table safely; the other lookups happen only after the check. */
#if defined(PE_HAVE_V2)

#define PE_ROW_SUM(c, k, sum)                                   \
    do {                                                        \
        const pe_v2 *t_ = (const pe_v2 *)PE_CARD_KEYBIT;        \
        for (int i_ = 0; i_ < (k); i_++) (sum) += t_[(c)[i_]];  \
    } while (0)

static inline int pe_row_eval_or(const uint8_t *c, int k, uint16_t *value)
{
    const pe_v2 *t = (const pe_v2 *)PE_CARD_KEYBIT;
    pe_v2 sum = {PE_SUIT_INIT, 0}, any = {0, 0};
    for (int i = 0; i < k; i++) {
        sum += t[c[i]];
        any |= t[c[i]];
    }
    if (PE_UNLIKELY(sum[1] != any[1] || (any[1] >> 63))) return (any[1] >> 63) ? PE_ERR_CARD : PE_ERR_DUP;
    *value = pe_lookup(sum[0], c, k);
    return PE_OK;
}

#define PE_BATCH_LOOP(ROW_EVAL)                                                     \
    for (size_t r = 0; r < rows; r++) {                                             \
        const int st = k == 7 ? ROW_EVAL(cards + r * 7, 7, out + r)                 \
                     : k == 6 ? ROW_EVAL(cards + r * 6, 6, out + r)                 \
                              : ROW_EVAL(cards + r * 5, 5, out + r);                \
        if (PE_UNLIKELY(st != PE_OK)) {                                     \
            if (bad_row) *bad_row = r;                                              \
            return st;                                                              \
        }                                                                           \
    }                                                                               \
    return PE_OK;

PE_POPCNT_TARGET static inline int pe_row_eval_pc(const uint8_t *c, int k, uint16_t *value)
{
    pe_v2 sum = {PE_SUIT_INIT, 0};
    PE_ROW_SUM(c, k, sum);
    if (PE_UNLIKELY(pe_popcount64(sum[1]) != k || (sum[1] >> 63))) {
        uint16_t unused;
        return pe_row_eval_or(c, k, &unused); /* names the error: invalid card or duplicate */
    }
    *value = pe_lookup(sum[0], c, k);
    return PE_OK;
}

/* Blocks of PE_BLOCK rows in two passes: first every row's key and validity (independent adds,
 * cheap), then the table lookups back to back, so that the loads of many rows are in flight at
 * once; ~15% faster than row by row on random hands. A block with an invalid row is redone row
 * by row, which names the first bad row; earlier blocks are already written (as documented). */
#define PE_BLOCK 32

PE_POPCNT_TARGET static PE_ALWAYS_INLINE int pe_block_pc(const uint8_t *cards, size_t nb, int k, uint16_t *out)
{
    uint64_t keys[PE_BLOCK];
    uint64_t count = 0, any = 0, anykey = 0;
    for (size_t j = 0; j < nb; j++) {
        pe_v2 sum = {PE_SUIT_INIT, 0};
        PE_ROW_SUM(cards + j * (size_t)k, k, sum);
        /* a row's bit sum has at most k bits (carries and paired poison bits only remove bits), so
         * the block is valid exactly when the counts add up to nb * k and no poison bit is left */
        count += (uint64_t)pe_popcount64(sum[1]);
        any |= sum[1];
        if (k < 7) anykey |= sum[0]; /* 7 cards: most blocks hold a flush (3% of rows) */
        keys[j] = sum[0];
    }
    if (PE_UNLIKELY(count != (uint64_t)nb * (uint64_t)k || (any >> 63) != 0)) return 1;
    pe_lookup_block(keys, cards, nb, k, out, k == 7 || (anykey & ((uint64_t)PE_FLUSH_BITS << 32)));
    return 0;
}

PE_POPCNT_TARGET static int pe_batch_popcnt(const uint8_t *cards, size_t rows, int k, uint16_t *out,
                                            size_t *bad_row)
{
    for (size_t r0 = 0; r0 < rows; r0 += PE_BLOCK) {
        const size_t nb = rows - r0 < PE_BLOCK ? rows - r0 : PE_BLOCK;
        const uint8_t *c = cards + r0 * (size_t)k;
        /* k as a constant in each branch: the row loops unroll (5 and 6 ~1.3x faster than generic) */
        const int redo = k == 7 ? pe_block_pc(c, nb, 7, out + r0)
                       : k == 6 ? pe_block_pc(c, nb, 6, out + r0) : pe_block_pc(c, nb, 5, out + r0);
        if (PE_UNLIKELY(redo)) {
            for (size_t j = 0; j < nb; j++) {
                const int st = pe_row_eval_pc(c + j * (size_t)k, k, out + r0 + j);
                if (st != PE_OK) {
                    if (bad_row) *bad_row = r0 + j;
                    return st;
                }
            }
        }
    }
    return PE_OK;
}

static int pe_batch_or(const uint8_t *cards, size_t rows, int k, uint16_t *out, size_t *bad_row)
{
    PE_BATCH_LOOP(pe_row_eval_or)
}

#else /* portable C: no vector extensions */
static inline int pe_row_eval_or(const uint8_t *c, int k, uint16_t *value)
{
    uint64_t key = PE_SUIT_INIT, sum = 0, any = 0;
    for (int i = 0; i < k; i++) {
        key += PE_CARD_KEYBIT[2 * c[i]];
        sum += PE_CARD_KEYBIT[2 * c[i] + 1];
        any |= PE_CARD_KEYBIT[2 * c[i] + 1];
    }
    if (sum != any || (any >> 63)) return (any >> 63) ? PE_ERR_CARD : PE_ERR_DUP;
    *value = pe_lookup(key, c, k);
    return PE_OK;
}

static int pe_batch_or(const uint8_t *cards, size_t rows, int k, uint16_t *out, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++) {
        const int st = pe_row_eval_or(cards + r * (size_t)k, k, out + r);
        if (st != PE_OK) {
            if (bad_row) *bad_row = r;
            return st;
        }
    }
    return PE_OK;
}
#define pe_batch_popcnt pe_batch_or
#endif

int pe_eval_batch_kernel(int max_kernel)
{
    if (max_kernel >= PE_KERNEL_AVX512 && pe_have_avx512vbmi()) return PE_KERNEL_AVX512;
    if (max_kernel >= PE_KERNEL_AVX2 && pe_have_avx2()) return PE_KERNEL_AVX2;
    if (max_kernel >= PE_KERNEL_NEON && PE_HAVE_NEON) return PE_KERNEL_NEON; /* every aarch64 CPU */
    return PE_KERNEL_SCALAR;
}

/* Rows of 8..52 cards: checked and evaluated one at a time (pe_eval_many_unchecked). */
static int pe_batch_many(const uint8_t *cards, size_t rows, int k, uint16_t *out, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++) { /* every row checked before anything is written */
        const int st = pe_check(cards + r * (size_t)k, k);
        if (st) {
            if (bad_row) *bad_row = r;
            return st;
        }
    }
    for (size_t r = 0; r < rows; r++) out[r] = pe_eval_many_unchecked(cards + r * (size_t)k, k);
    return PE_OK;
}

int pe_cpu_features(void)
{
    return (pe_have_popcnt() ? PE_CPU_POPCNT : 0) | (pe_have_bmi2() ? PE_CPU_BMI2 : 0) |
           (pe_have_avx2() ? PE_CPU_AVX2 : 0) | (pe_have_avx512vbmi() ? PE_CPU_AVX512 : 0) |
           (PE_HAVE_NEON ? PE_CPU_NEON : 0);
}

const char *pe_build_compiler(void) { return PE_COMPILER_TEXT; }

int pe_eval_batch_max(const uint8_t *cards, size_t rows, int k, int max_kernel, uint16_t *out, size_t *bad_row)
{
    if (k < 5 || k > 52) return PE_ERR_COUNT;
    if ((!cards || !out) && rows) return PE_ERR_ARG;
    if (k > 7) return pe_batch_many(cards, rows, k, out, bad_row);
    size_t done = 0; /* AVX-512: leading blocks of 16 valid rows (pe_eval_avx512.c) */
    const int kernel = pe_eval_batch_kernel(max_kernel);
    if (rows >= 16 && kernel == PE_KERNEL_AVX512)
        done = pe_eval_avx512_rows(cards, rows, k, out);
    else if (rows >= 16 && kernel == PE_KERNEL_AVX2) /* leading blocks of 16 valid rows (pe_eval_avx2.c) */
        done = pe_eval_avx2_rows(cards, rows, k, out);
    else if (kernel == PE_KERNEL_NEON) /* leading valid blocks (pe_eval_neon.c) */
        done = pe_eval_neon_rows(cards, rows, k, out);
    if (done == rows) return PE_OK;
    size_t bad = 0;
    const uint8_t *c = cards + done * (size_t)k;
    const int st = pe_have_popcnt() ? pe_batch_popcnt(c, rows - done, k, out + done, &bad)
                                    : pe_batch_or(c, rows - done, k, out + done, &bad);
    if (st && bad_row) *bad_row = done + bad;
    return st;
}

int pe_eval_batch(const uint8_t *cards, size_t rows, int k, uint16_t *out, size_t *bad_row)
{
    return pe_eval_batch_max(cards, rows, k, PE_KERNEL_AVX512, out, bad_row);
}

int pe_best_five(const uint8_t *cards, int n, uint8_t *out5)
{
    if (!cards || !out5) return PE_ERR_ARG;
    if (n < 5 || n > 52) return PE_ERR_COUNT;
    int st = pe_check(cards, n);
    if (st) return st;
    const int best = pe_eval_any_unchecked(cards, n);
    /* Subsets in lexicographic order of input positions; the first that reaches `best` wins. */
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint8_t sub[5];
        for (int i = 0; i < 5; i++) sub[i] = cards[idx[i]];
        if (pe_eval_unchecked(sub, 5) == best) {
            for (int i = 0; i < 5; i++) out5[i] = sub[i];
            return best;
        }
        int i = 4;
        while (i >= 0 && idx[i] == n - 5 + i) i--;
        if (i < 0) return PE_ERR_ARG; /* unreachable: some subset always makes the hand */
        idx[i]++;
        for (int j = i + 1; j < 5; j++) idx[j] = idx[j - 1] + 1;
    }
}

uint32_t pe_class_info(int value)
{
    if (value < 1 || value > PE_EVAL_CLASSES) return 0;
    return PE_CLASS_INFO[value];
}

size_t pe_eval_table_bytes(void)
{
    return sizeof(PE_CARD_KEYBIT) + sizeof(PE_DISP) + sizeof(PE_HASH) + sizeof(PE_FLUSH);
}

int pe_eval_census(int k, uint64_t *category_counts, uint8_t *seen)
{
    if (k < 5 || k > 7) return PE_ERR_COUNT;
    if (!category_counts || !seen) return PE_ERR_ARG;
    uint64_t hist[PE_ENUM_HIST_SIZE];
    memset(hist, 0, sizeof hist);
    const int st = pe_enum_hist(k, NULL, 0, NULL, 0, hist, NULL); /* the nested-loop enumeration */
    if (st) return st;
    for (int i = 0; i < 10; i++) category_counts[i] = 0;
    seen[0] = 0;
    for (int v = 1; v <= PE_EVAL_CLASSES; v++) {
        seen[v] = hist[v] != 0;
        category_counts[PE_CLASS_INFO[v] >> 20] += hist[v];
    }
    return PE_OK;
}
