/*
 * pe_holdemfast.h - the showdown values of a plain hold'em round in one call (issue 25 item 5,
 * docs/decisions/042-engine-calls-without-cffi.md). Included by pe_fastcall.c.
 *
 * holdem_values(hole, folded, mucked, contrib, board, values, dead_ante, n_contending) is exactly
 * pyeval.poker.fast.FastSteps._py_values (its Python twin, which the tests compare it with): every
 * live hand's 7-card value with the five board cards (58 Pa. Code § 637a.11(k): the best five of
 * seven), the live players, whether every live player put in the same (one pot) and the best value.
 * It declines (returns False, having changed nothing) whenever an input is not what a round holds
 * (exact lists of the same length, True/False flags, exact ints, two-card hands, a card outside
 * -1..51 or repeated): the Python twin then runs and raises its own errors. A card nobody saw (-1)
 * in the board or a live hand gives None, as the twin.
 */
#ifndef PE_HOLDEMFAST_H
#define PE_HOLDEMFAST_H

/* An exact int in [lo, hi] into *out; 0 when it is anything else. */
static int hv_int(PyObject *o, long long lo, long long hi, long long *out)
{
    if (!PyLong_CheckExact(o)) return 0;
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    if (v < lo || v > hi) return 0;
    *out = v;
    return 1;
}

/* A list of exactly True/False flags, n long, into f; 0 otherwise. */
static int hv_flags(PyObject *o, Py_ssize_t n, unsigned char *f)
{
    if (!PyList_CheckExact(o) || PyList_Size(o) != n) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PyList_GetItem(o, i);
        if (x == Py_True) f[i] = 1;
        else if (x == Py_False) f[i] = 0;
        else return 0;
    }
    return 1;
}

#define HV_MAX 23 /* the most players a 52-card hold'em deal can seat (2 * 23 + 5 <= 52) */

static PyObject *holdem_values(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "holdem_values takes 8 arguments");
        return NULL;
    }
    PyObject *hole = args[0], *contrib = args[3], *board = args[4], *values = args[5];
    if (!PyList_CheckExact(values) || !PyList_CheckExact(hole) || !PyList_CheckExact(contrib) ||
        !PyList_CheckExact(board))
        Py_RETURN_FALSE;
    const Py_ssize_t n = PyList_Size(values);
    unsigned char folded[HV_MAX], mucked[HV_MAX];
    long long nc, level = -1, best = -1, most = 0;
    long long contr[HV_MAX];
    if (n < 1 || n > HV_MAX || PyList_Size(hole) != n || PyList_Size(contrib) != n ||
        !hv_flags(args[1], n, folded) || !hv_flags(args[2], n, mucked) || !hv_int(args[7], -1000, 1000, &nc))
        Py_RETURN_FALSE;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!hv_int(PyList_GetItem(contrib, i), LLONG_MIN / 4, LLONG_MAX / 4, &contr[i])) Py_RETURN_FALSE;
        if (i == 0 || contr[i] > most) most = contr[i];
    }
    if (!PyLong_CheckExact(args[6]) && !PyBool_Check(args[6])) Py_RETURN_FALSE; /* its truth cannot fail */
    const int dead = PyObject_IsTrue(args[6]);
    uint8_t c[HV_MAX][7];
    int live[HV_MAX], n_live = 0, unseen = 0;
    if (nc >= 2) { /* read and check every card before anything is built */
        if (PyList_Size(board) != 5) Py_RETURN_FALSE;
        uint8_t b[5];
        for (int j = 0; j < 5; j++) {
            long long v;
            if (!hv_int(PyList_GetItem(board, j), -1, 51, &v)) Py_RETURN_FALSE;
            if (v < 0) unseen = 1;
            b[j] = (uint8_t)v;
        }
        if (unseen) Py_RETURN_NONE;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (folded[i] || mucked[i]) continue;
            PyObject *h = PyList_GetItem(hole, i);
            if (!PyTuple_CheckExact(h) || PyTuple_Size(h) != 2) Py_RETURN_FALSE;
            long long h0, h1;
            if (!hv_int(PyTuple_GetItem(h, 0), -1, 51, &h0) || !hv_int(PyTuple_GetItem(h, 1), -1, 51, &h1))
                Py_RETURN_FALSE;
            if (h0 < 0 || h1 < 0) Py_RETURN_NONE;
            uint64_t seen = 0;
            c[n_live][0] = (uint8_t)h0;
            c[n_live][1] = (uint8_t)h1;
            memcpy(c[n_live] + 2, b, 5);
            for (int j = 0; j < 7; j++) {
                const uint64_t bit = 1ull << c[n_live][j];
                if (seen & bit) Py_RETURN_FALSE; /* a card twice: the twin's evaluator raises */
                seen |= bit;
            }
            live[n_live++] = (int)i;
        }
    } else {
        for (Py_ssize_t i = 0; i < n; i++)
            if (!(folded[i] || mucked[i])) live[n_live++] = (int)i;
    }
    /* every check is done: build the answer */
    PyObject *vals = PyList_GetSlice(values, 0, n);
    PyObject *who = PyList_New(n_live);
    if (!vals || !who) goto fail;
    int even = !dead;
    for (int k = 0; k < n_live; k++) {
        const int i = live[k];
        PyObject *ix = PyLong_FromLong(i);
        if (!ix) goto fail;
        PyList_SetItem(who, k, ix);
        if (nc < 2) continue;
        const int v = pe_eval_any_unchecked(c[k], 7);
        PyObject *vo = PyLong_FromLong(v);
        if (!vo || PyList_SetItem(vals, i, vo) < 0) goto fail;
        if (v > best) best = v;
        if (level < 0) level = contr[i];
        else if (contr[i] != level) even = 0;
    }
    if (nc < 2) return Py_BuildValue("(NNOi)", vals, who, Py_False, -1);
    even = even && level > 0 && level == most;
    return Py_BuildValue("(NNOL)", vals, who, even ? Py_True : Py_False, best);
fail:
    Py_XDECREF(vals);
    Py_XDECREF(who);
    return NULL;
}


/* ------------------------------------------------------------------ a board street
 * holdem_street(round, shoe_handle, nb, min_bet, lead): FastSteps._fast_street's step in one call,
 * for a round of exactly the registered type (holdem_register) whose street slots are registered
 * (holdem_street_slots): the shoe burns one card and deals nb (pe_shoe_burn_deal_packed, on the
 * handle: the Shoe's own struct), the cards are checked distinct and not in `_dealt`, then recorded
 * (burns, board, the burn and board events) and the next betting round opened (bets cleared, the
 * minimum raise `min_bet`, the first player not folded with chips from `lead`). 58 Pa. Code
 * § 637a.11(h)-(j). Returns True; False having changed nothing (a slot not of the expected type,
 * nobody to act, or the shoe's call failed: the Python step then runs and raises or retries); or,
 * when the cards came off the shoe but repeat a card, the tuple of them (burn first), the round
 * unchanged: the Python step goes on with those cards and raises the general path's error. */
enum { SS_STREET, SS_DEALT, SS_BURNS, SS_BOARD, SS_DRAW_DISCARDS, SS_FULL_BET_TO, SS_RAISES, SS_MIN_RAISE,
       SS_LAST_AGGRESSOR, SS_N };

#define FSLOT(obj, k) (*(PyObject **)((char *)(obj) + st->fill_off[st->ss_ix[k]]))

static PyObject *holdem_street_slots(PyObject *module, PyObject *ix)
{
    fast_state *st = state(module);
    if (!st->round_type || !PyTuple_Check(ix) || PyTuple_Size(ix) != SS_N) {
        PyErr_SetString(PyExc_TypeError, "holdem_street_slots(indices): SS_N slot indices, after holdem_register");
        return NULL;
    }
    Py_ssize_t at[SS_N];
    for (Py_ssize_t k = 0; k < SS_N; k++) {
        PyObject *v = PyTuple_GetItem(ix, k);
        at[k] = PyLong_CheckExact(v) ? PyLong_AsSsize_t(v) : -1;
        if (at[k] == -1 && PyErr_Occurred()) return NULL;
        if (at[k] < 0 || at[k] >= st->n_fill) {
            PyErr_SetString(PyExc_ValueError, "holdem_street_slots: an index outside the registered slots");
            return NULL;
        }
    }
    for (Py_ssize_t k = 0; k < SS_N; k++) st->ss_ix[k] = at[k];
    st->ss_ready = 1;
    Py_RETURN_NONE;
}

/* a new list of n references to v */
static PyObject *list_of(PyObject *v, Py_ssize_t n)
{
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(v);
        PyList_SetItem(l, i, v);
    }
    return l;
}

static PyObject *holdem_street(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "holdem_street takes 5 arguments");
        return NULL;
    }
    PyObject *r = args[0];
    if (!st->round_type || !st->ss_ready || (PyObject *)Py_TYPE(r) != st->round_type || !st->sh_type ||
        Py_TYPE(args[1]) != (PyTypeObject *)st->sh_type || !st->sh_burn_deal || !PyLong_CheckExact(args[3]))
        Py_RETURN_FALSE;
    pe_shoe *shoe = (pe_shoe *)((shoe_handle *)args[1])->view.buf;
    long long nb, street, lead;
    if (!hv_int(args[2], 0, 6, &nb)) Py_RETURN_FALSE;
    PyObject *dealt = FSLOT(r, SS_DEALT), *burns = FSLOT(r, SS_BURNS), *board = FSLOT(r, SS_BOARD);
    PyObject *dd = FSLOT(r, SS_DRAW_DISCARDS), *street_o = FSLOT(r, SS_STREET);
    PyObject *record = SLOT(r, HS_RECORD), *folded = SLOT(r, HS_FOLDED), *stacks = SLOT(r, HS_STACKS);
    if (!dealt || !burns || !board || !dd || !street_o || !record || !folded || !stacks ||
        !PySet_CheckExact(dealt) || !PyList_CheckExact(burns) || !PyList_CheckExact(board) || !PyDict_CheckExact(dd) ||
        !PyList_CheckExact(record) || !PyList_CheckExact(folded) || !PyList_CheckExact(stacks) ||
        !hv_int(street_o, 0, 1000, &street))
        Py_RETURN_FALSE;
    const Py_ssize_t n = PyList_Size(stacks);
    if (n < 1 || PyList_Size(folded) != n || !hv_int(args[4], 0, (long long)n - 1, &lead)) Py_RETURN_FALSE;
    Py_ssize_t actor = -1;
    for (Py_ssize_t k = 0; k < n && actor < 0; k++) { /* the first player able to act from the lead */
        const Py_ssize_t i = ((Py_ssize_t)lead + k) % n;
        PyObject *f = PyList_GetItem(folded, i), *s = PyList_GetItem(stacks, i);
        long long chips_i;
        if ((f != Py_True && f != Py_False) || !hv_int(s, LLONG_MIN, LLONG_MAX, &chips_i)) Py_RETURN_FALSE;
        if (f == Py_False && chips_i) actor = i;
    }
    if (actor < 0) Py_RETURN_FALSE;
    /* everything that can fail to allocate, before the shoe is touched */
    PyObject *fresh[5] = {list_of(st->zero, n), list_of(Py_False, n), NULL, list_of(st->zero, n), list_of(Py_False, n)};
    PyObject *minus1 = PyLong_FromLong(-1), *street_n = PyLong_FromLongLong(street + 1);
    PyObject *actor_o = PyLong_FromSsize_t(actor), *burn_t = PyTuple_New(1), *board_t = PyTuple_New((Py_ssize_t)nb);
    PyObject *new_dd = PyDict_Size(dd) ? PyDict_New() : NULL;
    PyObject *ev_burn = NULL, *ev_board = NULL;
    if (minus1) fresh[2] = list_of(minus1, n);
    Py_XDECREF(minus1);
    PyObject *got = NULL;
    int ok = fresh[0] && fresh[1] && fresh[2] && fresh[3] && fresh[4] && street_n && actor_o && burn_t && board_t &&
             (new_dd || !PyDict_Size(dd));
    if (!ok) goto fail;
    const int64_t v = st->sh_burn_deal(shoe, (int)nb);
    if (v < 0) { /* nothing dealt: the Python step calls the shoe's method (its retry, its error) */
        ok = 0;
        got = Py_False;
        Py_INCREF(got);
        goto fail;
    }
    uint8_t c[8];
    uint64_t seen = 0;
    int repeat = 0;
    for (int i = 0; i <= nb; i++) {
        c[i] = (uint8_t)(v >> (8 * i));
        if (c[i] > 51) repeat = 1; /* (a shoe deals 0..51; a junk struct may not) */
        else {
            const int in = PySet_Contains(dealt, st->ints[c[i]]);
            if (in < 0) goto fail_dealt;
            if (in || (seen >> c[i] & 1)) repeat = 1;
            seen |= 1ull << c[i];
        }
    }
    if (repeat) { /* the cards are off the shoe: the Python step raises the general path's error */
        ok = 0;
        got = cards_tuple(st, c, (int)nb + 1);
        goto fail;
    }
    Py_INCREF(st->ints[c[0]]);
    PyTuple_SetItem(burn_t, 0, st->ints[c[0]]);
    for (int i = 1; i <= nb; i++) {
        Py_INCREF(st->ints[c[i]]);
        PyTuple_SetItem(board_t, i - 1, st->ints[c[i]]);
    }
    ev_burn = PyTuple_Pack(4, st->s_burn, Py_None, st->zero, burn_t);
    ev_board = PyTuple_Pack(4, st->s_board, Py_None, st->zero, board_t);
    if (!ev_burn || !ev_board) goto fail_dealt;
    /* every check is done: from here on the round changes (only a MemoryError can stop it) */
    for (int i = 0; i <= nb; i++)
        if (PySet_Add(dealt, st->ints[c[i]]) < 0) goto fail_dealt;
    if (PyList_Append(burns, st->ints[c[0]]) < 0) goto fail_dealt;
    for (int i = 1; i <= nb; i++)
        if (PyList_Append(board, st->ints[c[i]]) < 0) goto fail_dealt;
    if (PyList_Append(record, ev_burn) < 0 || PyList_Append(record, ev_board) < 0) goto fail_dealt;
    if (new_dd) set_slot(&FSLOT(r, SS_DRAW_DISCARDS), new_dd);
    new_dd = NULL;
    set_slot(&FSLOT(r, SS_STREET), street_n);
    street_n = NULL;
    set_slot(&SLOT(r, HS_BETS), fresh[0]);
    set_slot(&SLOT(r, HS_ACTED), fresh[1]);
    set_slot(&SLOT(r, HS_ACTED_AT_RAISE), fresh[2]);
    set_slot(&SLOT(r, HS_ACTED_AT_BET), fresh[3]);
    set_slot(&SLOT(r, HS_CHECKED), fresh[4]);
    for (int k = 0; k < 5; k++) fresh[k] = NULL;
    PyObject **zeros[] = {&FSLOT(r, SS_FULL_BET_TO), &SLOT(r, HS_BET_TO), &FSLOT(r, SS_RAISES), &SLOT(r, HS_FULL_RAISES),
                          &FSLOT(r, SS_LAST_AGGRESSOR)};
    for (size_t k = 0; k < sizeof zeros / sizeof zeros[0]; k++) {
        Py_INCREF(st->zero);
        set_slot(zeros[k], st->zero);
    }
    Py_INCREF(args[3]);
    set_slot(&FSLOT(r, SS_MIN_RAISE), args[3]);
    set_slot(&SLOT(r, HS_ACTOR), actor_o);
    actor_o = NULL;
    got = Py_True;
    Py_INCREF(got);
    ok = 1;
    goto done;
fail_dealt: /* an error after the shoe dealt (MemoryError): raised, as the Python step would */
    ok = 0;
    Py_CLEAR(got);
fail:
done:
    for (int k = 0; k < 5; k++) Py_XDECREF(fresh[k]);
    Py_XDECREF(street_n);
    Py_XDECREF(actor_o);
    Py_XDECREF(burn_t);
    Py_XDECREF(board_t);
    Py_XDECREF(new_dd);
    Py_XDECREF(ev_burn);
    Py_XDECREF(ev_board);
    if (got) return got;
    if (PyErr_Occurred()) return NULL;
    (void)ok;
    if (!ok) PyErr_NoMemory();
    return NULL;
}

#define HOLDEM_VALUES_METHODS                                                                             \
    {"holdem_values", (PyCFunction)(void (*)(void))holdem_values, METH_FASTCALL,                         \
     "holdem_values(hole, folded, mucked, contrib, board, values, dead_ante, n_contending): the showdown " \
     "values of a plain hold'em round as FastSteps._py_values gives them, or False (not mine)."},

#define HOLDEM_STREET_METHODS                                                                             \
    {"holdem_street_slots", holdem_street_slots, METH_O,                                                 \
     "holdem_street_slots(indices): where holdem_street's slots are among the registered ones (pyeval.poker.fast)."}, \
    {"holdem_street", (PyCFunction)(void (*)(void))holdem_street, METH_FASTCALL,                         \
     "holdem_street(round, shoe_handle, nb, min_bet, lead): FastSteps._fast_street's step: True; False or "\
     "the dealt cards (a repeat), the round unchanged, when the Python step must run (pyeval.poker.fast)."},

#endif
