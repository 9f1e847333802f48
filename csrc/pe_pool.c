/* pe_pool.c - a persistent pool of worker threads for one C call's parts, and the threaded batch
 * and exact-equity calls built on it (see pe_pool.h; decision 031).
 *
 * A job is (fn, ctx, parts): the caller and the woken workers take part numbers from the job's
 * counter until none is left, so the caller works too and a worker that wakes late (its core busy)
 * finds nothing left instead of holding the call up. Workers spin briefly (0.1-0.3 ms) for the next job
 * before sleeping on a condition variable: back-to-back calls (an engine's loop) skip the wake-up.
 * The caller waits for the workers that took a part (they may still be running one) by spinning,
 * then sleeping.
 *
 * Fork: a child starts with the calling thread only. The atfork prepare handler takes the pool lock
 * (no worker is then between two states of the pool), the parent's releases it, the child's
 * re-initialises the lock and condition variables and forgets the workers; a pid check catches a
 * fork made without the handlers (a raw syscall). A job running in the parent at the fork stays
 * the parent's: in the child the pool is idle and empty, and its first threaded call starts new
 * workers. */
#include "pe_compat.h"
#include "pe_pool.h"
#include "pe_eval.h"

#include <stdlib.h>
#include <string.h>

#if PE_GNUC && !defined(_WIN32)
#define PE_POOL_THREADS 1
#include <pthread.h>
#include <unistd.h>
#else
#define PE_POOL_THREADS 0
#endif

#define PE_POOL_MAX 64      /* workers at most (threads beyond it share the parts) */
#define PE_POOL_SPIN 8000   /* pause loops a worker polls for the next job before sleeping (0.1-0.3 ms) */

#if PE_POOL_THREADS
static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, idle;
    pid_t pid;             /* the process whose workers these are */
    int workers;           /* started and alive */
    int busy;              /* a job holds the pool (the others run their parts on their own thread) */
    uint64_t gen;          /* job number: a worker runs each job once */
    void (*fn)(void *, int);
    void *ctx;
    int parts, next;       /* parts of the job; the next part number to take (atomic) */
    int want;              /* workers asked to join the job */
    int running;           /* workers inside the job (atomic) */
    int sleepers;          /* workers waiting on `wake` */
    int atfork;            /* handlers registered */
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0, 0, NULL, NULL,
          0, 0, 0, 0, 0, 0};

static void pool_prepare(void) { pthread_mutex_lock(&pool.lock); }
static void pool_parent(void) { pthread_mutex_unlock(&pool.lock); }
static void pool_child(void)
{
    /* the lock was taken by pool_prepare in the thread that forked, the only thread here */
    pthread_mutex_init(&pool.lock, NULL);
    pthread_cond_init(&pool.wake, NULL);
    pthread_cond_init(&pool.idle, NULL);
    pool.workers = pool.busy = pool.parts = pool.next = pool.want = pool.running = pool.sleepers = 0;
    pool.pid = getpid();
}

/* Take part numbers of the current job until none is left. */
static void pool_parts(void (*fn)(void *, int), void *ctx, int parts)
{
    for (;;) {
        const int i = __atomic_fetch_add(&pool.next, 1, __ATOMIC_RELAXED);
        if (i >= parts) return;
        fn(ctx, i);
    }
}

static void *pool_worker(void *arg)
{
    uint64_t seen = (uint64_t)(uintptr_t)arg; /* the job number when started: wait for the next */
    for (;;) {
        /* spin a little for the next job, then sleep */
        for (int s = 0; s < PE_POOL_SPIN && __atomic_load_n(&pool.gen, __ATOMIC_ACQUIRE) == seen; s++) PE_PAUSE();
        pthread_mutex_lock(&pool.lock);
        while (pool.gen == seen) {
            pool.sleepers++;
            pthread_cond_wait(&pool.wake, &pool.lock);
            pool.sleepers--;
        }
        seen = pool.gen;
        if (pool.want <= 0) { /* not needed for this job (it asked for fewer workers) */
            pthread_mutex_unlock(&pool.lock);
            continue;
        }
        pool.want--;
        __atomic_fetch_add(&pool.running, 1, __ATOMIC_RELAXED);
        void (*fn)(void *, int) = pool.fn;
        void *ctx = pool.ctx;
        const int parts = pool.parts;
        pthread_mutex_unlock(&pool.lock);
        pool_parts(fn, ctx, parts);
        if (__atomic_sub_fetch(&pool.running, 1, __ATOMIC_ACQ_REL) == 0) {
            pthread_mutex_lock(&pool.lock);
            pthread_cond_broadcast(&pool.idle);
            pthread_mutex_unlock(&pool.lock);
        }
    }
    return NULL;
}

/* Under the lock: after a fork that bypassed the handlers (a raw syscall) the workers and the job
 * are the parent's; forget them. */
static void pool_check_pid(void)
{
    if (pool.pid == getpid()) return;
    pool.workers = pool.busy = pool.parts = pool.next = pool.want = pool.running = pool.sleepers = 0;
    pool.pid = getpid();
}

/* Under the lock: workers for `need` more threads (fewer when the system refuses threads). */
static void pool_grow(int need)
{
    if (!pool.atfork) {
        pool.atfork = 1;
        (void)pthread_atfork(pool_prepare, pool_parent, pool_child);
    }
    while (pool.workers < need && pool.workers < PE_POOL_MAX) {
        pthread_t t;
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&at, (size_t)1 << 20);
        const int failed = pthread_create(&t, &at, pool_worker, (void *)(uintptr_t)pool.gen);
        pthread_attr_destroy(&at);
        if (failed) break;
        pool.workers++;
    }
}

void pe_pool_run(int parts, void (*fn)(void *ctx, int part), void *ctx)
{
    if (parts <= 1) {
        if (parts == 1) fn(ctx, 0);
        return;
    }
    pthread_mutex_lock(&pool.lock);
    pool_check_pid();
    if (pool.busy) {
        pthread_mutex_unlock(&pool.lock);
        for (int i = 0; i < parts; i++) fn(ctx, i); /* the pool is another call's: every part here */
        return;
    }
    pool_grow(parts - 1);
    if (pool.workers == 0) {
        pthread_mutex_unlock(&pool.lock);
        for (int i = 0; i < parts; i++) fn(ctx, i);
        return;
    }
    pool.busy = 1;
    pool.fn = fn;
    pool.ctx = ctx;
    pool.parts = parts;
    __atomic_store_n(&pool.next, 0, __ATOMIC_RELAXED);
    pool.want = parts - 1 < pool.workers ? parts - 1 : pool.workers;
    __atomic_store_n(&pool.gen, pool.gen + 1, __ATOMIC_RELEASE);
    if (pool.sleepers) pthread_cond_broadcast(&pool.wake);
    pthread_mutex_unlock(&pool.lock);
    pool_parts(fn, ctx, parts);
    /* every part is taken; wait for the workers still running one (and for those that were woken
     * but found nothing: they hold no part, so only `running` matters once `next` passed `parts`) */
    for (int s = 0; s < PE_POOL_SPIN && __atomic_load_n(&pool.running, __ATOMIC_ACQUIRE); s++) PE_PAUSE();
    pthread_mutex_lock(&pool.lock);
    while (__atomic_load_n(&pool.running, __ATOMIC_ACQUIRE)) pthread_cond_wait(&pool.idle, &pool.lock);
    pool.want = 0; /* a worker that wakes now skips this job */
    pool.busy = 0;
    pthread_mutex_unlock(&pool.lock);
}

int pe_pool_workers(void)
{
    pthread_mutex_lock(&pool.lock);
    const int n = pool.pid == getpid() ? pool.workers : 0;
    pthread_mutex_unlock(&pool.lock);
    return n;
}
#else
void pe_pool_run(int parts, void (*fn)(void *ctx, int part), void *ctx)
{
    for (int i = 0; i < parts; i++) fn(ctx, i);
}

int pe_pool_workers(void) { return 0; }
#endif

/* ---- evaluate_batch on threads ---- */
/* Blocks of one threaded batch at most (their starts are kept; the last one takes what is left). */
#define PE_BATCH_BLOCKS 256

typedef struct {
    const uint8_t *cards;
    uint16_t *out;
    size_t rows;
    int k, max_kernel, blocks;
    int next;            /* next block to take (atomic) */
    int stop;            /* blocks from this one on are not started: the first failing block (atomic min) */
    size_t lo[PE_BATCH_BLOCKS + 1]; /* block b: rows lo[b] .. lo[b + 1] - 1 */
    int st[PE_BATCH_BLOCKS];
    size_t bad[PE_BATCH_BLOCKS];
} batch_job;

static void batch_part(void *ctx, int part)
{
    batch_job *j = (batch_job *)ctx;
    (void)part;
    for (;;) {
#if PE_POOL_THREADS
        const int b = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
        if (b >= __atomic_load_n(&j->stop, __ATOMIC_RELAXED)) return;
#else
        const int b = j->next++;
        if (b >= j->stop) return;
#endif
        const size_t lo = j->lo[b], hi = j->lo[b + 1];
        size_t bad = 0;
        const int st = pe_eval_batch_max(j->cards + lo * (size_t)j->k, hi - lo, j->k, j->max_kernel, j->out + lo, &bad);
        j->st[b] = st;
        j->bad[b] = lo + bad;
        if (st) {
#if PE_POOL_THREADS
            int seen = __atomic_load_n(&j->stop, __ATOMIC_RELAXED);
            while (b < seen && !__atomic_compare_exchange_n(&j->stop, &seen, b, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
#else
            if (b < j->stop) j->stop = b;
#endif
        }
    }
}

/* The blocks of a batch of `rows` rows on `threads` threads, in row order (a guided schedule): each
 * block is 1/(2 * threads) of the rows not yet in a block, whole 16-row kernel blocks, at least
 * `min_rows` rows; so the first blocks are long (few claims) and the last ones short: a thread that
 * starts late (woken from sleep, or its core busy) or a block that ends late leaves at most a short
 * block to wait for. Depends on rows, threads and min_rows only, never on timing. Returns the count. */
static int batch_blocks(size_t rows, int threads, size_t min_rows, size_t *lo)
{
    int b = 0;
    size_t at = 0;
    while (at < rows && b < PE_BATCH_BLOCKS - 1) {
        size_t n = ((rows - at) / (2 * (size_t)threads) + 15) & ~(size_t)15;
        if (n < min_rows) n = min_rows;
        if (rows - at < n + min_rows) n = rows - at; /* no block below min_rows at the end */
        lo[b++] = at;
        at += n;
    }
    if (at < rows) lo[b++] = at; /* the cap: the last block takes the rest */
    lo[b] = rows;
    return b;
}

int pe_eval_batch_threads(const uint8_t *cards, size_t rows, int k, int max_kernel, uint16_t *out, size_t *bad_row,
                          int threads, size_t min_rows)
{
    if (!bad_row) return PE_ERR_ARG;
    *bad_row = 0;
    if (min_rows < 16) min_rows = 16;
    if (threads > PE_POOL_MAX) threads = PE_POOL_MAX;
    if (threads <= 1 || rows / min_rows < 2) return pe_eval_batch_max(cards, rows, k, max_kernel, out, bad_row);
    batch_job *j = (batch_job *)malloc(sizeof *j);
    if (!j) return pe_eval_batch_max(cards, rows, k, max_kernel, out, bad_row);
    j->blocks = batch_blocks(rows, threads, min_rows, j->lo);
    j->cards = cards;
    j->out = out;
    j->rows = rows;
    j->k = k;
    j->max_kernel = max_kernel;
    j->next = 0;
    j->stop = j->blocks;
    pe_pool_run(threads < j->blocks ? threads : j->blocks, batch_part, j);
    int st = PE_OK;
    if (j->stop < j->blocks) { /* the first failing block: every block before it ran and passed */
        *bad_row = j->bad[j->stop];
        st = j->st[j->stop];
    }
    free(j);
    return st;
}

/* ---- exact equity on threads ---- */
/* Boards x deals x players (the plain enumeration's evaluations, an upper bound of the spot's work)
 * below which a spot runs on one thread. */
#define PE_EQ_THREADS_MIN_WORK 65536.0

int pe_eq_spot_claim(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                     const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                     uint32_t parts, uint64_t *claim, pe_eq_spot_out *out);

typedef struct {
    const uint8_t *combos;
    const uint32_t *offsets, *weights;
    const uint8_t *board, *dead;
    int players, nboard, ndead, parts;
    int walked;          /* a part has walked the whole enumeration: every unit is taken (atomic) */
    uint64_t max_work, claim;
    int st[PE_POOL_MAX];
    uint8_t skipped[PE_POOL_MAX];
    pe_eq_spot_out out[PE_POOL_MAX];
} eq_job;

/* A part that starts after another walked the whole enumeration has nothing left to take (every
 * chunk up to the end was taken on the way) and is skipped: its walk would only repeat the work
 * above the units. This matters when the parts run in turn (the pool held by another call). */
static void eq_part(void *ctx, int part)
{
    eq_job *j = (eq_job *)ctx;
#if PE_POOL_THREADS
    j->skipped[part] = (uint8_t)__atomic_load_n(&j->walked, __ATOMIC_ACQUIRE);
#else
    j->skipped[part] = (uint8_t)j->walked;
#endif
    if (j->skipped[part]) return;
    j->st[part] = pe_eq_spot_claim(j->combos, j->offsets, j->weights, j->players, j->board, j->nboard, j->dead,
                                   j->ndead, j->max_work, (uint32_t)j->parts, &j->claim, &j->out[part]);
#if PE_POOL_THREADS
    __atomic_store_n(&j->walked, 1, __ATOMIC_RELEASE);
#else
    j->walked = 1;
#endif
}

int pe_eq_spot_threads(const uint8_t *combos, const uint32_t *offsets, const uint32_t *weights, int players,
                       const uint8_t *board, int nboard, const uint8_t *dead, int ndead, uint64_t max_work,
                       int threads, pe_eq_spot_out *out)
{
    if (!out) return PE_ERR_ARG;
    if (threads > PE_POOL_MAX) threads = PE_POOL_MAX;
    if (threads > 1 && offsets && players >= 2 && players <= PE_EQ_MAX_PLAYERS) {
        /* a small spot (a flop or turn heads-up: tens of microseconds) runs on one thread: waking
         * the pool would cost more than the second thread saves */
        double work = (double)pe_eq_board_count(players, nboard, ndead) * (double)players;
        for (int i = 0; i < players; i++) work *= (double)(offsets[i + 1] - offsets[i]);
        if (work < PE_EQ_THREADS_MIN_WORK) threads = 1;
    }
    if (threads <= 1)
        return pe_eq_spot(combos, offsets, weights, players, board, nboard, dead, ndead, NULL, 0, 0, 0, max_work, out);
    eq_job *j = (eq_job *)malloc(sizeof *j);
    if (!j) return PE_ERR_ARG;
    j->combos = combos;
    j->offsets = offsets;
    j->weights = weights;
    j->players = players;
    j->board = board;
    j->nboard = nboard;
    j->dead = dead;
    j->ndead = ndead;
    j->parts = threads;
    j->max_work = max_work;
    j->claim = 0;
    j->walked = 0;
    pe_pool_run(threads, eq_part, j);
    int first = 0; /* the first part that ran (one always does: the first to start finds walked 0) */
    while (j->skipped[first]) first++;
    int st = j->st[first];
    for (int i = first + 1; i < threads && !st; i++) if (!j->skipped[i]) st = j->st[i];
    if (!st) {
        *out = j->out[first];
        out->total[1] = 0; /* the whole run's sums are below 2**64 (pe_eq_spot_part) */
        for (int p = 0; p < players; p++) out->win[p][1] = out->tie[p][1] = out->share[p][1] = 0;
        for (int i = first + 1; i < threads; i++) { /* the parts' sums, modulo 2**64 (each is the low word) */
            if (j->skipped[i]) continue;
            const pe_eq_spot_out *o = &j->out[i];
            out->total[0] += o->total[0];
            for (int p = 0; p < players; p++) {
                out->win[p][0] += o->win[p][0];
                out->tie[p][0] += o->tie[p][0];
                out->share[p][0] += o->share[p][0];
            }
        }
        const double U = PE_EQ_SHARE_UNIT, T = (double)out->total[0];
        for (int p = 0; p < players; p++) out->equity[p] = (double)out->share[p][0] / (U * T);
    }
    free(j);
    return st;
}
