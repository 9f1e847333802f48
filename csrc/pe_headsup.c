/* pe_headsup.c - World Poker Tour Heads-Up Hold 'Em: simulation path and exact analyses.
 * See pe_headsup.h. Mirrors pyeval/headsup/settle.py and strategy.py exactly. */
#include "pe_headsup.h"

#include <string.h>

#include "pe_eval_internal.h"

#define HU_PAIR_LOW 1278
#define HU_TWO_PAIR_LOW 4138
#define HU_STRAIGHT_LOW 5854
#define HU_ROYAL 7462

/* Lowest value of categories 1..8 (high card starts at 1). */
static const uint16_t hu_cat_low[9] = {1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453};

int pe_hu_abi(void) { return PE_HU_ABI; }

static inline int hu_category(unsigned v)
{
    if (v == HU_ROYAL) return 9;
    int c = 0;
    for (int i = 1; i < 9; i++) c += v >= hu_cat_low[i];
    return c;
}

static int hu_ok_ratio(int64_t num, int64_t den, int allow_absent)
{
    if (num < 0 || den < 0) return 0;
    if (den == 0) return allow_absent && num == 0;
    return num <= (INT64_C(1) << 40) && den <= (INT64_C(1) << 40);
}

int pe_hu_check_config(const pe_hu_config *cfg)
{
    if (!cfg) return PE_ERR_ARG;
    if (!hu_ok_ratio(cfg->ante_num, cfg->ante_den, 0)) return PE_ERR_ARG;
    for (int i = 0; i < PE_HU_N_CATS; i++) {
        if (!hu_ok_ratio(cfg->odds_num[i], cfg->odds_den[i], 1)) return PE_ERR_ARG;
        if (!hu_ok_ratio(cfg->bad_num[i], cfg->bad_den[i], 1)) return PE_ERR_ARG;
        if (!hu_ok_ratio(cfg->trips_num[i], cfg->trips_den[i], 1)) return PE_ERR_ARG;
    }
    for (int i = 3; i < PE_HU_N_CATS; i++)
        if (cfg->trips_wager && cfg->trips_den[i] == 0) return PE_ERR_ARG; /* (i)(2)(i) pays them all */
    for (int i = 0; i < PE_HU_N_POCKET; i++) {
        if (!hu_ok_ratio(cfg->pocket_num[i], cfg->pocket_den[i], 1)) return PE_ERR_ARG;
        if (i > 0 && cfg->pocket_wager && cfg->pocket_den[i] == 0) return PE_ERR_ARG;
    }
    if (cfg->rounding != PE_HU_ROUND_DOWN && cfg->rounding != PE_HU_ROUND_UP) return PE_ERR_ARG;
    if (cfg->preflop_mult < 1 || cfg->preflop_mult > 3 || cfg->flop_mult < 1 || cfg->flop_mult > 2)
        return PE_ERR_ARG;
    const int64_t lim = INT64_C(1) << 20;
    if (cfg->ante < 1 || cfg->ante > lim || cfg->pocket_wager < 0 || cfg->pocket_wager > lim ||
        cfg->trips_wager < 0 || cfg->trips_wager > lim || cfg->payout_cap < 0)
        return PE_ERR_ARG;
    return PE_OK;
}

static inline int64_t hu_pay(int64_t stake, int64_t num, int64_t den, int rounding)
{
    const int64_t p = stake * num;
    const int64_t q = p / den;
    return (rounding == PE_HU_ROUND_UP && q * den != p) ? q + 1 : q;
}

static inline int hu_preflop(unsigned a, unsigned b)
{
    const unsigned ra = a >> 2, rb = b >> 2;
    if (ra == rb) return ra >= 1;
    const unsigned hi = ra > rb ? ra : rb, lo = ra > rb ? rb : ra;
    const int suited = (a & 3) == (b & 3);
    if (hi == 12) return 1;
    if (hi == 11) return suited || lo >= 3;
    if (hi == 10) return lo >= 6 || (suited && lo >= 4);
    if (hi == 9) return lo >= 8 || (suited && lo >= 6);
    return 0;
}

/* h: player's two cards then the three flop cards. */
static inline int hu_flop(const uint8_t *h)
{
    const unsigned v = pe_eval_unchecked(h, 5);
    if (v >= HU_TWO_PAIR_LOW) return 1;
    if (v < HU_PAIR_LOW) return 0;
    unsigned r[5], pair = 0;
    for (int i = 0; i < 5; i++) r[i] = h[i] >> 2u;
    for (int i = 0; i < 5; i++) {
        int n = 0;
        for (int j = 0; j < 5; j++) n += r[j] == r[i];
        if (n == 2) { pair = r[i]; break; }
    }
    if (r[0] == r[1]) return pair != 0;
    return pair == r[0] || pair == r[1];
}

/* cards: the 11-card layout. Fills the player's 7 (h7: hole then board) and board (5). */
static inline void hu_hands(const uint8_t *c, uint8_t *p7, uint8_t *d7)
{
    p7[0] = c[0]; p7[1] = c[2];
    d7[0] = c[1]; d7[1] = c[3];
    const uint8_t b[5] = {c[5], c[6], c[7], c[9], c[10]};
    for (int i = 0; i < 5; i++) { p7[2 + i] = b[i]; d7[2 + i] = b[i]; }
}

static inline int hu_river(const uint8_t *p7, unsigned pv)
{
    return pv >= HU_PAIR_LOW && pv > pe_eval_unchecked(p7 + 2, 5);
}

int pe_hu_basic_strategy(const uint8_t *cards, int decision)
{
    if (!cards || decision < 0 || decision > 2) return PE_ERR_ARG;
    uint64_t seen = 0;
    for (int i = 0; i < 11; i++) {
        if (cards[i] > 51) return PE_ERR_CARD;
        if (seen >> cards[i] & 1) return PE_ERR_DUP;
        seen |= UINT64_C(1) << cards[i];
    }
    uint8_t p7[7], d7[7];
    hu_hands(cards, p7, d7);
    if (decision == 0) return hu_preflop(p7[0], p7[1]);
    if (decision == 1) return hu_flop(p7);
    return hu_river(p7, pe_eval_unchecked7(p7));
}

static inline int hu_pocket_class(const pe_hu_config *cfg, const uint8_t *c)
{
    const unsigned a = c[0], b = c[2], ra = a >> 2, rb = b >> 2;
    if (ra == rb) {
        if (ra == 12 && cfg->pocket_den[0] != 0 && (c[1] >> 2) == 12 && (c[3] >> 2) == 12) return 0;
        return 1 + (int)(12 - ra);
    }
    const unsigned hi = ra > rb ? ra : rb, lo = ra > rb ? rb : ra;
    if (hi == 12 && lo >= 9) return 14 + 2 * (int)(11 - lo) + ((a & 3) != (b & 3));
    return -1;
}

static void hu_play(const pe_hu_config *cfg, const uint8_t *c, pe_hu_round *o)
{
    uint8_t p7[7], d7[7];
    hu_hands(c, p7, d7);
    memcpy(o->cards, c, 11);
    const int64_t ante = cfg->ante;
    const unsigned pv = pe_eval_unchecked7(p7), dv = pe_eval_unchecked7(d7);
    int street;
    int64_t raise = 0;
    if (hu_preflop(p7[0], p7[1])) { street = 0; raise = ante * cfg->preflop_mult; }
    else if (hu_flop(p7)) { street = 1; raise = ante * cfg->flop_mult; }
    else if (hu_river(p7, pv)) { street = 2; raise = ante; }
    else street = -1;
    const int pc = hu_category(pv);
    o->raise_street = (int8_t)street;
    o->category = (int8_t)pc;
    o->player_value = (uint16_t)pv;
    o->dealer_value = (uint16_t)dv;
    memset(o->staked, 0, sizeof o->staked);
    memset(o->net, 0, sizeof o->net);
    memset(o->outcome, 0, sizeof o->outcome);
    int64_t *net = o->net;
    uint8_t *out = o->outcome;
    o->staked[PE_HU_W_ANTE] = ante;
    o->staked[PE_HU_W_ODDS] = ante;
    o->staked[PE_HU_W_RAISE] = raise;
    const int rnd = cfg->rounding;
    if (street < 0) { /* § 677a.11(f) */
        net[PE_HU_W_ANTE] = -ante; out[PE_HU_W_ANTE] = PE_HU_LOSE;
        net[PE_HU_W_ODDS] = -ante; out[PE_HU_W_ODDS] = PE_HU_LOSE;
    } else {
        const int qualifies = dv >= HU_PAIR_LOW;
        if (pv > dv) { /* (h)(1)(i), (h)(2)(i) */
            if (qualifies) { net[0] = hu_pay(ante, cfg->ante_num, cfg->ante_den, rnd); out[0] = PE_HU_WIN; }
            else out[0] = PE_HU_PUSH;
            net[PE_HU_W_RAISE] = hu_pay(raise, cfg->ante_num, cfg->ante_den, rnd);
            out[PE_HU_W_RAISE] = PE_HU_WIN;
            if (cfg->odds_den[pc] == 0 || cfg->odds_num[pc] == 0) out[PE_HU_W_ODDS] = PE_HU_PUSH;
            else {
                net[PE_HU_W_ODDS] = hu_pay(ante, cfg->odds_num[pc], cfg->odds_den[pc], rnd);
                out[PE_HU_W_ODDS] = PE_HU_WIN;
            }
        } else if (pv == dv) { /* (h)(1)(ii), (h)(2)(ii) */
            out[0] = out[1] = out[2] = PE_HU_PUSH;
        } else if (!qualifies) { /* (h)(1)(iii) */
            out[0] = PE_HU_PUSH;
            net[PE_HU_W_RAISE] = -raise; out[PE_HU_W_RAISE] = PE_HU_LOSE;
            net[PE_HU_W_ODDS] = -ante; out[PE_HU_W_ODDS] = PE_HU_LOSE;
        } else { /* (h)(2)(iii) */
            net[0] = -ante; out[0] = PE_HU_LOSE;
            net[PE_HU_W_RAISE] = -raise; out[PE_HU_W_RAISE] = PE_HU_LOSE;
            if (pc >= 4 && cfg->bad_den[pc] != 0) { /* (B) */
                net[PE_HU_W_ODDS] = hu_pay(ante, cfg->bad_num[pc], cfg->bad_den[pc], rnd);
                out[PE_HU_W_ODDS] = PE_HU_BAD_BEAT;
            } else { net[PE_HU_W_ODDS] = -ante; out[PE_HU_W_ODDS] = PE_HU_LOSE; }
        }
    }
    o->pocket_class = -1;
    if (cfg->pocket_wager) { /* (i)(1) */
        const int64_t w = cfg->pocket_wager;
        const int k = hu_pocket_class(cfg, c);
        o->staked[PE_HU_W_POCKET] = w;
        o->pocket_class = (int8_t)k;
        if (k < 0) { net[PE_HU_W_POCKET] = -w; out[PE_HU_W_POCKET] = PE_HU_LOSE; }
        else { net[PE_HU_W_POCKET] = hu_pay(w, cfg->pocket_num[k], cfg->pocket_den[k], rnd); out[PE_HU_W_POCKET] = PE_HU_WIN; }
    }
    if (cfg->trips_wager) { /* (i)(2) */
        const int64_t w = cfg->trips_wager;
        o->staked[PE_HU_W_TRIPS] = w;
        if (pc >= 3) { net[PE_HU_W_TRIPS] = hu_pay(w, cfg->trips_num[pc], cfg->trips_den[pc], rnd); out[PE_HU_W_TRIPS] = PE_HU_WIN; }
        else { net[PE_HU_W_TRIPS] = -w; out[PE_HU_W_TRIPS] = PE_HU_LOSE; }
    }
    if (cfg->payout_cap) { /* withhold from the last-settled win backwards: Trips, Pocket, Odds, Raise, Ante */
        int64_t won = 0;
        for (int i = 0; i < PE_HU_N_WAGERS; i++) won += net[i] > 0 ? net[i] : 0;
        int64_t excess = won - cfg->payout_cap;
        static const int order[5] = {PE_HU_W_TRIPS, PE_HU_W_POCKET, PE_HU_W_ODDS, PE_HU_W_RAISE, PE_HU_W_ANTE};
        for (int i = 0; i < 5 && excess > 0; i++) {
            const int w = order[i];
            if (net[w] > 0) {
                const int64_t cut = net[w] < excess ? net[w] : excess;
                net[w] -= cut;
                excess -= cut;
            }
        }
    }
}

int pe_hu_play(const pe_hu_config *cfg, const uint8_t *cards, pe_hu_round *out)
{
    if (!cards || !out) return PE_ERR_ARG;
    const int st = pe_hu_check_config(cfg);
    if (st) return st;
    uint64_t seen = 0;
    for (int i = 0; i < 11; i++) {
        if (cards[i] > 51) return PE_ERR_CARD;
        if (seen >> cards[i] & 1) return PE_ERR_DUP;
        seen |= UINT64_C(1) << cards[i];
    }
    hu_play(cfg, cards, out);
    return PE_OK;
}

int pe_hu_play_batch(const pe_hu_config *cfg, struct pe_rng *rng, size_t n, pe_hu_round *out)
{
    if (!rng || (!out && n)) return PE_ERR_ARG;
    const int st = pe_hu_check_config(cfg);
    if (st) return st;
    uint8_t buf[PE_HU_CHUNK * 11];
    for (size_t done = 0; done < n;) {
        const size_t m = n - done < PE_HU_CHUNK ? n - done : PE_HU_CHUNK;
        const int s = pe_shoe_deal_batch(rng, m, 11, buf);
        if (s) return s;
        for (size_t i = 0; i < m; i++) hu_play(cfg, buf + 11 * i, out + done + i);
        done += m;
    }
    return PE_OK;
}

int pe_hu_simulate(const pe_hu_config *cfg, struct pe_rng *rng, uint64_t rounds, pe_hu_stats *acc)
{
    if (!rng || !acc) return PE_ERR_ARG;
    const int st = pe_hu_check_config(cfg);
    if (st) return st;
    uint8_t buf[PE_HU_CHUNK * 11];
    pe_hu_stats a = *acc; /* accumulate locally; the caller's struct changes only on success */
    pe_hu_round r;
    for (uint64_t done = 0; done < rounds;) {
        const size_t m = rounds - done < PE_HU_CHUNK ? (size_t)(rounds - done) : PE_HU_CHUNK;
        const int s = pe_shoe_deal_batch(rng, m, 11, buf);
        if (s) return s;
        for (size_t i = 0; i < m; i++) {
            hu_play(cfg, buf + 11 * i, &r);
            int64_t main = 0;
            for (int w = 0; w < PE_HU_N_WAGERS; w++) {
                const int64_t x = r.net[w];
                a.staked[w] += r.staked[w];
                a.net[w] += x;
                a.net_sq[w] += (double)x * (double)x;
                a.outcomes[w][r.outcome[w]]++;
                if (w <= PE_HU_W_RAISE) main += x;
            }
            a.main_net += main;
            a.main_sq += (double)main * (double)main;
            a.raise_street[r.raise_street < 0 ? 3 : r.raise_street]++;
            if (r.outcome[PE_HU_W_ODDS] == PE_HU_WIN) a.odds_hits[r.category]++;
            else if (r.outcome[PE_HU_W_ODDS] == PE_HU_BAD_BEAT) a.bad_hits[r.category]++;
            if (r.outcome[PE_HU_W_POCKET] == PE_HU_WIN) a.pocket_hits[r.pocket_class]++;
            if (r.outcome[PE_HU_W_TRIPS] == PE_HU_WIN) a.trips_hits[r.category]++;
        }
        done += m;
    }
    a.rounds += rounds;
    *acc = a;
    return PE_OK;
}

int pe_hu_trips_exact(uint64_t *counts)
{
    if (!counts) return PE_ERR_ARG;
    uint64_t cnt[PE_HU_N_CATS] = {0};
    uint64_t by_value[7463];
    memset(by_value, 0, sizeof by_value);
    uint8_t h[7];
    for (int a = 0; a < 46; a++) {
        h[0] = (uint8_t)a;
        const uint64_t ka = PE_SUIT_INIT + PE_CARD_KEY(a);
        for (int b = a + 1; b < 47; b++) {
            h[1] = (uint8_t)b;
            const uint64_t kb = ka + PE_CARD_KEY(b);
            for (int c = b + 1; c < 48; c++) {
                h[2] = (uint8_t)c;
                const uint64_t kc = kb + PE_CARD_KEY(c);
                for (int d = c + 1; d < 49; d++) {
                    h[3] = (uint8_t)d;
                    const uint64_t kd = kc + PE_CARD_KEY(d);
                    for (int e = d + 1; e < 50; e++) {
                        h[4] = (uint8_t)e;
                        const uint64_t ke = kd + PE_CARD_KEY(e);
                        for (int f = e + 1; f < 51; f++) {
                            h[5] = (uint8_t)f;
                            const uint64_t kf = ke + PE_CARD_KEY(f);
                            for (int g = f + 1; g < 52; g++) {
                                h[6] = (uint8_t)g;
                                by_value[pe_lookup(kf + PE_CARD_KEY(g), h, 7)]++;
                            }
                        }
                    }
                }
            }
        }
    }
    for (unsigned v = 1; v <= 7462; v++) cnt[hu_category(v)] += by_value[v];
    memcpy(counts, cnt, sizeof cnt);
    return PE_OK;
}

int pe_hu_pocket_exact(uint64_t *counts)
{
    if (!counts) return PE_ERR_ARG;
    uint64_t cnt[PE_HU_N_POCKET + 1] = {0};
    pe_hu_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.pocket_den[0] = 1; /* count AA with the dealer's AA as its own class */
    uint8_t c[11];
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int x = 0; x < 52; x++) {
                if (x == a || x == b) continue;
                for (int y = x + 1; y < 52; y++) {
                    if (y == a || y == b) continue;
                    c[0] = (uint8_t)a; c[2] = (uint8_t)b; c[1] = (uint8_t)x; c[3] = (uint8_t)y;
                    const int k = hu_pocket_class(&cfg, c);
                    cnt[k < 0 ? PE_HU_N_POCKET : k]++;
                }
            }
    memcpy(counts, cnt, sizeof cnt);
    return PE_OK;
}
