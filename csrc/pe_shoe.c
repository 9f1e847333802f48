/* pe_shoe.c - see pe_shoe.h for the algorithms and their sources (the random source: pe_rng.h). */
#include "pe_compat.h"
#include "pe_shoe.h"
#include "pe_eval_internal.h"
#include "pe_rng_internal.h"

#include <string.h>

int pe_shoe_abi(void) { return PE_SHOE_ABI; }

/* ------------------------------------------------------------------------------------------ */
/* The per-object lock word (see "Threads" and "Processes" in pe_shoe.h): taken with an atomic
 * compare-and-swap, never waited for in C (the caller retries on PE_SHOE_ERR_BUSY, so nothing
 * spins with the GIL released).
 *
 * The word holds the holder's process generation (0 = free): 1 in the process that loaded this
 * module, one more in each child forked from it (a pthread_atfork handler bumps it in the child;
 * POSIX only, Windows has no fork). A forked child inherits the memory of its parent but none of
 * its other threads, so a word holding another generation was taken by a thread that does not exist
 * here: its call will never leave. The first call in the child takes such a word over (one CAS, so
 * one thread wins) instead of reporting PE_SHOE_ERR_BUSY for ever, and the object's contents are
 * checked in full first (the parent's call may have been half done): an object that is not whole
 * is poisoned (PE_LOCK_POISON) and refuses every later call with PE_SHOE_ERR_STATE. A generation,
 * not a process id, because ids are reused and a generation along a line of forks never is.
 * The generation is this file's one mutable global: written only by the child handler, which runs
 * in the single thread a forked child starts with. */

#define PE_LOCK_POISON 0xFFFFFFFFu

#if PE_MSVC || defined(_WIN32)
static inline uint32_t pe_lock_token(void) { return 1u; }
#else
#include <pthread.h>
static uint32_t pe_fork_generation = 1u;
static pthread_once_t pe_fork_once = PTHREAD_ONCE_INIT;
static void pe_forked_child(void)
{
    uint32_t g = pe_fork_generation + 1u;
    if (g == 0u || g == PE_LOCK_POISON) g = 1u; /* after 2**32 - 2 nested forks: never in practice */
    pe_fork_generation = g;
}
static void pe_fork_register(void) { (void)pthread_atfork(NULL, NULL, pe_forked_child); }
static inline uint32_t pe_lock_token(void)
{
    (void)pthread_once(&pe_fork_once, pe_fork_register); /* before any word is taken: a fork after it bumps */
    return pe_fork_generation;
}
#endif

#if PE_GNUC
static inline int pe_cas(uint32_t *w, uint32_t *expected, uint32_t desired)
{
    return __atomic_compare_exchange_n(w, expected, desired, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}
static inline void pe_unlock(uint32_t *w) { __atomic_store_n(w, 0u, __ATOMIC_RELEASE); }
#elif PE_MSVC
static inline int pe_cas(uint32_t *w, uint32_t *expected, uint32_t desired)
{
    const long seen = _InterlockedCompareExchange((volatile long *)w, (long)desired, (long)*expected);
    if ((uint32_t)seen == *expected) return 1;
    *expected = (uint32_t)seen;
    return 0;
}
static inline void pe_unlock(uint32_t *w) { _InterlockedExchange((volatile long *)w, 0); }
#else
#include <stdatomic.h>
static inline int pe_cas(uint32_t *w, uint32_t *expected, uint32_t desired)
{
    return atomic_compare_exchange_strong_explicit((_Atomic uint32_t *)w, expected, desired, memory_order_acquire,
                                                   memory_order_relaxed);
}
static inline void pe_unlock(uint32_t *w) { atomic_store_explicit((_Atomic uint32_t *)w, 0u, memory_order_release); }
#endif

/* Lock results: taken (0), PE_SHOE_ERR_BUSY (a thread of this process holds it), PE_SHOE_ERR_STATE
 * (poisoned), or PE_LOCK_STALE (taken over from a thread of an ancestor process: check the object). */
#define PE_LOCK_STALE 1
static inline int pe_try_lock(uint32_t *w)
{
    const uint32_t me = pe_lock_token();
    uint32_t seen = 0u;
    if (PE_LIKELY(pe_cas(w, &seen, me))) return PE_OK;
    if (seen == me) return PE_SHOE_ERR_BUSY;
    if (seen == PE_LOCK_POISON) return PE_SHOE_ERR_STATE;
    if (seen != 0u && pe_cas(w, &seen, me)) return PE_LOCK_STALE; /* the holder was left behind by a fork */
    return PE_SHOE_ERR_BUSY; /* lost a race for it: retry */
}

/* A taken-over object found broken: it refuses every later call. */
static inline int pe_poison(uint32_t *w)
{
#if PE_GNUC
    __atomic_store_n(w, PE_LOCK_POISON, __ATOMIC_RELEASE);
#elif PE_MSVC
    _InterlockedExchange((volatile long *)w, (long)PE_LOCK_POISON);
#else
    atomic_store_explicit((_Atomic uint32_t *)w, PE_LOCK_POISON, memory_order_release);
#endif
    return PE_SHOE_ERR_STATE;
}

/* ------------------------------------------------------------------------------------------ */
/* The shoe. Every operation that draws randomness works on a copy of the stub and commits it only
 * when the random source did not fail, so an error leaves the shoe exactly as it was.
 *
 * The static shoe_* functions do the work; they run with the lock held and the invariants checked
 * (pe_shoe_check: 1 <= decks <= 8, size <= 52 * decks <= 416, rack_n <= pos <= size), read every
 * position into a local first, and never index past PE_SHOE_MAX_CARDS. The public pe_shoe_* wrappers
 * at the end of this section take the lock, check, call, bump the version and unlock. */

int pe_shoe_check(const pe_shoe *s)
{
    if (!s) return PE_ERR_ARG;
    const int decks = s->decks, size = s->size, pos = s->pos, rack_n = s->rack_n;
    if (decks < 1 || decks > PE_SHOE_MAX_DECKS || size > 52 * decks || size > PE_SHOE_MAX_CARDS || pos > size ||
        rack_n > pos)
        return PE_SHOE_ERR_STATE;
    return PE_OK;
}

/* Every card of the shoe's complement once: no (card, deck) pair twice among cards[0..size), and
 * every rack entry's kind known. Checked only when a lock is taken over after a fork (see above):
 * a call of the parent's that the fork cut in half may have left a stub half committed. */
static int pe_shoe_whole(const pe_shoe *s)
{
    uint8_t seen[PE_SHOE_MAX_DECKS][52];
    memset(seen, 0, sizeof seen);
    const int size = s->size, decks = s->decks, rack_n = s->rack_n;
    for (int i = 0; i < size; i++) {
        const int c = s->cards[i], d = s->deck_of[i];
        if (c >= 52 || d >= decks || seen[d][c]) return 0;
        seen[d][c] = 1;
    }
    for (int i = 0; i < rack_n; i++)
        if (s->rack_kind[i] > PE_RACK_STUB) return 0;
    return 1;
}

int pe_shoe_init(pe_shoe *s, int decks)
{
    if (!s || decks < 1 || decks > PE_SHOE_MAX_DECKS) return PE_ERR_ARG;
    s->decks = (uint16_t)decks;
    s->size = (uint16_t)(52 * decks);
    s->pos = 0;
    s->rack_n = 0;
    s->busy = 0;
    s->version = 0;
    for (int d = 0; d < decks; d++)
        for (int c = 0; c < 52; c++) {
            s->cards[52 * d + c] = (uint8_t)c;
            s->deck_of[52 * d + c] = (uint8_t)d;
        }
    return PE_OK;
}

static int shoe_load(pe_shoe *s, const uint8_t *cards, int n, int decks)
{
    if (decks < 1 || decks > PE_SHOE_MAX_DECKS || n < 0 || n > 52 * decks || (!cards && n)) return PE_ERR_ARG;
    uint8_t seen[52] = {0};
    for (int i = 0; i < n; i++) {
        if (cards[i] >= 52) return PE_ERR_CARD;
        if (seen[cards[i]] >= decks) return PE_ERR_DUP;
        seen[cards[i]]++;
    }
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        s->cards[i] = cards[i];
        s->deck_of[i] = seen[cards[i]]++;
    }
    s->decks = (uint16_t)decks;
    s->size = (uint16_t)n;
    s->pos = 0;
    s->rack_n = 0;
    return PE_OK;
}

static int shoe_gather(pe_shoe *s)
{
    s->pos = 0;
    s->rack_n = 0;
    return PE_OK;
}

static inline void pe_swap2(uint8_t *a, uint8_t *d, int i, int j)
{
    const uint8_t ta = a[i], td = d[i];
    a[i] = a[j];
    d[i] = d[j];
    a[j] = ta;
    d[j] = td;
}

/* Commit a permuted copy of the stub unless the random source failed. */
static int pe_commit(pe_shoe *s, const uint8_t *a, const uint8_t *d, int pos, int m)
{
    if (s->rng.err) return pe_rng_take_err(&s->rng);
    memcpy(s->cards + pos, a, (size_t)m);
    memcpy(s->deck_of + pos, d, (size_t)m);
    return PE_OK;
}

/* A random procedure on a copy of the stub (cards a[], decks d[], m cards), `times` times. */
typedef void (*pe_stub_proc)(pe_src *x, uint8_t *a, uint8_t *d, int m);

/* Run `proc` on a copy of the stub with the shoe's random source and commit the result. */
static int pe_randomize_stub(pe_shoe *s, pe_stub_proc proc, int times)
{
    const int pos = s->pos, m = s->size - pos;
    uint8_t a[PE_SHOE_MAX_CARDS], d[PE_SHOE_MAX_CARDS];
    memcpy(a, s->cards + pos, (size_t)m);
    memcpy(d, s->deck_of + pos, (size_t)m);
    pe_src x;
    pe_src_open(&x, &s->rng);
    for (int k = 0; k < times && m > 1; k++) proc(&x, a, d, m);
    pe_src_close(&x);
    return pe_commit(s, a, d, pos, m);
}

/* Fisher-Yates: i from m-1 down to 1, j uniform in [0, i]. */
static void pe_fisher_yates(pe_src *x, uint8_t *a, uint8_t *d, int m)
{
    for (int i = m - 1; i > 0; i--) pe_swap2(a, d, i, (int)pe_src_bounded(x, (uint64_t)i + 1));
}

static int shoe_shuffle(pe_shoe *s) { return pe_randomize_stub(s, pe_fisher_yates, 1); }

static int shoe_shuffle_all(pe_shoe *s)
{
    const uint16_t pos = s->pos, rack_n = s->rack_n;
    s->pos = 0;
    s->rack_n = 0;
    const int st = shoe_shuffle(s);
    if (st) { /* undo the gather: nothing changed */
        s->pos = pos;
        s->rack_n = rack_n;
    }
    return st;
}

/* One GSR riffle: cut at Binomial(m, 1/2) (the popcount of m fair bits), then drop cards one at a
 * time from the two packets with probability proportional to their sizes (every interleaving of
 * the two packets equally likely). */
static void pe_riffle_once(pe_src *r, uint8_t *a, uint8_t *d, int m)
{
    int c = 0, left = m;
    while (left >= 64) {
        c += pe_popcount64(pe_src_next(r));
        left -= 64;
    }
    if (left) c += pe_popcount64(pe_src_next(r) & (((uint64_t)1 << left) - 1));
    uint8_t ta[PE_SHOE_MAX_CARDS], td[PE_SHOE_MAX_CARDS];
    int i = 0, j = c, t = 0;
    while (i < c && j < m) {
        const uint64_t x = pe_src_bounded(r, (uint64_t)(c - i) + (uint64_t)(m - j));
        if (x < (uint64_t)(c - i)) {
            ta[t] = a[i];
            td[t++] = d[i++];
        } else {
            ta[t] = a[j];
            td[t++] = d[j++];
        }
    }
    while (i < c) { ta[t] = a[i]; td[t++] = d[i++]; }
    while (j < m) { ta[t] = a[j]; td[t++] = d[j++]; }
    memcpy(a, ta, (size_t)m);
    memcpy(d, td, (size_t)m);
}

static int shoe_riffle(pe_shoe *s, int times)
{
    if (times < 0 || times > 1000) return PE_ERR_ARG;
    return pe_randomize_stub(s, pe_riffle_once, times);
}

static int shoe_packets(pe_shoe *s, int packets, const uint16_t *sizes)
{
    const int pos = s->pos, m = s->size - pos;
    if (packets < 1 || packets > m) return PE_ERR_ARG;
    uint16_t sz[PE_SHOE_MAX_CARDS];
    if (sizes) {
        int total = 0;
        for (int i = 0; i < packets; i++) {
            if (sizes[i] < 1) return PE_ERR_ARG;
            total += sizes[i];
        }
        if (total != m) return PE_ERR_ARG;
        memcpy(sz, sizes, sizeof(uint16_t) * (size_t)packets);
    } else {
        /* packets-1 distinct cut points from 1..m-1 (partial Fisher-Yates), sorted */
        uint16_t pts[PE_SHOE_MAX_CARDS];
        const int np = m - 1, k = packets - 1;
        for (int i = 0; i < np; i++) pts[i] = (uint16_t)(i + 1);
        pe_src x;
        pe_src_open(&x, &s->rng);
        for (int i = 0; i < k; i++) {
            const int j = i + (int)pe_src_bounded(&x, (uint64_t)(np - i));
            const uint16_t t = pts[i];
            pts[i] = pts[j];
            pts[j] = t;
        }
        pe_src_close(&x);
        for (int i = 1; i < k; i++) { /* insertion sort of the k chosen points */
            const uint16_t v = pts[i];
            int j = i - 1;
            while (j >= 0 && pts[j] > v) { pts[j + 1] = pts[j]; j--; }
            pts[j + 1] = v;
        }
        int prev = 0;
        for (int i = 0; i < k; i++) { sz[i] = (uint16_t)(pts[i] - prev); prev = pts[i]; }
        sz[k] = (uint16_t)(m - prev);
    }
    uint8_t a[PE_SHOE_MAX_CARDS], d[PE_SHOE_MAX_CARDS];
    const uint8_t *sa = s->cards + pos, *sd = s->deck_of + pos;
    /* packet 0 (the top one) ends at the bottom: write packets from the end backwards */
    int src = 0, dst = m;
    for (int p = 0; p < packets; p++) {
        dst -= sz[p];
        memcpy(a + dst, sa + src, sz[p]);
        memcpy(d + dst, sd + src, sz[p]);
        src += sz[p];
    }
    return pe_commit(s, a, d, pos, m);
}

static int shoe_permute(pe_shoe *s, const uint16_t *perm, int n)
{
    if (!perm) return PE_ERR_ARG;
    const int pos = s->pos, m = s->size - pos;
    if (n != m) return PE_ERR_COUNT;
    uint8_t seen[PE_SHOE_MAX_CARDS] = {0};
    for (int i = 0; i < n; i++) {
        if (perm[i] >= m) return PE_ERR_ARG;
        if (seen[perm[i]]++) return PE_ERR_DUP;
    }
    uint8_t a[PE_SHOE_MAX_CARDS], d[PE_SHOE_MAX_CARDS];
    for (int i = 0; i < n; i++) {
        a[i] = s->cards[pos + perm[i]];
        d[i] = s->deck_of[pos + perm[i]];
    }
    return pe_commit(s, a, d, pos, m);
}

static int shoe_cut(pe_shoe *s, int position)
{
    const int pos = s->pos, m = s->size - pos;
    if (position < 0 || position > m) return PE_ERR_ARG;
    uint8_t a[PE_SHOE_MAX_CARDS], d[PE_SHOE_MAX_CARDS];
    const uint8_t *sa = s->cards + pos, *sd = s->deck_of + pos;
    memcpy(a, sa + position, (size_t)(m - position));
    memcpy(a + (m - position), sa, (size_t)position);
    memcpy(d, sd + position, (size_t)(m - position));
    memcpy(d + (m - position), sd, (size_t)position);
    return pe_commit(s, a, d, pos, m);
}

static int shoe_cut_random(pe_shoe *s, int min_depth, int *position)
{
    if (!position || min_depth < 0) return PE_ERR_ARG;
    const int m = s->size - s->pos;
    if (m - 2 * min_depth < 0) return PE_ERR_ARG;
    pe_src x;
    pe_src_open(&x, &s->rng);
    const int p = min_depth + (int)pe_src_bounded(&x, (uint64_t)(m - 2 * min_depth) + 1);
    pe_src_close(&x);
    if (s->rng.err) return pe_rng_take_err(&s->rng);
    *position = p;
    return shoe_cut(s, p);
}

static int shoe_deal(pe_shoe *s, int k, uint8_t *out)
{
    const int pos = s->pos;
    if (k < 0 || (!out && k)) return PE_ERR_ARG;
    if (k > s->size - pos) return PE_SHOE_ERR_EXHAUSTED;
    if (k == 0) return PE_OK;
    memcpy(out, s->cards + pos, (size_t)k);
    s->pos = (uint16_t)(pos + k);
    return PE_OK;
}

/* The top card to the rack, face down. Returns the card or a negative status. */
static int shoe_burn(pe_shoe *s)
{
    const int pos = s->pos, n = s->rack_n;
    if (pos >= s->size) return PE_SHOE_ERR_EXHAUSTED;
    if (n >= PE_SHOE_MAX_CARDS) return PE_SHOE_ERR_STATE; /* cannot happen with rack_n <= pos */
    const uint8_t c = s->cards[pos];
    s->rack[n] = c;
    s->rack_kind[n] = PE_RACK_BURN;
    s->pos = (uint16_t)(pos + 1);
    s->rack_n = (uint16_t)(n + 1);
    return c;
}

static int shoe_discard(pe_shoe *s, const uint8_t *cards, int n)
{
    if (n < 0 || (!cards && n)) return PE_ERR_ARG;
    const int pos = s->pos, rn = s->rack_n;
    int out[52] = {0}; /* dealt and not yet racked, per card id */
    for (int i = 0; i < pos; i++) out[s->cards[i]]++;
    for (int i = 0; i < rn; i++) out[s->rack[i]]--;
    for (int i = 0; i < n; i++) {
        if (cards[i] >= 52) return PE_ERR_CARD;
        if (--out[cards[i]] < 0) return PE_SHOE_ERR_STATE;
    }
    if (rn + n > pos) return PE_SHOE_ERR_STATE; /* implied by the counts; keeps the bound explicit */
    for (int i = 0; i < n; i++) {
        s->rack[rn + i] = cards[i];
        s->rack_kind[rn + i] = PE_RACK_DISCARD;
    }
    s->rack_n = (uint16_t)(rn + n);
    return PE_OK;
}

static int shoe_stub_to_rack(pe_shoe *s)
{
    const int pos = s->pos, size = s->size, rn = s->rack_n, m = size - pos;
    for (int i = 0; i < m; i++) {
        s->rack[rn + i] = s->cards[pos + i];
        s->rack_kind[rn + i] = PE_RACK_STUB;
    }
    s->rack_n = (uint16_t)(rn + m);
    s->pos = (uint16_t)size;
    return m;
}

/* Draw games, when the stub runs short: every racked card (discards, burns) leaves the dealt cards
 * and goes under the stub, in rack order, and the rack is emptied; shuffle the stub afterwards
 * (pe_shoe_shuffle). Cards still in play stay dealt, in their order. Returns the number of cards
 * moved, or PE_SHOE_ERR_STATE (nothing changed) if a racked card is not among the dealt ones. */
static int shoe_rack_to_stub(pe_shoe *s)
{
    const int pos = s->pos, size = s->size, nr = s->rack_n;
    uint8_t used[PE_SHOE_MAX_CARDS] = {0};
    uint8_t nc[PE_SHOE_MAX_CARDS], nd[PE_SHOE_MAX_CARDS];
    uint8_t rc[PE_SHOE_MAX_CARDS], rd[PE_SHOE_MAX_CARDS];
    for (int r = 0; r < nr; r++) {
        int found = -1;
        for (int i = 0; i < pos; i++)
            if (!used[i] && s->cards[i] == s->rack[r]) {
                found = i;
                break;
            }
        if (found < 0) return PE_SHOE_ERR_STATE;
        used[found] = 1;
        rc[r] = s->cards[found];
        rd[r] = s->deck_of[found];
    }
    int k = 0;
    for (int i = 0; i < pos; i++)
        if (!used[i]) {
            nc[k] = s->cards[i];
            nd[k++] = s->deck_of[i];
        }
    const int kept = k;
    for (int i = pos; i < size; i++) {
        nc[k] = s->cards[i];
        nd[k++] = s->deck_of[i];
    }
    memcpy(nc + k, rc, (size_t)nr);
    memcpy(nd + k, rd, (size_t)nr);
    memcpy(s->cards, nc, (size_t)size);
    memcpy(s->deck_of, nd, (size_t)size);
    s->pos = (uint16_t)kept;
    s->rack_n = 0;
    return nr;
}

static int shoe_remove_card(pe_shoe *s, int card)
{
    if (card < 0 || card >= 52) return PE_ERR_CARD;
    const int pos = s->pos, size = s->size;
    for (int i = pos; i < size; i++)
        if (s->cards[i] == card) {
            memmove(s->cards + i, s->cards + i + 1, (size_t)(size - i - 1));
            memmove(s->deck_of + i, s->deck_of + i + 1, (size_t)(size - i - 1));
            s->size = (uint16_t)(size - 1);
            return PE_OK;
        }
    return PE_SHOE_ERR_STATE;
}

static int shoe_randbelow(pe_shoe *s, uint64_t bound, uint64_t *out, size_t count)
{
    if ((!out && count) || bound == 0) return PE_ERR_ARG;
    pe_src x;
    pe_src_open(&x, &s->rng);
    for (size_t i = 0; i < count; i++) out[i] = pe_src_bounded(&x, bound);
    pe_src_close(&x);
    return pe_rng_take_err(&s->rng);
}

/* Take the lock and check the invariants; on success the caller must pe_shoe_leave(). */
static inline int pe_shoe_enter(pe_shoe *s)
{
    if (!s) return PE_ERR_ARG;
    const int lk = pe_try_lock(&s->busy);
    if (PE_UNLIKELY(lk != PE_OK)) {
        if (lk != PE_LOCK_STALE) return lk;
        if (pe_shoe_check(s) || !pe_shoe_whole(s)) return pe_poison(&s->busy);
    }
    const int st = pe_shoe_check(s);
    if (st) {
        pe_unlock(&s->busy);
        return st;
    }
    pe_rng_fork_check(&s->rng);
    return PE_OK;
}

static inline void pe_shoe_leave(pe_shoe *s, int changed)
{
    if (changed) s->version++;
    pe_unlock(&s->busy);
}

/* Public wrappers: lock, check, call, bump the version (for calls that may change the shoe), unlock. */
#define PE_SHOE_LOCKED(changed, call)                                                              \
    do {                                                                                          \
        const int e_ = pe_shoe_enter(s);                                                          \
        if (e_) return e_;                                                                        \
        const int r_ = (call);                                                                    \
        pe_shoe_leave(s, (changed));                                                              \
        return r_;                                                                                \
    } while (0)

int pe_shoe_load(pe_shoe *s, const uint8_t *cards, int n, int decks) { PE_SHOE_LOCKED(1, shoe_load(s, cards, n, decks)); }
int pe_shoe_gather(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_gather(s)); }
int pe_shoe_shuffle(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_shuffle(s)); }
int pe_shoe_shuffle_all(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_shuffle_all(s)); }
int pe_shoe_riffle(pe_shoe *s, int times) { PE_SHOE_LOCKED(1, shoe_riffle(s, times)); }
int pe_shoe_packets(pe_shoe *s, int packets, const uint16_t *sizes) { PE_SHOE_LOCKED(1, shoe_packets(s, packets, sizes)); }
int pe_shoe_permute(pe_shoe *s, const uint16_t *perm, int n) { PE_SHOE_LOCKED(1, shoe_permute(s, perm, n)); }
int pe_shoe_cut(pe_shoe *s, int position) { PE_SHOE_LOCKED(1, shoe_cut(s, position)); }
int pe_shoe_cut_random(pe_shoe *s, int min_depth, int *position) { PE_SHOE_LOCKED(1, shoe_cut_random(s, min_depth, position)); }
int pe_shoe_deal(pe_shoe *s, int k, uint8_t *out) { PE_SHOE_LOCKED(1, shoe_deal(s, k, out)); }
int pe_shoe_discard(pe_shoe *s, const uint8_t *cards, int n) { PE_SHOE_LOCKED(1, shoe_discard(s, cards, n)); }
int pe_shoe_stub_to_rack(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_stub_to_rack(s)); }
int pe_shoe_rack_to_stub(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_rack_to_stub(s)); }
int pe_shoe_remove_card(pe_shoe *s, int card) { PE_SHOE_LOCKED(1, shoe_remove_card(s, card)); }
int pe_shoe_burn_one(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_burn(s)); }
int pe_shoe_randbelow(pe_shoe *s, uint64_t bound, uint64_t *out, size_t count) { PE_SHOE_LOCKED(1, shoe_randbelow(s, bound, out, count)); }
int pe_shoe_jump(pe_shoe *s) { PE_SHOE_LOCKED(1, pe_rng_jump(&s->rng)); }
int pe_shoe_remaining(pe_shoe *s) { PE_SHOE_LOCKED(0, s->size - s->pos); }

/* Deal these particular cards (explicit deals, replays): each must be among the undealt cards; in
 * the order given each is moved to the top and comes off, the other undealt cards keep their order.
 * The first `burns` of them go to the rack face down as burns. A card not in the stub (or more cards
 * than remain): PE_SHOE_ERR_STATE / PE_SHOE_ERR_EXHAUSTED, and nothing changes. */
static int shoe_take(pe_shoe *s, const uint8_t *cards, int n, int burns)
{
    if (n < 0 || burns < 0 || burns > n || (!cards && n)) return PE_ERR_ARG;
    const int pos = s->pos, m = s->size - pos, rn = s->rack_n;
    if (n > m) return PE_SHOE_ERR_EXHAUSTED;
    uint8_t a[PE_SHOE_MAX_CARDS], d[PE_SHOE_MAX_CARDS];
    memcpy(a, s->cards + pos, (size_t)m);
    memcpy(d, s->deck_of + pos, (size_t)m);
    for (int i = 0; i < n; i++) {
        if (cards[i] >= 52) return PE_ERR_CARD;
        int j = i;
        while (j < m && a[j] != cards[i]) j++;
        if (j == m) return PE_SHOE_ERR_STATE;
        const uint8_t ca = a[j], cd = d[j];
        memmove(a + i + 1, a + i, (size_t)(j - i));
        memmove(d + i + 1, d + i, (size_t)(j - i));
        a[i] = ca;
        d[i] = cd;
    }
    if (rn + burns > pos + n) return PE_SHOE_ERR_STATE; /* cannot happen with rack_n <= pos */
    memcpy(s->cards + pos, a, (size_t)m);
    memcpy(s->deck_of + pos, d, (size_t)m);
    for (int i = 0; i < burns; i++) {
        s->rack[rn + i] = a[i];
        s->rack_kind[rn + i] = PE_RACK_BURN;
    }
    s->rack_n = (uint16_t)(rn + burns);
    s->pos = (uint16_t)(pos + n);
    return PE_OK;
}

int pe_shoe_take(pe_shoe *s, const uint8_t *cards, int n, int burns) { PE_SHOE_LOCKED(1, shoe_take(s, cards, n, burns)); }

int pe_shoe_burn(pe_shoe *s, uint8_t *out)
{
    const int c = pe_shoe_burn_one(s);
    if (c < 0) return c;
    if (out) *out = (uint8_t)c;
    return PE_OK;
}

static int shoe_deal_one(pe_shoe *s)
{
    const int pos = s->pos;
    if (pos >= s->size) return PE_SHOE_ERR_EXHAUSTED;
    s->pos = (uint16_t)(pos + 1);
    return s->cards[pos];
}

int pe_shoe_deal_one(pe_shoe *s) { PE_SHOE_LOCKED(1, shoe_deal_one(s)); }

int64_t pe_shoe_deal_packed(pe_shoe *s, int k)
{
    if (k < 0 || k > 7) return PE_ERR_ARG;
    uint8_t c[8] = {0};
    const int e = pe_shoe_enter(s);
    if (e) return e;
    const int st = shoe_deal(s, k, c);
    pe_shoe_leave(s, 1);
    if (st) return st;
    uint64_t v = 0;
    for (int i = k - 1; i >= 0; i--) v = (v << 8) | c[i];
    return (int64_t)v;
}

/* A board street in one call (58 Pa. Code § 637a.11(h)-(j): burn, then the cards face up): burn the
 * top card, then deal k (0..6), packed as pe_shoe_deal_packed packs them, the burn in the lowest
 * byte. Fewer than 1 + k cards left: PE_SHOE_ERR_EXHAUSTED and nothing is burned or dealt. */
int64_t pe_shoe_burn_deal_packed(pe_shoe *s, int k)
{
    if (k < 0 || k > 6) return PE_ERR_ARG;
    uint8_t c[8] = {0};
    const int e = pe_shoe_enter(s);
    if (e) return e;
    int st = (s->size - s->pos < 1 + k) ? PE_SHOE_ERR_EXHAUSTED : shoe_burn(s);
    if (st >= 0) {
        c[0] = (uint8_t)st;
        st = shoe_deal(s, k, c + 1);
    }
    pe_shoe_leave(s, 1);
    if (st) return st;
    uint64_t v = 0;
    for (int i = k; i >= 0; i--) v = (v << 8) | c[i];
    return (int64_t)v;
}

int pe_shoe_copy(pe_shoe *dst, pe_shoe *src)
{
    if (!dst || dst == src) return PE_ERR_ARG;
    const int e = pe_shoe_enter(src);
    if (e) return e;
    memcpy(dst, src, sizeof *dst); /* the version too: pe_shoe_commit compares against it */
    pe_shoe_leave(src, 0);
    dst->busy = 0;
    if (dst->rng.secure) pe_rng_drop_buffer(&dst->rng); /* never two holders of the same OS words */
    return PE_OK;
}

int pe_shoe_commit(pe_shoe *dst, pe_shoe *src, uint32_t version)
{
    if (!src || dst == src) return PE_ERR_ARG;
    int st = pe_shoe_check(src);
    if (st) return st;
    if ((st = pe_shoe_enter(dst))) return st;
    if (dst->version != version) {
        pe_shoe_leave(dst, 0);
        return PE_SHOE_ERR_BUSY;
    }
    const uint32_t busy = dst->busy;
    memcpy(dst, src, sizeof *dst);
    dst->busy = busy;
    dst->version = version;
    if (src->rng.secure) pe_rng_drop_buffer(&src->rng); /* the words now belong to dst only */
    pe_shoe_leave(dst, 1);
    return PE_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Batch kernels. Partial Fisher-Yates from the end of a 52-card array: step t (t = 0, 1, ...)
 * draws j uniform in [0, i] with i = 51 - t, swaps a[i] and a[j] and deals a[i]. The deck carries
 * over from one row to the next: a fresh uniform shuffle of any arrangement is uniform and
 * independent of it. Bounds 52, 51, ... are drawn BATCH at a time from one 64-bit word. */

#define PE_INLINE static PE_ALWAYS_INLINE

#define PE_BATCH 7 /* 52**7 < 2**40: the rejection test fires with probability < 2**-24 */

/* Draw the bounds (b0 - t) for t in 0..k-1 (k <= PE_BATCH) into j[] (batched Lemire). */
PE_INLINE void pe_draw_batch(pe_src *x, uint32_t b0, int k, uint32_t *j)
{
    uint64_t prod = 1;
    for (int t = 0; t < k; t++) prod *= (uint64_t)(b0 - (uint32_t)t);
    pe_src_digits_down(x, b0, k, prod, j);
}

/* Deal k cards (k <= 52) of a fresh uniform shuffle of deck[] into out[]. */
PE_INLINE void pe_partial_shuffle(pe_src *x, uint8_t *deck, int k, uint8_t *out)
{
    uint32_t j[52];
    j[51] = 0; /* the last card: bound 1 */
    const int steps = k < 51 ? k : 51; /* the last card needs no draw */
    for (int t = 0; t < steps; t += PE_BATCH) {
        const int kk = steps - t < PE_BATCH ? steps - t : PE_BATCH;
        pe_draw_batch(x, (uint32_t)(52 - t), kk, j + t);
    }
    for (int t = 0; t < k; t++) {
        const int i = 51 - t;
        const uint8_t c = deck[j[t]];
        deck[j[t]] = deck[i];
        deck[i] = c;
        out[t] = c;
    }
}

/* Digits of one 32-bit word for the bounds base..base+3 (Lemire's multiply-shift, batched). Returns 0
 * when the word must be rejected (leftover below 2**32 mod the product of the bounds). */
#define PE_DIGITS4(w, base, d0, d1, d2, d3, ok)                                                    \
    do {                                                                                          \
        uint64_t m_ = (uint64_t)(w) * (base);                                                     \
        d0 = (uint32_t)(m_ >> 32);                                                                \
        m_ = (uint64_t)(uint32_t)m_ * ((base) + 1);                                               \
        d1 = (uint32_t)(m_ >> 32);                                                                \
        m_ = (uint64_t)(uint32_t)m_ * ((base) + 2);                                               \
        d2 = (uint32_t)(m_ >> 32);                                                                \
        m_ = (uint64_t)(uint32_t)m_ * ((base) + 3);                                               \
        d3 = (uint32_t)(m_ >> 32);                                                                \
        const uint32_t left_ = (uint32_t)m_;                                                      \
        const uint32_t prod_ = (uint32_t)((base) * ((base) + 1) * ((base) + 2) * ((base) + 3));   \
        ok = PE_LIKELY(left_ >= prod_) || left_ >= (0u - prod_) % prod_;                 \
    } while (0)

/* A full shuffle into out[52]: Fisher-Yates "inside-out" (Durstenfeld's, filling the array while it
 * shuffles): for i = 1..51, j uniform in [0, i], out[i] = out[j], out[j] = i. Bounds 2..52 are drawn
 * four per 32-bit half-word (products < 2**23, so a half is rejected with probability < 2**-9; a
 * rejected word is redrawn whole, which keeps the accepted halves uniform and independent). The
 * digits stay in registers and are used at once (no index array: stores are the bottleneck). */
PE_INLINE void pe_full_shuffle(pe_src *x, uint8_t *out)
{
    out[0] = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
    for (int g = 0; g < 6; g++) {
        const uint32_t b = (uint32_t)(2 + 8 * g);
        uint32_t j0, j1, j2, j3, j4, j5, j6, j7;
        for (;;) {
            const uint64_t w = pe_src_next(x);
            int ok0, ok1;
            PE_DIGITS4((uint32_t)w, b, j0, j1, j2, j3, ok0);
            PE_DIGITS4((uint32_t)(w >> 32), b + 4, j4, j5, j6, j7, ok1);
            if (PE_LIKELY(ok0 & ok1) || pe_src_failed(x)) break;
        }
        const int i = (int)b - 1; /* bound b is for index b - 1 */
        out[i] = out[j0]; out[j0] = (uint8_t)i;
        out[i + 1] = out[j1]; out[j1] = (uint8_t)(i + 1);
        out[i + 2] = out[j2]; out[j2] = (uint8_t)(i + 2);
        out[i + 3] = out[j3]; out[j3] = (uint8_t)(i + 3);
        out[i + 4] = out[j4]; out[j4] = (uint8_t)(i + 4);
        out[i + 5] = out[j5]; out[j5] = (uint8_t)(i + 5);
        out[i + 6] = out[j6]; out[j6] = (uint8_t)(i + 6);
        out[i + 7] = out[j7]; out[j7] = (uint8_t)(i + 7);
    }
    /* bounds 50, 51, 52 for i = 49, 50, 51 */
    uint32_t j0, j1, j2;
    for (;;) {
        const uint64_t w = pe_src_next(x);
        uint64_t m = (uint64_t)(uint32_t)w * 50u;
        j0 = (uint32_t)(m >> 32);
        m = (uint64_t)(uint32_t)m * 51u;
        j1 = (uint32_t)(m >> 32);
        m = (uint64_t)(uint32_t)m * 52u;
        j2 = (uint32_t)(m >> 32);
        const uint32_t left = (uint32_t)m, prod = 50u * 51u * 52u;
        if (PE_LIKELY(left >= prod) || left >= (0u - prod) % prod || pe_src_failed(x)) break;
    }
    out[49] = out[j0]; out[j0] = 49;
    out[50] = out[j1]; out[j1] = 50;
    out[51] = out[j2]; out[j2] = 51;
}

/* The batch kernels deal from `deck` (carried over from row to row; the caller decides whether it
 * carries over between calls too: a pe_dealer keeps it, a bare pe_rng starts each call in new-deck
 * order). */
PE_INLINE void pe_deal_batch_impl(pe_rng *r, const int secure, uint8_t *deck, size_t n, int k, uint8_t *out)
{
    pe_src x;
    pe_src_open_as(&x, r, secure);
    if (k == 52)
        for (size_t row = 0; row < n; row++) pe_full_shuffle(&x, out + row * 52);
    else
        for (size_t row = 0; row < n; row++) pe_partial_shuffle(&x, deck, k, out + row * (size_t)k);
    pe_src_close(&x);
}

/* The kernel specialised for each random source (no per-draw test of the mode). */
static void pe_deal_rows_prng(pe_rng *r, uint8_t *deck, size_t n, int k, uint8_t *out)
{
    pe_deal_batch_impl(r, 0, deck, n, k, out);
}
static void pe_deal_rows_secure(pe_rng *r, uint8_t *deck, size_t n, int k, uint8_t *out)
{
    pe_deal_batch_impl(r, 1, deck, n, k, out);
}

static int rng_deal_batch(pe_rng *r, uint8_t *deck, size_t n, int k, uint8_t *out)
{
    if (k < 1 || k > 52 || (!out && n)) return PE_ERR_ARG;
    pe_rng_fork_check(r);
    if (r->secure) pe_deal_rows_secure(r, deck, n, k, out);
    else pe_deal_rows_prng(r, deck, n, k, out);
    return pe_rng_take_err(r);
}

static void pe_new_deck(uint8_t *deck)
{
    for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
}

int pe_shoe_deal_batch(pe_rng *r, size_t n, int k, uint8_t *out)
{
    if (!r) return PE_ERR_ARG;
    uint8_t deck[52];
    pe_new_deck(deck);
    return rng_deal_batch(r, deck, n, k, out);
}

PE_INLINE void pe_holdem_impl(pe_rng *r, const int secure, uint8_t *deck, size_t n, int players, int burns,
                              uint16_t *values, uint16_t *winners, uint8_t *cards)
{
    uint8_t d[28];
    pe_src x;
    pe_src_open_as(&x, r, secure);
    const int p = players, m = 2 * p + 5 + (burns ? 3 : 0);
    /* board positions in the dealt sequence d[] */
    const int b0 = 2 * p + (burns ? 1 : 0);
    const int bpos[5] = {b0, b0 + 1, b0 + 2, b0 + 3 + (burns ? 1 : 0), b0 + 4 + (burns ? 2 : 0)};
    for (size_t row = 0; row < n; row++) {
        pe_partial_shuffle(&x, deck, m, d);
        uint8_t h[7];
        for (int t = 0; t < 5; t++) h[2 + t] = d[bpos[t]];
        uint16_t best = 0, mask = 0;
        uint16_t *v = values + row * (size_t)p;
        for (int i = 0; i < p; i++) {
            h[0] = d[i];
            h[1] = d[p + i];
            const uint16_t val = pe_eval_unchecked7(h);
            v[i] = val;
            if (val > best) { best = val; mask = (uint16_t)(1u << i); }
            else if (val == best) mask |= (uint16_t)(1u << i);
        }
        winners[row] = mask;
        if (cards) {
            uint8_t *o = cards + row * (size_t)(2 * p + 5);
            for (int i = 0; i < p; i++) { o[2 * i] = d[i]; o[2 * i + 1] = d[p + i]; }
            for (int t = 0; t < 5; t++) o[2 * p + t] = d[bpos[t]];
        }
    }
    pe_src_close(&x);
}

static void pe_holdem_prng(pe_rng *r, uint8_t *deck, size_t n, int p, int burns, uint16_t *v, uint16_t *w, uint8_t *c)
{
    pe_holdem_impl(r, 0, deck, n, p, burns, v, w, c);
}
static void pe_holdem_secure(pe_rng *r, uint8_t *deck, size_t n, int p, int burns, uint16_t *v, uint16_t *w, uint8_t *c)
{
    pe_holdem_impl(r, 1, deck, n, p, burns, v, w, c);
}

static int rng_holdem_showdowns(pe_rng *r, uint8_t *deck, size_t n, int players, int burns, uint16_t *values,
                                uint16_t *winners, uint8_t *cards)
{
    if (players < 2 || players > 10 || ((!values || !winners) && n)) return PE_ERR_ARG;
    pe_rng_fork_check(r);
    if (r->secure) pe_holdem_secure(r, deck, n, players, burns != 0, values, winners, cards);
    else pe_holdem_prng(r, deck, n, players, burns != 0, values, winners, cards);
    return pe_rng_take_err(r);
}

int pe_shoe_holdem_showdowns(pe_rng *r, size_t n, int players, int burns, uint16_t *values,
                             uint16_t *winners, uint8_t *cards)
{
    if (!r) return PE_ERR_ARG;
    uint8_t deck[52];
    pe_new_deck(deck);
    return rng_holdem_showdowns(r, deck, n, players, burns, values, winners, cards);
}

/* ------------------------------------------------------------------------------------------ */
/* The batch dealer: a pe_rng and its carried deck behind a lock word (see pe_shoe.h). */

/* The carried deck must stay a permutation of 0..51 (the kernels index with its contents). */
static int pe_is_deck(const uint8_t *deck)
{
    uint64_t seen = 0;
    for (int i = 0; i < 52; i++) {
        if (deck[i] >= 52) return 0;
        seen |= (uint64_t)1 << deck[i];
    }
    return seen == ((uint64_t)1 << 52) - 1;
}

static inline int pe_dealer_enter(pe_dealer *d)
{
    if (!d) return PE_ERR_ARG;
    const int lk = pe_try_lock(&d->busy);
    if (PE_UNLIKELY(lk != PE_OK)) {
        if (lk != PE_LOCK_STALE) return lk;
        if (!pe_is_deck(d->deck)) return pe_poison(&d->busy);
    }
    if (!pe_is_deck(d->deck)) {
        pe_unlock(&d->busy);
        return PE_SHOE_ERR_STATE;
    }
    return PE_OK;
}

#define PE_DEALER_LOCKED(call)                                                                    \
    do {                                                                                          \
        const int e_ = pe_dealer_enter(d);                                                        \
        if (e_) return e_;                                                                        \
        const int r_ = (call);                                                                    \
        pe_unlock(&d->busy);                                                                      \
        return r_;                                                                                \
    } while (0)

int pe_dealer_init(pe_dealer *d)
{
    if (!d) return PE_ERR_ARG;
    pe_new_deck(d->deck);
    d->busy = 0;
    d->reserved = 0;
    return PE_OK;
}

int pe_dealer_deal(pe_dealer *d, size_t n, int k, uint8_t *out)
{
    PE_DEALER_LOCKED(rng_deal_batch(&d->rng, d->deck, n, k, out));
}

int pe_dealer_holdem_showdowns(pe_dealer *d, size_t n, int players, int burns, uint16_t *values,
                               uint16_t *winners, uint8_t *cards)
{
    PE_DEALER_LOCKED(rng_holdem_showdowns(&d->rng, d->deck, n, players, burns, values, winners, cards));
}

int pe_dealer_jump(pe_dealer *d) { PE_DEALER_LOCKED(pe_rng_jump(&d->rng)); }

static int dealer_get_state(pe_dealer *d, uint64_t s[4], uint8_t deck[52])
{
    if (!s || !deck) return PE_ERR_ARG;
    const int st = pe_rng_get_state(&d->rng, s);
    if (st) return st;
    memcpy(deck, d->deck, 52);
    return PE_OK;
}

int pe_dealer_get_state(pe_dealer *d, uint64_t s[4], uint8_t deck[52]) { PE_DEALER_LOCKED(dealer_get_state(d, s, deck)); }

static int dealer_set_state(pe_dealer *d, const uint64_t s[4], const uint8_t deck[52])
{
    if (!s || !deck || !pe_is_deck(deck) || (s[0] | s[1] | s[2] | s[3]) == 0) return PE_ERR_ARG;
    if (d->rng.secure) return PE_SHOE_ERR_SECURE;
    pe_rng_set_state(&d->rng, s);
    memcpy(d->deck, deck, 52);
    return PE_OK;
}

int pe_dealer_set_state(pe_dealer *d, const uint64_t s[4], const uint8_t deck[52])
{
    PE_DEALER_LOCKED(dealer_set_state(d, s, deck));
}

int pe_dealer_copy(pe_dealer *dst, pe_dealer *src)
{
    if (!dst || dst == src) return PE_ERR_ARG;
    const int e = pe_dealer_enter(src);
    if (e) return e;
    memcpy(dst, src, sizeof *dst);
    pe_unlock(&src->busy);
    dst->busy = 0;
    if (dst->rng.secure) pe_rng_drop_buffer(&dst->rng); /* never two holders of the same OS words */
    return PE_OK;
}
