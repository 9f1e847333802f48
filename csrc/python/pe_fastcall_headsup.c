/*
 * pe_fastcall_headsup.c - the settlement step of a heads-up round (pyeval.headsup.round's
 * HeadsUpRound.settle, 58 Pa. Code 677a.11(g)-(i)) as one call of pyeval._fastcall, compiled into
 * that module (its method table lists hu_settle; docs/decisions/035-heads-up-settlement-in-c.md).
 *
 * No rule of the game is written here: every wager result comes from the table's settlement cache,
 * which only Python fills (pyeval.headsup.settle.fill_cache, from settle_player, the reference).
 * This function looks each player's results up under the key pyeval.headsup.settle builds (the
 * same fields in the same order), in the order of the round's own list (to_settle, built by
 * expose_dealer under 677a.11(g)(1)), and records them as the Python step does. Anything it does
 * not find or does not expect (a cache miss, a Pocket Bonus pair of aces whose class the dealer's
 * cards decide, a value of another type) returns False before any change, and the Python step
 * runs; C never raises a pyeval error. Only a MemoryError can stop it half-way.
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>
#include <limits.h>

#include "../pe_compat.h"
#include "pe_fastcall_headsup.h"

/* the consts tuple (pyeval.headsup.round._SETTLE_CONSTS) */
enum { HC_SETTLEMENT, HC_EVENT, HC_K_SETTLE, HC_POCKET_OF, HC_CATEGORY, HC_AA, HC_PAIR_LOW, HC_EMPTY, HC_N };
/* the arguments */
enum { HA_TO_SETTLE, HA_WAGERS, HA_RAISED, HA_FOLDED, HA_HOLE, HA_VALUES, HA_DV, HA_AA, HA_CACHE, HA_SETTLED,
       HA_EVENTS, HA_CONSTS, HA_N };

#define HU_MAX_PLAYERS 64
#define HU_VALUES 7463 /* hand values 1..7462, index 0 unused */

/* an exact int 0 <= v <= hi, or -1 (no exception set) */
static long small_int(PyObject *o, long hi)
{
    if (!o || !PyLong_CheckExact(o)) return -1;
    int overflow = 0;
    const long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || v < 0 || v > hi) {
        if (PyErr_Occurred()) PyErr_Clear();
        return -1;
    }
    return v;
}

/* A new instance of cls, a subclass of tuple (a NamedTuple), holding the n items: one allocation,
 * without the class's Python-level __new__ (as tuple.__new__(cls, items) does, without the two
 * intermediate tuples). NULL with TypeError for anything but a strict tuple subclass. */
static PyObject *tuple_of(PyObject *cls, PyObject *const *items, Py_ssize_t n)
{
    if (!PyType_Check(cls) || cls == (PyObject *)&PyTuple_Type || !PyType_IsSubtype((PyTypeObject *)cls, &PyTuple_Type)
        || n < 0 || n > 64) {
        PyErr_SetString(PyExc_TypeError, "tuple_of(cls, *items): cls must be a subclass of tuple, at most 64 items");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
    PyObject *o = alloc ? alloc((PyTypeObject *)cls, n) : NULL;
    if (!o) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(items[i]);
        if (PyTuple_SetItem(o, i, items[i]) < 0) { /* cannot fail on a new tuple; steals the item */
            Py_DECREF(o);
            return NULL;
        }
    }
    return o;
}

PyObject *pe_hu_tuple_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "tuple_of(cls, *items) needs cls");
        return NULL;
    }
    return tuple_of(args[0], args + 1, nargs - 1);
}

/* The sum of the items' field 3 (a settlement's results' nets: pyeval.headsup.settle's
 * PlayerSettlement.net), exactly as sum(map(itemgetter(3), p[1])) does for tuples; any other shape
 * goes through that Python expression's own errors (TypeError / IndexError). */
PyObject *pe_hu_net(PyObject *module, PyObject *p)
{
    (void)module;
    PyObject *results = PySequence_GetItem(p, 1);
    if (!results) return NULL;
    PyObject *total = PyLong_FromLong(0);
    PyObject *it = PyObject_GetIter(results);
    Py_DECREF(results);
    if (!it || !total) {
        Py_XDECREF(it);
        Py_XDECREF(total);
        return NULL;
    }
    PyObject *r;
    while (total && (r = PyIter_Next(it))) {
        PyObject *net = PySequence_GetItem(r, 3);
        Py_DECREF(r);
        PyObject *sum = net ? PyNumber_Add(total, net) : NULL;
        Py_XDECREF(net);
        Py_DECREF(total);
        total = sum;
    }
    Py_DECREF(it);
    if (total && PyErr_Occurred()) Py_CLEAR(total);
    return total;
}

/* cls(*items) from a tuple of the items; steals items */
static PyObject *make(PyObject *cls, PyObject *items)
{
    if (!items) return NULL;
    PyObject *vec[9];
    const Py_ssize_t n = PyTuple_Size(items);
    if (n < 0 || n > 9) {
        Py_DECREF(items);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) vec[i] = PyTuple_GetItem(items, i);
    PyObject *r = tuple_of(cls, vec, n);
    Py_DECREF(items);
    return r;
}

typedef struct {
    PyObject *player, *pv_o, *hit; /* new references */
    int folded;
} hu_player;

typedef struct {
    PyObject *settlement, *event, *k_settle, *pocket_of, *category, *aa_class, *empty;
    long pair_low;
} hu_consts;

static int read_consts(PyObject *c, hu_consts *k)
{
    if (!PyTuple_CheckExact(c) || PyTuple_Size(c) != HC_N) return 0;
    k->settlement = PyTuple_GetItem(c, HC_SETTLEMENT);
    k->event = PyTuple_GetItem(c, HC_EVENT);
    k->k_settle = PyTuple_GetItem(c, HC_K_SETTLE);
    k->pocket_of = PyTuple_GetItem(c, HC_POCKET_OF);
    k->category = PyTuple_GetItem(c, HC_CATEGORY);
    k->aa_class = PyTuple_GetItem(c, HC_AA);
    k->empty = PyTuple_GetItem(c, HC_EMPTY);
    k->pair_low = small_int(PyTuple_GetItem(c, HC_PAIR_LOW), HU_VALUES);
    for (PyObject **t = &k->settlement; t <= &k->event; t++)
        if (!PyType_Check(*t) || !PyType_IsSubtype((PyTypeObject *)*t, &PyTuple_Type) || *t == (PyObject *)&PyTuple_Type)
            return 0;
    return k->pair_low >= 0 && PyTuple_CheckExact(k->pocket_of) && PyTuple_Size(k->pocket_of) == 52 * 52
           && PyTuple_CheckExact(k->category) && PyTuple_Size(k->category) == HU_VALUES && PyTuple_CheckExact(k->empty);
}

/* The round's amounts of player s: (ante, odds, pocket bonus, trips plus) and the Raise, or 0
 * (no exception set) when anything is not what the round keeps. */
static int amounts(PyObject *const *a, PyObject *s, PyObject **w, PyObject **ramt)
{
    PyObject *t = PyDict_GetItemWithError(a[HA_WAGERS], s);
    if (!t || !PyTuple_CheckExact(t) || PyTuple_Size(t) != 4) return 0;
    for (Py_ssize_t i = 0; i < 4; i++)
        if (small_int(w[i] = PyTuple_GetItem(t, i), LONG_MAX) < 0) return 0;
    PyObject *rz = PyDict_GetItemWithError(a[HA_RAISED], s);
    *ramt = NULL;
    if (rz) {
        if (!PyTuple_CheckExact(rz) || PyTuple_Size(rz) != 2) return 0;
        *ramt = PyTuple_GetItem(rz, 1);
        if (small_int(*ramt, LONG_MAX) < 0) return 0;
    }
    return !PyErr_Occurred();
}

/* The Pocket Bonus class of player s before the dealer's cards (pyeval.headsup.settle._POCKET_OF),
 * borrowed; NULL (no exception set) when the dealer's cards would decide it (aa) or on anything
 * unexpected. */
static PyObject *pocket_of(PyObject *const *a, PyObject *s, const hu_consts *k, int aa)
{
    PyObject *h = PyDict_GetItemWithError(a[HA_HOLE], s);
    if (!h || !PyTuple_CheckExact(h) || PyTuple_Size(h) != 2) return NULL;
    const long c0 = small_int(PyTuple_GetItem(h, 0), 51), c1 = small_int(PyTuple_GetItem(h, 1), 51);
    if (c0 < 0 || c1 < 0) return NULL;
    PyObject *pocket = PyTuple_GetItem(k->pocket_of, c0 * 52 + c1);
    if (!pocket) return NULL;
    if (aa && pocket != Py_None) {
        const int is_aa = PyObject_RichCompareBool(pocket, k->aa_class, Py_EQ);
        if (is_aa != 0) return NULL;
    }
    return pocket;
}

/* Look player s up: fills p (p->hit a new reference) and returns 1; 0 when the Python step must
 * run (no exception set); -1 on an error. */
static int look_up(PyObject *const *a, PyObject *s, const hu_consts *k, long dv, int aa, hu_player *p)
{
    PyObject *w[4], *ramt;
    if (!amounts(a, s, w, &ramt)) return PyErr_Occurred() ? -1 : 0;
    PyObject *pv_o = PyDict_GetItemWithError(a[HA_VALUES], s);
    const long pv = small_int(pv_o, HU_VALUES - 1);
    if (pv < 1) return PyErr_Occurred() ? -1 : 0;
    const int f = PySet_Contains(a[HA_FOLDED], s);
    if (f < 0) return -1;
    PyObject *pocket = Py_None;
    if (PyObject_IsTrue(w[2])) {
        pocket = pocket_of(a, s, k, aa);
        if (!pocket) return PyErr_Occurred() ? -1 : 0;
    }
    PyObject *cat = PyTuple_GetItem(k->category, pv);
    PyObject *route = PyLong_FromLong(f ? -1 : (pv > dv) - (pv < dv));
    PyObject *qual = PyBool_FromLong(dv >= k->pair_low);
    PyObject *r = ramt ? (Py_INCREF(ramt), ramt) : PyLong_FromLong(0);
    PyObject *key = NULL;
    if (cat && route && qual && r) key = PyTuple_Pack(9, route, qual, cat, w[0], w[1], r, w[2], w[3], pocket);
    Py_XDECREF(route);
    Py_XDECREF(qual);
    Py_XDECREF(r);
    if (!key) return -1;
    PyObject *hit = PyDict_GetItemWithError(a[HA_CACHE], key);
    Py_DECREF(key);
    if (!hit) return PyErr_Occurred() ? -1 : 0;
    /* (results, net, the results the settle event records for a fold, their net) */
    if (!PyTuple_CheckExact(hit) || PyTuple_Size(hit) != 4) return 0;
    Py_INCREF(hit);
    Py_INCREF(s);
    Py_INCREF(pv_o);
    p->player = s;
    p->pv_o = pv_o;
    p->hit = hit;
    p->folded = f;
    return 1;
}

/* Record player p's settlement (PlayerSettlement in settled, a settle event in events) as the
 * Python step does. -1 on an error. */
static int record(PyObject *const *a, const hu_consts *k, const hu_player *p)
{
    PyObject *dv = a[HA_DV];
    PyObject *res = make(k->settlement, PyTuple_Pack(4, p->player, PyTuple_GetItem(p->hit, 0), p->pv_o, dv));
    if (!res) return -1;
    int ok = PyList_Append(a[HA_SETTLED], res);
    PyObject *logged = res, *net = PyTuple_GetItem(p->hit, 1);
    Py_INCREF(logged);
    if (ok == 0 && p->folded) { /* 677a.11(f): the Ante and Odds are in the fold's collect event */
        Py_DECREF(logged);
        logged = make(k->settlement, PyTuple_Pack(4, p->player, PyTuple_GetItem(p->hit, 2), p->pv_o, dv));
        net = PyTuple_GetItem(p->hit, 3);
        if (!logged) ok = -1;
    }
    Py_DECREF(res);
    if (ok < 0) {
        Py_XDECREF(logged);
        return -1;
    }
    PyObject *ev = make(k->event, PyTuple_Pack(5, k->k_settle, p->player, net, k->empty, logged));
    Py_DECREF(logged);
    if (!ev) return -1;
    ok = PyList_Append(a[HA_EVENTS], ev);
    Py_DECREF(ev);
    return ok;
}

static int check_args(PyObject *const *a, Py_ssize_t n)
{
    return n == HA_N && PyList_CheckExact(a[HA_TO_SETTLE]) && PyDict_CheckExact(a[HA_WAGERS])
           && PyDict_CheckExact(a[HA_RAISED]) && Py_IS_TYPE(a[HA_FOLDED], &PySet_Type) && PyDict_CheckExact(a[HA_HOLE])
           && PyDict_CheckExact(a[HA_VALUES]) && PyDict_CheckExact(a[HA_CACHE]) && PyList_CheckExact(a[HA_SETTLED])
           && PyList_CheckExact(a[HA_EVENTS]) && PyBool_Check(a[HA_AA]);
}

PyObject *pe_hu_settle(PyObject *module, PyObject *const *a, Py_ssize_t n)
{
    (void)module;
    hu_consts k;
    if (!check_args(a, n) || !read_consts(a[HA_CONSTS], &k)) Py_RETURN_FALSE;
    const long dv = small_int(a[HA_DV], HU_VALUES - 1);
    const Py_ssize_t m = PyList_Size(a[HA_TO_SETTLE]);
    if (dv < 1 || m < 0 || m > HU_MAX_PLAYERS) Py_RETURN_FALSE;
    const int aa = a[HA_AA] == Py_True;
    hu_player ps[HU_MAX_PLAYERS];
    Py_ssize_t got = 0;
    int st = 1;
    PyObject *order = PyList_GetSlice(a[HA_TO_SETTLE], 0, m); /* a copy: the lookups run no Python code we
                                                                  trust not to touch the list */
    if (!order) return NULL;
    for (; got < m && st == 1; got++) {
        PyObject *s = PyList_GetItem(order, got);
        st = s ? look_up(a, s, &k, dv, aa, &ps[got]) : -1;
        if (st != 1) break;
    }
    /* every player found (st == 1): record them all; else change nothing */
    for (Py_ssize_t i = 0; i < got; i++) {
        if (st == 1 && record(a, &k, &ps[i]) < 0) st = -1;
        Py_DECREF(ps[i].hit);
        Py_DECREF(ps[i].player);
        Py_DECREF(ps[i].pv_o);
    }
    Py_DECREF(order);
    if (st == 1 && PyList_SetSlice(a[HA_TO_SETTLE], 0, m, NULL) < 0) st = -1;
    if (st < 0) return NULL;
    if (st == 0) Py_RETURN_FALSE;
    Py_RETURN_TRUE;
}
