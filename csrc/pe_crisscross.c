/* pe_crisscross.c - Criss-Cross Poker draw, settlement, simulation and Five Card Bonus analysis.
 * See pe_crisscross.h. 58 Pa. Code § 674a.9 (dealing order); the rest is table configuration. */
#include "pe_compat.h"
#include "pe_crisscross.h"
#include "pe_house.h"

#include <string.h>

#include "pe_eval.h"
#include "pe_eval_internal.h"

int pe_cc_abi(void) { return PE_CC_ABI; }

/* A "made" hand among the known cards of one line: three of a kind or better, two pair, or a pair
 * of sixes or better (what already pushes or pays on the default paytables). */
static inline int made(const uint8_t *c, int n)
{
    int cnt[13] = {0};
    int pairs = 0, best = 0;
    for (int i = 0; i < n; i++) {
        const int r = c[i] >> 2;
        const int v = ++cnt[r];
        if (v == 2) {
            pairs++;
            if (r >= 4) best = 1;
        }
        if (v >= 3) return 1;
    }
    return best || pairs >= 2;
}

/* Four cards of one suit. */
static inline int four_flush(const uint8_t *c)
{
    const int s = c[0] & 3;
    return (c[1] & 3) == s && (c[2] & 3) == s && (c[3] & 3) == s;
}

/* Four consecutive ranks open at both ends: 2-3-4-5 up to T-J-Q-K. */
static inline int open_ended(const uint8_t *c)
{
    unsigned m = 0;
    for (int i = 0; i < 4; i++) m |= 1u << (c[i] >> 2);
    for (int lo = 0; lo <= 8; lo++)
        if (m == 15u << lo) return 1;
    return 0;
}

/* See pyeval/crisscross/strategy.py for the rules and how they were chosen. */
int pe_cc_basic_strategy(const uint8_t *c, int decision)
{
    if (!c || decision < 0 || decision > 2) return PE_ERR_ARG;
    const uint8_t h0 = c[5], h1 = c[6];
    const int pair = (h0 >> 2) == (h1 >> 2);
    if (decision == 0) {
        if (pair) return 3;
        const int r0 = h0 >> 2, r1 = h1 >> 2;
        if ((h0 & 3) != (h1 & 3) && r0 <= 3 && r1 <= 3) return 0; /* unsuited, unpaired, 5 or lower */
        return 1;
    }
    if (decision == 1) return pair ? 3 : 1; /* the Down hand holds the hole cards and the column */
    const uint8_t across[4] = {h0, h1, c[1], c[3]};
    const uint8_t down[4] = {h0, h1, c[0], c[4]};
    return (made(across, 4) || made(down, 4) || four_flush(across) || four_flush(down) ||
            open_ended(across) || open_ended(down)) ? 3 : 1;
}

static int check_paytable(const pe_cc_paytable *p) { return pe_house_check_paytable(p); }

static int check_config(const pe_cc_config *cfg)
{
    if (!cfg) return PE_ERR_ARG;
    int st;
    if ((st = check_paytable(&cfg->main_pt)) || (st = check_paytable(&cfg->ante_pt)) ||
        (st = check_paytable(&cfg->bonus_pt)))
        return st;
    /* stakes up to 2^40 keep stake * num (num < 2^31) within int64 */
    if (cfg->ante < 1 || cfg->ante > (1ll << 38) || cfg->bonus_wager < 0 || cfg->bonus_wager > (1ll << 40))
        return PE_ERR_ARG;
    return PE_OK;
}

/* A wager on the line its hand value falls on (58 Pa. Code chapter 674a leaves the paytables to
 * the table's configuration): winnings rounded down by the house games' one helper, or the stake
 * lost below the last line. */
static inline int64_t pay(const pe_cc_paytable *p, int value, int64_t stake)
{
    const int i = pe_house_line_of(p, value);
    if (i < 0) return -stake;
    return pe_house_pay(stake, p->num[i], p->den[i], PE_HOUSE_ROUND_DOWN);
}

static inline void settle(const pe_cc_config *cfg, const uint8_t *c, const int8_t *m, pe_cc_round *o)
{
    const uint8_t across[5] = {c[5], c[6], c[1], c[2], c[3]};
    const uint8_t down[5] = {c[5], c[6], c[0], c[2], c[4]};
    const int av = pe_eval_unchecked(across, 5), dv = pe_eval_unchecked(down, 5);
    const int bv = pe_eval_unchecked(c, 5);
    const int64_t a = cfg->ante;
    o->across_value = (int16_t)av;
    o->down_value = (int16_t)dv;
    o->board_value = (int16_t)bv;
    o->staked[PE_CC_W_ANTE_ACROSS] = a;
    o->staked[PE_CC_W_ANTE_DOWN] = a;
    o->staked[PE_CC_W_BONUS] = cfg->bonus_wager;
    o->net[PE_CC_W_BONUS] = cfg->bonus_wager ? pay(&cfg->bonus_pt, bv, cfg->bonus_wager) : 0;
    int folded = 0;
    for (int d = 0; d < 3; d++) {
        o->staked[PE_CC_W_ACROSS + d] = (!folded && m[d] > 0) ? m[d] * a : 0;
        if (m[d] <= 0) folded = 1;
    }
    if (folded) {
        o->net[PE_CC_W_ANTE_ACROSS] = -a;
        o->net[PE_CC_W_ANTE_DOWN] = -a;
        for (int d = 0; d < 3; d++) o->net[PE_CC_W_ACROSS + d] = -o->staked[PE_CC_W_ACROSS + d];
        return;
    }
    o->net[PE_CC_W_ANTE_ACROSS] = pay(&cfg->ante_pt, av, a);
    o->net[PE_CC_W_ANTE_DOWN] = pay(&cfg->ante_pt, dv, a);
    o->net[PE_CC_W_ACROSS] = pay(&cfg->main_pt, av, o->staked[PE_CC_W_ACROSS]);
    o->net[PE_CC_W_DOWN] = pay(&cfg->main_pt, dv, o->staked[PE_CC_W_DOWN]);
    o->net[PE_CC_W_MIDDLE] = pay(&cfg->main_pt, av > dv ? av : dv, o->staked[PE_CC_W_MIDDLE]);
}

int pe_cc_settle(const pe_cc_config *cfg, const uint8_t *cards, const int8_t *multiples,
                 pe_cc_round *out)
{
    int st = check_config(cfg);
    if (st) return st;
    if (!cards || !multiples || !out) return PE_ERR_ARG;
    uint64_t seen = 0;
    for (int i = 0; i < 7; i++) {
        if (cards[i] > 51) return PE_ERR_CARD;
        if (seen >> cards[i] & 1) return PE_ERR_DUP;
        seen |= 1ull << cards[i];
    }
    int folded = 0;
    for (int d = 0; d < 3; d++) {
        if (multiples[d] < -1 || multiples[d] > 100) return PE_ERR_ARG;
        if (folded && multiples[d] != -1) return PE_ERR_ARG;  /* nothing after a fold */
        if (!folded && multiples[d] == -1) return PE_ERR_ARG;
        if (multiples[d] == 0) folded = 1;
    }
    memcpy(out->cards, cards, 7);
    memcpy(out->multiples, multiples, 3);
    settle(cfg, cards, multiples, out);
    return PE_OK;
}

static inline void play(const pe_cc_config *cfg, const uint8_t *cards, pe_cc_round *o)
{
    memcpy(o->cards, cards, 7);
    int folded = 0;
    for (int d = 0; d < 3; d++) {
        if (folded) {
            o->multiples[d] = -1;
            continue;
        }
        const int m = pe_cc_basic_strategy(o->cards, d);
        o->multiples[d] = (int8_t)m;
        if (m == 0) folded = 1;
    }
    settle(cfg, o->cards, o->multiples, o);
}

static inline void accumulate(pe_cc_stats *acc, const pe_cc_round *r)
{
    acc->rounds++;
    for (int d = 0; d < 3; d++) acc->folds[d] += r->multiples[d] == 0;
    int64_t main = 0, main_staked = 0;
    for (int w = 0; w < PE_CC_N_WAGERS; w++) {
        if (w != PE_CC_W_BONUS) {
            main += r->net[w];
            main_staked += r->staked[w];
        }
        if (!r->staked[w]) continue;
        acc->staked[w] += r->staked[w];
        acc->net[w] += r->net[w];
        acc->net_sq[w] += (double)r->net[w] * (double)r->net[w];
        acc->wins[w] += r->net[w] > 0;
        acc->pushes[w] += r->net[w] == 0;
        acc->losses[w] += r->net[w] < 0;
    }
    acc->main_net += main;
    acc->main_sq += (double)main * (double)main;
    acc->main_staked_sq += (double)main_staked * (double)main_staked;
    acc->main_cross += (double)main * (double)main_staked;
}

/* Both entry points deal PE_CC_CHUNK rounds at a time through the shoe's batch dealer. */
static int run(const pe_cc_config *cfg, pe_rng *rng, uint64_t n, pe_cc_round *out, pe_cc_stats *acc)
{
    int st = check_config(cfg);
    if (st) return st;
    if (!rng) return PE_ERR_ARG;
    uint8_t cards[PE_CC_CHUNK * 7];
    pe_cc_round r;
    for (uint64_t done = 0; done < n;) {
        const size_t m = n - done < PE_CC_CHUNK ? (size_t)(n - done) : PE_CC_CHUNK;
        if ((st = pe_shoe_deal_batch(rng, m, 7, cards))) return st;
        for (size_t i = 0; i < m; i++) {
            pe_cc_round *o = out ? out + done + i : &r;
            play(cfg, cards + 7 * i, o);
            if (acc) accumulate(acc, o);
        }
        done += m;
    }
    return PE_OK;
}

int pe_cc_play_batch(const pe_cc_config *cfg, pe_rng *rng, size_t n, pe_cc_round *out)
{
    if (!out && n) return PE_ERR_ARG;
    return run(cfg, rng, n, out, NULL);
}

int pe_cc_simulate(const pe_cc_config *cfg, pe_rng *rng, uint64_t rounds, pe_cc_stats *acc)
{
    if (!acc) return PE_ERR_ARG;
    return run(cfg, rng, rounds, NULL, acc);
}

int pe_cc_bonus_exact(const pe_cc_paytable *pt, uint64_t *counts)
{
    if (!pt || !counts) return PE_ERR_ARG;
    int st = check_paytable(pt);
    if (st) return st;
    uint64_t by_value[PE_EVAL_CLASSES + 1];
    memset(by_value, 0, sizeof by_value);
    uint8_t c[5];
    for (c[0] = 0; c[0] < 48; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 49; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 50; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 51; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) by_value[pe_eval_unchecked(c, 5)]++;
    for (int i = 0; i <= pt->n; i++) counts[i] = 0;
    for (int v = 1; v <= PE_EVAL_CLASSES; v++) {
        const int i = pe_house_line_of(pt, v);
        counts[i < 0 ? pt->n : i] += by_value[v];
    }
    return PE_OK;
}
