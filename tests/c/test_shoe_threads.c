/* Sanitizer workload (issue 14): four threads on one shoe and one dealer through the C API, as cffi
 * lets Python threads do with the GIL released. Every call either runs alone (the lock word) or
 * returns PE_SHOE_ERR_BUSY and changes nothing; afterwards nothing is lost or duplicated. A secure
 * source stays secure. Prints "ok". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pe_shoe.h"

#if defined(_WIN32)
#include <windows.h>
typedef HANDLE pe_thread;
typedef struct { void *(*fn)(void *); void *arg; } pe_thread_arg;
static pe_thread_arg thread_args[16];
static DWORD WINAPI pe_thread_main(LPVOID p)
{
    pe_thread_arg *a = (pe_thread_arg *)p;
    a->fn(a->arg);
    return 0;
}
static int pe_thread_start(pe_thread *t, int i, void *(*fn)(void *), void *arg)
{
    thread_args[i].fn = fn;
    thread_args[i].arg = arg;
    *t = CreateThread(NULL, 0, pe_thread_main, &thread_args[i], 0, NULL);
    return *t ? 0 : -1;
}
static int pe_thread_join(pe_thread t)
{
    const int ok = WaitForSingleObject(t, INFINITE) == WAIT_OBJECT_0;
    CloseHandle(t);
    return ok ? 0 : -1;
}
#else
#include <pthread.h>
typedef pthread_t pe_thread;
static int pe_thread_start(pe_thread *t, int i, void *(*fn)(void *), void *arg)
{
    (void)i;
    return pthread_create(t, NULL, fn, arg);
}
static int pe_thread_join(pe_thread t) { return pthread_join(t, NULL); }
#endif

#define THREADS 4
#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);               \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

static pe_shoe *shoe;
static pe_dealer *dealer;
static int burned[THREADS][PE_SHOE_MAX_CARDS + 1];
static int nburned[THREADS];

/* Retry while another thread holds the lock (Python sleeps; here we just spin). */
#define RETRY(st, call)                                                            \
    do {                                                                           \
        (st) = (call);                                                             \
    } while ((st) == PE_SHOE_ERR_BUSY)

static void *burner(void *arg)
{
    const int id = (int)(size_t)arg;
    for (;;) {
        int c;
        RETRY(c, pe_shoe_burn_one(shoe));
        if (c == PE_SHOE_ERR_EXHAUSTED) return NULL;
        CHECK(c >= 0 && c < 52 && nburned[id] < PE_SHOE_MAX_CARDS);
        burned[id][nburned[id]++] = c;
    }
}

static void *mixer(void *arg)
{
    const int id = (int)(size_t)arg;
    uint8_t out[8];
    uint64_t b;
    for (int i = 0; i < 3000; i++) {
        int st;
        switch ((i + id) % 6) {
        case 0: RETRY(st, pe_shoe_shuffle_all(shoe)); CHECK(st == PE_OK); break;
        case 1: RETRY(st, pe_shoe_deal(shoe, 5, out)); CHECK(st == PE_OK || st == PE_SHOE_ERR_EXHAUSTED); break;
        case 2: RETRY(st, pe_shoe_burn_one(shoe)); CHECK(st >= 0 || st == PE_SHOE_ERR_EXHAUSTED); break;
        case 3: RETRY(st, pe_shoe_riffle(shoe, 2)); CHECK(st == PE_OK); break;
        case 4: RETRY(st, pe_shoe_randbelow(shoe, 52, &b, 1)); CHECK(st == PE_OK && b < 52); break;
        default: {
            int64_t v;
            RETRY(v, pe_shoe_deal_packed(shoe, 3));
            CHECK(v >= 0 || v == PE_SHOE_ERR_EXHAUSTED);
        }
        }
    }
    return NULL;
}

static uint8_t rows[THREADS][200 * 52];

static void *batcher(void *arg)
{
    const int id = (int)(size_t)arg;
    for (int i = 0; i < 50; i++) {
        int st;
        RETRY(st, pe_dealer_deal(dealer, 200, 52, rows[id]));
        CHECK(st == PE_OK);
    }
    return NULL;
}

static void run(void *(*fn)(void *))
{
    pe_thread t[THREADS];
    for (int i = 0; i < THREADS; i++) CHECK(pe_thread_start(&t[i], i, fn, (void *)(size_t)i) == 0);
    for (int i = 0; i < THREADS; i++) CHECK(pe_thread_join(t[i]) == 0);
}

static void check_whole(const pe_shoe *s)
{
    CHECK(pe_shoe_check(s) == PE_OK);
    int count[52] = {0};
    for (int i = 0; i < s->size; i++) count[s->cards[i]]++;
    for (int c = 0; c < 52; c++) CHECK(count[c] == s->decks);
}

int main(void)
{
    shoe = calloc(1, sizeof *shoe);
    dealer = calloc(1, sizeof *dealer);
    CHECK(shoe && dealer);
    const uint64_t seed[4] = {7, 0, 0, 0};
    /* four threads burning one 8-deck shoe: the rack never passes 416 */
    CHECK(pe_shoe_init(shoe, 8) == PE_OK);
    pe_rng_seed(&shoe->rng, seed);
    for (int round = 0; round < 20; round++) {
        CHECK(pe_shoe_shuffle_all(shoe) == PE_OK);
        memset(nburned, 0, sizeof nburned);
        run(burner);
        int total = 0, count[52] = {0};
        for (int i = 0; i < THREADS; i++)
            for (int j = 0; j < nburned[i]; j++) {
                count[burned[i][j]]++;
                total++;
            }
        CHECK(total == 416 && shoe->rack_n == 416 && shoe->pos == 416);
        for (int c = 0; c < 52; c++) CHECK(count[c] == 8);
        check_whole(shoe);
    }
    /* mixed operations, seeded then secure */
    run(mixer);
    check_whole(shoe);
    CHECK(pe_shoe_init(shoe, 2) == PE_OK && pe_rng_seed_secure(&shoe->rng) == PE_OK);
    run(mixer);
    check_whole(shoe);
    CHECK(shoe->rng.secure == 1 && shoe->rng.buf_pos <= PE_RNG_BUF_WORDS);
    /* one dealer, four threads: no two threads end with the same rows */
    pe_rng_seed(&dealer->rng, seed);
    CHECK(pe_dealer_init(dealer) == PE_OK);
    run(batcher);
    for (int i = 0; i < THREADS; i++)
        for (int j = i + 1; j < THREADS; j++) CHECK(memcmp(rows[i], rows[j], sizeof rows[i]) != 0);
    CHECK(pe_rng_seed_secure(&dealer->rng) == PE_OK);
    run(batcher);
    CHECK(dealer->rng.secure == 1);
    /* a corrupted struct is refused, never indexed out of bounds */
    shoe->rack_n = 500;
    CHECK(pe_shoe_burn_one(shoe) == PE_SHOE_ERR_STATE && pe_shoe_deal_one(shoe) == PE_SHOE_ERR_STATE);
    shoe->rack_n = 0;
    shoe->rng.buf_pos = 1000;
    uint8_t one;
    CHECK(pe_shoe_shuffle_all(shoe) == PE_OK && pe_shoe_deal(shoe, 1, &one) == PE_OK);
    CHECK(shoe->rng.buf_pos <= PE_RNG_BUF_WORDS);
    dealer->deck[3] = dealer->deck[4];
    CHECK(pe_dealer_deal(dealer, 1, 7, rows[0]) == PE_SHOE_ERR_STATE);
    free(shoe);
    free(dealer);
    printf("ok\n");
    return 0;
}
