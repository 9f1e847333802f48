/*
 * pyeval._fastcall - the single-hand fast path of pyeval.evaluate, a CPython limited-API (abi3)
 * METH_FASTCALL function. A cffi call converts each of 7 int arguments separately (~150-200 ns a
 * call here); reading a tuple or list of small ints directly costs a fraction of that. Everything
 * that is not a tuple/list of 5..7 valid, distinct card ints is handed to the Python fallback
 * (pyeval.hands.high._evaluate_checked), which raises pyeval's precise errors or handles card text.
 *
 * No mutable C globals: the fallback lives in the module state (set once at import, under the GIL).
 */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>

#include "../pe_compat.h"
#include "../pe_eval_internal.h"

typedef struct {
    PyObject *fallback;
} fast_state;

static PyObject *call_fallback(PyObject *module, PyObject *cards)
{
    fast_state *st = (fast_state *)PyModule_GetState(module);
    if (!st || !st->fallback) {
        PyErr_SetString(PyExc_RuntimeError, "pyeval._fastcall used before set_fallback()");
        return NULL;
    }
    return PyObject_CallFunctionObjArgs(st->fallback, cards, NULL);
}

static PyObject *fast_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "evaluate() takes exactly one argument (cards)");
        return NULL;
    }
    PyObject *cards = args[0];
    int is_tuple = PyTuple_Check(cards);
    if (!is_tuple && !PyList_Check(cards)) return call_fallback(module, cards);
    const Py_ssize_t n = is_tuple ? PyTuple_Size(cards) : PyList_Size(cards);
    if (n < 5 || n > 7) return call_fallback(module, cards);
    uint8_t c[7];
    uint64_t sum = 0, any = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = is_tuple ? PyTuple_GetItem(cards, i) : PyList_GetItem(cards, i);
        if (!item || !PyLong_CheckExact(item)) return call_fallback(module, cards);
        const long v = PyLong_AsLong(item);
        if (v < 0 || v > 51) {
            PyErr_Clear(); /* overflow of a huge int: the fallback reports it */
            return call_fallback(module, cards);
        }
        c[i] = (uint8_t)v;
        sum += (uint64_t)1 << v;
        any |= (uint64_t)1 << v;
    }
    if (sum != any) return call_fallback(module, cards); /* a duplicate */
    return PyLong_FromLong(n == 7 ? pe_eval_unchecked7(c) : pe_eval_unchecked(c, (int)n));
}

static PyObject *set_fallback(PyObject *module, PyObject *func)
{
    if (!PyCallable_Check(func)) {
        PyErr_SetString(PyExc_TypeError, "fallback must be callable");
        return NULL;
    }
    fast_state *st = (fast_state *)PyModule_GetState(module);
    PyObject *old = st->fallback;
    Py_INCREF(func);
    st->fallback = func;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

static int fast_traverse(PyObject *m, visitproc visit, void *arg)
{
    fast_state *st = (fast_state *)PyModule_GetState(m);
    Py_VISIT(st->fallback);
    return 0;
}

static int fast_clear(PyObject *m)
{
    fast_state *st = (fast_state *)PyModule_GetState(m);
    Py_CLEAR(st->fallback);
    return 0;
}

#ifndef PE_SOURCE_HASH
#define PE_SOURCE_HASH "unknown"
#endif

static PyObject *source_hash(PyObject *module, PyObject *unused)
{
    return PyUnicode_FromString(PE_SOURCE_HASH);
}

static PyMethodDef fast_methods[] = {
    {"evaluate", (PyCFunction)(void (*)(void))fast_evaluate, METH_FASTCALL,
     "evaluate(cards)\n--\n\n"
     "Value of the best five-card hand among 5, 6 or 7 cards: an int 1..7462, higher is stronger\n"
     "(1 = 7-5-4-3-2 offsuit, 7462 = royal flush; Cactus Kev rank = 7463 - value).\n\n"
     "cards: a tuple or list of 5-7 distinct card ints 0..51 (rank * 4 + suit, 2c = 0, As = 51),\n"
     "or any other sequence of card ints, or card text such as 'As Ks Qs Js Ts 9h 9d'.\n\n"
     "Raises CardCountError (not 5-7 cards), InvalidCardError (a card outside 0..51 or bad\n"
     "text), DuplicateCardError (a card twice), CardTypeError (not ints or text).\n"
     "Source: the dealer's selection of the best five cards, 58 Pa. Code \u00a7 637a.11(k), \u00a7 677a.11(g)."},
    {"source_hash", source_hash, METH_NOARGS, "Hash of csrc/ this module was compiled from."},
    {"set_fallback", set_fallback, METH_O, "set_fallback(func): the Python path for other input."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "pyeval._fastcall", "Single-hand fast path of pyeval.evaluate.",
    sizeof(fast_state), fast_methods, NULL, fast_traverse, fast_clear, NULL,
};

PyMODINIT_FUNC PyInit__fastcall(void) { return PyModuleDef_Init(&fast_module); }
