/*
 * pe_house.h - what the house-banked games' C simulations share (csrc/pe_headsup.c,
 * csrc/pe_crisscross.c; the Python side is pyeval/house/): the one payout helper and the one
 * paytable of lines.
 *
 * A paytable line pays num/den to 1 (num >= 0, den >= 1; num == 0 pushes). Winnings on a stake are
 * floor(stake * num / den), or the ceiling when the table declares rounding up; integer
 * arithmetic only, as pyeval.house.winnings (tests/test_house.py checks the two agree). A line
 * paytable lists lines strongest first with strictly decreasing min_value (hand values 1..7462,
 * pe_eval.h); a value falls on the first line whose min_value it reaches, and below the last line
 * the wager loses.
 *
 * All state is in caller-owned structs; no mutable globals; re-entrant.
 */
#ifndef PE_HOUSE_H
#define PE_HOUSE_H

#include <stddef.h>
#include <stdint.h>

#define PE_HOUSE_ABI 1
#define PE_HOUSE_MAX_LINES 16

enum { PE_HOUSE_ROUND_DOWN = 0, PE_HOUSE_ROUND_UP = 1 };

typedef struct {
    int32_t n;                               /* 1..PE_HOUSE_MAX_LINES */
    uint16_t min_value[PE_HOUSE_MAX_LINES];  /* strictly decreasing, 1..7462 */
    int64_t num[PE_HOUSE_MAX_LINES];         /* odds num/den to 1; 0 <= num < 2^31, 0 = push */
    int64_t den[PE_HOUSE_MAX_LINES];         /* 1 <= den < 2^31 */
} pe_house_paytable;

int pe_house_abi(void);

/* *out = winnings of `stake` at num/den (round_up: PE_HOUSE_ROUND_*). PE_ERR_ARG for a negative
 * stake or num, den < 1, round_up not 0/1, or stake * num beyond int64. (The checked twin of
 * pe_house_pay, for callers outside the simulations and for tests.) */
int pe_house_winnings(int64_t stake, int64_t num, int64_t den, int32_t round_up, int64_t *out);

/* PE_OK when `p` is a valid line paytable (see above), else PE_ERR_ARG. */
int pe_house_check_paytable(const pe_house_paytable *p);

/* The one payout helper of the house games' simulations: winnings of `stake` at num/den, rounded
 * down, or up when round_up is nonzero. The caller has checked the configuration (den >= 1, stake
 * and num small enough that stake * num fits in int64). */
static inline int64_t pe_house_pay(int64_t stake, int64_t num, int64_t den, int round_up)
{
    const int64_t p = stake * num;
    const int64_t q = p / den;
    return (round_up && q * den != p) ? q + 1 : q;
}

/* Index of the line hand `value` falls on (0 = top line), or -1 when the wager loses. */
static inline int pe_house_line_of(const pe_house_paytable *p, int value)
{
    for (int i = 0; i < p->n; i++)
        if (value >= p->min_value[i]) return i;
    return -1;
}

#endif
