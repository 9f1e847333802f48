/*
 * pyeval._eqfast - the per-call fast path of hold'em equity (pyeval.equity.hand_vs_range, equities,
 * all_hands_vs_range), a CPython limited-API (abi3) module of METH_FASTCALL functions.
 *
 * It holds no kernel: pyeval/equity/fast.py hands it the address of pe_eq_spot (csrc/pe_equity.h,
 * in pyeval._native) once at import, with the ABI number and struct size it was built against, and
 * the Python fallbacks. A call reads its arguments directly (card ints in tuples/lists, card text
 * such as "AhKh" or "2c 7d 9s", already packed ranges), makes one pe_eq_spot call with the GIL
 * released, and returns floats. Everything else goes to Python: a range given as text or a Range is
 * packed by fast.py's cached `pack` (so a range is parsed once, not per call); card input C does
 * not read (card strings in a list, numpy arrays, bad text) goes through `cards`; and any status
 * other than PE_OK (bad or duplicate cards, an emptied range, an exact spot too big for one call)
 * re-runs the call on the general Python path (`slow`), which raises pyeval's precise errors or
 * computes the big spot. No mutable C globals: all state is in the module state, set under the GIL.
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../pe_compat.h"
#include "../pe_equity.h"

typedef int (*spot_fn)(const uint8_t *, const uint32_t *, const uint32_t *, int, const uint8_t *, int,
                       const uint8_t *, int, const uint64_t *, uint32_t, uint32_t, uint64_t, uint64_t,
                       pe_eq_spot_out *);

/* pe_eq_spot_threads (csrc/pe_pool.h): an exact spot split over threads in one call */
typedef int (*spot_threads_fn)(const uint8_t *, const uint32_t *, const uint32_t *, int, const uint8_t *, int,
                               const uint8_t *, int, uint64_t, int, pe_eq_spot_out *);

typedef struct {
    spot_fn spot;
    spot_threads_fn spot_threads; /* bind_threads(); NULL: _spot runs on one thread */
    PyObject *pack;  /* pack(player) -> bytes (2n card bytes then n native uint32 weights) or None */
    PyObject *cards; /* cards(obj, what) -> bytes, or raises */
    PyObject *slow;  /* slow(name, args_tuple, kwargs_dict) -> the general path's answer */
    PyObject *seed;  /* seed(obj) -> bytes of four native uint64 words (None: a fresh OS seed) */
    uint64_t max_work;
    uint32_t default_streams; /* pyeval.equity.DEFAULT_STREAMS */
} eq_state;

static eq_state *state(PyObject *m)
{
    eq_state *st = (eq_state *)PyModule_GetState(m);
    if (!st || !st->spot) {
        PyErr_SetString(PyExc_RuntimeError, "pyeval._eqfast used before bind()");
        return NULL;
    }
    return st;
}

/* ---- argument reading ---- */

#define MAXC 1326 /* combinations of one player */

typedef struct {
    const uint8_t *c;   /* 2n cards: own, or the packed bytes held by keep */
    const char *w;      /* n native uint32 weights (possibly unaligned), NULL: weight 1 */
    uint32_t n;
    uint8_t own[2];
    PyObject *keep;     /* the packed bytes (a reference), or NULL */
} eq_player;

static void player_done(eq_player *p)
{
    Py_XDECREF(p->keep);
    p->keep = NULL;
}

static int rank_of(int ch)
{
    static const char R[] = "23456789TJQKA";
    if (ch >= 'a' && ch <= 'z') ch -= 'a' - 'A';
    const char *p = ch ? strchr(R, ch) : NULL;
    return p ? (int)(p - R) : -1;
}

static int suit_of(int ch)
{
    switch (ch) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

/* Card text ("AhKh", "Ah Kh", "10h 9c": cards separated by spaces or nothing) into out (at most cap
 * cards): the number of cards, or -1 when the text is anything else (the caller then asks Python,
 * whose parsers accept more, e.g. commas, and name the errors). Everything accepted here is read
 * the same by pyeval.cards.parse_cards and by the range parser. */
static int parse_text(PyObject *s, uint8_t *out, int cap)
{
    Py_ssize_t len;
    const char *t = PyUnicode_AsUTF8AndSize(s, &len);
    if (!t) { PyErr_Clear(); return -1; }
    int n = 0;
    for (Py_ssize_t i = 0; i < len;) {
        const char ch = t[i];
        if (ch == ' ') { i++; continue; }
        int r;
        if (ch == '1' && i + 1 < len && t[i + 1] == '0') { r = 8; i += 2; }
        else { r = rank_of((unsigned char)ch); i++; }
        if (r < 0 || i >= len || n >= cap) return -1;
        const int su = suit_of((unsigned char)t[i++]);
        if (su < 0) return -1;
        out[n++] = (uint8_t)(4 * r + su);
    }
    return n;
}

/* A tuple or list of small ints into out: count, or -1 (not that shape). */
static int parse_ints(PyObject *o, uint8_t *out, int cap)
{
    const int is_tuple = PyTuple_Check(o);
    if (!is_tuple && !PyList_Check(o)) return -1;
    const Py_ssize_t n = is_tuple ? PyTuple_Size(o) : PyList_Size(o);
    if (n > cap) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *it = is_tuple ? PyTuple_GetItem(o, i) : PyList_GetItem(o, i);
        if (!it || !PyLong_CheckExact(it)) return -1;
        const long v = PyLong_AsLong(it);
        if (v < 0 || v > 51) { PyErr_Clear(); return -1; }
        out[i] = (uint8_t)v;
    }
    return (int)n;
}

/* Board or dead cards: count, or -1 with a Python error set. */
static int read_cards(eq_state *st, PyObject *o, uint8_t *out, int cap, const char *what)
{
    if (!o || o == Py_None) return 0;
    int n = PyUnicode_Check(o) ? parse_text(o, out, cap) : parse_ints(o, out, cap);
    if (n >= 0) return n;
    PyObject *b = PyObject_CallFunction(st->cards, "Os", o, what);
    if (!b) return -1;
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(b, &buf, &len) < 0) { Py_DECREF(b); return -1; }
    if (len > cap) {
        Py_DECREF(b);
        PyErr_Format(PyExc_ValueError, "%s: at most %d cards", what, cap);
        return -1;
    }
    memcpy(out, buf, (size_t)len);
    Py_DECREF(b);
    return (int)len;
}

/* One player's hand or range into *p: 0, 1 (weights too fine for the fast path: go slow), or -1.
 * On 0, player_done(p) releases what it holds. */
static int read_player(eq_state *st, PyObject *o, eq_player *p)
{
    uint8_t c[3];
    p->keep = NULL;
    p->w = NULL;
    int n = PyUnicode_Check(o) ? parse_text(o, c, 3) : parse_ints(o, c, 3);
    if (n == 2) {
        p->own[0] = c[0];
        p->own[1] = c[1];
        p->c = p->own;
        p->n = 1;
        return 0;
    }
    PyObject *b = PyObject_CallFunctionObjArgs(st->pack, o, NULL);
    if (!b) return -1;
    if (b == Py_None) { Py_DECREF(b); return 1; }
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(b, &buf, &len) < 0) { Py_DECREF(b); return -1; }
    const Py_ssize_t k = len / 6;
    if (len % 6 || k < 1 || k > MAXC) {
        Py_DECREF(b);
        PyErr_SetString(PyExc_ValueError, "pyeval._eqfast: a packed range of the wrong size");
        return -1;
    }
    p->keep = b;
    p->c = (const uint8_t *)buf;
    p->w = buf + 2 * k;
    p->n = (uint32_t)k;
    return 0;
}

/* trials: None -> 0 (exact); an int >= 1 -> it; anything else -> -1 (slow path reports). */
static int read_trials(PyObject *o, uint64_t *trials)
{
    *trials = 0;
    if (!o || o == Py_None) return 0;
    if (!PyLong_CheckExact(o)) return -1;
    const unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (PyErr_Occurred()) { PyErr_Clear(); return -1; }
    if (v < 1 || v > ((uint64_t)1 << 40)) return -1;
    *trials = v;
    return 0;
}

static int read_seed(eq_state *st, PyObject *o, uint64_t seed[4])
{
    if (o && PyLong_CheckExact(o)) { /* the common case: a seed below 2**64 */
        const unsigned long long v = PyLong_AsUnsignedLongLong(o);
        if (!PyErr_Occurred()) {
            seed[0] = v;
            seed[1] = seed[2] = seed[3] = 0;
            return 0;
        }
        PyErr_Clear();
    }
    PyObject *b = PyObject_CallFunctionObjArgs(st->seed, o ? o : Py_None, NULL);
    if (!b) return -1;
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(b, &buf, &len) < 0 || len != 32) {
        Py_DECREF(b);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "pyeval._eqfast: a seed of the wrong size");
        return -1;
    }
    memcpy(seed, buf, 32);
    Py_DECREF(b);
    return 0;
}

/* ---- calls ---- */

/* Positional and keyword arguments into slots[0..n) by name; 0 or -1 (TypeError set). */
static int parse_args(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      const char *const *names, int n, int required, PyObject **slots)
{
    for (int i = 0; i < n; i++) slots[i] = NULL;
    if (nargs > n) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%d given)", fname, n, (int)nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) slots[i] = args[i];
    const Py_ssize_t nk = kwnames ? PyTuple_Size(kwnames) : 0;
    for (Py_ssize_t j = 0; j < nk; j++) {
        PyObject *key = PyTuple_GetItem(kwnames, j);
        const char *k = key ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        if (!k) return -1;
        int found = -1;
        for (int i = 0; i < n; i++)
            if (strcmp(k, names[i]) == 0) found = i;
        if (found < 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'", fname, k);
            return -1;
        }
        if (slots[found]) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname, k);
            return -1;
        }
        slots[found] = args[nargs + j];
    }
    for (int i = 0; i < required; i++)
        if (!slots[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fname, names[i]);
            return -1;
        }
    return 0;
}

/* The general Python path for this call (errors, big exact spots, fine weights). */
static PyObject *go_slow(eq_state *st, const char *fname, PyObject **slots, const char *const *names, int n)
{
    PyObject *pos = PyTuple_New(0), *kw = PyDict_New();
    PyObject *res = NULL;
    if (pos && kw) {
        int ok = 1;
        for (int i = 0; i < n && ok; i++)
            if (slots[i]) ok = PyDict_SetItemString(kw, names[i], slots[i]) == 0;
        if (ok) res = PyObject_CallFunction(st->slow, "sOO", fname, pos, kw);
    }
    Py_XDECREF(pos);
    Py_XDECREF(kw);
    return res;
}

typedef struct {
    uint8_t board[5], dead[52];
    int nboard, ndead;
    uint64_t trials, seed[4];
} eq_common;

/* board, dead, trials, seed from slots[at..at+4): 0, 1 (go slow) or -1. */
static int read_common(eq_state *st, PyObject **slots, int at, eq_common *c)
{
    c->nboard = read_cards(st, slots[at], c->board, 5, "board");
    if (c->nboard < 0) return PyErr_ExceptionMatches(PyExc_ValueError) ? (PyErr_Clear(), 1) : -1;
    if (c->nboard == 1 || c->nboard == 2) return 1; /* a board has 0, 3, 4 or 5 cards: the slow path says so */
    c->ndead = read_cards(st, slots[at + 1], c->dead, 52, "dead");
    if (c->ndead < 0) return PyErr_ExceptionMatches(PyExc_ValueError) ? (PyErr_Clear(), 1) : -1;
    if (read_trials(slots[at + 2], &c->trials) < 0) return 1;
    if (!c->trials && slots[at + 3] && slots[at + 3] != Py_None) return 1; /* a seed without trials: an error */
    if (c->trials && read_seed(st, slots[at + 3], c->seed) < 0) return -1;
    return 0;
}

static int run_spot(eq_state *st, eq_player *const *pl, int np, const eq_common *c, uint32_t first,
                    uint32_t streams, pe_eq_spot_out *out)
{
    uint8_t combos[2 * MAXC * 3];
    uint32_t w[MAXC * 3], off[PE_EQ_MAX_PLAYERS + 1];
    int weighted = 0;
    uint32_t k = 0;
    off[0] = 0;
    for (int i = 0; i < np; i++) {
        const uint32_t n = pl[i]->n;
        if (k + n > MAXC * 3) return PE_EQ_ERR_BIG;
        memcpy(combos + 2 * k, pl[i]->c, 2 * (size_t)n);
        if (pl[i]->w) {
            memcpy(w + k, pl[i]->w, 4 * (size_t)n);
            weighted = 1;
        } else {
            for (uint32_t j = 0; j < n; j++) w[k + j] = 1;
        }
        k += n;
        off[i + 1] = k;
    }
    int rc;
    /* a few combinations on a flop or later, or a short Monte Carlo run: microseconds of work, so
     * keep the GIL (releasing and taking it back costs more); anything longer releases it */
    const int quick = k <= 8 && (c->trials ? c->trials <= 4096 : c->nboard >= 3);
    if (quick) {
        rc = st->spot(combos, off, weighted ? w : NULL, np, c->board, c->nboard, c->dead, c->ndead,
                      c->trials ? c->seed : NULL, first, streams, c->trials, st->max_work, out);
    } else {
        Py_BEGIN_ALLOW_THREADS
        rc = st->spot(combos, off, weighted ? w : NULL, np, c->board, c->nboard, c->dead, c->ndead,
                      c->trials ? c->seed : NULL, first, streams, c->trials, st->max_work, out);
        Py_END_ALLOW_THREADS
    }
    return rc;
}

static const char *const HVR_NAMES[] = {"hand", "villain", "board", "dead", "trials", "seed", "streams"};

/* streams=: None/absent -> pyeval.equity.DEFAULT_STREAMS; else 1..65536, and only with trials. */
static int read_streams(eq_state *st, PyObject *o, const eq_common *c, uint32_t *streams)
{
    *streams = st->default_streams;
    if (!o || o == Py_None) return 0;
    if (!c->trials || !PyLong_CheckExact(o)) return 1;
    const long v = PyLong_AsLong(o);
    if (v < 1 || v > 65536) { PyErr_Clear(); return 1; }
    *streams = (uint32_t)v;
    return 0;
}

static PyObject *hand_vs_range(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    eq_state *st = state(m);
    PyObject *a[7];
    if (!st || parse_args("hand_vs_range", args, nargs, kwnames, HVR_NAMES, 7, 2, a) < 0) return NULL;
    eq_player p[2];
    p[0].keep = p[1].keep = NULL;
    eq_common c;
    uint32_t streams;
    PyObject *res = NULL;
    int r = read_player(st, a[0], &p[0]);
    if (r == 0) r = read_player(st, a[1], &p[1]);
    if (r == 0) r = read_common(st, a, 2, &c);
    if (r == 0) r = read_streams(st, a[6], &c, &streams);
    if (r == 0) {
        eq_player *pl[2] = {&p[0], &p[1]};
        pe_eq_spot_out out;
        if (run_spot(st, pl, 2, &c, 0, streams, &out) == PE_OK) res = PyFloat_FromDouble(out.equity[0]);
        else r = 1;
    }
    player_done(&p[0]);
    player_done(&p[1]);
    if (r == 1) return go_slow(st, "hand_vs_range", a, HVR_NAMES, 7);
    return res;
}

static const char *const EQS_NAMES[] = {"hands", "board", "dead", "trials", "seed", "streams"};

static PyObject *equities(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    eq_state *st = state(m);
    PyObject *a[6];
    if (!st || parse_args("equities", args, nargs, kwnames, EQS_NAMES, 6, 1, a) < 0) return NULL;
    PyObject *hands = a[0];
    const int is_tuple = PyTuple_Check(hands);
    if (!is_tuple && !PyList_Check(hands)) return go_slow(st, "equities", a, EQS_NAMES, 6);
    const Py_ssize_t np = is_tuple ? PyTuple_Size(hands) : PyList_Size(hands);
    if (np < 2 || np > 3) return go_slow(st, "equities", a, EQS_NAMES, 6); /* 4+ players: general path */
    eq_player p[3];
    p[0].keep = p[1].keep = p[2].keep = NULL;
    eq_common c;
    uint32_t streams;
    PyObject *res = NULL;
    int r = 0;
    for (Py_ssize_t i = 0; i < np && r == 0; i++)
        r = read_player(st, is_tuple ? PyTuple_GetItem(hands, i) : PyList_GetItem(hands, i), &p[i]);
    if (r == 0) r = read_common(st, a, 1, &c);
    if (r == 0) r = read_streams(st, a[5], &c, &streams);
    if (r == 0) {
        eq_player *pl[3] = {&p[0], &p[1], &p[2]};
        pe_eq_spot_out out;
        if (run_spot(st, pl, (int)np, &c, 0, streams, &out) == PE_OK) {
            res = PyTuple_New(np);
            for (Py_ssize_t i = 0; res && i < np; i++) {
                PyObject *f = PyFloat_FromDouble(out.equity[i]);
                if (!f) { Py_CLEAR(res); break; }
                PyTuple_SetItem(res, i, f);
            }
        } else {
            r = 1;
        }
    }
    for (int i = 0; i < 3; i++) player_done(&p[i]);
    if (r == 1) return go_slow(st, "equities", a, EQS_NAMES, 6);
    return res;
}

static const char *const AHV_NAMES[] = {"hero", "villain", "board", "dead", "trials", "seed"};

static PyObject *all_hands_vs_range(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    eq_state *st = state(m);
    PyObject *a[6];
    if (!st || parse_args("all_hands_vs_range", args, nargs, kwnames, AHV_NAMES, 6, 2, a) < 0) return NULL;
    eq_player p[3]; /* hero, villain, one hero hand */
    p[0].keep = p[1].keep = p[2].keep = NULL;
    eq_common c;
    PyObject *res = NULL;
    int r = read_player(st, a[0], &p[0]);
    if (r == 0) r = read_player(st, a[1], &p[1]);
    if (r == 0) r = read_common(st, a, 2, &c);
    if (r == 0) {
        uint64_t gone = 0;
        for (int i = 0; i < c.nboard; i++) gone |= (uint64_t)1 << c.board[i];
        for (int i = 0; i < c.ndead; i++) gone |= (uint64_t)1 << c.dead[i];
        res = PyDict_New();
        eq_player *pl[2] = {&p[2], &p[1]};
        p[2].c = p[2].own;
        p[2].w = NULL;
        p[2].n = 1;
        uint32_t index = 0;
        for (uint32_t k = 0; res && k < p[0].n; k++) {
            const uint8_t c0 = p[0].c[2 * k], c1 = p[0].c[2 * k + 1];
            if (c0 >= 52 || c1 >= 52 || c0 == c1) { r = 1; break; } /* the slow path names the error */
            if ((gone >> c0 & 1) || (gone >> c1 & 1)) continue;    /* card removal by board and dead */
            p[2].own[0] = c0;
            p[2].own[1] = c1;
            pe_eq_spot_out out;
            /* Monte Carlo: hand number `index` (in range order, after card removal by the board and
             * dead cards) draws its trials from stream `index` of the seed */
            const int rc = run_spot(st, pl, 2, &c, index, 1, &out);
            index++;
            if (rc == PE_EQ_ERR_NO_DEAL || rc == PE_EQ_ERR_EMPTY) continue; /* every villain hand blocked */
            if (rc != PE_OK) { r = 1; break; }
            PyObject *key = Py_BuildValue("(ii)", c0 > c1 ? c0 : c1, c0 > c1 ? c1 : c0);
            PyObject *val = PyFloat_FromDouble(out.equity[0]);
            if (!key || !val || PyDict_SetItem(res, key, val) < 0) Py_CLEAR(res);
            Py_XDECREF(key);
            Py_XDECREF(val);
        }
    }
    for (int i = 0; i < 3; i++) player_done(&p[i]);
    if (r == 1) {
        Py_XDECREF(res);
        return go_slow(st, "all_hands_vs_range", a, AHV_NAMES, 6);
    }
    return res;
}

/* A 128-bit sum ([0] low word) as a Python int. */
static PyObject *wide(const uint64_t *x)
{
    if (!x[1]) return PyLong_FromUnsignedLongLong(x[0]);
    PyObject *hi = PyLong_FromUnsignedLongLong(x[1]), *lo = PyLong_FromUnsignedLongLong(x[0]);
    PyObject *sh = PyLong_FromLong(64), *shifted = NULL, *res = NULL;
    if (hi && lo && sh) shifted = PyNumber_Lshift(hi, sh);
    if (shifted) res = PyNumber_Add(shifted, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(sh);
    Py_XDECREF(shifted);
    return res;
}

/* _spot(packed_players, board_bytes, dead_bytes, seed_bytes_or_None, streams, trials, max_work[, threads]):
 * (status, deals, boards, total, combos, win, tie, share, share_sq) with Python ints; the fast path
 * of pyeval.equity.equity (which packs and validates first). An exact spot (seed None) with threads
 * above 1 runs on pe_eq_spot_threads (the C pool; same sums as one thread). */
static PyObject *raw_spot(PyObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    eq_state *st = state(m);
    if (!st) return NULL;
    if (nargs != 7 && nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "_spot() takes 7 or 8 arguments");
        return NULL;
    }
    PyObject *players = args[0];
    if (!PyTuple_Check(players)) {
        PyErr_SetString(PyExc_TypeError, "_spot(): players must be a tuple of packed ranges");
        return NULL;
    }
    const Py_ssize_t np = PyTuple_Size(players);
    if (np < 2 || np > PE_EQ_MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "_spot(): 2..10 players");
        return NULL;
    }
    char *bb, *db;
    Py_ssize_t nb, nd;
    if (PyBytes_AsStringAndSize(args[1], &bb, &nb) < 0 || PyBytes_AsStringAndSize(args[2], &db, &nd) < 0) return NULL;
    uint64_t seed[4];
    const int mc = args[3] != Py_None;
    if (mc) {
        char *sb;
        Py_ssize_t ns;
        if (PyBytes_AsStringAndSize(args[3], &sb, &ns) < 0) return NULL;
        if (ns != 32) { PyErr_SetString(PyExc_ValueError, "_spot(): seed must be 32 bytes"); return NULL; }
        memcpy(seed, sb, 32);
    }
    const unsigned long streams = PyLong_AsUnsignedLong(args[4]);
    const unsigned long long trials = PyLong_AsUnsignedLongLong(args[5]);
    const unsigned long long max_work = PyLong_AsUnsignedLongLong(args[6]);
    const long threads = nargs == 8 ? PyLong_AsLong(args[7]) : 1;
    if (PyErr_Occurred()) return NULL;
    const int split = !mc && threads > 1 && st->spot_threads;
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < np; i++) {
        PyObject *b = PyTuple_GetItem(players, i);
        if (!b || !PyBytes_Check(b) || PyBytes_Size(b) % 6 || PyBytes_Size(b) == 0) {
            PyErr_SetString(PyExc_ValueError, "_spot(): a packed range must be non-empty bytes of 6n");
            return NULL;
        }
        total += PyBytes_Size(b) / 6;
    }
    uint8_t *combos = (uint8_t *)PyMem_Malloc((size_t)total * 6 + 8);
    if (!combos) return PyErr_NoMemory();
    uint32_t *w = (uint32_t *)(void *)(combos + (((size_t)total * 2 + 7) & ~(size_t)7));
    uint32_t off[PE_EQ_MAX_PLAYERS + 1];
    off[0] = 0;
    uint32_t k = 0;
    for (Py_ssize_t i = 0; i < np; i++) {
        PyObject *b = PyTuple_GetItem(players, i);
        const char *s = PyBytes_AsString(b);
        const uint32_t n = (uint32_t)(PyBytes_Size(b) / 6);
        memcpy(combos + 2 * k, s, 2 * (size_t)n);
        memcpy(w + k, s + 2 * n, 4 * (size_t)n);
        k += n;
        off[i + 1] = k;
    }
    pe_eq_spot_out out;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    if (split)
        rc = st->spot_threads(combos, off, w, (int)np, (const uint8_t *)bb, (int)nb, (const uint8_t *)db, (int)nd,
                              max_work, threads > 64 ? 64 : (int)threads, &out);
    else
        rc = st->spot(combos, off, w, (int)np, (const uint8_t *)bb, (int)nb, (const uint8_t *)db, (int)nd,
                      mc ? seed : NULL, 0, (uint32_t)streams, trials, max_work, &out);
    Py_END_ALLOW_THREADS
    PyMem_Free(combos);
    if (rc != PE_OK) return Py_BuildValue("(i)", rc);
    PyObject *t[5] = {PyTuple_New(np), PyTuple_New(np), PyTuple_New(np), PyTuple_New(np), PyTuple_New(np)};
    PyObject *res = NULL;
    int ok = t[0] && t[1] && t[2] && t[3] && t[4];
    for (Py_ssize_t i = 0; ok && i < np; i++) {
        PyObject *v[5] = {PyLong_FromUnsignedLong(out.combos[i]), wide(out.win[i]), wide(out.tie[i]),
                          wide(out.share[i]), PyLong_FromUnsignedLongLong(out.share_sq[i])};
        for (int j = 0; j < 5; j++) {
            if (!v[j]) ok = 0;
            else PyTuple_SetItem(t[j], i, v[j]);
        }
    }
    PyObject *tot = ok ? wide(out.total) : NULL;
    if (ok && tot)
        res = Py_BuildValue("(iKKNOOOOO)", 0, (unsigned long long)out.deals, (unsigned long long)out.boards, tot,
                            t[0], t[1], t[2], t[3], t[4]);
    for (int j = 0; j < 5; j++) Py_XDECREF(t[j]);
    return res;
}

/* bind(spot_address, abi, out_size, pack, cards, slow, seed, max_work, default_streams) */
static PyObject *bind(PyObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    eq_state *st = (eq_state *)PyModule_GetState(m);
    if (!st || nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "bind() takes 9 arguments");
        return NULL;
    }
    const unsigned long long addr = PyLong_AsUnsignedLongLong(args[0]);
    const long abi = PyLong_AsLong(args[1]), size = PyLong_AsLong(args[2]);
    const unsigned long long max_work = PyLong_AsUnsignedLongLong(args[7]);
    const long streams = PyLong_AsLong(args[8]);
    if (PyErr_Occurred()) return NULL;
    if (streams < 1 || streams > 65536) {
        PyErr_SetString(PyExc_ValueError, "bind(): default_streams must be 1..65536");
        return NULL;
    }
    st->default_streams = (uint32_t)streams;
    if (abi != PE_EQ_SPOT_ABI || size != (long)sizeof(pe_eq_spot_out) || !addr) {
        PyErr_SetString(PyExc_ImportError, "pyeval._eqfast and pyeval._native disagree on pe_eq_spot: rebuild");
        return NULL;
    }
    for (int i = 3; i < 7; i++)
        if (!PyCallable_Check(args[i])) {
            PyErr_SetString(PyExc_TypeError, "bind(): the fallbacks must be callable");
            return NULL;
        }
    PyObject **slots[4] = {&st->pack, &st->cards, &st->slow, &st->seed};
    for (int i = 0; i < 4; i++) {
        PyObject *old = *slots[i];
        Py_INCREF(args[3 + i]);
        *slots[i] = args[3 + i];
        Py_XDECREF(old);
    }
    st->max_work = max_work;
    st->spot = (spot_fn)(uintptr_t)addr;
    Py_RETURN_NONE;
}

/* bind_threads(spot_threads_address): pe_eq_spot_threads, for _spot's threads argument */
static PyObject *bind_threads(PyObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    eq_state *st = state(m);
    if (!st) return NULL;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "bind_threads() takes 1 argument");
        return NULL;
    }
    const unsigned long long addr = PyLong_AsUnsignedLongLong(args[0]);
    if (PyErr_Occurred()) return NULL;
    st->spot_threads = (spot_threads_fn)(uintptr_t)addr;
    Py_RETURN_NONE;
}

static int eq_traverse(PyObject *m, visitproc visit, void *arg)
{
    eq_state *st = (eq_state *)PyModule_GetState(m);
    if (st) {
        Py_VISIT(st->pack);
        Py_VISIT(st->cards);
        Py_VISIT(st->slow);
        Py_VISIT(st->seed);
    }
    return 0;
}

static int eq_clear(PyObject *m)
{
    eq_state *st = (eq_state *)PyModule_GetState(m);
    if (st) {
        Py_CLEAR(st->pack);
        Py_CLEAR(st->cards);
        Py_CLEAR(st->slow);
        Py_CLEAR(st->seed);
        st->spot = NULL;
        st->spot_threads = NULL;
    }
    return 0;
}

static void eq_free(void *m) { eq_clear((PyObject *)m); }

PyDoc_STRVAR(hvr_doc,
"hand_vs_range($module, /, hand, villain, board=(), dead=(), trials=None, seed=None, streams=None)\n--\n\n"
"Hold'em equity of ``hand`` against ``villain`` (a hand or a range), as a float in [0, 1].\n\n"
"Args:\n"
"    hand, villain: card text (``\"AhKh\"``, ``\"10h 9h\"``), two card ints, a list of card strings,\n"
"        range text (``\"QQ+, AKs, 0.4(AQs)\"``; see :mod:`pyeval.equity.ranges`) or a :class:`Range`.\n"
"    board: 0, 3, 4 or 5 known cards (text, ints or card strings). dead: cards out of play.\n"
"    trials: None (default): exact, every compatible deal and every board, weighted by the ranges'\n"
"        weights. An int >= 1: Monte Carlo with that many trials, over ``streams`` (default DEFAULT_STREAMS, 32)\n"
"        streams of ``seed`` (None: a fresh OS seed each call), the draws of\n"
"        ``equity([hand, villain], board, dead, trials=trials, seed=seed, streams=streams)``.\n"
"Returns:\n"
"    float: the expected share of the pot (a tie among k players gives 1/k); equal to\n"
"    ``float(equity([hand, villain], board, dead, ...).players[0].equity)``.\n"
"Raises:\n"
"    As :func:`pyeval.equity.equity`: RangeError, InvalidCardError, DuplicateCardError,\n"
"    CardTypeError, EquityError (board size, an emptied range, no deal, seed without trials),\n"
"    SeedError; TypeError for wrong arguments.");

PyDoc_STRVAR(eqs_doc,
"equities($module, /, hands, board=(), dead=(), trials=None, seed=None, streams=None)\n--\n\n"
"Hold'em equity of each of 2..10 hands or ranges, as a tuple of floats (one C call for 2 or 3\n"
"players; 4 or more take the general path).\n\n"
"Args: as :func:`hand_vs_range`, ``hands`` a list of hands or ranges.\n"
"Returns:\n"
"    tuple[float, ...]: ``tuple(float(p.equity) for p in equity(hands, board, dead, ...).players)``.\n"
"Raises: as :func:`hand_vs_range`.");

PyDoc_STRVAR(ahv_doc,
"all_hands_vs_range($module, /, hero, villain, board=(), dead=(), trials=None, seed=None)\n--\n\n"
"Equity of every hand of the range ``hero`` against the range ``villain`` (eval7's\n"
"``py_all_hands_vs_range``), as a dict ``{(high card, low card): float}`` in the range's order.\n\n"
"Hero hands that use a board or dead card are left out, and so are hero hands that block every\n"
"villain hand. trials None: exact per hand (:func:`hand_vs_range`). trials=N: N trials per hand,\n"
"hand number i (counted after the board and dead cards removed hands) drawing from stream i of\n"
"``seed`` (None: one fresh OS seed for the call), i.e.\n"
"``run_stream([hand, villain], N, seed, i, board=board, dead=dead)``.\n"
"Raises: as :func:`hand_vs_range`.");

static PyMethodDef eq_methods[] = {
    {"hand_vs_range", (PyCFunction)(void (*)(void))hand_vs_range, METH_FASTCALL | METH_KEYWORDS, hvr_doc},
    {"equities", (PyCFunction)(void (*)(void))equities, METH_FASTCALL | METH_KEYWORDS, eqs_doc},
    {"all_hands_vs_range", (PyCFunction)(void (*)(void))all_hands_vs_range, METH_FASTCALL | METH_KEYWORDS, ahv_doc},
    {"_spot", (PyCFunction)(void (*)(void))raw_spot, METH_FASTCALL, NULL},
    {"bind", (PyCFunction)(void (*)(void))bind, METH_FASTCALL, NULL},
    {"bind_threads", (PyCFunction)(void (*)(void))bind_threads, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef eq_module = {
    PyModuleDef_HEAD_INIT, "pyeval._eqfast", "The per-call fast path of pyeval.equity (see pyeval/equity/fast.py).",
    (Py_ssize_t)sizeof(eq_state), eq_methods, NULL, eq_traverse, eq_clear, eq_free,
};

PyMODINIT_FUNC PyInit__eqfast(void)
{
    PyObject *m = PyModule_Create(&eq_module);
    if (!m) return NULL;
    eq_state *st = (eq_state *)PyModule_GetState(m);
    memset(st, 0, sizeof *st);
    return m;
}
