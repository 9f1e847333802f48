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

/* ---- 5-card rows: one small perfect hash, read by the portable and AVX2 kernels ----
 * (decisions 030, 031) The 6,175 rank multisets of five cards (no five of a rank) by their rank-key
 * sums: y = key * pe_d5_mult (32 bits); bucket y >> 22 (1,024 buckets); slot (y >> 9) ^
 * pe_d5_disp[bucket], where each bucket's word carries its own bits (bucket << 13) so that the slot
 * is its 13 low bits with no mask: 8,192 slots (16 KB of values, 4 KB of displacements),
 * L1-resident, against ~200 KB of the 7-card tables that 5-card keys otherwise touch. Same
 * instruction count as the 7-card hash. Multiplier and displacements are searched on first use
 * (largest bucket first, ~1 ms) by the first caller of pe_d5_ready; callers meanwhile, or after a
 * failed build (never seen), take the 7-card tables. */
#if PE_GNUC
PE_INTERNAL uint16_t pe_d5_val[PE_D5_SLOTS];
PE_INTERNAL uint32_t pe_d5_disp[PE_D5_BUCKETS], pe_d5_mult;
static int pe_d5_state; /* 0 not built, 1 being built, 2 ready, 3 failed (atomic) */

/* Places the buckets, largest first, each at the first displacement where its keys land on free
 * slots; 0 when that fails (the caller tries another multiplier). */
static int pe_d5_place(const uint32_t *ys, const uint16_t *vals, int n)
{
    static int member[PE_D5_KEYS];
    static uint8_t used[PE_D5_SLOTS];
    int start[PE_D5_BUCKETS + 1] = {0}, fill[PE_D5_BUCKETS], order[PE_D5_BUCKETS], size[PE_D5_BUCKETS];
    for (int i = 0; i < n; i++) start[(ys[i] >> 22) + 1]++;
    for (int b = 0; b < PE_D5_BUCKETS; b++) start[b + 1] += start[b];
    for (int b = 0; b < PE_D5_BUCKETS; b++) fill[b] = start[b], size[b] = start[b + 1] - start[b];
    for (int i = 0; i < n; i++) member[fill[ys[i] >> 22]++] = i;
    int no = 0; /* buckets by size, largest first (counting sort) */
    for (int sz = 64; sz > 0; sz--)
        for (int b = 0; b < PE_D5_BUCKETS; b++)
            if (size[b] == sz) order[no++] = b;
    int filled = 0;
    for (int b = 0; b < PE_D5_BUCKETS; b++) filled += size[b] > 0;
    if (no != filled) return 0; /* a bucket of more than 64 keys: another multiplier */
    memset(used, 0, sizeof used);
    for (int b = 0; b < PE_D5_BUCKETS; b++) pe_d5_disp[b] = (uint32_t)b << 13;
    for (int o = 0; o < no; o++) {
        const int b = order[o];
        uint32_t d = 0;
        for (;; d++) {
            if (d == PE_D5_SLOTS) return 0;
            int i = start[b], clash = 0;
            for (; i < start[b + 1] && !clash; i++) {
                const uint32_t slot = ((ys[member[i]] >> 9) & (PE_D5_SLOTS - 1)) ^ d;
                clash = used[slot];
                for (int j = start[b]; j < i && !clash; j++) /* two keys of the bucket on one slot */
                    clash = slot == (((ys[member[j]] >> 9) & (PE_D5_SLOTS - 1)) ^ d);
            }
            if (!clash) break;
        }
        for (int i = start[b]; i < start[b + 1]; i++) {
            const uint32_t slot = ((ys[member[i]] >> 9) & (PE_D5_SLOTS - 1)) ^ d;
            used[slot] = 1;
            pe_d5_val[slot] = vals[member[i]];
        }
        pe_d5_disp[b] ^= d;
    }
    return 1;
}

PE_INTERNAL int pe_d5_multisets(uint32_t keys[PE_D5_KEYS], uint16_t vals[PE_D5_KEYS])
{
    int n = 0, r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3]; r[4] < 13; r[4]++) {
                        if (r[0] == r[4] || n == PE_D5_KEYS) continue; /* five of a rank */
                        uint32_t key = 0;
                        for (int i = 0; i < 5; i++) key += (uint32_t)PE_CARD_KEY(4 * r[i]);
                        keys[n] = key;
                        vals[n++] = pe_ranks5(r);
                    }
    return n;
}

PE_INTERNAL int pe_build_once(int *state, int (*build)(void))
{
    int st = __atomic_load_n(state, __ATOMIC_ACQUIRE), idle = 0;
    if (PE_LIKELY(st == 2)) return 1;
    if (st == 0 && __atomic_compare_exchange_n(state, &idle, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        st = build() ? 2 : 3;
        __atomic_store_n(state, st, __ATOMIC_RELEASE);
    }
    return st == 2;
}

static int pe_d5_build(void)
{
    static uint32_t keys[PE_D5_KEYS], ys[PE_D5_KEYS];
    static uint16_t vals[PE_D5_KEYS];
    const int n = pe_d5_multisets(keys, vals);
    if (n != PE_D5_KEYS) return 0;
    for (uint32_t t = 0, mult = 0x9E3779B1u; t < 64; t++, mult += 0x2002u) {
        for (int i = 0; i < n; i++) ys[i] = keys[i] * mult;
        if (pe_d5_place(ys, vals, n)) {
            pe_d5_mult = mult;
            return 1;
        }
    }
    return 0;
}

PE_INTERNAL int pe_d5_ready(void) { return pe_build_once(&pe_d5_state, pe_d5_build); }
#endif

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

/* ---- the portable kernel (docs/decisions/030-portable-kernel-ahead-of-ompeval.md) ----
 * Blocks of 16 rows, the two jobs apart:
 *   repeats: 8 bytes from each row's start in GCC/clang vector types (SSE2 on every x86-64 CPU,
 *          NEON on every aarch64 CPU, plain code elsewhere), a 16 x 8 byte transpose by unpacks so
 *          that register j holds card j of the 16 rows, then one compare a pair of registers for
 *          repeats (not cards 2p and 2p + 1: the pair tables catch those);
 *   keys: two cards at a time, the row's bytes 2i and 2i + 1 read as one native uint16 index into a
 *          pair table (the two cards' key sum: rank keys and suit counters), an odd row's last
 *          card through a one-card table (which carries PE_SUIT_INIT): one load and one add for two
 *          cards. Every entry but those of two distinct cards 0..51 (one card 0..51) holds
 *          PE_POISON, so the OR of the block's keys (kept for the flush test anyway) says whether
 *          a byte >= 52 or a pair's repeat is in the block; every 16-bit index is inside the table
 *          whatever the bytes. A block with any bad row stops the kernel before its lookups, and
 *          the row-by-row batch names the row. 6- and 7-card keys come pre-scrambled (pe_pair_keyx:
 *          no multiply, no mask before the hash);
 *   lookups: every row through the hash back to back, with no flush test between them (5-card rows
 *          through pe_d5_*, an L1-sized hash); the block's flush rows are redone afterwards;
 *   rows are prefetched non-temporally a few blocks ahead, as in the AVX-512 kernel. */
typedef uint8_t pe_v16b __attribute__((vector_size(16)));
typedef uint16_t pe_v8h __attribute__((vector_size(16)));
typedef uint32_t pe_v4s __attribute__((vector_size(16)));
typedef uint64_t pe_v2d __attribute__((vector_size(16)));

/* Interleaves of a and b (the low or high halves, by 8-, 16-, 32- and 64-bit elements): the SSE2
 * punpckl / punpckh instructions, NEON zip1 / zip2. */
#define PE_LO8(a, b) PE_SHUFFLE(pe_v16b, a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)
#define PE_HI8(a, b) PE_SHUFFLE(pe_v16b, a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
#define PE_LO16(a, b) ((pe_v16b)PE_SHUFFLE(pe_v8h, a, b, 0, 8, 1, 9, 2, 10, 3, 11))
#define PE_HI16(a, b) ((pe_v16b)PE_SHUFFLE(pe_v8h, a, b, 4, 12, 5, 13, 6, 14, 7, 15))
#define PE_LO32(a, b) ((pe_v16b)PE_SHUFFLE(pe_v4s, a, b, 0, 4, 1, 5))
#define PE_HI32(a, b) ((pe_v16b)PE_SHUFFLE(pe_v4s, a, b, 2, 6, 3, 7))
#define PE_LO64(a, b) ((pe_v16b)PE_SHUFFLE(pe_v2d, a, b, 0, 2))
#define PE_HI64(a, b) ((pe_v16b)PE_SHUFFLE(pe_v2d, a, b, 1, 3))

/* 1 when no card of the 16 rows of k cards at c repeats in its row, cards 2p and 2p + 1 left out
 * (the pair tables refuse those repeats, and bytes >= 52). Reads 8 bytes from each row's start
 * (bytes past the k-th are ignored). */
static PE_ALWAYS_INLINE int pe_distinct16(const uint8_t *c, const int k)
{
    pe_v16b a[8], t[8], u[8], w[8], x[8];
    for (int i = 0; i < 8; i++) { /* row i in bytes 0-7, row i + 8 in bytes 8-15 */
        uint64_t lo, hi;
        memcpy(&lo, c + (size_t)i * (size_t)k, 8);
        memcpy(&hi, c + (size_t)(i + 8) * (size_t)k, 8);
        a[i] = (pe_v16b)(pe_v2d){lo, hi};
    }
    for (int p = 0; p < 4; p++) { /* t[2p]: rows 2p, 2p + 1 byte by byte; t[2p + 1]: rows 2p + 8, 2p + 9 */
        t[2 * p] = PE_LO8(a[2 * p], a[2 * p + 1]);
        t[2 * p + 1] = PE_HI8(a[2 * p], a[2 * p + 1]);
    }
    for (int h = 0; h < 2; h++) /* u[4h + 2q + j]: cards 4j..4j + 3 of rows 8h + 4q .. 8h + 4q + 3 */
        for (int q = 0; q < 2; q++) {
            u[4 * h + 2 * q] = PE_LO16(t[4 * q + h], t[4 * q + 2 + h]);
            u[4 * h + 2 * q + 1] = PE_HI16(t[4 * q + h], t[4 * q + 2 + h]);
        }
    for (int h = 0; h < 2; h++) /* w[4h + 2j + m]: cards 4j + 2m, 4j + 2m + 1 of rows 8h .. 8h + 7 */
        for (int j = 0; j < 2; j++) {
            w[4 * h + 2 * j] = PE_LO32(u[4 * h + j], u[4 * h + 2 + j]);
            w[4 * h + 2 * j + 1] = PE_HI32(u[4 * h + j], u[4 * h + 2 + j]);
        }
    for (int m = 0; m < 4; m++) { /* x[j]: card j of rows 0..15 */
        x[2 * m] = PE_LO64(w[m], w[4 + m]);
        x[2 * m + 1] = PE_HI64(w[m], w[4 + m]);
    }
    pe_v16b bad = {0};
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (!(i % 2 == 0 && j == i + 1)) bad |= (pe_v16b)(x[i] == x[j]); /* cards 2p, 2p + 1: the pair tables */
    const pe_v2d any = (pe_v2d)bad;
    return (any[0] | any[1]) == 0;
}

#define PE_PAIRS 65536
static uint64_t pe_pair_key[PE_PAIRS], pe_one_key[256], pe_one_pack[256];
/* 6 and 7 cards: the rank part of each key scrambled ahead, (rank sum * PE_HASH_MULT) mod 2**25 in
 * the low 32 bits (suit counters as in pe_pair_key): a row's sum of up to four of them is the hash's
 * x plus a carry c (0..3) times 2**25, and pe_disp_c[(x + c * 2**25) >> 12] is PE_DISP[x >> 12]
 * minus c * 2**25, so the slot needs neither the multiply nor the mask. */
#define PE_DISP_C_ROWS (4 * PE_DISP_ROWS)
/* The entries of a byte >= 52 or a pair's repeat: up to four of them sum below 2**59, without
 * touching the rank part (bits 0..26) or the suit counters (32..47). */
#define PE_POISON ((uint64_t)1 << 56)
static uint64_t pe_pair_keyx[PE_PAIRS], pe_one_keyx[256];
static uint32_t pe_disp_c[PE_DISP_C_ROWS];
static int pe_pair_state; /* 0 not built, 1 being built, 2 ready (atomic) */

static PE_ALWAYS_INLINE size_t pe_pair_index(const uint8_t *c)
{
    uint16_t w;
    memcpy(&w, c, sizeof w); /* native byte order, as the table was built */
    return w;
}

static int pe_pair_build(void)
{
    for (uint32_t row = 0; row < PE_DISP_C_ROWS; row++)
        pe_disp_c[row] = PE_DISP[row % PE_DISP_ROWS] - (row / PE_DISP_ROWS << 25);
    for (int w = 0; w < PE_PAIRS; w++) pe_pair_key[w] = pe_pair_keyx[w] = PE_POISON;
    for (int a = 0; a < 256; a++) pe_one_key[a] = pe_one_keyx[a] = PE_SUIT_INIT + PE_POISON;
    for (int a = 0; a < 52; a++) {
        pe_one_key[a] = PE_SUIT_INIT + PE_CARD_KEY(a);
        pe_one_keyx[a] = PE_SUIT_INIT + (PE_CARD_KEY(a) >> 32 << 32) + (((uint32_t)PE_CARD_KEY(a) * PE_HASH_MULT) & PE_KEY_MASK);
        pe_one_pack[a] = PE_PACK(a);
        for (int b = 0; b < 52; b++) {
            const uint8_t two[2] = {(uint8_t)a, (uint8_t)b};
            if (a == b) continue;
            const uint64_t key = PE_CARD_KEY(a) + PE_CARD_KEY(b);
            pe_pair_key[pe_pair_index(two)] = key;
            pe_pair_keyx[pe_pair_index(two)] = (key >> 32 << 32) + (((uint32_t)key * PE_HASH_MULT) & PE_KEY_MASK);
        }
    }
    return 1;
}

/* 1 once the pair table is ready (the first caller builds it; callers meanwhile get 0). */
static int pe_pair_ready(void) { return pe_build_once(&pe_pair_state, pe_pair_build); }

/* The flush rows among 8 rows of k cards at c (keys: their key sums), written to out: the cards'
 * suit masks packed in one word (pe_one_pack), the flush suit's 13 ranks into PE_FLUSH. */
static PE_NOINLINE void pe_portable_flushes(const uint64_t *keys, const uint8_t *c, int k, uint16_t *out)
{
    for (int j = 0; j < 8; j++)
        if (keys[j] & ((uint64_t)PE_FLUSH_BITS << 32)) {
            const uint8_t *row = c + (size_t)j * (size_t)k;
            uint64_t packed = 0;
            for (int i = 0; i < k; i++) packed |= pe_one_pack[row[i]];
            out[j] = pe_value_packed(keys[j], packed);
        }
}

#define PE_PORTABLE_AHEAD 1024 /* bytes of rows prefetched ahead */

static PE_ALWAYS_INLINE size_t pe_portable_k(const uint8_t *cards, size_t rows, const int k, uint16_t *out)
{
    const int d5 = k == 5 && pe_d5_ready();
    const uint32_t d5_mult = pe_d5_mult;
    size_t r = 0;
    for (; (r + 15) * (size_t)k + 8 <= rows * (size_t)k; r += 16) {
        const uint8_t *c = cards + r * (size_t)k;
        /* rows a few blocks ahead into L1 only (non-temporal): streamed through L2 they would push
         * the lookup tables out; a prefetch never faults */
        PE_PREFETCH_NTA((const void *)((uintptr_t)c + PE_PORTABLE_AHEAD));
        PE_PREFETCH_NTA((const void *)((uintptr_t)c + PE_PORTABLE_AHEAD + 64));
        if (PE_UNLIKELY(!pe_distinct16(c, k))) break; /* the row-by-row batch names the row */
        uint64_t keys[16], any[2] = {0, 0};
        PE_UNROLL16
        for (int j = 0; j < 16; j++) {
            const uint8_t *row = c + (size_t)j * (size_t)k;
            const uint64_t *pair = k == 5 ? pe_pair_key : pe_pair_keyx;
            uint64_t key = (k & 1) ? (k == 5 ? pe_one_key : pe_one_keyx)[row[k - 1]] : PE_SUIT_INIT;
            for (int i = 0; i + 1 < k; i += 2) key += pair[pe_pair_index(row + i)];
            if (j < 8) any[0] |= key;
            else any[1] |= key;
            keys[j] = key;
        }
        if (PE_UNLIKELY((any[0] | any[1]) >> 48)) break;
        /* every row by the hash (a flush row's ranks are a valid key too, so the read stays in
         * bounds), with no flush test between the lookups; flush rows (3% of 7-card rows) are
         * redone after them */
        if (k == 5 && d5)
            for (int j = 0; j < 16; j++) out[r + (size_t)j] = pe_d5_value((uint32_t)keys[j], d5_mult);
        else if (k == 5) /* the 5-card hash is being built by another thread: the 7-card tables */
            for (int j = 0; j < 16; j++) out[r + (size_t)j] = pe_hash_value(((uint32_t)keys[j] * PE_HASH_MULT) & PE_KEY_MASK);
        else
            for (int j = 0; j < 16; j++) {
                const uint32_t x = (uint32_t)keys[j]; /* below 2**27: four terms below 2**25 */
                out[r + (size_t)j] = PE_HASH[x + pe_disp_c[x >> PE_ROW_SHIFT]];
            }
        for (int h = 0; h < 2; h++) /* flush rows, by halves of the block (3% of 7-card rows) */
            if (PE_UNLIKELY(any[h] & ((uint64_t)PE_FLUSH_BITS << 32)))
                pe_portable_flushes(keys + 8 * h, c + (size_t)(8 * h * k), k, out + r + (size_t)(8 * h));
    }
    return r;
}

/* Leading blocks of 16 valid rows (k = 5, 6, 7); returns how many rows it evaluated. */
static size_t pe_portable_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    if (!pe_pair_ready()) return 0;
    if (k == 7) return pe_portable_k(cards, rows, 7, out);
    if (k == 6) return pe_portable_k(cards, rows, 6, out);
    if (k == 5) return pe_portable_k(cards, rows, 5, out);
    return 0;
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

static size_t pe_portable_rows(const uint8_t *cards, size_t rows, int k, uint16_t *out)
{
    (void)cards; (void)rows; (void)k; (void)out;
    return 0; /* no vector extensions: the row-by-row batch does every row */
}
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
    else if (kernel == PE_KERNEL_SCALAR) /* leading valid blocks of 16 rows (the portable kernel above) */
        done = pe_portable_rows(cards, rows, k, out);
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
