/*
 * pe_equity.h - Hold'em equity: exact enumeration of every remaining board, and Monte Carlo over
 * boards (and over hole-card combinations drawn from weighted ranges), for 2..10 players.
 *
 * Cards are ints 0..51 (card = rank * 4 + suit, see pe_eval.h). A hand is two hole cards; the
 * board has 0, 3, 4 or 5 known cards; dead cards are known to be out of play.
 *
 * Results are sums (pe_eq_stats), so runs merge by adding fields: every function ADDS to *acc and
 * leaves it untouched on error. Per board (or trial) the players with the best hand value share
 * the pot: a sole winner counts in win[], each of k > 1 tied winners counts in tie[]; share[] adds
 * PE_EQ_SHARE_UNIT / k to each winner (2520 = lcm(1..10), so shares are exact integers), and
 * share_sq[] adds its square (Monte Carlo only: the variance of a player's share per trial).
 * Equity of player i = share[i] / (PE_EQ_SHARE_UNIT * trials).
 *
 * Exact enumeration (pe_eq_exact): boards are counted by the multiset of their ranks, one lookup per
 * player and class (the rank part of the key sums of docs/architecture.md), and the boards where a
 * player makes a flush are corrected one by one (docs/decisions/ on the exact enumeration);
 * pe_eq_exact_plain is the plain nested loops over every board, the reference.
 *
 * Monte Carlo (pe_eq_sample): random words come one at a time from the caller's pe_rng (pe_shoe.h:
 * xoshiro256** or the OS source), so the draws used by `trials` trials do not depend on how the
 * trials are split into calls: running n1 then n2 trials on one pe_rng gives the same sums as
 * n1 + n2 in one call. Independent streams are pe_rng_jump()ed copies of one seeded state.
 * Boards: partial Fisher-Yates over the remaining cards, the bounds of one board drawn from one
 * 64-bit word (batched Lemire, exact: a word is rejected when its leftover falls below
 * 2**64 mod the product of the bounds); the swaps are undone after each trial, so every trial
 * starts from the same card order and a trial's board depends on its words alone. Ranges: each player's combination is drawn with
 * probability proportional to its integer weight (Lemire bounded draw on the total weight, binary
 * search of the cumulative weights); a draw in which two players share a card is rejected whole
 * and redrawn, so combinations follow the product of the weights restricted to compatible deals
 * (card removal). Board cards are then drawn uniformly from the cards no player holds.
 *
 * All functions validate their arguments, return PE_OK (0) or a negative code, and are re-entrant.
 */
#ifndef PE_EQUITY_H
#define PE_EQUITY_H

#include <stddef.h>
#include <stdint.h>
#include "pe_eval.h"
#include "pe_shoe.h"

#define PE_EQ_ABI 1
#define PE_EQ_MAX_PLAYERS 10
#define PE_EQ_SHARE_UNIT 2520

enum {
    PE_EQ_ERR_NO_DEAL = -30, /* no compatible deal of the ranges (Monte Carlo: none in 1,000,000 tries) */
    PE_EQ_ERR_EMPTY = -31,   /* pe_eq_spot: every combination of a player uses a board or dead card */
    PE_EQ_ERR_BIG = -32      /* pe_eq_spot: an exact spot above max_work (or too fine weights) */
};

typedef struct pe_eq_stats {
    uint64_t trials;       /* boards enumerated or trials drawn */
    uint64_t win[10];      /* boards where player i alone has the best hand */
    uint64_t tie[10];      /* boards where player i shares the best hand */
    uint64_t share[10];    /* pot shares in units of 1/PE_EQ_SHARE_UNIT pot */
    uint64_t share_sq[10]; /* sum of squared per-trial shares (Monte Carlo; 0 for exact) */
} pe_eq_stats;

int pe_eq_abi(void);

/* Self-check of the board draw's bit select: on a CPU with BMI2, the portable select and pdep
 * agree on 100,000 masks (so Monte Carlo results do not depend on the CPU). PE_OK or PE_ERR_ARG. */
int pe_eq_selftest(void);

/* Number of boards pe_eq_exact enumerates per hand tuple: C(52 - 2*players - nboard - ndead, 5 - nboard). */
int64_t pe_eq_board_count(int players, int nboard, int ndead);

/*
 * Exact: for each of `tuples` hand tuples (holes[t * 2 * players + 2 * i + {0,1}] = player i's hole
 * cards in tuple t), every completion of the board from the cards not held, not on the board and
 * not dead. players 2..10, nboard 0..5 (any), ndead >= 0. Errors: PE_ERR_CARD, PE_ERR_DUP (a card
 * twice in a tuple + board + dead), PE_ERR_ARG, PE_SHOE_ERR_EXHAUSTED (too few cards left).
 */
int pe_eq_exact(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                const uint8_t *dead, int ndead, pe_eq_stats *acc);

/*
 * As pe_eq_exact, tuple t counted mult[t] times (1..2**32; mult NULL: once each). The boards are
 * counted by rank classes (pe_equity.c): every board without a flush for anyone by the multiset of
 * its new cards' ranks, one lookup per player per multiset weighted by its number of boards, then
 * each board on which a player makes a flush corrected one by one; the sums are those of
 * pe_eq_exact_plain exactly, preflop heads-up with ~40,000 board classes instead of 1,712,304 boards.
 * pe_eq_exact is pe_eq_exact_w with mult NULL.
 */
int pe_eq_exact_w(const uint8_t *holes, const uint64_t *mult, size_t tuples, int players, const uint8_t *board,
                  int nboard, const uint8_t *dead, int ndead, pe_eq_stats *acc);

/*
 * The board classes pe_eq_exact_w evaluates for the `tuples` hand tuples (rank classes plus flush
 * boards, each one lookup per player), counted without evaluating: the cost of an exact run, for
 * choosing between enumeration and Monte Carlo. Written to *classes. Errors: as pe_eq_exact.
 */
int pe_eq_exact_cost(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                     const uint8_t *dead, int ndead, uint64_t *classes);

/*
 * Part `part` (0 .. nparts-1) of pe_eq_exact_w's work: its units (rank classes and flush-suit card
 * sets, in enumeration order) dealt round robin to nparts parts, so the parts of one hand tuple can
 * run on different threads. A part can hold the flush correction of a board class another part
 * counted, so its sums are right modulo 2**64 only: the sums of parts 0 .. nparts-1, added modulo
 * 2**64, are pe_eq_exact_w's exactly.
 * Errors: as pe_eq_exact_w, PE_ERR_ARG for nparts 0 or part >= nparts.
 */
int pe_eq_exact_part(const uint8_t *holes, const uint64_t *mult, size_t tuples, int players, const uint8_t *board,
                     int nboard, const uint8_t *dead, int ndead, uint32_t part, uint32_t nparts, pe_eq_stats *acc);

/* The plain enumeration of every board, one evaluation per board and player: the reference the
 * isomorphic enumeration is tested against. Same arguments and sums as pe_eq_exact. */
int pe_eq_exact_plain(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                      const uint8_t *dead, int ndead, pe_eq_stats *acc);

/*
 * Suit-canonical form of each tuple (same layout as pe_eq_exact's holes) written to out: the least
 * image, each hole high card first, under the suit permutations that map the board onto itself and
 * the dead cards onto themselves. Two tuples with equal canonical forms have equal sums, so exact
 * runs enumerate each distinct form once with its multiplicity. Errors: as pe_eq_exact.
 */
int pe_eq_canon(const uint8_t *holes, size_t tuples, int players, const uint8_t *board, int nboard,
                const uint8_t *dead, int ndead, uint8_t *out);

/*
 * Monte Carlo: `trials` deals. Player i's range is combos[2*k], combos[2*k+1] for k in
 * offsets[i] .. offsets[i+1]-1 (offsets[0] = 0, at least one combination each), with cumulative
 * weights cumw[k] (strictly increasing within a player's range from its first weight >= 1, the
 * last one < 2**62). Combinations must not touch the board or dead cards. A player with one
 * combination is fixed; when every player is fixed only the board is drawn.
 * Errors: as pe_eq_exact, PE_EQ_ERR_NO_DEAL, PE_SHOE_ERR_ENTROPY (secure source failed).
 */
int pe_eq_sample(const uint8_t *combos, const uint32_t *offsets, const uint64_t *cumw, int players,
                 const uint8_t *board, int nboard, const uint8_t *dead, int ndead, struct pe_rng *rng,
                 uint64_t trials, pe_eq_stats *acc);

/*
 * The per-call fast path: one spot (2..10 players, each a hand or a range of combinations), one call,
 * integer sums in C and one conversion at the end. combos/offsets as pe_eq_sample (player i's
 * combinations are combos[2k], combos[2k+1] for k in offsets[i] .. offsets[i+1]-1), with integer
 * weights[k] in 1..2**24 (NULL: all 1); combinations that touch the board or a dead card are dropped
 * (card removal), and out->combos[i] says how many were kept.
 *   - seed NULL: exact. Every compatible deal of the kept combinations (no card twice) and every
 *     board, a deal counted with the product of its weights: win/tie/share/total are those weighted
 *     sums (128-bit: [0] low word, [1] high word), total = sum of weight x boards. The boards are
 *     counted by the rank classes of pe_eq_exact_w (same sums as the plain
 *     enumeration). PE_EQ_ERR_BIG when deals x boards x players > max_work or the product of the
 *     players' largest weights reaches 2**30 (the caller takes its general path).
 *   - seed (four words, pe_rng_seed): Monte Carlo, `trials` split over `streams` streams as
 *     pyeval.parallel.split does, stream j drawing from the seed jumped first + j times, each stream
 *     exactly pe_eq_sample on that generator (cumulative weights from weights[]): the sums equal
 *     those of pyeval.equity's per-stream runs. Stream states cost one jump each (O(1) a stream).
 *     win/tie/share are counts (high words 0), share_sq the sum of squared shares, total = trials.
 * equity[i] = share[i] / (PE_EQ_SHARE_UNIT * total), as a double. Errors: PE_ERR_CARD, PE_ERR_DUP
 * (board/dead, or a combination naming one card twice), PE_ERR_ARG, PE_SHOE_ERR_EXHAUSTED,
 * PE_EQ_ERR_EMPTY, PE_EQ_ERR_NO_DEAL, PE_EQ_ERR_BIG.
 */
#define PE_EQ_SPOT_ABI 1
typedef struct pe_eq_spot_out {
    uint64_t deals;          /* exact: compatible deals; Monte Carlo: trials */
    uint64_t boards;         /* exact: boards per deal; Monte Carlo: trials */
    uint64_t total[2];
    uint64_t win[10][2];
    uint64_t tie[10][2];
    uint64_t share[10][2];
    uint64_t share_sq[10];
    uint32_t combos[10];
    double equity[10];
} pe_eq_spot_out;

int pe_eq_spot_abi(void);
int pe_eq_spot(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
               const uint8_t *board, int nboard, const uint8_t *dead, int ndead, const uint64_t *seed,
               uint32_t first, uint32_t streams, uint64_t trials, uint64_t max_work, pe_eq_spot_out *out);

/* Part `part` (0 .. parts-1) of pe_eq_spot's exact run (seed NULL): the boards of every deal split
 * as pe_eq_exact_part splits them, so the parts can run on different threads. The parts' win / tie /
 * share / total (low words) add up to the whole run's modulo 2**64; deals, boards and combos are the
 * whole run's in each part; equity[] is the part's own ratio (recompute it from the sums). Ranges
 * of equal weights only. Errors: as pe_eq_spot, PE_ERR_ARG for parts 0, part >= parts, or unequal
 * weights within a range with parts > 1. */
int pe_eq_spot_part(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                    const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                    uint32_t part, uint32_t parts, pe_eq_spot_out *out);

#endif
