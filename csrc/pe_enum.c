/* pe_enum.c - see pe_enum.h. */
#include "pe_compat.h"
#include "pe_enum.h"
#include "pe_eval_internal.h"

#include <string.h>

typedef struct en_ctx {
    int m, n;                 /* cards in the deck; cards to choose */
    uint64_t rk[52], rp[52];  /* the deck's keys and packed masks, in card order */
    uint8_t rank[53];         /* the deck's ranks (rank[m] = 13: a sentinel) */
    uint64_t *hist;
} en_ctx;

/* Last card: when no suit can reach five with one more card, the cards of one rank give the same
 * hand value, so each run of equal ranks in the deck is looked up once and counted with its length. */
static void en_last(const en_ctx *e, int from, uint64_t bk, uint64_t bp)
{
    uint64_t *h = e->hist;
    const int m = e->m;
    if ((((uint32_t)(bk >> 32) + 0x1111u) & PE_FLUSH_BITS) == 0) {
        for (int j = from; j < m;) {
            const int r = e->rank[j];
            int t = j + 1;
            while (e->rank[t] == r) t++;
            h[pe_lookup(bk + e->rk[j], NULL, 0)] += (uint64_t)(t - j);
            j = t;
        }
        return;
    }
    for (int j = from; j < m; j++) h[pe_value_packed(bk + e->rk[j], bp | e->rp[j])]++;
}

static void en_level(const en_ctx *e, int depth, int from, uint64_t bk, uint64_t bp)
{
    if (depth == e->n - 1) { en_last(e, from, bk, bp); return; }
    const int stop = e->m - (e->n - 1 - depth);
    for (int j = from; j < stop; j++) en_level(e, depth + 1, j + 1, bk + e->rk[j], bp | e->rp[j]);
}

uint64_t pe_enum_count(int k, int nfixed, int ndead)
{
    const int m = 52 - nfixed - ndead, n = k - nfixed;
    if (k < 5 || k > 7 || nfixed < 0 || ndead < 0 || n < 0 || m < n) return 0;
    uint64_t c = 1;
    for (int i = 0; i < n; i++) c = c * (uint64_t)(m - i) / (uint64_t)(i + 1);
    return c;
}

int pe_enum_hist(int k, const uint8_t *fixed, int nfixed, const uint8_t *dead, int ndead, uint64_t *hist,
                 uint64_t *count)
{
    if (k < 5 || k > 7) return PE_ERR_COUNT;
    if (!hist || nfixed < 0 || nfixed > k || ndead < 0 || ndead > 52 || (!fixed && nfixed) || (!dead && ndead))
        return PE_ERR_ARG;
    uint64_t used = 0;
    for (int i = 0; i < nfixed + ndead; i++) {
        const uint8_t c = i < nfixed ? fixed[i] : dead[i - nfixed];
        if (c >= 52) return PE_ERR_CARD;
        if (used >> c & 1) return PE_ERR_DUP;
        used |= (uint64_t)1 << c;
    }
    if (52 - nfixed - ndead < k - nfixed) return PE_ERR_ARG;
    en_ctx e;
    e.hist = hist;
    e.n = k - nfixed;
    e.m = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) {
            e.rk[e.m] = PE_CARD_KEY(c);
            e.rp[e.m] = PE_PACK(c);
            e.rank[e.m] = (uint8_t)(c >> 2);
            e.m++;
        }
    e.rank[e.m] = 13;
    uint64_t bp;
    const uint64_t bk = pe_key_packed(fixed, nfixed, &bp);
    if (e.n == 0)
        hist[pe_value_packed(bk, bp)]++;
    else
        en_level(&e, 0, 0, bk, bp);
    if (count) *count += pe_enum_count(k, nfixed, ndead);
    return PE_OK;
}
