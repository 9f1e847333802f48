/* pe_equity.c - see pe_equity.h for the algorithms. */
#include "pe_compat.h"
#include "pe_equity.h"
#include "pe_eval_internal.h"
#include "pe_rng_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EQ_INLINE static PE_ALWAYS_INLINE

int pe_eq_abi(void) { return PE_EQ_ABI; }

/* PE_PACK(c) (pe_eval_internal.h) for every card, as a table for the sampled boards. */
#define EQ_P4(r) PE_PACK(4 * (r)), PE_PACK(4 * (r) + 1), PE_PACK(4 * (r) + 2), PE_PACK(4 * (r) + 3)
static const uint64_t EQ_PACK_T[52] = {EQ_P4(0), EQ_P4(1), EQ_P4(2), EQ_P4(3), EQ_P4(4), EQ_P4(5), EQ_P4(6),
                                       EQ_P4(7), EQ_P4(8), EQ_P4(9), EQ_P4(10), EQ_P4(11), EQ_P4(12)};

/* Counts kept while enumerating or sampling; shares are derived at the end (exact integers). */
typedef struct eq_acc {
    uint64_t n;
    uint64_t win[PE_EQ_MAX_PLAYERS];
    uint64_t tiek[PE_EQ_MAX_PLAYERS][PE_EQ_MAX_PLAYERS + 1]; /* ties among k players */
} eq_acc;

EQ_INLINE void eq_score(eq_acc *a, int p, const uint16_t *v, uint64_t w)
{
    if (p == 2) { /* branch-free heads-up */
        a->win[0] += w * (v[0] > v[1]);
        a->win[1] += w * (v[1] > v[0]);
        a->tiek[0][2] += w * (v[0] == v[1]);
        return;
    }
    uint16_t best = 0;
    uint32_t mask = 0;
    for (int i = 0; i < p; i++) {
        if (v[i] > best) { best = v[i]; mask = 1u << i; }
        else if (v[i] == best) mask |= 1u << i;
    }
    if (PE_LIKELY((mask & (mask - 1)) == 0)) {
        a->win[pe_ctz32(mask)] += w;
        return;
    }
    const int k = pe_popcount64(mask);
    for (uint32_t m = mask; m; m &= m - 1) a->tiek[pe_ctz32(m)][k] += w;
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

EQ_INLINE void eq_board_w(const eq_enum *e, int p, uint64_t bk, uint64_t bp, eq_acc *a, uint64_t w)
{
    uint16_t v[PE_EQ_MAX_PLAYERS];
    for (int i = 0; i < p; i++) v[i] = pe_value_packed(bk + e->hk[i], bp | e->hp[i]);
    eq_score(a, p, v, w);
}

EQ_INLINE void eq_board(const eq_enum *e, int p, uint64_t bk, uint64_t bp, eq_acc *a)
{
    eq_board_w(e, p, bk, bp, a, 1);
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

/* Validation shared by the exact entry points: arguments, then every tuple against board + dead. */
static int eq_exact_check(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                          const uint8_t *dead, int ndead, pe_eq_stats *acc, uint64_t *fixed)
{
    int st = eq_check_common(players, board, nboard, dead, ndead, acc, fixed);
    if (st) return st;
    if (!holes && tuples) return PE_ERR_ARG;
    for (size_t t = 0; t < tuples; t++) { /* validate everything before counting anything */
        uint64_t used = *fixed;
        if ((st = eq_mark(&used, holes + t * 2 * (size_t)players, 2 * players))) return st;
    }
    return PE_OK;
}

/* Sets e's hole keys and masks for tuple h; returns the cards held. */
static uint64_t eq_set_holes(eq_enum *e, const uint8_t *h, int players)
{
    uint64_t used = 0;
    for (int i = 0; i < players; i++) {
        const uint8_t c0 = h[2 * i], c1 = h[2 * i + 1];
        e->hk[i] = PE_CARD_KEY(c0) + PE_CARD_KEY(c1);
        e->hp[i] = PE_PACK(c0) | PE_PACK(c1);
        used |= ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
    }
    return used;
}

/* A run's start: no counts yet, `players` players, 5 - nboard board cards to come. Returns the known
 * board's key sum, its packed suit masks in *bp. */
static uint64_t eq_start(eq_enum *e, eq_acc *a, int players, const uint8_t *board, int nboard, uint64_t *bp)
{
    memset(a, 0, sizeof *a);
    e->p = players;
    e->k = 5 - nboard;
    return pe_key_packed(board, nboard, bp);
}

int pe_eq_exact_plain(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                      const uint8_t *dead, int ndead, pe_eq_stats *acc)
{
    uint64_t fixed;
    int st = eq_exact_check(holes, tuples, players, board, nboard, dead, ndead, acc, &fixed);
    if (st) return st;
    eq_acc a;
    eq_enum e;
    uint64_t bp;
    const uint64_t bk = eq_start(&e, &a, players, board, nboard, &bp);
    for (size_t t = 0; t < tuples; t++) {
        const uint64_t used = fixed | eq_set_holes(&e, holes + t * 2 * (size_t)players, players);
        e.m = 0;
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1)) { e.rk[e.m] = PE_CARD_KEY(c); e.rp[e.m] = PE_PACK(c); e.m++; }
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

/* ---- exact enumeration by rank classes, with flush corrections ----
 * A board without a flush for anyone gives every player the value of his seven cards' ranks alone,
 * so those boards count by the multiset of their new cards' ranks: one lookup per player for each
 * multiset (at most 6,188 of five cards), weighted by the number of boards with those ranks,
 * prod_r C(cards of rank r left, t_r). That first part counts every board as if nobody could make
 * a flush. A flush needs five cards of one suit in a player's seven, so at least three on the board,
 * and a five-card board has three of at most one suit: the boards where a player makes a flush are
 * those with j new cards of a suit s such that the board holds three or more of s and some player's
 * cards of s plus the board's reach five. The second part walks those boards, for each suit s the
 * j-card sets of s explicitly and the other new cards (of other suits, which cannot flush: at most
 * two on the board and two in a hand) again by their rank multiset, and replaces each one's rank-only
 * outcome by its true one (the counts are sums modulo 2**64, so subtracting is exact). Preflop
 * heads-up that is ~6,000 rank classes and ~35,000 flush boards instead of 1,712,304 boards. */
typedef struct eq_iso {
    const eq_enum *e;
    int p, k;
    uint32_t br;                          /* known board: rank key (the key's low word) */
    uint16_t bm[4];                       /* and its rank masks per suit */
    uint8_t bc[4];
    uint32_t hr[PE_EQ_MAX_PLAYERS];       /* hole cards: rank keys */
    uint16_t hs[PE_EQ_MAX_PLAYERS][4];    /* rank masks per suit */
    uint8_t hc[PE_EQ_MAX_PLAYERS][4];     /* counts per suit */
    uint8_t avail[13];                    /* cards left per rank (rank part) or of the other suits (flush part) */
    uint8_t below[14];                    /* below[r] = avail[0] + ... + avail[r - 1] */
    uint16_t flush[PE_EQ_MAX_PLAYERS];    /* flush part: the player's flush value, 0 without one */
    uint32_t part, nparts, tick;          /* work split: units with index % nparts == part */
    int unit_left;                        /* rank part: a node with this many cards to come is one unit (0: none) */
    uint64_t *claim;                      /* threads of one call (pe_pool.c): the shared chunk counter, or NULL */
    uint64_t unit, mine_lo, mine_end;     /* with claim: this unit's index, the units of the chunk held */
    eq_acc *a;
} eq_iso;

/* The start of an exact enumeration: the board's words and suit counts, and the iterator x over e
 * and a (shared by pe_eq_exact_w and pe_eq_spot); the whole enumeration (part 0 of 1). */
static uint64_t eq_iso_begin(eq_iso *x, eq_enum *e, eq_acc *a, int players, const uint8_t *board, int nboard,
                             uint64_t *bp, unsigned bsuit[4])
{
    const uint64_t bk = eq_start(e, a, players, board, nboard, bp);
    for (int s = 0; s < 4; s++) bsuit[s] = 0;
    for (int i = 0; i < nboard; i++) bsuit[board[i] & 3]++;
    x->e = e;
    x->p = players;
    x->k = 5 - nboard;
    x->a = a;
    x->br = (uint32_t)bk;
    for (int s = 0; s < 4; s++) {
        x->bm[s] = (uint16_t)(*bp >> (16 * s) & 0x1fffu);
        x->bc[s] = (uint8_t)bsuit[s];
    }
    x->part = 0;
    x->nparts = 1;
    x->tick = 0;
    x->unit_left = 0;
    x->claim = NULL;
    x->unit = x->mine_lo = x->mine_end = 0;
    return bk;
}

static const uint8_t EQ_BINOM[5][5] = {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0},
                                       {1, 4, 6, 4, 1}};

#define EQ_RANK_KEY(r) ((uint32_t)PE_CARD_KEY(4 * (r)))

/* The value of seven cards from the rank part of their key alone (no flush). */
EQ_INLINE uint16_t eq_rank_value(uint32_t key) { return pe_lookup(PE_SUIT_INIT | key, NULL, 0); }

#if PE_GNUC
#define EQ_TAKE(p) __atomic_fetch_add((p), 1, __ATOMIC_RELAXED)
#else /* no threads of one call without the GCC/clang builtins: pe_pool.c runs the parts in turn */
#define EQ_TAKE(p) ((*(p))++)
#endif
/* Units taken at once from the shared counter by a thread of pe_eq_spot_threads. */
#define EQ_CHUNK 4
/* Preflop (five cards to come), split over threads: a rank-part node with this many cards left is
 * one unit, so the walk above the units (repeated by every part) stays small. */
#ifndef EQ_UNIT_LEFT
#define EQ_UNIT_LEFT 3
#endif
/* Flush part, split over parts: the sets with this many cards of the suit still to choose are one unit. */
#ifndef EQ_UNIT_SETS
#define EQ_UNIT_SETS 2
#endif

/* Whether this unit of work is this part's: units are dealt round robin to the parts, or, with a
 * shared counter, taken in chunks by the threads as they reach them. Every part walks the units in
 * the same order, so each unit is evaluated by exactly one part whichever way they are dealt. */
EQ_INLINE int eq_mine(eq_iso *x)
{
    if (x->nparts == 1) return 1;
    if (x->claim) {
        const uint64_t t = x->unit++;
        if (t == x->mine_end) { /* the chunk held is done: take the next one not taken */
            x->mine_lo = EQ_TAKE(x->claim) * EQ_CHUNK;
            x->mine_end = x->mine_lo + EQ_CHUNK;
        }
        return t >= x->mine_lo;
    }
    const uint32_t t = x->tick;
    x->tick = t + 1 == x->nparts ? 0 : t + 1;
    return t == x->part;
}

/* Rank part: the multisets of `left` more ranks from r down to 0 (key: the board's rank key so far).
 * Compiled twice: split 0 evaluates everything below (one part, or inside a unit this part holds:
 * no ownership test at all), split 1 walks a split enumeration and evaluates only this part's units
 * (eq_mine), handing each unit it holds to split 0. */
EQ_INLINE void eq_ranks_body(eq_iso *x, int r, int left, uint32_t key, uint64_t w, const int p, const int split);
static void eq_ranks_hu(eq_iso *x, int r, int left, uint32_t key, uint64_t w) { eq_ranks_body(x, r, left, key, w, 2, 0); }
static void eq_ranks_n(eq_iso *x, int r, int left, uint32_t key, uint64_t w) { eq_ranks_body(x, r, left, key, w, x->p, 0); }
static void eq_ranks_hu_split(eq_iso *x, int r, int left, uint32_t key, uint64_t w)
{
    eq_ranks_body(x, r, left, key, w, 2, 1);
}
static void eq_ranks_n_split(eq_iso *x, int r, int left, uint32_t key, uint64_t w)
{
    eq_ranks_body(x, r, left, key, w, x->p, 1);
}

/* The rank part's recursion: the split or the plain walk, heads-up or not. */
EQ_INLINE void eq_ranks_next(eq_iso *x, int r, int left, uint32_t key, uint64_t w, const int p, const int split)
{
    if (split) {
        if (p == 2) eq_ranks_hu_split(x, r, left, key, w); else eq_ranks_n_split(x, r, left, key, w);
    } else {
        if (p == 2) eq_ranks_hu(x, r, left, key, w); else eq_ranks_n(x, r, left, key, w);
    }
}

/* The boards with t = 1..n cards of rank r (n of them left) and left - t more below r. */
EQ_INLINE void eq_ranks_rank(eq_iso *x, int r, unsigned n, int left, uint32_t key, uint64_t w, const int p,
                             const int split)
{
    uint32_t k2 = key;
    for (unsigned t = 1; t <= n && (int)t <= left; t++) {
        k2 += EQ_RANK_KEY(r);
        const uint64_t w2 = w * EQ_BINOM[n][t];
        if ((int)t == left) {
            if (split && !eq_mine(x)) continue;
            uint16_t v[PE_EQ_MAX_PLAYERS];
            for (int i = 0; i < p; i++) v[i] = eq_rank_value(k2 + x->hr[i]);
            eq_score(x->a, p, v, w2);
            x->a->n += w2;
        } else if (r > 0 && x->below[r] >= left - (int)t) {
            eq_ranks_next(x, r - 1, left - (int)t, k2, w2, p, split);
        }
    }
}

EQ_INLINE void eq_ranks_body(eq_iso *x, int r, int left, uint32_t key, uint64_t w, const int p, const int split)
{
    if (left == 1) { /* the last card: one class per rank still held by the deck (one unit of work) */
        if (split && !eq_mine(x)) return;
        for (; r >= 0; r--) {
            const unsigned n = x->avail[r];
            if (!n) continue;
            const uint32_t k2 = key + EQ_RANK_KEY(r);
            uint16_t v[PE_EQ_MAX_PLAYERS];
            for (int i = 0; i < p; i++) v[i] = eq_rank_value(k2 + x->hr[i]);
            eq_score(x->a, p, v, w * n);
            x->a->n += w * n;
        }
        return;
    }
    /* one rank per call: t cards of rank r (ranks r..0 hold at least `left` cards) */
    const unsigned n = x->avail[r];
    if (r > 0 && x->below[r] >= left) eq_ranks_next(x, r - 1, left, key, w, p, split); /* none of rank r */
    if (split && left == x->unit_left) { /* the cards of rank r: one unit, walked plainly if held */
        if (eq_mine(x)) eq_ranks_rank(x, r, n, left, key, w, p, 0);
        return;
    }
    eq_ranks_rank(x, r, n, left, key, w, p, split);
}

/* Flush part: one board's correction, the rank-only outcome replaced by the true one. */
EQ_INLINE void eq_flush_board(eq_iso *x, uint32_t key, uint64_t w, const int p)
{
    uint16_t vr[PE_EQ_MAX_PLAYERS], vt[PE_EQ_MAX_PLAYERS];
    for (int i = 0; i < p; i++) {
        vr[i] = eq_rank_value(key + x->hr[i]);
        vt[i] = x->flush[i] ? x->flush[i] : vr[i];
    }
    eq_score(x->a, p, vt, w);
    eq_score(x->a, p, vr, 0 - w);
}

/* The other new cards of a flush board: multisets of `left` ranks from r down (avail: other suits). */
static void eq_flush_others(eq_iso *x, int r, int left, uint32_t key, uint64_t w)
{
    if (left == 0) {
        if (x->p == 2) eq_flush_board(x, key, w, 2); else eq_flush_board(x, key, w, x->p);
        return;
    }
    for (; r >= 0 && x->below[r + 1] >= left; r--) {
        const unsigned n = x->avail[r];
        uint32_t k2 = key;
        for (unsigned t = 1; t <= n && (int)t <= left; t++) {
            k2 += EQ_RANK_KEY(r);
            eq_flush_others(x, r - 1, left - (int)t, k2, w * EQ_BINOM[n][t]);
        }
    }
}

/* The j-card sets of suit s among the ranks in `from` (ranks below `top`), then the others. Compiled
 * twice as the rank part: split 1 walks a split enumeration (the sets with EQ_UNIT_SETS cards to
 * choose are one unit, handed to split 0 when held), split 0 evaluates everything below. */
EQ_INLINE void eq_flush_sets_body(eq_iso *x, int s, uint32_t from, int j, uint32_t set, uint32_t key, uint64_t w,
                                  const int split);
static void eq_flush_sets(eq_iso *x, int s, uint32_t from, int j, uint32_t set, uint32_t key, uint64_t w)
{
    eq_flush_sets_body(x, s, from, j, set, key, w, 0);
}
static void eq_flush_sets_split(eq_iso *x, int s, uint32_t from, int j, uint32_t set, uint32_t key, uint64_t w)
{
    eq_flush_sets_body(x, s, from, j, set, key, w, 1);
}

EQ_INLINE void eq_flush_sets_body(eq_iso *x, int s, uint32_t from, int j, uint32_t set, uint32_t key, uint64_t w,
                                  const int split)
{
    if (split && j == EQ_UNIT_SETS) { /* the sets below: one unit */
        if (eq_mine(x)) eq_flush_sets(x, s, from, j, set, key, w);
        return;
    }
    if (j == 0) {
        if (split && !eq_mine(x)) return;
        const int nb = x->bc[s] + pe_popcount64(set);
        for (int i = 0; i < x->p; i++)
            x->flush[i] = x->hc[i][s] + nb >= 5 ? PE_FLUSH[x->hs[i][s] | x->bm[s] | set] : 0;
        eq_flush_others(x, 12, x->k - pe_popcount64(set), key, w);
        return;
    }
    for (uint32_t m = from; m; m &= m - 1) {
        const int r = pe_ctz32(m);
        if (split) eq_flush_sets_split(x, s, m & (m - 1), j - 1, set | 1u << r, key + EQ_RANK_KEY(r), w);
        else eq_flush_sets(x, s, m & (m - 1), j - 1, set | 1u << r, key + EQ_RANK_KEY(r), w);
    }
}

EQ_INLINE void eq_set_below(eq_iso *x)
{
    x->below[0] = 0;
    for (int r = 0; r < 13; r++) x->below[r + 1] = (uint8_t)(x->below[r] + x->avail[r]);
}

/* Every board of one deal h (players' hole cards), counted w times into x->a. */
static void eq_iso_deal(eq_iso *x, eq_enum *e, const uint8_t *h, uint64_t fixed, const unsigned bsuit[4],
                        uint64_t bk, uint64_t bp, uint64_t w)
{
    (void)bsuit;
    const int players = x->p, k = x->k;
    eq_acc *a = x->a;
    const uint64_t used = fixed | eq_set_holes(e, h, players);
    if (k == 0) {
        if (eq_mine(x)) {
            eq_board_w(e, players, bk, bp, a, w);
            a->n += w;
        }
        return;
    }
    uint16_t left[4]; /* rank masks of the cards left, per suit */
    for (int s = 0; s < 4; s++) left[s] = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) left[c & 3] |= (uint16_t)(1u << (c >> 2));
    uint8_t most[4] = {0, 0, 0, 0};
    for (int i = 0; i < players; i++) {
        x->hr[i] = (uint32_t)e->hk[i];
        for (int s = 0; s < 4; s++) {
            x->hs[i][s] = (uint16_t)(e->hp[i] >> (16 * s) & 0x1fffu);
            x->hc[i][s] = (uint8_t)pe_popcount64(x->hs[i][s]);
            if (x->hc[i][s] > most[s]) most[s] = x->hc[i][s];
        }
    }
    const uint32_t br = x->br;
    /* rank part: every board by its ranks */
    for (int r = 0; r < 13; r++)
        x->avail[r] = (uint8_t)((left[0] >> r & 1) + (left[1] >> r & 1) + (left[2] >> r & 1) + (left[3] >> r & 1));
    eq_set_below(x);
    if (x->below[13] >= k) {
        if (x->nparts == 1) eq_ranks_next(x, 12, k, br, w, players == 2 ? 2 : players, 0);
        else eq_ranks_next(x, 12, k, br, w, players == 2 ? 2 : players, 1);
    }
    /* flush part: j new cards of suit s, the board holding three or more of s and a player five */
    for (int s = 0; s < 4; s++) {
        const int nav = pe_popcount64(left[s]);
        int jmin = 5 - most[s] - x->bc[s];
        if (jmin < 0) jmin = 0;
        if (jmin > k || jmin > nav) continue;
        for (int r = 0; r < 13; r++) x->avail[r] = (uint8_t)(x->avail[r] - (left[s] >> r & 1)); /* other suits */
        eq_set_below(x);
        for (int j = jmin; j <= k && j <= nav; j++)
            if (x->below[13] < k - j) continue;
            else if (x->nparts == 1) eq_flush_sets(x, s, left[s], j, 0, br, w);
            else eq_flush_sets_split(x, s, left[s], j, 0, br, w);
        for (int r = 0; r < 13; r++) x->avail[r] = (uint8_t)(x->avail[r] + (left[s] >> r & 1));
    }
}

/* Multisets of m ranks with at most cap[r] cards of rank r (m <= 5). */
static uint64_t eq_multisets(const uint8_t cap[13], int m)
{
    uint64_t ways[6] = {1, 0, 0, 0, 0, 0};
    for (int r = 0; r < 13; r++)
        for (int t = m; t > 0; t--)
            for (int u = 1; u <= cap[r] && u <= t; u++) ways[t] += ways[t - u];
    return ways[m];
}

int pe_eq_exact_cost(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                     const uint8_t *dead, int ndead, uint64_t *classes)
{
    pe_eq_stats unused;
    uint64_t fixed;
    int st = eq_exact_check(holes, tuples, players, board, nboard, dead, ndead, &unused, &fixed);
    if (st) return st;
    if (!classes) return PE_ERR_ARG;
    const int k = 5 - nboard;
    uint8_t bc[4] = {0, 0, 0, 0};
    for (int i = 0; i < nboard; i++) bc[board[i] & 3]++;
    uint64_t n = 0;
    for (size_t t = 0; t < tuples; t++) {
        const uint8_t *h = holes + t * 2 * (size_t)players;
        if (k == 0) { n++; continue; }
        uint64_t used = fixed;
        uint8_t most[4] = {0, 0, 0, 0};
        for (int i = 0; i < players; i++) {
            uint8_t c[4] = {0, 0, 0, 0};
            c[h[2 * i] & 3]++;
            c[h[2 * i + 1] & 3]++;
            used |= ((uint64_t)1 << h[2 * i]) | ((uint64_t)1 << h[2 * i + 1]);
            for (int s = 0; s < 4; s++) if (c[s] > most[s]) most[s] = c[s];
        }
        uint8_t avail[13], other[13];
        for (int r = 0; r < 13; r++) avail[r] = (uint8_t)(4 - pe_popcount64(used >> (4 * r) & 0xfu));
        n += eq_multisets(avail, k);
        for (int s = 0; s < 4; s++) { /* as eq_iso_deal's flush part */
            int nav = 0;
            for (int r = 0; r < 13; r++) {
                const int free = !(used >> (4 * r + s) & 1);
                nav += free;
                other[r] = (uint8_t)(avail[r] - free);
            }
            int jmin = 5 - most[s] - bc[s];
            if (jmin < 0) jmin = 0;
            for (int j = jmin; j <= k && j <= nav; j++) {
                uint64_t sets = 1;
                for (int q = 0; q < j; q++) sets = sets * (uint64_t)(nav - q) / (uint64_t)(q + 1);
                n += sets * eq_multisets(other, k - j);
            }
        }
    }
    *classes = n;
    return PE_OK;
}

int pe_eq_exact_part(const uint8_t *holes, const uint64_t *mult, size_t tuples, int players, const uint8_t *board,
                     int nboard, const uint8_t *dead, int ndead, uint32_t part, uint32_t nparts, pe_eq_stats *acc)
{
    uint64_t fixed;
    int st = eq_exact_check(holes, tuples, players, board, nboard, dead, ndead, acc, &fixed);
    if (st) return st;
    if (nparts == 0 || part >= nparts) return PE_ERR_ARG;
    if (mult)
        for (size_t t = 0; t < tuples; t++)
            if (mult[t] == 0 || mult[t] > ((uint64_t)1 << 32)) return PE_ERR_ARG;
    eq_acc a;
    eq_enum e;
    eq_iso x;
    uint64_t bp;
    unsigned bsuit[4];
    const uint64_t bk = eq_iso_begin(&x, &e, &a, players, board, nboard, &bp, bsuit);
    x.part = part;
    x.nparts = nparts;
    for (size_t t = 0; t < tuples; t++)
        eq_iso_deal(&x, &e, holes + t * 2 * (size_t)players, fixed, bsuit, bk, bp, mult ? mult[t] : 1);
    eq_finish(&a, players, 0, acc);
    return PE_OK;
}

int pe_eq_exact_w(const uint8_t *holes, const uint64_t *mult, size_t tuples, int players, const uint8_t *board,
                  int nboard, const uint8_t *dead, int ndead, pe_eq_stats *acc)
{
    return pe_eq_exact_part(holes, mult, tuples, players, board, nboard, dead, ndead, 0, 1, acc);
}

int pe_eq_exact(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                const uint8_t *dead, int ndead, pe_eq_stats *acc)
{
    return pe_eq_exact_w(holes, NULL, tuples, players, board, nboard, dead, ndead, acc);
}

/* ---- suit-canonical deals ----
 * A suit permutation that maps the board onto itself and the dead cards onto themselves maps a deal
 * to one with the same outcome for every player on every board (the boards are permuted too). The
 * canonical deal is the least image, holes written high card first, over those permutations. */
static const uint8_t EQ_PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};

static uint64_t eq_perm_mask(uint64_t cards, const uint8_t *perm)
{
    uint64_t out = 0;
    for (; cards; cards &= cards - 1) {
        const int c = pe_ctz64(cards);
        out |= (uint64_t)1 << ((c & ~3) | perm[c & 3]);
    }
    return out;
}

int pe_eq_canon(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                const uint8_t *dead, int ndead, uint8_t *out)
{
    pe_eq_stats unused;
    uint64_t fixed;
    int st = eq_exact_check(holes, tuples, players, board, nboard, dead, ndead, &unused, &fixed);
    if (st) return st;
    if (!out && tuples) return PE_ERR_ARG;
    uint64_t bmask = 0, dmask = 0;
    for (int i = 0; i < nboard; i++) bmask |= (uint64_t)1 << board[i];
    for (int i = 0; i < ndead; i++) dmask |= (uint64_t)1 << dead[i];
    int np = 0, keep[24];
    for (int q = 0; q < 24; q++)
        if (eq_perm_mask(bmask, EQ_PERMS[q]) == bmask && eq_perm_mask(dmask, EQ_PERMS[q]) == dmask) keep[np++] = q;
    const int n = 2 * players;
    for (size_t t = 0; t < tuples; t++) {
        const uint8_t *h = holes + t * (size_t)n;
        uint8_t *o = out + t * (size_t)n;
        uint8_t best[2 * PE_EQ_MAX_PLAYERS], cur[2 * PE_EQ_MAX_PLAYERS];
        for (int q = 0; q < np; q++) {
            const uint8_t *perm = EQ_PERMS[keep[q]];
            for (int i = 0; i < n; i += 2) {
                const uint8_t a = (uint8_t)((h[i] & ~3) | perm[h[i] & 3]);
                const uint8_t b = (uint8_t)((h[i + 1] & ~3) | perm[h[i + 1] & 3]);
                cur[i] = a > b ? a : b;
                cur[i + 1] = a > b ? b : a;
            }
            if (q == 0 || memcmp(cur, best, (size_t)n) < 0) memcpy(best, cur, (size_t)n);
        }
        memcpy(o, best, (size_t)n);
    }
    return PE_OK;
}

/* ---- Monte Carlo ---- */

/* Random numbers come from the caller's pe_rng through a pe_src (pe_rng_internal.h: the shoe's
 * generator, Lemire's bounded draw and its batched form), one word at a time, so n1 then n2 trials
 * on one pe_rng give the same deals as n1 + n2 in one call. */

/* Where a Monte Carlo run's words come from: the caller's generator (seed NULL), or streams
 * first .. first+count-1 of a seed (stream j = the seeded state jumped j times, as
 * pyeval.parallel.stream_rng), the trials split as pyeval.parallel.split does (trials // count each,
 * one more for the first trials % count). Each stream's base state costs one jump from the previous
 * one (pe_rng_jump_n once for the first): setup is O(1) a stream, not O(stream index). */
typedef struct eq_streams {
    pe_rng *rng;
    const uint64_t *seed;
    uint32_t first, count;
    uint64_t trials;
    /* iteration */
    pe_rng base, cur;
    uint32_t j;
} eq_streams;

static void eq_streams_start(eq_streams *it)
{
    it->j = 0;
    if (it->seed) {
        pe_rng_seed(&it->base, it->seed);
        pe_rng_jump_n(&it->base, it->first);
    }
}

/* The next stream's generator and its trials (*n > 0), or NULL when no trials are left. */
static pe_rng *eq_streams_next(eq_streams *it, uint64_t *n)
{
    if (!it->seed) {
        if (it->j++ || !it->trials) return NULL;
        *n = it->trials;
        return it->rng;
    }
    const uint64_t q = it->trials / it->count, r = it->trials % it->count;
    if (it->j >= it->count || (q == 0 && it->j >= r)) return NULL; /* the rest have no trials */
    *n = q + (it->j < r);
    it->cur = it->base;
    if (++it->j < it->count) pe_rng_jump(&it->base);
    return &it->cur;
}

/* Every player fixed: only the board is drawn, from deck[0..m). */
EQ_INLINE void eq_sample_fixed(const eq_enum *e, int p, uint8_t *deck, uint64_t bk0, uint64_t bp0,
                               pe_rng *rng, uint64_t trials, eq_acc *a)
{
    pe_src src, *w = &src;
    pe_src_open(w, rng);
    const int m = e->m, k = e->k;
    uint64_t prod = 1;
    for (int t = 0; t < k; t++) prod *= (uint64_t)(m - t);
    for (uint64_t n = 0; n < trials; n++) {
        uint32_t d[5];
        pe_src_digits_down(w, (uint64_t)m, k, prod, d);
        uint64_t bk = bk0, bp = bp0;
        for (int t = 0; t < k; t++) {
            const int j = t + (int)d[t];
            const uint8_t c = deck[j];
            deck[j] = deck[t];
            deck[t] = c;
            bk += PE_CARD_KEY(c);
            bp |= EQ_PACK_T[c];
        }
        for (int t = k - 1; t >= 0; t--) { /* undo: every trial starts from the same deck order */
            const int j = t + (int)d[t];
            const uint8_t c = deck[j];
            deck[j] = deck[t];
            deck[t] = c;
        }
        eq_board(e, p, bk, bp, a);
    }
    pe_src_close(w);
    a->n += trials;
}

static void eq_sample_fixed_hu(const eq_enum *e, uint8_t *deck, uint64_t bk0, uint64_t bp0, pe_rng *w,
                               uint64_t trials, eq_acc *a)
{
    eq_sample_fixed(e, 2, deck, bk0, bp0, w, trials, a);
}

static void eq_sample_fixed_n(const eq_enum *e, uint8_t *deck, uint64_t bk0, uint64_t bp0, pe_rng *w,
                              uint64_t trials, eq_acc *a)
{
    eq_sample_fixed(e, e->p, deck, bk0, bp0, w, trials, a);
}

/* ---- ranges: O(1) picks ----
 * Each player's combination is picked in O(1): a range whose weights are all equal by one bounded
 * draw on its size (one multiply, Lemire); a weighted one by an alias table (Walker/Vose, built in
 * integers, so exact: bucket j uniform, then kept when a draw below the scaled total falls under
 * its threshold, else its alias), or, when the scaled weights would not fit 64 bits, the binary
 * search of the cumulative weights. A deal where two players share a card is rejected whole. The
 * board is drawn from the cards no player holds with one word per board (batched Lemire): the held
 * cards are first swapped to the end of the deck, and every swap is undone after the trial. */
#define EQ_MAX_REJECTS 1000000u

typedef struct eq_pick {
    uint32_t lo, n;     /* combos[lo .. lo+n) */
    int kind;           /* 0 fixed, 1 uniform, 2 alias, 3 binary search */
    uint64_t total;     /* alias: scaled capacity of a bucket (the total weight) */
} eq_pick;

static int eq_build_picks(const uint32_t *offsets, const uint64_t *cumw, int players, eq_pick *pk,
                          uint64_t *thr, uint16_t *alias)
{
    for (int i = 0; i < players; i++) {
        const uint32_t lo = offsets[i], n = offsets[i + 1] - lo;
        pk[i].lo = lo;
        pk[i].n = n;
        pk[i].total = cumw[lo + n - 1];
        if (n == 1) { pk[i].kind = 0; continue; }
        int uniform = 1;
        for (uint32_t k = 1; k < n && uniform; k++) uniform = cumw[lo + k] - cumw[lo + k - 1] == cumw[lo];
        if (uniform) { pk[i].kind = 1; continue; }
        const uint64_t W = cumw[lo + n - 1];
        if (W > (((uint64_t)1 << 62) / n)) { pk[i].kind = 3; continue; }
        /* Vose in integers: scaled weight s_k = w_k * n, bucket capacity W. */
        uint64_t *t = thr + lo;
        uint16_t *al = alias + lo;
        uint16_t small[1326], large[1326];
        int ns = 0, nl = 0;
        for (uint32_t k = 0; k < n; k++) {
            t[k] = (cumw[lo + k] - (k ? cumw[lo + k - 1] : 0)) * n;
            al[k] = (uint16_t)k;
            if (t[k] < W) small[ns++] = (uint16_t)k; else large[nl++] = (uint16_t)k;
        }
        while (ns && nl) {
            const uint16_t l = small[--ns], g = large[nl - 1];
            al[l] = g;                     /* t[l] < W stays: keep l below t[l], else g */
            t[g] -= W - t[l];
            if (t[g] < W) { nl--; small[ns++] = g; }
        }
        while (nl) t[large[--nl]] = W;     /* exactly full buckets */
        while (ns) t[small[--ns]] = W;     /* unreachable in exact integers; kept safe */
        pk[i].kind = 2;
    }
    return PE_OK;
}

EQ_INLINE uint32_t eq_pick_one(const eq_pick *pk, const uint64_t *cumw, const uint64_t *thr,
                               const uint16_t *alias, pe_src *w)
{
    switch (pk->kind) {
    case 0:
        return pk->lo;
    case 1:
        return pk->lo + (uint32_t)pe_src_bounded(w, pk->n);
    case 2: {
        const uint32_t j = (uint32_t)pe_src_bounded(w, pk->n);
        const uint64_t u = pe_src_bounded(w, pk->total);
        return pk->lo + (u < thr[pk->lo + j] ? j : alias[pk->lo + j]);
    }
    default: {
        const uint64_t x = pe_src_bounded(w, pk->total);
        uint32_t l = pk->lo, h = pk->lo + pk->n - 1; /* first k with cumw[k] > x */
        while (l < h) {
            const uint32_t mid = l + (h - l) / 2;
            if (cumw[mid] > x) h = mid; else l = mid + 1;
        }
        return l;
    }
    }
}

/* The d-th set bit (d < popcount(v)) of v, as a one-bit mask: pdep in one instruction where
 * pe_compat.h reports BMI2 (pe_have_bmi2), elsewhere the same answer by 16-bit popcounts. */
#if !defined(PE_NO_BMI2)
#define eq_have_bmi2 pe_have_bmi2
#else
static int eq_have_bmi2(void) { return 0; }
#endif

EQ_INLINE uint64_t eq_select(uint64_t v, unsigned d, const int bmi2)
{
    if (bmi2) return pe_pdep64((uint64_t)1 << d, v);
    unsigned shift = 0;
    for (;;) {
        const unsigned c = (unsigned)pe_popcount64(v >> shift & 0xffffu);
        if (d < c) break;
        d -= c;
        shift += 16;
    }
    uint64_t r = v >> shift & 0xffffu;
    for (; d; d--) r &= r - 1;
    return (r & (0 - r)) << shift;
}

int pe_eq_selftest(void)
{
    if (!eq_have_bmi2()) return PE_OK; /* only the portable select runs here */
    uint64_t z = 0;
    for (int it = 0; it < 100000; it++) {
        const uint64_t u = pe_splitmix64(&z);
        uint64_t v = u & (((uint64_t)1 << 52) - 1);
        if (it & 1) v &= v >> 7 | u >> 40; /* sparse masks too */
        const int n = pe_popcount64(v);
        for (int d = 0; d < n; d++)
            if (eq_select(v, (unsigned)d, 0) != eq_select(v, (unsigned)d, 1)) return PE_ERR_ARG;
    }
    return PE_OK;
}

typedef struct eq_rctx {
    eq_enum *e;
    pe_rng *rng;
    eq_acc *a;
    const uint8_t *combos;
    const uint64_t *cumw, *thr, *ck, *cp, *cb;
    const uint16_t *alias;
    const eq_pick *pk;
    uint64_t free;
    int m, nj, joint;
    uint64_t jb[PE_EQ_MAX_PLAYERS + 5], jprod, prod, trials, bk0, bp0;
} eq_rctx;

/* The trials; players, k and joint are constants in the common instantiations. */
EQ_INLINE int eq_ranges_loop(eq_rctx *x, const int players, const int k, const int joint, const int bmi2)
{
    uint32_t jd[PE_EQ_MAX_PLAYERS + 5];
    eq_enum *e = x->e;
    pe_src src, *w = &src; /* a local: its state stays in registers */
    pe_src_open(w, x->rng);
    eq_acc *a = x->a;
    const int m = x->m;
    const uint64_t *cb = x->cb, *ck = x->ck, *cp = x->cp;
    const eq_pick *pk = x->pk;
    uint32_t rejects = 0;
    int st = PE_OK;
    for (uint64_t n = 0; n < x->trials && !pe_src_failed(w);) {
        uint64_t used = 0;
        int ok = 1, jq = 0;
        if (joint) pe_src_digits(w, x->jb, x->nj, x->jprod, jd);
        for (int i = 0; i < players; i++) {
            const uint32_t q = joint ? pk[i].lo + (pk[i].kind ? jd[jq++] : 0)
                                     : eq_pick_one(&pk[i], x->cumw, x->thr, x->alias, w);
            const uint64_t b = cb[q];
            if (used & b) { ok = 0; break; }
            used |= b;
            e->hk[i] = ck[q];
            e->hp[i] = cp[q];
        }
        if (!ok) {
            if (++rejects >= EQ_MAX_REJECTS) { st = PE_EQ_ERR_NO_DEAL; break; }
            continue;
        }
        rejects = 0;
        /* board: digit d[t] picks the d[t]-th card (in card order) among those not fixed, not held
         * and not drawn yet: uniform, the same choice as any other ordering rule, and no undo */
        uint64_t avail = x->free & ~used;
        uint64_t bk = x->bk0, bp = x->bp0;
        uint32_t d[5];
        if (joint) for (int t = 0; t < k; t++) d[t] = jd[jq + t];
        else if (k) pe_src_digits_down(w, (uint64_t)(m - 2 * players), k, x->prod, d);
        for (int t = 0; t < k; t++) {
            const uint64_t bit = eq_select(avail, d[t], bmi2);
            const int c = pe_ctz64(bit);
            avail ^= bit;
            bk += PE_CARD_KEY(c);
            bp |= EQ_PACK_T[c];
        }
        eq_board(e, players, bk, bp, a);
        a->n++;
        n++;
    }
    pe_src_close(w);
    return st;
}

/* The BMI2 instantiations, compiled for that ISA (popcnt and tzcnt come with it). */
PE_BMI2_TARGET static int eq_ranges_bmi2(eq_rctx *x)
{
    const int players = x->e->p, k = x->e->k, joint = x->joint;
    if (players == 2 && k == 5 && joint) return eq_ranges_loop(x, 2, 5, 1, 1);
    return eq_ranges_loop(x, players, k, joint, 1);
}

static int eq_sample_ranges(eq_enum *e, const uint8_t *combos, const uint32_t *offsets, const uint64_t *cumw,
                            uint64_t fixed, uint64_t bk0, uint64_t bp0, eq_streams *sp, eq_acc *a)
{
    const int players = e->p, k = e->k;
    const uint32_t ncombo = offsets[players];
    eq_pick pk[PE_EQ_MAX_PLAYERS];
    /* per combination: alias threshold, alias, key, packed masks and card bits (one allocation) */
    uint64_t *thr = (uint64_t *)malloc((sizeof(uint64_t) * 4 + sizeof(uint16_t)) * ncombo);
    if (!thr) return PE_ERR_ARG;
    uint64_t *ck = thr + ncombo, *cp = ck + ncombo, *cb = cp + ncombo;
    uint16_t *alias = (uint16_t *)(cb + ncombo);
    for (uint32_t q = 0; q < ncombo; q++) {
        const uint8_t c0 = combos[2 * q], c1 = combos[2 * q + 1];
        ck[q] = PE_CARD_KEY(c0) + PE_CARD_KEY(c1);
        cp[q] = EQ_PACK_T[c0] | EQ_PACK_T[c1];
        cb[q] = ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
    }
    eq_build_picks(offsets, cumw, players, pk, thr, alias);
    const int m = 52 - pe_popcount64(fixed);
    uint64_t prod = 1;
    for (int t = 0; t < k; t++) prod *= (uint64_t)(m - 2 * players - t);
    /* joint: when every range is uniform (or fixed) and the product of the range sizes and the
     * board's bounds fits, one word gives the picks and the board (batched Lemire) */
    uint64_t jb[PE_EQ_MAX_PLAYERS + 5], jprod = 1;
    int nj = 0, joint = 1;
    for (int i = 0; i < players && joint; i++) {
        if (pk[i].kind == 0) continue;
        if (pk[i].kind != 1 || jprod > (((uint64_t)1 << 63) / pk[i].n)) joint = 0;
        else { jb[nj++] = pk[i].n; jprod *= pk[i].n; }
    }
    for (int t = 0; t < k && joint; t++) {
        const uint64_t b = (uint64_t)(m - 2 * players - t);
        if (jprod > (((uint64_t)1 << 63) / b)) joint = 0;
        else { jb[nj++] = b; jprod *= b; }
    }
    eq_rctx x;
    x.e = e; x.a = a; x.combos = combos; x.cumw = cumw; x.thr = thr; x.ck = ck; x.cp = cp; x.cb = cb;
    x.alias = alias; x.pk = pk; x.m = m; x.nj = nj; x.jprod = jprod; x.prod = prod;
    x.bk0 = bk0; x.bp0 = bp0;
    x.free = ~fixed & (((uint64_t)1 << 52) - 1);
    x.joint = joint;
    memcpy(x.jb, jb, sizeof jb);
    int st = PE_OK;
    const int bmi2 = eq_have_bmi2();
    eq_streams_start(sp);
    uint64_t n;
    for (pe_rng *rng; st == PE_OK && (rng = eq_streams_next(sp, &n)) != NULL;) {
        x.rng = rng;
        x.trials = n;
        if (bmi2) st = eq_ranges_bmi2(&x);
        else if (players == 2 && k == 5 && joint) st = eq_ranges_loop(&x, 2, 5, 1, 0);
        else st = eq_ranges_loop(&x, players, k, joint, 0);
    }
    free(thr);
    return st;
}

/* Validation of pe_eq_sample's arguments (also the spot's Monte Carlo), then the run into *a. */
static int eq_sample_core(const uint8_t *combos, const uint32_t *offsets, const uint64_t *cumw, int players,
                          const uint8_t *board, int nboard, uint64_t fixed, eq_streams *sp, eq_acc *a)
{
    int st;
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
    uint64_t bp0;
    const uint64_t bk0 = eq_start(&e, a, players, board, nboard, &bp0);
    uint8_t deck[52];
    if (sp->rng) pe_rng_fork_check(sp->rng);
    if (!all_fixed) return eq_sample_ranges(&e, combos, offsets, cumw, fixed, bk0, bp0, sp, a);
    uint64_t used = fixed;
    for (int i = 0; i < players; i++)
        if ((st = eq_mark(&used, combos + 2 * (size_t)offsets[i], 2))) return st;
    for (int i = 0; i < players; i++) {
        const uint8_t *h = combos + 2 * (size_t)offsets[i];
        e.hk[i] = PE_CARD_KEY(h[0]) + PE_CARD_KEY(h[1]);
        e.hp[i] = PE_PACK(h[0]) | PE_PACK(h[1]);
    }
    e.m = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) deck[e.m++] = (uint8_t)c;
    if (e.k == 0) { /* nothing to draw: every trial is the same board */
        const uint64_t n = sp->trials;
        eq_acc one;
        memset(&one, 0, sizeof one);
        eq_board(&e, players, bk0, bp0, &one);
        for (int i = 0; i < players; i++) {
            a->win[i] += one.win[i] * n;
            for (int k = 0; k <= PE_EQ_MAX_PLAYERS; k++) a->tiek[i][k] += one.tiek[i][k] * n;
        }
        a->n += n;
        return PE_OK;
    }
    eq_streams_start(sp);
    uint64_t n;
    for (pe_rng *rng; (rng = eq_streams_next(sp, &n)) != NULL;) {
        if (players == 2) eq_sample_fixed_hu(&e, deck, bk0, bp0, rng, n, a);
        else eq_sample_fixed_n(&e, deck, bk0, bp0, rng, n, a);
    }
    return PE_OK;
}

int pe_eq_sample(const uint8_t *combos, const uint32_t *offsets, const uint64_t *cumw, int players,
                 const uint8_t *board, int nboard, const uint8_t *dead, int ndead, struct pe_rng *rng,
                 uint64_t trials, pe_eq_stats *acc)
{
    uint64_t fixed;
    int st = eq_check_common(players, board, nboard, dead, ndead, acc, &fixed);
    if (st) return st;
    if (!combos || !offsets || !cumw || !rng) return PE_ERR_ARG;
    if (offsets[0] != 0) return PE_ERR_ARG;
    eq_acc a;
    eq_streams sp;
    memset(&sp, 0, sizeof sp);
    sp.rng = rng;
    sp.trials = trials;
    memset(&a, 0, sizeof a);
    st = eq_sample_core(combos, offsets, cumw, players, board, nboard, fixed, &sp, &a);
    const int failed = pe_rng_take_err(rng); /* the OS source failed (secure mode) */
    if (st) return st;
    if (failed) return failed;
    eq_finish(&a, players, 1, acc);
    return PE_OK;
}

/* ---- the per-call fast path: one spot, one call ---- */

typedef struct eq_wide { uint64_t lo, hi; } eq_wide;

EQ_INLINE void eq_wide_add(uint64_t *w, uint64_t v)
{
    w[0] += v;
    w[1] += w[0] < v;
}

/* v * m into the 128-bit w (v < 2**64, m < 2**32): by 32-bit halves. */
EQ_INLINE void eq_wide_madd(uint64_t *w, uint64_t v, uint64_t m)
{
    const uint64_t lo = (v & 0xffffffffu) * m, hi = (v >> 32) * m; /* each < 2**64 */
    eq_wide_add(w, lo);
    eq_wide_add(w, hi << 32);
    w[1] += hi >> 32;
}

typedef struct eq_spot_run {
    int p;
    const uint8_t *cards[PE_EQ_MAX_PLAYERS];  /* per player: its kept combinations, 2 cards each */
    const uint32_t *wts[PE_EQ_MAX_PLAYERS];   /* and their weights */
    uint32_t n[PE_EQ_MAX_PLAYERS];
    int weighted;
    eq_iso *x;
    eq_enum *e;
    uint64_t fixed, bk, bp;
    const unsigned *bsuit;
    pe_eq_spot_out *out;
    uint64_t deals;
} eq_spot_run;

/* Adds one deal's counts (a) with weight w to the 128-bit sums. */
static void eq_spot_add(pe_eq_spot_out *out, const eq_acc *a, int p, uint64_t w)
{
    pe_eq_stats s;
    memset(&s, 0, sizeof s);
    eq_finish(a, p, 0, &s);
    eq_wide_madd(out->total, s.trials, w);
    for (int i = 0; i < p; i++) {
        eq_wide_madd(out->win[i], s.win[i], w);
        eq_wide_madd(out->tie[i], s.tie[i], w);
        eq_wide_madd(out->share[i], s.share[i], w);
    }
}

static void eq_spot_deals(eq_spot_run *r, int i, uint64_t used, uint8_t *h, uint64_t w)
{
    if (i == r->p) {
        r->deals++;
        if (!r->weighted) {
            eq_iso_deal(r->x, r->e, h, r->fixed, r->bsuit, r->bk, r->bp, 1);
            return;
        }
        eq_acc a;
        memset(&a, 0, sizeof a);
        eq_acc *keep = r->x->a;
        r->x->a = &a;
        eq_iso_deal(r->x, r->e, h, r->fixed, r->bsuit, r->bk, r->bp, 1);
        r->x->a = keep;
        eq_spot_add(r->out, &a, r->p, w);
        return;
    }
    const uint8_t *c = r->cards[i];
    for (uint32_t k = 0; k < r->n[i]; k++) {
        const uint64_t b = ((uint64_t)1 << c[2 * k]) | ((uint64_t)1 << c[2 * k + 1]);
        if (used & b) continue;
        h[2 * i] = c[2 * k];
        h[2 * i + 1] = c[2 * k + 1];
        eq_spot_deals(r, i + 1, used | b, h, w * r->wts[i][k]);
    }
}

int pe_eq_spot_abi(void) { return PE_EQ_SPOT_ABI; }

static int eq_spot(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                   const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint64_t *seed,
                   uint32_t first, uint32_t streams, uint64_t trials, uint64_t max_work, uint32_t part,
                   uint32_t parts, uint64_t *claim, pe_eq_spot_out *out)
{
    pe_eq_stats dummy;
    uint64_t fixed;
    int st = eq_check_common(players, board, nboard, dead, ndead, &dummy, &fixed);
    if (st) return st;
    if (!combos || !offsets || !out || offsets[0] != 0 || (seed && (streams == 0 || streams > ((uint32_t)1 << 20) ||
        first > ((uint32_t)1 << 20))))
        return PE_ERR_ARG;
    for (int i = 0; i < players; i++)
        if (offsets[i + 1] < offsets[i] || offsets[i + 1] - offsets[i] > 1326) return PE_ERR_ARG;
    const uint32_t ncombo = offsets[players];
    /* kept combinations (no board or dead card), their weights and, for Monte Carlo, cumulative weights */
    uint64_t small[64]; /* a few combinations: no allocation */
    const size_t need = ncombo * (2 + sizeof(uint32_t) + sizeof(uint64_t)) + 16;
    uint8_t *kc = need <= sizeof small ? (uint8_t *)small : (uint8_t *)malloc(need);
    if (!kc) return PE_ERR_ARG;
    uint32_t *kw = (uint32_t *)(void *)(kc + ((2 * (size_t)ncombo + 7) & ~(size_t)7));
    uint64_t *cumw = (uint64_t *)(void *)(kw + ncombo + (ncombo & 1));
    uint32_t koff[PE_EQ_MAX_PLAYERS + 1];
    eq_spot_run r;
    memset(&r, 0, sizeof r);
    memset(out, 0, sizeof *out);
    uint32_t m = 0;
    double wprod = 1.0;
    koff[0] = 0;
    for (int i = 0; i < players && !st; i++) {
        uint64_t total = 0;
        uint32_t wmax = 0, wfirst = 0;
        for (uint32_t k = offsets[i]; k < offsets[i + 1]; k++) {
            const uint8_t c0 = combos[2 * k], c1 = combos[2 * k + 1];
            const uint32_t w = weights ? weights[k] : 1;
            if (c0 >= 52 || c1 >= 52) { st = PE_ERR_CARD; break; }
            if (c0 == c1) { st = PE_ERR_DUP; break; }
            if (w == 0 || w > ((uint32_t)1 << 24)) { st = PE_ERR_ARG; break; }
            if ((fixed >> c0 & 1) || (fixed >> c1 & 1)) continue; /* card removal by board and dead */
            kc[2 * m] = c0;
            kc[2 * m + 1] = c1;
            kw[m] = w;
            total += w;
            cumw[m] = total;
            if (w > wmax) wmax = w;
            if (!wfirst) wfirst = w;
            if (w != wfirst) r.weighted = 1;
            m++;
        }
        koff[i + 1] = m;
        out->combos[i] = koff[i + 1] - koff[i];
        /* the kept weights as their primitive integer vector (divided by their gcd): the same integers
         * pyeval.equity's general path derives from the Fraction weights, so the draws agree */
        uint32_t g = 0;
        for (uint32_t k = koff[i]; k < m; k++) {
            uint32_t a = kw[k], b = g;
            while (b) { const uint32_t t = a % b; a = b; b = t; }
            g = a;
        }
        if (g > 1) {
            wmax /= g;
            total = 0;
            for (uint32_t k = koff[i]; k < m; k++) { kw[k] /= g; total += kw[k]; cumw[k] = total; }
        }
        if (!st && koff[i + 1] == koff[i]) st = PE_EQ_ERR_EMPTY;
        wprod *= (double)wmax;
    }
    if (st) { if (kc != (uint8_t *)small) free(kc); return st; }
    for (int i = 0; i < players; i++) {
        r.cards[i] = kc + 2 * (size_t)koff[i];
        r.wts[i] = kw + koff[i];
        r.n[i] = koff[i + 1] - koff[i];
    }
    if (seed) { /* Monte Carlo over `streams` streams of the seed */
        eq_streams sp;
        memset(&sp, 0, sizeof sp);
        sp.seed = seed;
        sp.first = first;
        sp.count = streams;
        sp.trials = trials;
        eq_acc a;
        memset(&a, 0, sizeof a);
        st = eq_sample_core(kc, koff, cumw, players, board, nboard, fixed, &sp, &a);
        if (kc != (uint8_t *)small) free(kc);
        if (st) return st;
        pe_eq_stats s;
        memset(&s, 0, sizeof s);
        eq_finish(&a, players, 1, &s);
        out->total[0] = s.trials;
        out->deals = s.trials;
        out->boards = s.trials;
        for (int i = 0; i < players; i++) {
            out->win[i][0] = s.win[i];
            out->tie[i][0] = s.tie[i];
            out->share[i][0] = s.share[i];
            out->share_sq[i] = s.share_sq[i];
        }
    } else { /* exact: every compatible deal, every board */
        const int64_t per = pe_eq_board_count(players, nboard, ndead);
        double work = (double)per * (double)players;
        for (int i = 0; i < players; i++) work *= (double)r.n[i];
        if (work > (double)max_work || wprod >= (double)((uint64_t)1 << 30)) { if (kc != (uint8_t *)small) free(kc); return PE_EQ_ERR_BIG; }
        if (parts > 1 && r.weighted) { if (kc != (uint8_t *)small) free(kc); return PE_ERR_ARG; }
        eq_acc a;
        eq_enum e;
        eq_iso x;
        uint64_t bp;
        unsigned bsuit[4];
        const uint64_t bk = eq_iso_begin(&x, &e, &a, players, board, nboard, &bp, bsuit);
        x.part = part;
        x.nparts = parts;
        x.claim = parts > 1 ? claim : NULL;
        x.unit_left = x.k >= 5 ? EQ_UNIT_LEFT : 0; /* preflop: a rank node this deep is one unit */
        r.p = players;
        r.x = &x;
        r.e = &e;
        r.fixed = fixed;
        r.bk = bk;
        r.bp = bp;
        r.bsuit = bsuit;
        r.out = out;
        uint8_t h[2 * PE_EQ_MAX_PLAYERS];
        eq_spot_deals(&r, 0, 0, h, 1);
#ifdef EQ_DEBUG
        fprintf(stderr, "units walked %llu\n", (unsigned long long)x.unit);
#endif
        if (kc != (uint8_t *)small) free(kc);
        if (!r.deals) return PE_EQ_ERR_NO_DEAL;
        if (!r.weighted) eq_spot_add(out, &a, players, 1);
        out->deals = r.deals;
        out->boards = (uint64_t)per;
    }
    const double U = PE_EQ_SHARE_UNIT, T = ldexp((double)out->total[1], 64) + (double)out->total[0];
    for (int i = 0; i < players; i++)
        out->equity[i] = (ldexp((double)out->share[i][1], 64) + (double)out->share[i][0]) / (U * T);
    return PE_OK;
}

int pe_eq_spot(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
               const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint64_t *seed,
               uint32_t first, uint32_t streams, uint64_t trials, uint64_t max_work, pe_eq_spot_out *out)
{
    return eq_spot(combos, offsets, weights, players, board, nboard, dead, ndead, seed, first, streams, trials,
                   max_work, 0, 1, NULL, out);
}

int pe_eq_spot_part(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                    const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                    uint32_t part, uint32_t parts, pe_eq_spot_out *out)
{
    if (parts == 0 || part >= parts) return PE_ERR_ARG;
    return eq_spot(combos, offsets, weights, players, board, nboard, dead, ndead, NULL, 0, 0, 0, max_work, part,
                   parts, NULL, out);
}

/* One thread's share of pe_eq_spot_threads (pe_pool.c): the units of the chunks it takes from *claim. */
int pe_eq_spot_claim(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                     const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                     uint32_t parts, uint64_t *claim, pe_eq_spot_out *out)
{
    if (parts < 2 || !claim) return PE_ERR_ARG;
    return eq_spot(combos, offsets, weights, players, board, nboard, dead, ndead, NULL, 0, 0, 0, max_work, 0,
                   parts, claim, out);
}
