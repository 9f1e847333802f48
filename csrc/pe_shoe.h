/*
 * pe_shoe.h - pyeval's shoe: a seeded or OS-secure random source, unbiased shuffles, cuts, burns,
 * dealing, an ordered discard rack, and batch shuffle/deal/evaluate kernels for simulation.
 *
 * Cards are ints 0..51 (card = rank * 4 + suit, see pe_eval.h). A shoe holds 1..8 decks; card ids
 * stay 0..51 and the deck each physical card came from is kept apart in deck_of[].
 *
 * Random source: a pe_rng (pe_rng.h), one per shoe or batch call, never global.
 *
 * Shoe layout: cards[0..size) top first; cards[pos] is the next card to come off; [pos, size) is
 * the stub (undealt). Shuffle procedures permute the undealt cards; pe_shoe_gather() first brings
 * every card (dealt, racked) back. The discard rack keeps, in order, every card put on it and how
 * (PE_RACK_*), so a round can be reconstructed (58 Pa. Code § 677a.11(j)).
 *
 * Every function validates its arguments and returns PE_OK (0) or a negative code, and on error
 * changes nothing. All functions are re-entrant: state lives in the caller's structs only.
 *
 * Threads (cffi releases the GIL around every call): a pe_shoe and a pe_dealer each carry a lock
 * word. Every pe_shoe_* / pe_dealer_* call on one takes it with an atomic compare-and-swap (acquire) and
 * releases it (release) before returning; a call that finds it taken changes nothing and returns
 * PE_SHOE_ERR_BUSY, and the caller retries (pyeval waits with a short back-off). So two calls on one
 * object never interleave. Independently of the lock, every index into the fixed arrays is read into
 * a local, checked against the array's bound and the struct's invariants (pe_shoe_check) before use:
 * no interleaving or corrupted field can make these functions read or write out of bounds. A bare
 * pe_rng (pe_rng_*, pe_shoe_deal_batch, pe_shoe_holdem_showdowns) has no lock: it belongs to one
 * thread (the simulations create one per task).
 *
 * Processes: a secure pe_rng records the process id that filled its buffer; every call that draws
 * checks it first and, in a forked child, throws the buffered words away and reads new ones, so a
 * parent and child never deal from the same OS bytes. Copies (pe_shoe_copy, pe_dealer_copy) of a
 * secure source never carry its buffered words either: the copy reads its own from the OS.
 * A lock word holds its holder's fork generation (POSIX: 1 in the first process, one more in each
 * forked child, by a pthread_atfork handler). A forked child inherits no thread of its parent, so a
 * word of another generation is taken over by the child's first call, after checking the whole object
 * (a shoe with a card twice, cut mid-commit by the fork, then refuses every call: PE_SHOE_ERR_STATE).
 */
#ifndef PE_SHOE_H
#define PE_SHOE_H

#include <stddef.h>
#include <stdint.h>
#include "pe_eval.h" /* PE_OK, PE_ERR_* */
#include "pe_rng.h" /* pe_rng: the random source */

#define PE_SHOE_ABI 2
#define PE_SHOE_MAX_DECKS 8
#define PE_SHOE_MAX_CARDS 416 /* 8 decks */

enum {
    PE_SHOE_ERR_EXHAUSTED = -10, /* fewer cards left than asked for */
    PE_SHOE_ERR_ENTROPY = -11,   /* the OS random source failed */
    PE_SHOE_ERR_STATE = -12,     /* not allowed in this state (e.g. discarding a card not dealt) */
    PE_SHOE_ERR_SECURE = -13,    /* a seed or a state given to a secure random source */
    PE_SHOE_ERR_BUSY = -14       /* another thread is in a call on this shoe or dealer: retry */
};

enum { PE_RACK_DISCARD = 0, PE_RACK_BURN = 1, PE_RACK_STUB = 2 };

typedef struct pe_shoe {
    pe_rng rng;
    uint16_t size;                          /* cards in the shoe's complement */
    uint16_t pos;                           /* cards taken off the top so far */
    uint16_t rack_n;                        /* cards on the discard rack */
    uint16_t decks;                         /* 1..8 */
    uint32_t busy;                          /* lock word (see Threads above); 0 = free */
    uint32_t version;                       /* incremented by every call that may change the shoe */
    uint8_t cards[PE_SHOE_MAX_CARDS];       /* card ids 0..51, top first */
    uint8_t deck_of[PE_SHOE_MAX_CARDS];     /* deck index (0..decks-1) of cards[i] */
    uint8_t rack[PE_SHOE_MAX_CARDS];        /* discard rack, first racked first */
    uint8_t rack_kind[PE_SHOE_MAX_CARDS];   /* PE_RACK_* of rack[i] */
} pe_shoe;

/* A batch dealer: a random source and the 52-card deck carried from row to row and from call to
 * call, so n1 + n2 rows in two calls are exactly the n1 + n2 rows of one call (same k). */
typedef struct pe_dealer {
    pe_rng rng;
    uint8_t deck[52];
    uint32_t busy;    /* lock word (see Threads above); 0 = free */
    uint32_t reserved;
} pe_dealer;

int pe_shoe_abi(void);

/* ---- the shoe ---- */
int pe_shoe_init(pe_shoe *s, int decks);                 /* new-deck order, rng left as is */
/* An explicit order (top first): each card 0..51 at most `decks` times, n <= 52 * decks. */
int pe_shoe_load(pe_shoe *s, const uint8_t *cards, int n, int decks);
int pe_shoe_gather(pe_shoe *s);                           /* dealt and racked cards back in */
int pe_shoe_shuffle(pe_shoe *s);                          /* uniform Fisher-Yates of the stub */
int pe_shoe_riffle(pe_shoe *s, int times);                /* Gilbert-Shannon-Reeds riffles */
/* Packets taken off the top and restacked in reverse order (strip / box cut). sizes == NULL:
 * random sizes, every composition of the stub into `packets` non-empty packets equally likely. */
int pe_shoe_packets(pe_shoe *s, int packets, const uint16_t *sizes);
/* Apply a permutation of the stub: new stub[i] = old stub[perm[i]]. */
int pe_shoe_permute(pe_shoe *s, const uint16_t *perm, int n);
int pe_shoe_cut(pe_shoe *s, int position);                /* top `position` cards to the bottom */
int pe_shoe_cut_random(pe_shoe *s, int min_depth, int *position); /* position in [min, m-min] */
int pe_shoe_deal(pe_shoe *s, int k, uint8_t *out);        /* k cards off the top, in order */
int pe_shoe_burn(pe_shoe *s, uint8_t *out);               /* top card to the rack, face down */
/* Cards from the layout to the rack; each must have been dealt and not yet racked. */
int pe_shoe_discard(pe_shoe *s, const uint8_t *cards, int n);
int pe_shoe_stub_to_rack(pe_shoe *s);                     /* returns the number of cards moved */
int pe_shoe_rack_to_stub(pe_shoe *s);                     /* racked cards under the stub; count moved */
int pe_shoe_remove_card(pe_shoe *s, int card);           /* fault model: a card lost from the stub */
int pe_shoe_deal_one(pe_shoe *s);                         /* the top card (0..51) or a negative status */
int pe_shoe_burn_one(pe_shoe *s);                         /* burn; the card (0..51) or a negative status */
/* k (0..7) cards off the top packed little-endian, 8 bits per card (first card in bits 0..7), or a
 * negative status. One call and no buffer for the common small deals. */
int64_t pe_shoe_deal_packed(pe_shoe *s, int k);
int64_t pe_shoe_burn_deal_packed(pe_shoe *s, int k);  /* burn one, deal k (0..6), packed (burn lowest); all or nothing */
int pe_shoe_shuffle_all(pe_shoe *s);                      /* gather + uniform shuffle, one call */
int pe_shoe_randbelow(pe_shoe *s, uint64_t bound, uint64_t *out, size_t count);
int pe_shoe_jump(pe_shoe *s);                             /* the shoe's rng: pe_rng_jump */
int pe_shoe_remaining(pe_shoe *s);                        /* size - pos, or a negative status */
/* Deal these particular cards (explicit deals, replays): each must be undealt; in the order given it
 * comes off the top (the rest of the stub keeps its order); the first `burns` go to the rack as
 * burns. PE_SHOE_ERR_STATE (a card not undealt) or PE_SHOE_ERR_EXHAUSTED: nothing changes. */
int pe_shoe_take(pe_shoe *s, const uint8_t *cards, int n, int burns);
/* Copy src into dst (its version included; dst's lock free). A secure source's buffered words are
 * not copied: dst reads its own from the OS at its first draw. */
int pe_shoe_copy(pe_shoe *dst, pe_shoe *src);
/* Make dst equal to src if dst->version is still `version` (the version of the copy src was made
 * from), else PE_SHOE_ERR_BUSY and nothing changes: multi-step changes are made on a private copy
 * and committed at once. src's buffered secure words move to dst and are wiped from src. */
int pe_shoe_commit(pe_shoe *dst, pe_shoe *src, uint32_t version);
int pe_shoe_check(const pe_shoe *s);                      /* invariants: PE_OK or PE_SHOE_ERR_STATE */

/* ---- batch kernels (simulation) ---- */
/* n rows of k cards (1..52): row r = the first k cards of an independent uniform shuffle of one
 * deck. k == 52: inside-out Fisher-Yates of 0..51 per row; k < 52: partial Fisher-Yates (the first
 * k steps) of a deck carried over from the previous row. */
int pe_shoe_deal_batch(pe_rng *r, size_t n, int k, uint8_t *out);
/*
 * n rounds of Hold'em for `players` (2..10) seats, dealt as 58 Pa. Code § 637a.11(f),(h)-(j):
 * hole cards one at a time from seat 0 (left of the button) to seat players-1 (the button),
 * twice; then (if burns) a burn, the flop, a burn, the turn, a burn, the river.
 * values[r * players + i] = seat i's hand value (1..7462); winners[r] = bitmask of the seats with
 * the best value. cards (optional, NULL to skip): the 2 * players + 5 cards per round, hole cards
 * seat by seat (first card, second card) then the five board cards.
 */
int pe_shoe_holdem_showdowns(pe_rng *r, size_t n, int players, int burns, uint16_t *values,
                             uint16_t *winners, uint8_t *cards);


/* ---- the batch dealer (locked like a shoe) ---- */
int pe_dealer_init(pe_dealer *d);                         /* deck in new-deck order; rng untouched */
int pe_dealer_deal(pe_dealer *d, size_t n, int k, uint8_t *out);
int pe_dealer_holdem_showdowns(pe_dealer *d, size_t n, int players, int burns, uint16_t *values,
                               uint16_t *winners, uint8_t *cards);
int pe_dealer_jump(pe_dealer *d);
/* The exact state (generator words and carried deck): PE_SHOE_ERR_SECURE for a secure dealer. */
int pe_dealer_get_state(pe_dealer *d, uint64_t s[4], uint8_t deck[52]);
/* Set it: the words not all zero, the deck a permutation of 0..51 (else PE_ERR_ARG, nothing changes). */
int pe_dealer_set_state(pe_dealer *d, const uint64_t s[4], const uint8_t deck[52]);
int pe_dealer_copy(pe_dealer *dst, pe_dealer *src);       /* as pe_shoe_copy */

#endif
