/*
 * pe_crisscross.h - Criss-Cross Poker (58 Pa. Code chapter 674a): the cross deal's card draw,
 * settlement, a fast simulation path with the documented basic strategy, and the exact analysis
 * of the Five Card Bonus over all 2,598,960 boards.
 *
 * Cards are 0..51 (rank * 4 + suit, see pe_eval.h). All state is in caller-owned structs; no
 * mutable globals, every function is re-entrant. Functions return PE_OK (0) or a negative
 * PE_ERR_* code (pe_eval.h) and validate everything that comes from the caller.
 *
 * Layout of the seven cards of a one-player round (`cards[7]`), in the order § 674a.9(b) deals
 * them from the top of the deck: [0] the box farthest from the dealer, [1] [2] [3] the second row
 * (row left, centre, row right), [4] the box closest to the dealer, then the player's hole cards
 * [5] [6]. The Across hand is the hole cards with [1] [2] [3]; the Down hand the hole cards with
 * [0] [2] [4]; the Five Card Bonus is judged on [0..4].
 *
 * Wager indices (PE_CC_W_*): Ante Across, Ante Down, Across bet, Down bet, Middle bet, Five Card
 * Bonus. Paytables come from the caller (table configuration): lines strongest first, each pays
 * num/den to 1 (0 = push) for hand values >= min_value; below the last line the wager loses.
 * Winnings are floor(stake * num / den), paid by pe_house_pay (pe_house.h).
 */
#ifndef PE_CRISSCROSS_H
#define PE_CRISSCROSS_H

#include <stddef.h>
#include <stdint.h>
#include "pe_house.h" /* pe_house_paytable */
#include "pe_shoe.h" /* pe_rng: the shoe's random source */

#define PE_CC_ABI 2
#define PE_CC_MAX_LINES 16
#define PE_CC_CHUNK 1024

enum {
    PE_CC_W_ANTE_ACROSS = 0,
    PE_CC_W_ANTE_DOWN = 1,
    PE_CC_W_ACROSS = 2,
    PE_CC_W_DOWN = 3,
    PE_CC_W_MIDDLE = 4,
    PE_CC_W_BONUS = 5,
    PE_CC_N_WAGERS = 6
};

typedef pe_house_paytable pe_cc_paytable; /* the house games' one line paytable (pe_house.h) */

typedef struct {
    pe_cc_paytable main_pt;   /* Across, Down, Middle */
    pe_cc_paytable ante_pt;   /* Ante qualifying rule */
    pe_cc_paytable bonus_pt;  /* Five Card Bonus */
    int64_t ante;          /* each of the two equal Antes, >= 1 */
    int64_t bonus_wager;   /* Five Card Bonus wager, 0 = not placed */
} pe_cc_config;

typedef struct {
    uint8_t cards[7];        /* see the layout above */
    int8_t multiples[3];     /* Across, Down, Middle: bet multiple, 0 = folded, -1 = not reached */
    int16_t across_value;    /* hand values 1..7462 */
    int16_t down_value;
    int16_t board_value;
    int64_t staked[PE_CC_N_WAGERS];
    int64_t net[PE_CC_N_WAGERS]; /* player's net result per wager: win > 0, push 0, loss < 0 */
} pe_cc_round;

typedef struct {
    uint64_t rounds;
    uint64_t folds[3];                    /* folds at the Across, Down, Middle decision */
    int64_t staked[PE_CC_N_WAGERS];
    int64_t net[PE_CC_N_WAGERS];
    uint64_t wins[PE_CC_N_WAGERS];
    uint64_t pushes[PE_CC_N_WAGERS];
    uint64_t losses[PE_CC_N_WAGERS];
    double net_sq[PE_CC_N_WAGERS];        /* sum over rounds of net^2, per wager (0 when not placed) */
    int64_t main_net;                     /* Antes, Across, Down, Middle per round, summed */
    double main_sq;                       /* and its squares */
    double main_staked_sq;                /* sum of (main game staked)^2 per round */
    double main_cross;                    /* sum of main net x main staked per round */
} pe_cc_stats;

int pe_cc_abi(void);

/* The documented basic strategy: the multiple (0 = fold, 1 or 3) at decision 0..2 for the cards
 * known then (see pyeval/crisscross/strategy.py). cards is the 7-card layout above. */
int pe_cc_basic_strategy(const uint8_t *cards, int decision);

/* Settle one round given its seven cards and multiples (-1 after a fold); fills out->values,
 * staked and net. Returns PE_OK or a PE_ERR_* code. */
int pe_cc_settle(const pe_cc_config *cfg, const uint8_t *cards, const int8_t *multiples,
                 pe_cc_round *out);

/*
 * Single-player rounds with the basic strategy. The cards of each round are the first seven of a
 * fresh uniform shuffle of one deck, drawn by the shoe's pe_shoe_deal_batch() from `rng` in
 * chunks of PE_CC_CHUNK rounds (the deck restarts in new-deck order at each chunk), so
 * pe_cc_play_batch() and pe_cc_simulate() of the same n rounds from the same rng state play the
 * same rounds. play_batch writes every round to out[0..n); simulate adds into *acc (not cleared).
 */
int pe_cc_play_batch(const pe_cc_config *cfg, struct pe_rng *rng, size_t n, pe_cc_round *out);
int pe_cc_simulate(const pe_cc_config *cfg, struct pe_rng *rng, uint64_t rounds, pe_cc_stats *acc);

/* Exact Five Card Bonus: counts[i] = boards (of all 2,598,960) on line i, counts[pt->n] = losing
 * boards. counts has room for PE_CC_MAX_LINES + 1 entries. */
int pe_cc_bonus_exact(const pe_cc_paytable *pt, uint64_t *counts);

#endif
