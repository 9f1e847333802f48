/* C-level workload for exact/Monte Carlo equity and the enumeration kernel, run under
 * AddressSanitizer + UBSan by tests/test_sanitizers.py: the rank-class enumeration equals the plain
 * one on random spots (and its parts add up to it), Monte Carlo paths (fixed, uniform, weighted/alias) run, hostile input is
 * refused. Exits non-zero on any disagreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pe_enum.h"
#include "pe_equity.h"

static uint64_t st = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
    uint64_t z = (st += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); return 1; } while (0)

static void shuffle(uint8_t *deck)
{
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 0; i < 51; i++) {
        int j = i + (int)(next() % (uint64_t)(52 - i));
        uint8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

int main(void)
{
    uint8_t deck[52];
    for (int it = 0; it < 60; it++) { /* isomorphic == plain, with dead cards and multiplicities */
        shuffle(deck);
        const int p = 2 + (int)(next() % 5), nb = 3 + (int)(next() % 3), nd = (int)(next() % 3);
        const uint8_t *holes = deck, *board = deck + 2 * p, *dead = deck + 2 * p + nb;
        pe_eq_stats a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        if (pe_eq_exact(holes, 1, p, board, nb, dead, nd, &a) || pe_eq_exact_plain(holes, 1, p, board, nb, dead, nd, &b))
            FAIL("exact status");
        if (memcmp(&a, &b, sizeof a)) FAIL("isomorphic != plain (p=%d nb=%d nd=%d)", p, nb, nd);
        uint8_t canon[20];
        if (pe_eq_canon(holes, 1, p, board, nb, dead, nd, canon)) FAIL("canon status");
        const uint64_t mult = 3;
        memset(&a, 0, sizeof a);
        if (pe_eq_exact_w(canon, &mult, 1, p, board, nb, dead, nd, &a)) FAIL("exact_w status");
        if (a.trials != 3 * b.trials || a.share[0] != 3 * b.share[0]) FAIL("canonical deal x3 differs");
        const uint32_t parts = 2 + (uint32_t)(next() % 3); /* the parts add up modulo 2**64 */
        pe_eq_stats sum;
        memset(&sum, 0, sizeof sum);
        for (uint32_t q = 0; q < parts; q++)
            if (pe_eq_exact_part(holes, NULL, 1, p, board, nb, dead, nd, q, parts, &sum)) FAIL("part status");
        if (memcmp(&sum, &b, sizeof b)) FAIL("parts != whole (p=%d nb=%d nd=%d parts=%u)", p, nb, nd, parts);
        uint64_t classes = 0;
        if (pe_eq_exact_cost(holes, 1, p, board, nb, dead, nd, &classes) || classes == 0 ||
            classes > b.trials)
            FAIL("cost %llu for %llu boards", (unsigned long long)classes, (unsigned long long)b.trials);
    }
    { /* Monte Carlo: fixed vs fixed, uniform ranges, weighted ranges */
        uint8_t combos[2 * 12] = {51, 50, 47, 46, 43, 42, 39, 38, 35, 34, 31, 30,
                                  49, 45, 41, 37, 33, 29, 25, 21, 17, 13, 9, 5};
        uint32_t off[3] = {0, 6, 12};
        uint64_t uni[12], wt[12];
        for (int i = 0; i < 12; i++) { uni[i] = (uint64_t)(i % 6 + 1); wt[i] = (i % 6 + 1) * (uint64_t)(i % 6 + 2) / 2; }
        uint64_t seed[4] = {1, 2, 3, 4};
        pe_rng r;
        pe_rng_seed(&r, seed);
        pe_eq_stats s;
        for (int mode = 0; mode < 3; mode++) {
            memset(&s, 0, sizeof s);
            uint32_t o1[3] = {0, 1, 2};
            uint8_t fx[4] = {51, 50, 49, 45};
            uint64_t one[2] = {1, 1};
            int rc = mode == 0 ? pe_eq_sample(fx, o1, one, 2, NULL, 0, NULL, 0, &r, 20000, &s)
                   : pe_eq_sample(combos, off, mode == 1 ? uni : wt, 2, NULL, 0, NULL, 0, &r, 20000, &s);
            if (rc || s.trials != 20000) FAIL("sample mode %d: %d", mode, rc);
            if (s.share[0] + s.share[1] != 20000ull * PE_EQ_SHARE_UNIT) FAIL("shares mode %d", mode);
        }
        uint8_t clash[8] = {51, 50, 51, 49, 51, 48, 51, 47}; /* every deal shares the As */
        uint32_t o2[3] = {0, 2, 4};
        uint64_t c2[4] = {1, 2, 1, 2};
        memset(&s, 0, sizeof s);
        if (pe_eq_sample(clash, o2, c2, 2, NULL, 0, NULL, 0, &r, 10, &s) != PE_EQ_ERR_NO_DEAL) FAIL("overlap not refused");
        uint8_t bad[4] = {51, 51, 2, 3};
        uint32_t o1[3] = {0, 1, 2};
        uint64_t one[2] = {1, 1};
        if (pe_eq_sample(bad, o1, one, 2, NULL, 0, NULL, 0, &r, 10, &s) != PE_ERR_DUP) FAIL("duplicate in a combo");
        uint64_t zero[2] = {0, 1};
        if (pe_eq_sample(combos, o1, zero, 2, NULL, 0, NULL, 0, &r, 10, &s) != PE_ERR_ARG) FAIL("zero weight");
        if (pe_eq_selftest() != PE_OK) FAIL("select selftest");
    }
    { /* hostile exact input */
        pe_eq_stats s;
        memset(&s, 0, sizeof s);
        uint8_t h[4] = {51, 60, 2, 3};
        if (pe_eq_exact(h, 1, 2, NULL, 0, NULL, 0, &s) != PE_ERR_CARD) FAIL("card 60");
        if (pe_eq_exact(NULL, 1, 2, NULL, 0, NULL, 0, &s) != PE_ERR_ARG) FAIL("NULL holes");
        uint8_t out[4];
        if (pe_eq_canon(h, 1, 2, NULL, 0, NULL, 0, out) != PE_ERR_CARD) FAIL("canon card 60");
        uint64_t m0 = 0;
        uint8_t g[4] = {51, 50, 2, 3};
        if (pe_eq_exact_w(g, &m0, 1, 2, NULL, 0, NULL, 0, &s) != PE_ERR_ARG) FAIL("multiplicity 0");
    }
    { /* enumeration: histogram totals, hostile input */
        uint64_t *hist = calloc(PE_ENUM_HIST_SIZE, sizeof *hist), n = 0;
        if (!hist) return 2;
        for (int it = 0; it < 20; it++) {
            shuffle(deck);
            const int k = 5 + (int)(next() % 3), nf = k - 1 - (int)(next() % 3), nd = (int)(next() % 4);
            memset(hist, 0, PE_ENUM_HIST_SIZE * sizeof *hist);
            n = 0;
            if (pe_enum_hist(k, deck, nf, deck + nf, nd, hist, &n)) FAIL("enum status");
            uint64_t sum = 0;
            for (int v = 0; v < PE_ENUM_HIST_SIZE; v++) sum += hist[v];
            if (sum != n || n != pe_enum_count(k, nf, nd) || hist[0]) FAIL("enum totals");
        }
        uint8_t badc[2] = {3, 3};
        if (pe_enum_hist(7, badc, 2, NULL, 0, hist, NULL) != PE_ERR_DUP) FAIL("enum dup");
        if (pe_enum_hist(8, NULL, 0, NULL, 0, hist, NULL) != PE_ERR_COUNT) FAIL("enum k");
        if (pe_enum_hist(7, NULL, 0, NULL, 0, NULL, NULL) != PE_ERR_ARG) FAIL("enum NULL");
        free(hist);
    }
    puts("ok");
    return 0;
}
