/* Sanitizer workload for pe_shoe: every entry point, good and bad arguments. Prints "ok". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pe_shoe.h"

#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);               \
            return 1;                                                              \
        }                                                                          \
    } while (0)

static int is_perm(const uint8_t *a, int n)
{
    int seen[52] = {0};
    for (int i = 0; i < n; i++) {
        if (a[i] >= 52 || seen[a[i]]++) return 0;
    }
    return 1;
}

int main(void)
{
    pe_shoe *s = malloc(sizeof *s);
    CHECK(s != NULL);
    const uint64_t seed[4] = {42, 0, 0, 0};
    CHECK(pe_shoe_abi() == PE_SHOE_ABI);
    CHECK(pe_shoe_init(s, 0) == PE_ERR_ARG && pe_shoe_init(s, 9) == PE_ERR_ARG);
    for (int decks = 1; decks <= PE_SHOE_MAX_DECKS; decks++) {
        CHECK(pe_shoe_init(s, decks) == PE_OK);
        pe_rng_seed(&s->rng, seed);
        CHECK(pe_shoe_shuffle(s) == PE_OK);
        CHECK(pe_shoe_riffle(s, 7) == PE_OK);
        CHECK(pe_shoe_packets(s, 6, NULL) == PE_OK);
        CHECK(pe_shoe_packets(s, s->size, NULL) == PE_OK);
        CHECK(pe_shoe_packets(s, 1, NULL) == PE_OK);
        CHECK(pe_shoe_packets(s, 0, NULL) == PE_ERR_ARG);
        int where = -1;
        CHECK(pe_shoe_cut_random(s, 10, &where) == PE_OK && where >= 10 && where <= s->size - 10);
        CHECK(pe_shoe_cut(s, s->size + 1) == PE_ERR_ARG);
        uint8_t out[PE_SHOE_MAX_CARDS];
        CHECK(pe_shoe_deal(s, s->size + 1, out) == PE_SHOE_ERR_EXHAUSTED);
        CHECK(pe_shoe_deal(s, 5, out) == PE_OK);
        CHECK(pe_shoe_burn(s, out + 5) == PE_OK);
        CHECK(pe_shoe_discard(s, out, 5) == PE_OK);
        CHECK(pe_shoe_discard(s, out, 1) == PE_SHOE_ERR_STATE);
        uint8_t bad = 60;
        CHECK(pe_shoe_discard(s, &bad, 1) == PE_ERR_CARD);
        CHECK(pe_shoe_remove_card(s, 99) == PE_ERR_CARD);
        CHECK(pe_shoe_stub_to_rack(s) == s->size - 6);
        CHECK(s->rack_n == s->size);
        CHECK(pe_shoe_burn(s, out) == PE_SHOE_ERR_EXHAUSTED);
        CHECK(pe_shoe_gather(s) == PE_OK && s->pos == 0 && s->rack_n == 0);
        uint16_t perm[PE_SHOE_MAX_CARDS];
        for (int i = 0; i < s->size; i++) perm[i] = (uint16_t)(s->size - 1 - i);
        CHECK(pe_shoe_permute(s, perm, s->size) == PE_OK);
        perm[0] = perm[1];
        CHECK(pe_shoe_permute(s, perm, s->size) == PE_ERR_DUP);
    }
    /* load: partial orders, duplicates over the deck count */
    const uint8_t order[5] = {51, 0, 7, 7, 3};
    CHECK(pe_shoe_load(s, order, 5, 1) == PE_ERR_DUP);
    CHECK(pe_shoe_load(s, order, 5, 2) == PE_OK && s->deck_of[3] == 1);
    CHECK(pe_shoe_shuffle(s) == PE_OK && pe_shoe_riffle(s, 3) == PE_OK);
    CHECK(pe_shoe_load(s, NULL, 0, 1) == PE_OK && pe_shoe_shuffle(s) == PE_OK && pe_shoe_riffle(s, 2) == PE_OK);

    /* batch kernels */
    pe_rng r;
    pe_rng_seed(&r, seed);
    CHECK(pe_rng_jump(&r) == PE_OK);
    const size_t n = 2000;
    uint8_t *rows = malloc(n * 52);
    CHECK(rows != NULL);
    CHECK(pe_shoe_deal_batch(&r, n, 52, rows) == PE_OK);
    for (size_t i = 0; i < n; i++) CHECK(is_perm(rows + 52 * i, 52));
    for (int k = 1; k <= 52; k++) {
        CHECK(pe_shoe_deal_batch(&r, 37, k, rows) == PE_OK);
        for (size_t i = 0; i < 37; i++) CHECK(is_perm(rows + (size_t)k * i, k));
    }
    CHECK(pe_shoe_deal_batch(&r, 1, 53, rows) == PE_ERR_ARG && pe_shoe_deal_batch(&r, 1, 0, rows) == PE_ERR_ARG);
    uint16_t *values = malloc(n * 10 * sizeof *values), *winners = malloc(n * sizeof *winners);
    CHECK(values && winners);
    for (int p = 2; p <= 10; p++)
        for (int burns = 0; burns < 2; burns++) {
            CHECK(pe_shoe_holdem_showdowns(&r, n, p, burns, values, winners, rows) == PE_OK);
            for (size_t i = 0; i < n; i++) CHECK(is_perm(rows + i * (size_t)(2 * p + 5), 2 * p + 5) && winners[i]);
        }
    CHECK(pe_shoe_holdem_showdowns(&r, 1, 11, 1, values, winners, NULL) == PE_ERR_ARG);

    /* secure source */
    pe_rng sr;
    CHECK(pe_rng_seed_secure(&sr) == PE_OK);
    CHECK(pe_rng_jump(&sr) == PE_SHOE_ERR_SECURE);
    uint64_t st[4];
    CHECK(pe_rng_get_state(&sr, st) == PE_SHOE_ERR_SECURE);
    CHECK(pe_shoe_deal_batch(&sr, 300, 52, rows) == PE_OK);
    for (size_t i = 0; i < 300; i++) CHECK(is_perm(rows + 52 * i, 52));
    uint64_t b[100];
    CHECK(pe_rng_bounded(&sr, 52, b, 100) == PE_OK);
    for (int i = 0; i < 100; i++) CHECK(b[i] < 52);
    CHECK(pe_rng_bounded(&sr, 0, b, 1) == PE_ERR_ARG);
    const uint64_t zero[4] = {0, 0, 0, 0};
    CHECK(pe_rng_set_state(&r, zero) == PE_ERR_ARG);

    /* issue 14: take, copy/commit, single-card calls, the dealer's saved state */
    CHECK(pe_shoe_init(s, 1) == PE_OK);
    pe_rng_seed(&s->rng, seed);
    CHECK(pe_shoe_shuffle_all(s) == PE_OK);
    const uint8_t want[3] = {s->cards[40], s->cards[2], s->cards[51]};
    CHECK(pe_shoe_take(s, want, 3, 1) == PE_OK && s->pos == 3 && s->rack_n == 1 && s->rack[0] == want[0]);
    CHECK(memcmp(s->cards, want, 3) == 0);
    CHECK(pe_shoe_take(s, want, 1, 0) == PE_SHOE_ERR_STATE && s->pos == 3);        /* already dealt */
    CHECK(pe_shoe_take(s, want, 1, 2) == PE_ERR_ARG);
    const uint8_t junk = 77;
    CHECK(pe_shoe_take(s, &junk, 1, 0) == PE_ERR_CARD);
    pe_shoe *c = malloc(sizeof *c);
    CHECK(c != NULL);
    CHECK(pe_shoe_copy(c, s) == PE_OK && memcmp(c->cards, s->cards, s->size) == 0);
    const uint32_t v0 = c->version;
    CHECK(pe_shoe_deal_one(c) == c->cards[3] && pe_shoe_burn_one(c) == c->cards[4]);
    CHECK(pe_shoe_commit(s, c, v0) == PE_OK && s->pos == 5 && s->rack_n == 2);
    CHECK(pe_shoe_commit(s, c, v0) == PE_SHOE_ERR_BUSY);                                  /* stale copy */
    const int64_t packed = pe_shoe_deal_packed(s, 7);
    CHECK(packed >= 0 && (uint8_t)packed == s->cards[5] && s->pos == 12);
    CHECK(pe_shoe_deal_packed(s, 8) == PE_ERR_ARG && pe_shoe_remaining(s) == 40);
    s->busy = 1; /* another thread holds it: every call refuses and changes nothing */
    CHECK(pe_shoe_deal_one(s) == PE_SHOE_ERR_BUSY && pe_shoe_shuffle_all(s) == PE_SHOE_ERR_BUSY && s->pos == 12);
    s->busy = 0;
    free(c);
    pe_dealer *d = malloc(sizeof *d), *e = malloc(sizeof *e);
    CHECK(d != NULL && e != NULL);
    pe_rng_seed(&d->rng, seed);
    CHECK(pe_dealer_init(d) == PE_OK && pe_dealer_deal(d, 10, 7, rows) == PE_OK);
    uint64_t ws[4];
    uint8_t deck[52];
    CHECK(pe_dealer_get_state(d, ws, deck) == PE_OK && is_perm(deck, 52));
    CHECK(pe_dealer_init(e) == PE_OK && pe_rng_seed_secure(&e->rng) == PE_OK);
    CHECK(pe_dealer_get_state(e, ws, deck) == PE_SHOE_ERR_SECURE && pe_dealer_jump(e) == PE_SHOE_ERR_SECURE);
    CHECK(pe_dealer_get_state(d, ws, deck) == PE_OK);
    pe_rng_seed(&e->rng, zero);
    CHECK(pe_dealer_set_state(e, ws, deck) == PE_OK);
    CHECK(pe_dealer_deal(d, 5, 52, rows) == PE_OK && pe_dealer_deal(e, 5, 52, rows + 5 * 52) == PE_OK);
    CHECK(memcmp(rows, rows + 5 * 52, 5 * 52) == 0);                                   /* resumed exactly */
    deck[0] = deck[1];
    CHECK(pe_dealer_set_state(e, ws, deck) == PE_ERR_ARG && pe_dealer_set_state(e, zero, deck) == PE_ERR_ARG);
    CHECK(pe_dealer_copy(e, d) == PE_OK && pe_dealer_copy(d, d) == PE_ERR_ARG);
    free(d);
    free(e);
    free(values);
    free(winners);
    free(rows);
    free(s);
    printf("ok\n");
    return 0;
}
