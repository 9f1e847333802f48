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

#define HOLDEM_VALUES_METHODS                                                                             \
    {"holdem_values", (PyCFunction)(void (*)(void))holdem_values, METH_FASTCALL,                         \
     "holdem_values(hole, folded, mucked, contrib, board, values, dead_ante, n_contending): the showdown " \
     "values of a plain hold'em round as FastSteps._py_values gives them, or False (not mine)."},

#endif
