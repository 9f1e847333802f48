/* pe_equity.c - see pe_equity.h for the algorithms. */
#include "pe_compat.h"
#include "pe_equity.h"
#include "pe_eval_internal.h"

#include <string.h>

#define EQ_INLINE static PE_ALWAYS_INLINE

int pe_eq_abi(void) { return PE_EQ_ABI; }

/* Per-suit rank masks packed in one word: card c sets bit 16 * suit + rank. */
#define EQ_PACK(c) ((uint64_t)1 << (16 * ((c) & 3) + ((c) >> 2)))

/* Hand value from a summed key (suit counters from PE_SUIT_INIT) and the packed suit masks. */
EQ_INLINE uint16_t eq_value(uint64_t key, uint64_t packed)
{
    const uint32_t flush = (uint32_t)(key >> 32) & PE_FLUSH_BITS;
    if (PE_UNLIKELY(flush != 0)) {
        const unsigned suit = (unsigned)pe_ctz32(flush) >> 2;
        return PE_FLUSH[(packed >> (16 * suit)) & 0x1fffu];
    }
    return pe_lookup(key, NULL, 0); /* no flush: the card list is not read */
}

/* Counts kept while enumerating or sampling; shares are derived at the end (exact integers). */
typedef struct eq_acc {
    uint64_t n;
    uint64_t win[PE_EQ_MAX_PLAYERS];
    uint64_t tiek[PE_EQ_MAX_PLAYERS][PE_EQ_MAX_PLAYERS + 1]; /* ties among k players */
} eq_acc;

EQ_INLINE void eq_score(eq_acc *a, int p, const uint16_t *v)
{
    if (p == 2) { /* branch-free heads-up */
        a->win[0] += v[0] > v[1];
        a->win[1] += v[1] > v[0];
        a->tiek[0][2] += v[0] == v[1];
        return;
    }
    uint16_t best = 0;
    uint32_t mask = 0;
    for (int i = 0; i < p; i++) {
        if (v[i] > best) { best = v[i]; mask = 1u << i; }
        else if (v[i] == best) mask |= 1u << i;
    }
    if (PE_LIKELY((mask & (mask - 1)) == 0)) {
        a->win[pe_ctz32(mask)]++;
        return;
    }
    const int k = pe_popcount64(mask);
    for (uint32_t m = mask; m; m &= m - 1) a->tiek[pe_ctz32(m)][k]++;
}

/* Add the counts to *out as pe_eq_stats. */
static void eq_finish(const eq_acc *a, int p, int with_sq, pe_eq_stats *out)
{
    if (p == 2) { /* heads-up kept ties on player 0 only */
        out->tie[0] += a->tiek[0][2];
        out->tie[1] += a->tiek[0][2];
    }
    out->trials += a->n;
    for (int i = 0; i < p; i++) {
        const uint64_t U = PE_EQ_SHARE_UNIT;
        uint64_t share = a->win[i] * U, sq = a->win[i] * U * U;
        for (int k = 2; k <= PE_EQ_MAX_PLAYERS; k++) {
            const uint64_t t = p == 2 ? (k == 2 ? a->tiek[0][2] : 0) : a->tiek[i][k];
            if (p != 2) out->tie[i] += t;
            share += t * (U / (uint64_t)k);
            sq += t * (U / (uint64_t)k) * (U / (uint64_t)k);
        }
        out->win[i] += a->win[i];
        out->share[i] += share;
        if (with_sq) out->share_sq[i] += sq;
    }
}

/* ---- validation ---- */

/* Adds cards to *used; PE_ERR_CARD / PE_ERR_DUP. */
static int eq_mark(uint64_t *used, const uint8_t *c, int n)
{
    for (int i = 0; i < n; i++) {
        if (c[i] >= 52) return PE_ERR_CARD;
        const uint64_t b = (uint64_t)1 << c[i];
        if (*used & b) return PE_ERR_DUP;
        *used |= b;
    }
    return PE_OK;
}

static int eq_check_common(int players, const uint8_t *board, int nboard, const uint8_t *dead, int ndead,
                           pe_eq_stats *acc, uint64_t *fixed)
{
    if (!acc || players < 2 || players > PE_EQ_MAX_PLAYERS || nboard < 0 || nboard > 5 || ndead < 0 ||
        ndead > 52 || (!board && nboard) || (!dead && ndead))
        return PE_ERR_ARG;
    *fixed = 0;
    int st = eq_mark(fixed, board, nboard);
    if (!st) st = eq_mark(fixed, dead, ndead);
    if (!st && 52 - 2 * players - nboard - ndead < 5 - nboard) st = PE_SHOE_ERR_EXHAUSTED;
    return st;
}

int64_t pe_eq_board_count(int players, int nboard, int ndead)
{
    const int m = 52 - 2 * players - nboard - ndead, k = 5 - nboard;
    if (players < 0 || nboard < 0 || nboard > 5 || ndead < 0 || m < k) return 0;
    int64_t c = 1;
    for (int i = 0; i < k; i++) c = c * (m - i) / (i + 1);
    return c;
}

/* ---- exact enumeration ---- */

typedef struct eq_enum {
    int p, k, m;
    uint64_t hk[PE_EQ_MAX_PLAYERS], hp[PE_EQ_MAX_PLAYERS]; /* hole keys and packed masks */
    uint64_t rk[52], rp[52];                              /* remaining cards' keys and masks */
} eq_enum;

EQ_INLINE void eq_board(const eq_enum *e, int p, uint64_t bk, uint64_t bp, eq_acc *a)
{
    uint16_t v[PE_EQ_MAX_PLAYERS];
    for (int i = 0; i < p; i++) v[i] = eq_value(bk + e->hk[i], bp | e->hp[i]);
    eq_score(a, p, v);
}

/* The last level of the nested loops: cards from..m-1. */
EQ_INLINE void eq_last(const eq_enum *e, int p, int from, uint64_t bk, uint64_t bp, eq_acc *a)
{
    for (int j = from; j < e->m; j++) eq_board(e, p, bk + e->rk[j], bp | e->rp[j], a);
    a->n += (uint64_t)(e->m - from);
}

static void eq_level_hu(const eq_enum *e, int depth, int from, uint64_t bk, uint64_t bp, eq_acc *a)
{
    if (depth == e->k - 1) { eq_last(e, 2, from, bk, bp, a); return; }
    const int stop = e->m - (e->k - 1 - depth);
    for (int j = from; j < stop; j++) eq_level_hu(e, depth + 1, j + 1, bk + e->rk[j], bp | e->rp[j], a);
}

static void eq_level_n(const eq_enum *e, int depth, int from, uint64_t bk, uint64_t bp, eq_acc *a)
{
    if (depth == e->k - 1) { eq_last(e, e->p, from, bk, bp, a); return; }
    const int stop = e->m - (e->k - 1 - depth);
    for (int j = from; j < stop; j++) eq_level_n(e, depth + 1, j + 1, bk + e->rk[j], bp | e->rp[j], a);
}

int pe_eq_exact(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                const uint8_t *dead, int ndead, pe_eq_stats *acc)
{
    uint64_t fixed;
    int st = eq_check_common(players, board, nboard, dead, ndead, acc, &fixed);
    if (st) return st;
    if (!holes && tuples) return PE_ERR_ARG;
    for (size_t t = 0; t < tuples; t++) { /* validate everything before counting anything */
        uint64_t used = fixed;
        if ((st = eq_mark(&used, holes + t * 2 * (size_t)players, 2 * players))) return st;
    }
    uint64_t bk = PE_SUIT_INIT, bp = 0;
    for (int i = 0; i < nboard; i++) { bk += PE_CARD_KEY(board[i]); bp |= EQ_PACK(board[i]); }
    eq_acc a;
    memset(&a, 0, sizeof a);
    eq_enum e;
    e.p = players;
    e.k = 5 - nboard;
    for (size_t t = 0; t < tuples; t++) {
        const uint8_t *h = holes + t * 2 * (size_t)players;
        uint64_t used = fixed;
        for (int i = 0; i < players; i++) {
            const uint8_t c0 = h[2 * i], c1 = h[2 * i + 1];
            e.hk[i] = PE_CARD_KEY(c0) + PE_CARD_KEY(c1);
            e.hp[i] = EQ_PACK(c0) | EQ_PACK(c1);
            used |= ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
        }
        e.m = 0;
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1)) { e.rk[e.m] = PE_CARD_KEY(c); e.rp[e.m] = EQ_PACK(c); e.m++; }
        if (e.k == 0) {
            eq_board(&e, players, bk, bp, &a);
            a.n++;
        } else if (players == 2) {
            eq_level_hu(&e, 0, 0, bk, bp, &a);
        } else {
            eq_level_n(&e, 0, 0, bk, bp, &a);
        }
    }
    eq_finish(&a, players, 0, acc);
    return PE_OK;
}

/* ---- Monte Carlo ---- */

#define eq_mul pe_mul64x64 /* 64 x 64 -> 128 bits (pe_compat.h) */

/* Words from the caller's generator, fetched in blocks that never exceed what the remaining trials
 * will use (each trial takes at least one word), so no draw is wasted: n1 then n2 trials on one
 * pe_rng give the same deals as n1 + n2 in one call. */
typedef struct eq_words {
    pe_rng *r;
    uint64_t left; /* trials not yet finished (including the current one) */
    uint32_t pos, len;
    int bad;
    uint64_t buf[256];
} eq_words;

static void eq_refill(eq_words *w)
{
    const uint32_t n = w->left < 256 ? (uint32_t)(w->left ? w->left : 1) : 256;
    if (pe_rng_next64(w->r, w->buf, n) != PE_OK) w->bad = 1;
    w->pos = 0;
    w->len = n;
}

EQ_INLINE uint64_t eq_word(eq_words *w)
{
    if (PE_UNLIKELY(w->pos == w->len)) eq_refill(w);
    return w->buf[w->pos++];
}

/* Uniform in [0, bound), bound >= 1 (Lemire). */
EQ_INLINE uint64_t eq_bounded(eq_words *w, uint64_t bound)
{
    uint64_t lo, hi = eq_mul(eq_word(w), bound, &lo);
    if (PE_UNLIKELY(lo < bound)) {
        const uint64_t t = (0 - bound) % bound;
        while (lo < t && !w->bad) hi = eq_mul(eq_word(w), bound, &lo);
    }
    return hi;
}

/* k <= 5 digits for bounds m, m-1, ..., m-k+1 from one word (batched Lemire, exact). */
EQ_INLINE void eq_digits(eq_words *ws, int m, int k, uint64_t prod, uint64_t thresh, uint32_t *d)
{
    for (;;) {
        uint64_t w = eq_word(ws);
        for (int t = 0; t < k; t++) d[t] = (uint32_t)eq_mul(w, (uint64_t)(m - t), &w);
        if (PE_LIKELY(w >= prod) || w >= thresh || ws->bad) return;
    }
}

/* Every player fixed: only the board is drawn, from deck[0..m). */
EQ_INLINE void eq_sample_fixed(const eq_enum *e, int p, uint8_t *deck, uint64_t bk0, uint64_t bp0,
                               eq_words *w, uint64_t trials, eq_acc *a)
{
    const int m = e->m, k = e->k;
    uint64_t prod = 1;
    for (int t = 0; t < k; t++) prod *= (uint64_t)(m - t);
    const uint64_t thresh = (0 - prod) % prod;
    for (uint64_t n = 0; n < trials; n++, w->left--) {
        uint32_t d[5];
        eq_digits(w, m, k, prod, thresh, d);
        uint64_t bk = bk0, bp = bp0;
        for (int t = 0; t < k; t++) {
            const int j = t + (int)d[t];
            const uint8_t c = deck[j];
            deck[j] = deck[t];
            deck[t] = c;
            bk += PE_CARD_KEY(c);
            bp |= EQ_PACK(c);
        }
        for (int t = k - 1; t >= 0; t--) { /* undo: every trial starts from the same deck order */
            const int j = t + (int)d[t];
            const uint8_t c = deck[j];
            deck[j] = deck[t];
            deck[t] = c;
        }
        eq_board(e, p, bk, bp, a);
    }
    a->n += trials;
}

static void eq_sample_fixed_hu(const eq_enum *e, uint8_t *deck, uint64_t bk0, uint64_t bp0, eq_words *w,
                               uint64_t trials, eq_acc *a)
{
    eq_sample_fixed(e, 2, deck, bk0, bp0, w, trials, a);
}

static void eq_sample_fixed_n(const eq_enum *e, uint8_t *deck, uint64_t bk0, uint64_t bp0, eq_words *w,
                              uint64_t trials, eq_acc *a)
{
    eq_sample_fixed(e, e->p, deck, bk0, bp0, w, trials, a);
}

#define EQ_MAX_REJECTS 1000000u

int pe_eq_sample(const uint8_t *combos, const uint32_t *offsets, const uint64_t *cumw, int players,
                 const uint8_t *board, int nboard, const uint8_t *dead, int ndead, struct pe_rng *rng,
                 uint64_t trials, pe_eq_stats *acc)
{
    uint64_t fixed;
    int st = eq_check_common(players, board, nboard, dead, ndead, acc, &fixed);
    if (st) return st;
    if (!combos || !offsets || !cumw || !rng) return PE_ERR_ARG;
    if (offsets[0] != 0) return PE_ERR_ARG;
    int all_fixed = 1;
    for (int i = 0; i < players; i++) {
        const uint32_t lo = offsets[i], hi = offsets[i + 1];
        if (hi <= lo || hi - lo > 1326) return PE_ERR_ARG;
        if (hi - lo > 1) all_fixed = 0;
        for (uint32_t k = lo; k < hi; k++) {
            uint64_t used = fixed;
            if ((st = eq_mark(&used, combos + 2 * (size_t)k, 2))) return st;
            if (cumw[k] <= (k == lo ? 0 : cumw[k - 1]) || cumw[k] >= ((uint64_t)1 << 62)) return PE_ERR_ARG;
        }
    }
    eq_enum e;
    e.p = players;
    e.k = 5 - nboard;
    uint64_t bk0 = PE_SUIT_INIT, bp0 = 0;
    for (int i = 0; i < nboard; i++) { bk0 += PE_CARD_KEY(board[i]); bp0 |= EQ_PACK(board[i]); }
    eq_acc a;
    memset(&a, 0, sizeof a);
    eq_words w;
    w.r = rng;
    w.left = trials;
    w.pos = w.len = 0;
    w.bad = 0;
    uint8_t deck[52];
    if (all_fixed) {
        uint64_t used = fixed;
        for (int i = 0; i < players; i++)
            if ((st = eq_mark(&used, combos + 2 * (size_t)offsets[i], 2))) return st;
        for (int i = 0; i < players; i++) {
            const uint8_t *h = combos + 2 * (size_t)offsets[i];
            e.hk[i] = PE_CARD_KEY(h[0]) + PE_CARD_KEY(h[1]);
            e.hp[i] = EQ_PACK(h[0]) | EQ_PACK(h[1]);
        }
        e.m = 0;
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1)) deck[e.m++] = (uint8_t)c;
        if (e.k == 0) {
            for (uint64_t n = 0; n < trials; n++) eq_board(&e, players, bk0, bp0, &a);
            a.n = trials;
        } else if (players == 2) {
            eq_sample_fixed_hu(&e, deck, bk0, bp0, &w, trials, &a);
        } else {
            eq_sample_fixed_n(&e, deck, bk0, bp0, &w, trials, &a);
        }
    } else {
        int m = 0;
        for (int c = 0; c < 52; c++)
            if (!(fixed >> c & 1)) deck[m++] = (uint8_t)c;
        uint32_t rejects = 0;
        for (uint64_t n = 0; n < trials && !w.bad;) {
            uint64_t used = 0;
            int ok = 1;
            for (int i = 0; i < players && ok; i++) {
                const uint32_t lo = offsets[i], hi = offsets[i + 1];
                uint32_t k = lo;
                if (hi - lo > 1) {
                    const uint64_t x = eq_bounded(&w, cumw[hi - 1]);
                    uint32_t l = lo, h = hi - 1; /* first k with cumw[k] > x */
                    while (l < h) {
                        const uint32_t mid = l + (h - l) / 2;
                        if (cumw[mid] > x) h = mid; else l = mid + 1;
                    }
                    k = l;
                }
                const uint8_t *c = combos + 2 * (size_t)k;
                const uint64_t b = ((uint64_t)1 << c[0]) | ((uint64_t)1 << c[1]);
                if (used & b) { ok = 0; break; }
                used |= b;
                e.hk[i] = PE_CARD_KEY(c[0]) + PE_CARD_KEY(c[1]);
                e.hp[i] = EQ_PACK(c[0]) | EQ_PACK(c[1]);
            }
            if (!ok) {
                if (++rejects >= EQ_MAX_REJECTS) return PE_EQ_ERR_NO_DEAL;
                continue;
            }
            rejects = 0;
            uint64_t bk = bk0, bp = bp0;
            uint8_t swaps[64][2];
            int ns = 0;
            for (int t = 0; t < e.k; t++) {
                uint8_t c;
                for (;;) { /* uniform over the cards not yet drawn; held cards are redrawn */
                    const int j = t + (int)eq_bounded(&w, (uint64_t)(m - t));
                    c = deck[j];
                    deck[j] = deck[t];
                    deck[t] = c;
                    if (ns < 64) { swaps[ns][0] = (uint8_t)t; swaps[ns][1] = (uint8_t)j; }
                    ns++;
                    if (!(used >> c & 1) || w.bad) break;
                }
                bk += PE_CARD_KEY(c);
                bp |= EQ_PACK(c);
            }
            if (ns > 64) { /* (astronomically rare) too many redraws to undo: restore the order */
                m = 0;
                for (int c = 0; c < 52; c++)
                    if (!(fixed >> c & 1)) deck[m++] = (uint8_t)c;
            } else {
                while (ns--) { /* undo: every trial starts from the same deck order */
                    const uint8_t c = deck[swaps[ns][0]];
                    deck[swaps[ns][0]] = deck[swaps[ns][1]];
                    deck[swaps[ns][1]] = c;
                }
            }
            eq_board(&e, players, bk, bp, &a);
            a.n++;
            n++;
            w.left--;
        }
    }
    if (w.bad) return PE_SHOE_ERR_ENTROPY;
    eq_finish(&a, players, 1, acc);
    return PE_OK;
}
