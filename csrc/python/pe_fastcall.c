/*
 * pyeval._fastcall - the per-call fast paths of pyeval, a CPython limited-API (abi3) module of
 * METH_FASTCALL functions. A cffi call converts each of 7 int arguments separately (~150-200 ns a
 * call here) and a Python wrapper adds its own frame; reading the caller's objects directly costs a
 * fraction of that. Each function reads the input forms engines have in C: a tuple or list of card
 * ints or card strings ("As"), card text ("As Ks Qs Js Ts"), a 1-D integer buffer (a numpy array),
 * or the cards as separate arguments (phevaluator's evaluate_cards(*cards)). Whatever it cannot
 * read, or finds invalid (a wrong count, a duplicate, bad text, another type, any other iterable),
 * goes to the Python fallback of that function (pyeval.hands.high / pyeval.hands.evaluators), which
 * accepts the rest and raises pyeval's precise errors: C never raises a pyeval error itself and no
 * input reaches the kernels unchecked.
 *
 * No mutable C globals: the fallbacks and the Omaha table live in the module state (set at import,
 * under the GIL; the table filled on first use, also under the GIL).
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>
#include <string.h>

#include "../pe_compat.h"
#include "../pe_eval.h"
#include "../pe_eval_internal.h"
#include "../pe_omaha.h"
#include "../pe_shoe.h"
#include "pe_fastcall_headsup.h"

#define FILL_MAX 96 /* the most slots of a round holdem_fill and holdem_view reach */

enum { FB_EVALUATE, FB_CACTUS, FB_TO_CK, FB_FROM_CK, FB_OMAHA, FB_OMAHA_LOW8, FB_N };
static const char *const FB_NAMES[FB_N] = {
    "evaluate", "evaluate_cactus_kev", "to_cactus_kev", "from_cactus_kev", "evaluate_omaha", "evaluate_omaha_low8",
};

typedef struct {
    PyObject *fallback[FB_N];
    PyObject *s_hole, *s_board; /* interned keyword names */
    uint16_t *omaha;            /* pe_omaha_tables_init'ed table, NULL until first needed */
    PyObject **ints;            /* the ints 0..PE_EVAL_CLASSES, made once: a result is a new reference */
    /* hold'em check_or_call (pyeval.poker.betting): the registered Round type and its slots' offsets */
    PyObject *round_type;       /* NULL until holdem_register */
    Py_ssize_t off[16];
    Py_ssize_t fill_off[FILL_MAX]; /* every slot of the round, in RoundState.__slots__ order */
    Py_ssize_t n_fill;
    PyObject *view_type;        /* the read-only slot view descriptor type (holdem_view) */
    PyObject *s_check, *s_call, *s_street_done, *empty, *zero;
    /* criss-cross bet and settle (pe_ccfast.h): the registered round and seat types, their slots' offsets */
    PyObject *cc_round_type, *cc_seat_type, *cc_consts;
    Py_ssize_t cc_roff[10], cc_soff[6];
    /* the shoe's C functions by address (pe_shoefast.h: shoe_bind) and the handle type */
    PyObject *sh_type;
    int (*sh_shuffle)(pe_shoe *);
    int (*sh_deal)(pe_shoe *, int, uint8_t *);
    int64_t (*sh_burn_deal)(pe_shoe *, int);
} fast_state;

#define MAX_CARDS 52

static fast_state *state(PyObject *module) { return (fast_state *)PyModule_GetState(module); }

/* An int result 0..PE_EVAL_CLASSES: a cached object (no allocation per call). */
static PyObject *value_of(PyObject *module, int v)
{
    fast_state *st = state(module);
    if (st && st->ints && v >= 0 && v <= PE_EVAL_CLASSES) {
        Py_INCREF(st->ints[v]);
        return st->ints[v];
    }
    return PyLong_FromLong(v);
}

/* ------------------------------------------------------------------ reading cards */
static int rank_char(unsigned char ch)
{
    if (ch >= '2' && ch <= '9') return ch - '2';
    switch (ch) {
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

static int suit_char(unsigned char ch)
{
    switch (ch) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

static int is_space(unsigned char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

/* One card's text, exactly ("As", "td", "10h"): 0..51, or -1. */
static int text_card(const char *s, Py_ssize_t len)
{
    if (len == 2) {
        const int r = rank_char((unsigned char)s[0]), u = suit_char((unsigned char)s[1]);
        return r >= 0 && u >= 0 ? r * 4 + u : -1;
    }
    if (len == 3 && s[0] == '1' && s[1] == '0') {
        const int u = suit_char((unsigned char)s[2]);
        return u >= 0 ? 8 * 4 + u : -1;
    }
    return -1;
}

/* Card text as pyeval.cards.parse_cards reads it (cards separated by blanks, one comma, or
 * nothing): the number of cards, or -1 for anything else (the fallback then decides). */
static int text_cards(const char *s, Py_ssize_t len, uint8_t *c)
{
    Py_ssize_t i = 0;
    int n = 0;
    for (;;) {
        while (i < len && is_space((unsigned char)s[i])) i++;
        if (i == len) return n;
        if (s[i] == ',') {
            i++;
            while (i < len && is_space((unsigned char)s[i])) i++;
        }
        if (i + 1 >= len || n == MAX_CARDS) return -1;
        int r;
        if (s[i] == '1' && s[i + 1] == '0') {
            r = 8;
            i += 2;
        } else {
            r = rank_char((unsigned char)s[i++]);
        }
        const int u = i < len ? suit_char((unsigned char)s[i++]) : -1;
        if (r < 0 || u < 0) return -1;
        c[n++] = (uint8_t)(r * 4 + u);
    }
}

/* One card: an exact int 0..51 or one card's text; -1 otherwise. */
static int card_of(PyObject *o)
{
    if (PyLong_CheckExact(o)) {
        int overflow = 0;
        const long v = PyLong_AsLongAndOverflow(o, &overflow);
        return !overflow && v >= 0 && v <= 51 ? (int)v : -1;
    }
    if (PyUnicode_Check(o)) {
        Py_ssize_t len = 0;
        const char *s = PyUnicode_AsUTF8AndSize(o, &len);
        if (!s) {
            PyErr_Clear();
            return -1;
        }
        return text_card(s, len);
    }
    return -1;
}

/* A 1-D C-contiguous integer buffer (a numpy array): the number of cards, or -1. */
static int buffer_cards(PyObject *o, uint8_t *c, int max)
{
    Py_buffer view;
    if (PyObject_GetBuffer(o, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return -1;
    }
    int n = -1;
    const char *f = view.format ? view.format : "B";
    if (*f == '@' || *f == '=') f++;
#if defined(PY_LITTLE_ENDIAN) && PY_LITTLE_ENDIAN
    else if (*f == '<') f++;
#endif
    const Py_ssize_t size = view.itemsize;
    const int is_signed = strchr("bhilq", *f) != NULL;
    if (view.ndim == 1 && f[0] && strchr("bBhHiIlLqQ", f[0]) && !f[1] &&
        (size == 1 || size == 2 || size == 4 || size == 8) && view.len / size <= max) {
        const char *p = (const char *)view.buf;
        n = (int)(view.len / size);
        for (int i = 0; i < n; i++, p += size) {
            int64_t v;
            if (size == 1) v = is_signed ? (int64_t)*(const int8_t *)p : (int64_t)*(const uint8_t *)p;
            else if (size == 2) {
                uint16_t x;
                memcpy(&x, p, 2);
                v = is_signed ? (int64_t)(int16_t)x : (int64_t)x;
            } else if (size == 4) {
                uint32_t x;
                memcpy(&x, p, 4);
                v = is_signed ? (int64_t)(int32_t)x : (int64_t)x;
            } else {
                uint64_t x;
                memcpy(&x, p, 8);
                v = is_signed ? (int64_t)x : (x > 51 ? -1 : (int64_t)x);
            }
            if (v < 0 || v > 51) {
                n = -1;
                break;
            }
            c[i] = (uint8_t)v;
        }
    }
    PyBuffer_Release(&view);
    return n;
}

/* The cards of one argument: a tuple or list of card ints / card strings, card text, or a 1-D
 * integer buffer. The number read (at most `max`), or -1: the fallback decides. */
static int read_cards(PyObject *o, uint8_t *c, int max)
{
    const int is_tuple = PyTuple_Check(o);
    if (is_tuple || PyList_Check(o)) {
        const Py_ssize_t n = is_tuple ? PyTuple_Size(o) : PyList_Size(o);
        if (n < 0 || n > max) return -1;
        for (Py_ssize_t i = 0; i < n; i++) {
            const int x = card_of(is_tuple ? PyTuple_GetItem(o, i) : PyList_GetItem(o, i));
            if (x < 0) return -1;
            c[i] = (uint8_t)x;
        }
        return (int)n;
    }
    if (PyUnicode_Check(o)) {
        Py_ssize_t len = 0;
        const char *s = PyUnicode_AsUTF8AndSize(o, &len);
        if (!s) {
            PyErr_Clear();
            return -1;
        }
        const int n = text_cards(s, len, c);
        return n <= max ? n : -1;
    }
    if (PyBytes_Check(o) || PyByteArray_Check(o)) return -1; /* not cards (the fallback says so) */
    if (PyObject_CheckBuffer(o)) return buffer_cards(o, c, max);
    return -1;
}

/* Separate card arguments (evaluate(*cards)): the number read, or -1. */
static int read_args(PyObject *const *args, Py_ssize_t nargs, uint8_t *c)
{
    if (nargs > MAX_CARDS) return -1;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        const int x = card_of(args[i]);
        if (x < 0) return -1;
        c[i] = (uint8_t)x;
    }
    return (int)nargs;
}

/* Nonzero when the n cards (each < 52) are distinct and none is in *seen; adds them to *seen. */
static int distinct(const uint8_t *c, int n, uint64_t *seen)
{
    uint64_t any = *seen;
    for (int i = 0; i < n; i++) {
        const uint64_t bit = (uint64_t)1 << c[i];
        if (any & bit) return 0;
        any |= bit;
    }
    *seen = any;
    return 1;
}

/* ------------------------------------------------------------------ fallbacks */
static PyObject *fallback(PyObject *module, int which)
{
    fast_state *st = state(module);
    if (!st || !st->fallback[which]) {
        PyErr_Format(PyExc_RuntimeError, "pyeval._fastcall.%s used before set_fallback()", FB_NAMES[which]);
        return NULL;
    }
    return st->fallback[which];
}

/* The fallback called with the caller's arguments as they came. */
static PyObject *call_fallback(PyObject *module, int which, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    PyObject *fb = fallback(module, which);
    if (!fb) return NULL;
    PyObject *tuple = PyTuple_New(nargs);
    if (!tuple) return NULL;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(tuple, i, args[i]);
    }
    PyObject *kw = NULL;
    const Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    if (nkw > 0) {
        kw = PyDict_New();
        for (Py_ssize_t i = 0; kw && i < nkw; i++)
            if (PyDict_SetItem(kw, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) Py_CLEAR(kw);
        if (!kw) {
            Py_DECREF(tuple);
            return NULL;
        }
    }
    PyObject *res = PyObject_Call(fb, tuple, kw);
    Py_DECREF(tuple);
    Py_XDECREF(kw);
    return res;
}

/* ------------------------------------------------------------------ evaluate */
static PyObject *eval_common(PyObject *module, PyObject *const *args, Py_ssize_t nargs, int which, int cactus)
{
    uint8_t c[MAX_CARDS];
    const int n = nargs == 1 ? read_cards(args[0], c, MAX_CARDS) : read_args(args, nargs, c);
    uint64_t seen = 0;
    if (n < 5 || !distinct(c, n, &seen)) {
        PyObject *fb = fallback(module, which);
        if (!fb) return NULL;
        if (nargs == 1) return PyObject_CallFunctionObjArgs(fb, args[0], NULL);
        PyObject *tuple = PyTuple_New(nargs); /* separate cards: the fallback takes them as one tuple */
        if (!tuple) return NULL;
        for (Py_ssize_t i = 0; i < nargs; i++) {
            Py_INCREF(args[i]);
            PyTuple_SetItem(tuple, i, args[i]);
        }
        PyObject *res = PyObject_CallFunctionObjArgs(fb, tuple, NULL);
        Py_DECREF(tuple);
        return res;
    }
    const int v = pe_eval_any_unchecked(c, n);
    return value_of(module, cactus ? PE_EVAL_CLASSES + 1 - v : v);
}

static PyObject *fast_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return eval_common(module, args, nargs, FB_EVALUATE, 0);
}

static PyObject *fast_evaluate_cactus_kev(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return eval_common(module, args, nargs, FB_CACTUS, 1);
}

/* to_cactus_kev and from_cactus_kev: 7463 - x for an exact int x in 1..7462. */
static PyObject *flip(PyObject *module, PyObject *x, int which)
{
    if (PyLong_CheckExact(x)) {
        int overflow = 0;
        const long v = PyLong_AsLongAndOverflow(x, &overflow);
        if (!overflow && v >= 1 && v <= PE_EVAL_CLASSES) return value_of(module, PE_EVAL_CLASSES + 1 - (int)v);
    }
    PyObject *fb = fallback(module, which);
    return fb ? PyObject_CallFunctionObjArgs(fb, x, NULL) : NULL;
}

static PyObject *fast_to_cactus_kev(PyObject *module, PyObject *x) { return flip(module, x, FB_TO_CK); }
static PyObject *fast_from_cactus_kev(PyObject *module, PyObject *x) { return flip(module, x, FB_FROM_CK); }

/* ------------------------------------------------------------------ Omaha */
static const uint16_t *omaha_tables(fast_state *st)
{
    if (!st->omaha) {
        uint16_t *t = (uint16_t *)PyMem_Malloc(pe_omaha_tables_size());
        if (!t) return NULL;
        if (pe_omaha_tables_init(t, pe_omaha_tables_size()) != PE_OK) {
            PyMem_Free(t);
            return NULL;
        }
        st->omaha = t;
    }
    return st->omaha;
}

static PyObject *omaha_common(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int low)
{
    const int which = low ? FB_OMAHA_LOW8 : FB_OMAHA;
    fast_state *st = state(module);
    if (nargs == 0 && kwnames && PyTuple_Size(kwnames) == 2 && st) {
        PyObject *hole = NULL, *board = NULL;
        for (Py_ssize_t i = 0; i < 2; i++) {
            PyObject *name = PyTuple_GetItem(kwnames, i);
            if (name == st->s_hole || PyUnicode_CompareWithASCIIString(name, "hole") == 0) hole = args[i];
            else if (name == st->s_board || PyUnicode_CompareWithASCIIString(name, "board") == 0) board = args[i];
        }
        uint8_t h[MAX_CARDS], b[MAX_CARDS];
        const int nh = hole && board ? read_cards(hole, h, MAX_CARDS) : -1;
        const int nb = nh >= 4 && nh <= 6 ? read_cards(board, b, MAX_CARDS) : -1;
        uint64_t seen = 0;
        if (nb >= 3 && nb <= 5 && distinct(h, nh, &seen) && distinct(b, nb, &seen)) {
            const uint16_t *t = low ? NULL : omaha_tables(st);
            if (!low && !t) return PyErr_NoMemory();
            const int v = low ? pe_omaha_low8(h, nh, b, nb) : pe_omaha_high(t, h, nh, b, nb);
            if (v >= 0) return value_of(module, v);
        }
    }
    return call_fallback(module, which, args, nargs, kwnames);
}

static PyObject *fast_evaluate_omaha(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return omaha_common(module, args, nargs, kwnames, 0);
}

static PyObject *fast_evaluate_omaha_low8(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                                          PyObject *kwnames)
{
    return omaha_common(module, args, nargs, kwnames, 1);
}

static PyObject *get_omaha_tables(PyObject *module, PyObject *unused)
{
    (void)unused;
    const uint16_t *t = omaha_tables(state(module));
    if (!t) return PyErr_NoMemory();
    return PyMemoryView_FromMemory((char *)t, (Py_ssize_t)pe_omaha_tables_size(), PyBUF_READ);
}

/* ------------------------------------------------------------------ module */
static PyObject *set_fallback(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "set_fallback(name, func): a function name and a callable");
        return NULL;
    }
    for (int i = 0; i < FB_N; i++) {
        if (PyUnicode_CompareWithASCIIString(args[0], FB_NAMES[i]) == 0) {
            fast_state *st = state(module);
            PyObject *old = st->fallback[i];
            Py_INCREF(args[1]);
            st->fallback[i] = args[1];
            Py_XDECREF(old);
            Py_RETURN_NONE;
        }
    }
    PyErr_SetString(PyExc_ValueError, "set_fallback: no fast function of that name");
    return NULL;
}

/* ------------------------------------------------------------------ hold'em check or call
 * pyeval.poker.betting's check_or_call for a plain round (its Python twin is the general path, and
 * tests/test_holdem_fast_paths.py compares the two on random hands): the player to act checks or
 * calls (all-in for less when short, 58 Pa. Code 637a.8(b)(5)), then the next player to act is
 * found clockwise, or the betting round is closed through the round's own _street_done.
 *
 * The round's slots are read and written at their offsets in the object (what a slot's member
 * descriptor does), found by holdem_register: Python fills a bare instance with one sentinel object
 * per slot, and each offset is where its sentinel sits. Only an instance of exactly the registered
 * type is touched; anything unexpected (not a list, not an int) returns False before any change,
 * and the Python path then runs. */
enum { HS_ACTOR, HS_STACKS, HS_BETS, HS_BET_TO, HS_CHECKED, HS_RECORD, HS_ACTED, HS_ACTED_AT_RAISE,
       HS_FULL_RAISES, HS_ACTED_AT_BET, HS_FOLDED, HS_N_ABLE, HS_CONTRIB, HS_N };

#define SLOT(obj, k) (*(PyObject **)((char *)(obj) + st->off[k]))

/* store v (a new reference) in a slot, dropping the old value (the limited API has no Py_SETREF) */
static void set_slot(PyObject **at, PyObject *v)
{
    PyObject *old = *at;
    *at = v;
    Py_XDECREF(old);
}

/* the offset in `obj` (of `size` bytes) of the one pointer to `want`, or -1 (none, or several) */
static Py_ssize_t find_slot(PyObject *obj, Py_ssize_t size, PyObject *want)
{
    Py_ssize_t found = -1;
    for (Py_ssize_t o = (Py_ssize_t)sizeof(PyObject); o + (Py_ssize_t)sizeof(PyObject *) <= size; o += sizeof(PyObject *)) {
        if (*(PyObject **)((char *)obj + o) == want) {
            if (found != -1) return -1;
            found = o;
        }
    }
    return found;
}

static PyObject *holdem_register(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 4 || !PyType_Check(args[0]) || !PyTuple_Check(args[2]) || PyTuple_Size(args[2]) != HS_N
        || !PyTuple_Check(args[3]) || PyTuple_Size(args[3]) > FILL_MAX || (PyObject *)Py_TYPE(args[1]) != args[0]) {
        PyErr_SetString(PyExc_TypeError, "holdem_register(type, instance, sentinels, all_sentinels): HS_N sentinels, "
                        "then at most FILL_MAX");
        return NULL;
    }
    PyObject *bs = PyObject_GetAttrString(args[0], "__basicsize__");
    if (!bs) return NULL;
    const Py_ssize_t size = PyLong_AsSsize_t(bs);
    Py_DECREF(bs);
    if (size < 0) return NULL;
    const Py_ssize_t n_fill = PyTuple_Size(args[3]);
    Py_ssize_t at[HS_N + FILL_MAX];
    for (Py_ssize_t k = 0; k < HS_N + n_fill; k++) {
        PyObject *want = k < HS_N ? PyTuple_GetItem(args[2], k) : PyTuple_GetItem(args[3], k - HS_N);
        at[k] = find_slot(args[1], size, want);
        if (at[k] < 0) {
            PyErr_Format(PyExc_ValueError, "holdem_register: slot %zd not found exactly once", k);
            return NULL;
        }
    }
    /* every slot found: from here on the registration changes */
    for (Py_ssize_t k = 0; k < HS_N + n_fill; k++) {
        if (k < HS_N) st->off[k] = at[k];
        else st->fill_off[k - HS_N] = at[k];
    }
    st->n_fill = n_fill;
    Py_INCREF(args[0]);
    PyObject *old = st->round_type;
    st->round_type = args[0];
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

/* the value of an int, or -1 with no exception set when it is not an int (or too large) */
static long long chips(PyObject *v)
{
    if (!PyLong_Check(v)) return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return x;
}

static int set_item(PyObject *list, Py_ssize_t i, PyObject *v) /* steals v */
{
    if (!v) return -1;
    return PyList_SetItem(list, i, v);
}

static PyObject *holdem_check_or_call(PyObject *module, PyObject *r)
{
    fast_state *st = state(module);
    if (!st->round_type || (PyObject *)Py_TYPE(r) != st->round_type) Py_RETURN_FALSE;
    PyObject *actor = SLOT(r, HS_ACTOR), *stacks = SLOT(r, HS_STACKS), *bets = SLOT(r, HS_BETS);
    PyObject *checked = SLOT(r, HS_CHECKED), *record = SLOT(r, HS_RECORD), *acted = SLOT(r, HS_ACTED);
    PyObject *at_raise = SLOT(r, HS_ACTED_AT_RAISE), *at_bet = SLOT(r, HS_ACTED_AT_BET);
    PyObject *folded = SLOT(r, HS_FOLDED), *contrib = SLOT(r, HS_CONTRIB);
    PyObject *bet_to_o = SLOT(r, HS_BET_TO), *full = SLOT(r, HS_FULL_RAISES), *n_able_o = SLOT(r, HS_N_ABLE);
    if (!actor || !bet_to_o || !full || !n_able_o || !PyLong_Check(actor)) Py_RETURN_FALSE;
    PyObject *lists[] = {stacks, bets, checked, record, acted, at_raise, at_bet, folded, contrib};
    for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++)
        if (!lists[k] || !PyList_CheckExact(lists[k])) Py_RETURN_FALSE;
    const Py_ssize_t n = PyList_Size(stacks);
    const long long a = chips(actor), bet_to = chips(bet_to_o), n_able = chips(n_able_o);
    if (a < 0 || a >= n || bet_to < 0 || n_able < 0 || PyList_Size(bets) != n || PyList_Size(checked) != n
        || PyList_Size(acted) != n || PyList_Size(at_raise) != n || PyList_Size(at_bet) != n
        || PyList_Size(folded) != n || PyList_Size(contrib) != n)
        Py_RETURN_FALSE;
    long long stack_a = chips(PyList_GetItem(stacks, (Py_ssize_t)a)), bet_a = chips(PyList_GetItem(bets, (Py_ssize_t)a));
    const long long c = chips(PyList_GetItem(contrib, (Py_ssize_t)a));
    if (stack_a < 0 || bet_a < 0 || c < 0) Py_RETURN_FALSE;
    /* every check is done: from here on the round changes */
    long long amt = bet_to - bet_a;
    long long able = n_able;
    PyObject *ev;
    if (amt <= 0) {
        Py_INCREF(Py_True);
        if (set_item(checked, (Py_ssize_t)a, Py_True) < 0) return NULL;
        ev = PyTuple_Pack(4, st->s_check, actor, st->zero, st->empty);
    } else {
        if (amt >= stack_a) {
            amt = stack_a;
            able -= 1;
            PyObject *v = PyLong_FromLongLong(able);
            if (!v) return NULL;
            set_slot(&SLOT(r, HS_N_ABLE), v);
        }
        stack_a -= amt;
        bet_a += amt;
        if (set_item(stacks, (Py_ssize_t)a, PyLong_FromLongLong(stack_a)) < 0
            || set_item(bets, (Py_ssize_t)a, PyLong_FromLongLong(bet_a)) < 0
            || set_item(contrib, (Py_ssize_t)a, PyLong_FromLongLong(c + amt)) < 0)
            return NULL;
        PyObject *amt_o = PyLong_FromLongLong(amt);
        if (!amt_o) return NULL;
        ev = PyTuple_Pack(4, st->s_call, actor, amt_o, st->empty);
        Py_DECREF(amt_o);
    }
    if (!ev) return NULL;
    const int appended = PyList_Append(record, ev);
    Py_DECREF(ev);
    if (appended < 0) return NULL;
    Py_INCREF(Py_True);
    Py_INCREF(full);
    Py_INCREF(bet_to_o);
    if (set_item(acted, (Py_ssize_t)a, Py_True) < 0 || set_item(at_raise, (Py_ssize_t)a, full) < 0
        || set_item(at_bet, (Py_ssize_t)a, bet_to_o) < 0)
        return NULL;
    /* the next player to act: clockwise from a + 1, not folded, not all-in, facing a bet or (with
     * someone left to bet against) yet to act in this betting round */
    for (Py_ssize_t k = 1; k <= n; k++) {
        const Py_ssize_t i = ((Py_ssize_t)a + k) % n;
        PyObject *fo = PyList_GetItem(folded, i);
        int f = fo == Py_True ? 1 : fo == Py_False ? 0 : PyObject_IsTrue(fo);
        if (f < 0) return NULL;
        if (f) continue;
        PyObject *si = PyList_GetItem(stacks, i), *bi = PyList_GetItem(bets, i);
        if (!si || !bi) return NULL;
        const int all_in = PyObject_Not(si);  /* 0 chips left (the Python step's `not stacks[i]`) */
        if (all_in < 0) return NULL;
        if (all_in) continue;
        int moves = PyObject_RichCompareBool(bi, bet_to_o, Py_LT);
        if (moves < 0) return NULL;
        if (!moves && able >= 2) {
            int done = PyObject_IsTrue(PyList_GetItem(acted, i));
            if (done < 0) return NULL;
            moves = !done;
        }
        if (moves) {
            PyObject *v = PyLong_FromSsize_t(i);
            if (!v) return NULL;
            set_slot(&SLOT(r, HS_ACTOR), v);
            Py_RETURN_TRUE;
        }
    }
    Py_INCREF(Py_None);
    set_slot(&SLOT(r, HS_ACTOR), Py_None);
    PyObject *res = PyObject_CallMethodObjArgs(r, st->s_street_done, NULL);
    if (!res) return NULL;
    Py_DECREF(res);
    Py_RETURN_TRUE;
}

/* ------------------------------------------------------------------ a round's state at once
 * holdem_fill(round, values): every slot of a round of exactly the registered type set from
 * `values` (one per slot, in RoundState.__slots__ order), each list, dict and set copied (a shallow
 * copy: their items are immutable), anything else shared. Round.__init__'s plain path fills a new
 * round from the state the general __init__ made once for the same table and player count
 * (pyeval.poker.fast). False, changing nothing, for anything else. */
static PyObject *holdem_fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 2 || !st->round_type || (PyObject *)Py_TYPE(args[0]) != st->round_type
        || !PyTuple_CheckExact(args[1]) || PyTuple_Size(args[1]) != st->n_fill)
        Py_RETURN_FALSE;
    PyObject *fresh[FILL_MAX];
    const Py_ssize_t n = st->n_fill;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PyTuple_GetItem(args[1], k);
        if (PyList_CheckExact(v)) v = PyList_GetSlice(v, 0, PyList_Size(v));
        else if (PyDict_CheckExact(v)) v = PyDict_Copy(v);
        else if (Py_IS_TYPE(v, &PySet_Type)) v = PySet_New(v);
        else Py_XINCREF(v);
        if (!v) {
            for (Py_ssize_t j = 0; j < k; j++) Py_DECREF(fresh[j]);
            return NULL;
        }
        fresh[k] = v;
    }
    /* every value made: from here on the round changes */
    for (Py_ssize_t k = 0; k < n; k++) set_slot((PyObject **)((char *)args[0] + st->fill_off[k]), fresh[k]);
    Py_RETURN_TRUE;
}

/* ------------------------------------------------------------------ read-only slot views
 * A data descriptor for a round's public read-only attribute (decision 010): reading gives the
 * private slot's value as it is, or (copy=1) a new tuple of its items, straight from the slot of
 * an instance of the registered round type; any other object goes through `fallback(obj)` (the
 * Python getter: the same value). Setting or deleting raises AttributeError. What a
 * property(attrgetter(slot)) does, without the two Python-level calls. */
typedef struct {
    PyObject_HEAD
    PyObject *module;   /* this module (its state holds the offsets) */
    PyObject *name;     /* the public name (for the error) */
    PyObject *fallback; /* callable(obj) -> value */
    PyObject *doc;
    Py_ssize_t index;   /* the slot, an index into fill_off */
    int copy;           /* 1: a tuple of the items */
} slot_view;

static PyObject *view_get(PyObject *self, PyObject *obj, PyObject *type)
{
    (void)type;
    slot_view *v = (slot_view *)self;
    if (!obj || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    fast_state *st = state(v->module);
    if (st && st->round_type && v->index < st->n_fill && PyObject_TypeCheck(obj, (PyTypeObject *)st->round_type)) {
        PyObject *x = *(PyObject **)((char *)obj + st->fill_off[v->index]);
        if (x) {
            if (!v->copy) {
                Py_INCREF(x);
                return x;
            }
            if (PyList_CheckExact(x)) return PyList_AsTuple(x);
        }
    }
    return PyObject_CallFunctionObjArgs(v->fallback, obj, NULL);
}

static int view_set(PyObject *self, PyObject *obj, PyObject *value)
{
    (void)obj;
    (void)value;
    PyErr_Format(PyExc_AttributeError, "%U is read-only", ((slot_view *)self)->name);
    return -1;
}

static int view_traverse(PyObject *self, visitproc visit, void *arg)
{
    slot_view *v = (slot_view *)self;
    Py_VISIT(v->module);
    Py_VISIT(v->name);
    Py_VISIT(v->fallback);
    Py_VISIT(v->doc);
    Py_VISIT((PyObject *)Py_TYPE(self));
    return 0;
}

static int view_clear(PyObject *self)
{
    slot_view *v = (slot_view *)self;
    Py_CLEAR(v->module);
    Py_CLEAR(v->name);
    Py_CLEAR(v->fallback);
    Py_CLEAR(v->doc);
    return 0;
}

static void view_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    view_clear(self);
    PyObject_GC_Del(self);
    Py_DECREF(tp);
}

static PyObject *view_doc(PyObject *self, void *unused)
{
    (void)unused;
    PyObject *d = ((slot_view *)self)->doc;
    Py_INCREF(d);
    return d;
}

static PyGetSetDef view_getset[] = {
    {"__doc__", view_doc, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot view_slots[] = {
    {Py_tp_descr_get, (void *)view_get},
    {Py_tp_descr_set, (void *)view_set},
    {Py_tp_traverse, (void *)view_traverse},
    {Py_tp_clear, (void *)view_clear},
    {Py_tp_dealloc, (void *)view_dealloc},
    {Py_tp_getset, (void *)view_getset},
    {0, NULL},
};

static PyType_Spec view_spec = {
    "pyeval._fastcall.SlotView", sizeof(slot_view), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, view_slots,
};

/* holdem_view(name, index, copy, fallback, doc): a read-only view of fill slot `index` */
static PyObject *holdem_view(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[1]) || !PyCallable_Check(args[3])
        || !PyUnicode_Check(args[4]) || !st->view_type) {
        PyErr_SetString(PyExc_TypeError, "holdem_view(name, index, copy, fallback, doc)");
        return NULL;
    }
    const Py_ssize_t index = PyLong_AsSsize_t(args[1]);
    if (index < 0 || index >= FILL_MAX) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "holdem_view: index out of range");
        return NULL;
    }
    const int copy = PyObject_IsTrue(args[2]);
    if (copy < 0) return NULL;
    PyTypeObject *tp = (PyTypeObject *)st->view_type;
    slot_view *v = (slot_view *)PyType_GenericAlloc(tp, 0);
    if (!v) return NULL;
    Py_INCREF(module);
    v->module = module;
    Py_INCREF(args[0]);
    v->name = args[0];
    Py_INCREF(args[3]);
    v->fallback = args[3];
    Py_INCREF(args[4]);
    v->doc = args[4];
    v->index = index;
    v->copy = copy;
    return (PyObject *)v;
}
#include "pe_ccfast.h"
#include "pe_shoefast.h"
#include "pe_holdemfast.h"

static int fast_traverse(PyObject *m, visitproc visit, void *arg)
{
    fast_state *st = state(m);
    for (int i = 0; i < FB_N; i++) Py_VISIT(st->fallback[i]);
    Py_VISIT(st->round_type);
    Py_VISIT(st->view_type);
    Py_VISIT(st->sh_type);
    return cc_traverse(st, visit, arg);
}

static int fast_clear(PyObject *m)
{
    fast_state *st = state(m);
    for (int i = 0; i < FB_N; i++) Py_CLEAR(st->fallback[i]);
    Py_CLEAR(st->round_type);
    Py_CLEAR(st->view_type);
    Py_CLEAR(st->sh_type);
    cc_clear(st);
    return 0;
}

static void fast_free(void *m)
{
    fast_state *st = state((PyObject *)m);
    if (!st) return;
    fast_clear((PyObject *)m);
    Py_CLEAR(st->s_hole);
    Py_CLEAR(st->s_board);
    Py_CLEAR(st->s_check);
    Py_CLEAR(st->s_call);
    Py_CLEAR(st->s_street_done);
    Py_CLEAR(st->empty);
    Py_CLEAR(st->zero);
    if (st->ints) {
        for (int i = 0; i <= PE_EVAL_CLASSES; i++) Py_XDECREF(st->ints[i]);
        PyMem_Free(st->ints);
        st->ints = NULL;
    }
    PyMem_Free(st->omaha);
    st->omaha = NULL;
}

static int fast_exec(PyObject *m)
{
    fast_state *st = state(m);
    st->s_hole = PyUnicode_InternFromString("hole");
    st->s_board = PyUnicode_InternFromString("board");
    if (!st->s_hole || !st->s_board) return -1;
    st->s_check = PyUnicode_InternFromString("check");
    st->s_call = PyUnicode_InternFromString("call");
    st->s_street_done = PyUnicode_InternFromString("_street_done");
    st->empty = PyTuple_New(0);
    st->zero = PyLong_FromLong(0);
    if (!st->s_check || !st->s_call || !st->s_street_done || !st->empty || !st->zero) return -1;
    st->ints = (PyObject **)PyMem_Calloc(PE_EVAL_CLASSES + 1, sizeof(PyObject *));
    if (!st->ints) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i <= PE_EVAL_CLASSES; i++)
        if (!(st->ints[i] = PyLong_FromLong(i))) return -1;
    st->view_type = PyType_FromModuleAndSpec(m, &view_spec, NULL);
    if (!st->view_type) return -1;
    st->sh_type = PyType_FromModuleAndSpec(m, &handle_spec, NULL);
    if (!st->sh_type) return -1;
    return 0;
}

#ifndef PE_SOURCE_HASH
#define PE_SOURCE_HASH "unknown"
#endif

static PyObject *source_hash(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyUnicode_FromString(PE_SOURCE_HASH);
}

#define CARDS_DOC                                                                                      \
    "cards: 5 to 52 distinct cards, in any of the forms engines have: a tuple or list of card ints\n"  \
    "0..51 (rank * 4 + suit, 2c = 0, As = 51) or of card strings ('As', 'td', '10h'); card text\n"     \
    "('As Ks Qs Js Ts 9h 9d', 'AsKs', 'as,ks'); a 1-D integer numpy array; any other iterable of\n"    \
    "card ints or strings; or the cards as separate arguments, evaluate(51, 47, 43, 39, 35) or\n"       \
    "evaluate('As', 'Ks', 'Qs', 'Js', 'Ts'). Eight or more cards: the best five of them, in C.\n\n"     \
    "Raises CardCountError (fewer than 5 or more than 52 cards), InvalidCardError (a card outside\n"   \
    "0..51 or bad text), DuplicateCardError (a card twice), CardTypeError (not ints or text).\n"

static PyMethodDef fast_methods[] = {
    {"evaluate", (PyCFunction)(void (*)(void))fast_evaluate, METH_FASTCALL,
     "evaluate(*cards)\n--\n\n"
     "Value of the best five-card hand among the cards: an int 1..7462, higher is stronger\n"
     "(1 = 7-5-4-3-2 offsuit, 7462 = royal flush; Cactus Kev rank = 7463 - value).\n\n" CARDS_DOC
     "Source: the dealer's selection of the best five cards, 58 Pa. Code \u00a7 637a.11(k), \u00a7 677a.11(g)."},
    {"evaluate_cactus_kev", (PyCFunction)(void (*)(void))fast_evaluate_cactus_kev, METH_FASTCALL,
     "evaluate_cactus_kev(*cards)\n--\n\n"
     "Cactus Kev / PokerHandEvaluator / treys rank of the best five-card hand among the cards:\n"
     "1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower is stronger; 7463 - evaluate(cards), in\n"
     "one call.\n\n" CARDS_DOC},
    {"to_cactus_kev", fast_to_cactus_kev, METH_O,
     "to_cactus_kev(value)\n--\n\n"
     "Cactus Kev / PokerHandEvaluator rank (1 = royal flush .. 7462 = 7-5-4-3-2) of a pyeval hand\n"
     "value: 7463 - value. Raises HandValueError for anything but an int 1..7462."},
    {"from_cactus_kev", fast_from_cactus_kev, METH_O,
     "from_cactus_kev(rank)\n--\n\n"
     "Inverse of to_cactus_kev: the pyeval value 7463 - rank of a Cactus Kev rank 1..7462.\n"
     "Raises HandValueError for anything but an int 1..7462."},
    {"evaluate_omaha", (PyCFunction)(void (*)(void))fast_evaluate_omaha, METH_FASTCALL | METH_KEYWORDS,
     "evaluate_omaha(*, hole, board)\n--\n\n"
     "Omaha high: the best hand of exactly two hole cards and exactly three board cards, 1..7462\n"
     "(58 Pa. Code \u00a7 637a.12). Keyword-only, so the two cannot be swapped (phevaluator's\n"
     "evaluate_omaha_cards takes the board first).\n\n"
     "hole: 4, 5 or 6 hole cards; board: 3, 4 or 5 board cards; each in any form evaluate takes\n"
     "(ints, card strings, text, a numpy array, any iterable).\n\n"
     "Raises CardTypeError (positional arguments, or not cards), CardCountError, InvalidCardError,\n"
     "DuplicateCardError (also across hole and board)."},
    {"evaluate_omaha_low8", (PyCFunction)(void (*)(void))fast_evaluate_omaha_low8, METH_FASTCALL | METH_KEYWORDS,
     "evaluate_omaha_low8(*, hole, board)\n--\n\n"
     "Omaha eight-or-better low (two hole + three board cards): LOW_A5_8_MIN..6175, or 0 when no\n"
     "low qualifies (58 Pa. Code \u00a7 637a.7(d)). Arguments and errors as evaluate_omaha."},
    {"omaha_tables", get_omaha_tables, METH_NOARGS,
     "The Omaha high table (read-only memoryview; filled on first use, shared with the batch path)."},
    {"source_hash", source_hash, METH_NOARGS, "Hash of csrc/ this module was compiled from."},
    {"holdem_register", (PyCFunction)(void (*)(void))holdem_register, METH_FASTCALL,
     "holdem_register(type, instance, sentinels, all_sentinels): the slots holdem_check_or_call reads, then\n"
     "every slot (holdem_fill, holdem_view), found in a bare instance (pyeval.poker.fast)."},
    {"holdem_fill", (PyCFunction)(void (*)(void))holdem_fill, METH_FASTCALL,
     "holdem_fill(round, values): every slot of a round set from values (lists, dicts, sets copied);\n"
     "False, changing nothing, when it does not apply (pyeval.poker.fast)."},
    {"holdem_view", (PyCFunction)(void (*)(void))holdem_view, METH_FASTCALL,
     "holdem_view(name, index, copy, fallback, doc): a read-only descriptor for slot index of a round\n"
     "(copy: a tuple of its items); fallback(obj) for any other object (pyeval.poker.fast)."},
    CC_METHODS
    SHOE_METHODS
    HOLDEM_VALUES_METHODS
    {"holdem_check_or_call", holdem_check_or_call, METH_O,
     "holdem_check_or_call(round): check or call for the player to act of a plain hold'em round and\n"
     "find the next one (pyeval.poker.betting); False, changing nothing, when it does not apply."},
    {"hu_settle", (PyCFunction)(void (*)(void))pe_hu_settle, METH_FASTCALL,
     "hu_settle(...): the settlement step of a heads-up round from the table's cache (pyeval.headsup.round)."},
    {"tuple_of", (PyCFunction)(void (*)(void))pe_hu_tuple_of, METH_FASTCALL,
     "tuple_of(cls, *items): a new instance of cls (a subclass of tuple, e.g. a NamedTuple) holding\n"
     "items, without its Python-level __new__ (the round procedures' records)."},
    {"settlement_net", pe_hu_net, METH_O,
     "settlement_net(p): the sum of the nets (field 3) of p's results (field 1)."},
    {"set_fallback", (PyCFunction)(void (*)(void))set_fallback, METH_FASTCALL,
     "set_fallback(name, func): the Python path of the fast function `name` for other input."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot fast_slots[] = {
    {Py_mod_exec, (void *)fast_exec},
    {0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "pyeval._fastcall", "Per-call fast paths of pyeval's evaluators.",
    sizeof(fast_state), fast_methods, fast_slots, fast_traverse, fast_clear, fast_free,
};

PyMODINIT_FUNC PyInit__fastcall(void) { return PyModuleDef_Init(&fast_module); }
