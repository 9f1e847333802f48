/*
 * pe_headsup.h - World Poker Tour Heads-Up Hold 'Em (58 Pa. Code chapter 677a): the simulation
 * path (one player against the dealer, the documented basic strategy, settlement per
 * § 677a.11(f), (h), (i)) and the exact analyses of the Trips Plus wager (all 133,784,560
 * seven-card hands) and the Pocket Bonus wager (all 1,326 x 1,225 player and dealer two-card
 * hands).
 *
 * Cards are 0..51 (rank * 4 + suit, see pe_eval.h). All state is in caller-owned structs; no
 * mutable globals; every function is re-entrant and returns PE_OK (0) or a negative PE_ERR_* code
 * after validating what the caller passed. No paytable is built in: the caller passes every line.
 *
 * The eleven cards of a one-player round (`cards[11]`), in the order they come off the shoe:
 * [0] player's first card, [1] dealer's first, [2] player's second, [3] dealer's second,
 * [4] burn, [5] [6] [7] flop, [8] burn, [9] turn, [10] river.
 *
 * Hand categories (index into the per-category paytables): 0 high card, 1 pair, 2 two pair,
 * 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight flush,
 * 9 royal flush. Pocket Bonus classes: 0 AA with the dealer's AA, 1..13 the pairs AA..22,
 * 14 AKs, 15 AKo, 16 AQs, 17 AQo, 18 AJs, 19 AJo (pyeval.headsup.rules.POCKET_CLASSES).
 *
 * A paytable line pays num/den to 1; den == 0 means "not on the table" (Odds: a winning hand
 * pushes; Bad Beat: the Odds wager loses; Pocket Bonus class 0: such hands are paid as AA).
 * Odds num == 0 also pushes. Winnings are floor(stake * num / den), or the ceiling when rounding
 * is PE_HU_ROUND_UP: the house games' one payout helper, pe_house_pay (pe_house.h).
 */
#ifndef PE_HEADSUP_H
#define PE_HEADSUP_H

#include <stddef.h>
#include <stdint.h>
#include "pe_shoe.h" /* pe_rng: the shoe's random source */

#define PE_HU_ABI 2
#define PE_HU_N_CATS 10
#define PE_HU_N_POCKET 20
#define PE_HU_CHUNK 1024

enum { PE_HU_W_ANTE = 0, PE_HU_W_ODDS = 1, PE_HU_W_RAISE = 2, PE_HU_W_POCKET = 3, PE_HU_W_TRIPS = 4,
       PE_HU_N_WAGERS = 5 };
enum { PE_HU_NONE = 0, PE_HU_WIN = 1, PE_HU_PUSH = 2, PE_HU_LOSE = 3, PE_HU_BAD_BEAT = 4 };
enum { PE_HU_ROUND_DOWN = 0, PE_HU_ROUND_UP = 1 };

typedef struct {
    int64_t ante_num, ante_den;                               /* § 677a.12(a): Ante and Raise */
    int64_t odds_num[PE_HU_N_CATS], odds_den[PE_HU_N_CATS];   /* (b) by the winning category */
    int64_t bad_num[PE_HU_N_CATS], bad_den[PE_HU_N_CATS];     /* (c) by the losing category */
    int64_t pocket_num[PE_HU_N_POCKET], pocket_den[PE_HU_N_POCKET]; /* (d) by class */
    int64_t trips_num[PE_HU_N_CATS], trips_den[PE_HU_N_CATS]; /* (e) by category (3..9) */
    int32_t rounding;       /* PE_HU_ROUND_* */
    int32_t preflop_mult;   /* Raise multiple the strategy makes before the flop (1..3) */
    int32_t flop_mult;      /* ... after the flop (1..2) */
    int32_t reserved;
    int64_t ante;           /* Ante = Odds wager, >= 1 */
    int64_t pocket_wager;   /* 0 = not placed */
    int64_t trips_wager;    /* 0 = not placed */
    int64_t payout_cap;     /* 0 = none: else the most one round's winnings may total */
} pe_hu_config;

typedef struct {
    uint8_t cards[11];       /* see the layout above */
    int8_t raise_street;     /* 0 pre-flop, 1 after the flop, 2 after turn and river, -1 folded */
    int8_t category;         /* player's category 0..9 */
    int8_t pocket_class;     /* 0..19, or -1 */
    uint16_t player_value;   /* 1..7462 */
    uint16_t dealer_value;
    int64_t staked[PE_HU_N_WAGERS];
    int64_t net[PE_HU_N_WAGERS];     /* player's result per wager: win > 0, push 0, loss < 0 */
    uint8_t outcome[PE_HU_N_WAGERS]; /* PE_HU_NONE (not made), WIN, PUSH, LOSE, BAD_BEAT */
} pe_hu_round;

typedef struct {
    uint64_t rounds;
    int64_t staked[PE_HU_N_WAGERS];
    int64_t net[PE_HU_N_WAGERS];
    double net_sq[PE_HU_N_WAGERS];   /* sum over rounds of net^2, per wager */
    int64_t main_net;                /* Ante + Odds + Raise per round, summed */
    double main_sq;                  /* and its squares */
    double main_staked_sq;           /* sum of (Ante + Odds + Raise staked)^2 per round */
    double main_cross;               /* sum of main net x main staked per round */
    uint64_t outcomes[PE_HU_N_WAGERS][5];
    uint64_t raise_street[4];        /* raised pre-flop, after the flop, at the end; folded */
    uint64_t odds_hits[PE_HU_N_CATS];     /* Odds paid (win) by category */
    uint64_t bad_hits[PE_HU_N_CATS];      /* Odds paid as a bad beat, by category */
    uint64_t pocket_hits[PE_HU_N_POCKET];
    uint64_t trips_hits[PE_HU_N_CATS];
} pe_hu_stats;

int pe_hu_abi(void);

/* Check a configuration (odds >= 0, den >= 0, multiples in range, ante >= 1, wagers >= 0). */
int pe_hu_check_config(const pe_hu_config *cfg);

/* The documented basic strategy (pyeval/headsup/strategy.py): 1 = raise, 0 = check (fold at
 * decision 2) at decision 0 (pre-flop), 1 (after the flop) or 2 (after turn and river). */
int pe_hu_basic_strategy(const uint8_t *cards, int decision);

/* Play one round of eleven cards (layout above) with the basic strategy and settle it. */
int pe_hu_play(const pe_hu_config *cfg, const uint8_t *cards, pe_hu_round *out);

/*
 * Rounds dealt by the shoe's pe_shoe_deal_batch() from `rng` (the first eleven cards of a fresh
 * uniform shuffle per round) in chunks of PE_HU_CHUNK, so pe_hu_play_batch() and pe_hu_simulate()
 * of the same n rounds from the same rng state play the same rounds. play_batch writes every
 * round to out[0..n); simulate adds into *acc (not cleared).
 */
int pe_hu_play_batch(const pe_hu_config *cfg, struct pe_rng *rng, size_t n, pe_hu_round *out);
int pe_hu_simulate(const pe_hu_config *cfg, struct pe_rng *rng, uint64_t rounds, pe_hu_stats *acc);

/* Exact Trips Plus: counts[c] = seven-card hands (of all 133,784,560) whose category is c (0..9). */
int pe_hu_trips_exact(uint64_t *counts);

/* Exact Pocket Bonus: counts[k] = (player hand, dealer hand) pairs of disjoint two-card hands (of
 * 1,326 x 1,225 = 1,624,350) in class k (0..19; 0 = AA with the dealer's AA); counts[20] = losing. */
int pe_hu_pocket_exact(uint64_t *counts);

#endif
