/*
 * pe_shoefast.h - the shoe's hot calls from pyeval._fastcall, without cffi (issue 25 item 5,
 * docs/decisions/042-shoe-calls-without-cffi.md). Included by pe_fastcall.c (it shares fast_state).
 *
 * A cffi call of the shoe releases and retakes the GIL, converts each argument, and finds the
 * function by name on the lib object: ~2-4 K instructions around a C call of a few hundred. Here
 * the same C functions (pe_shoe.h, compiled into pyeval._native: one copy of the code, its lock
 * word, fork generation and random stream) are called through their addresses, which
 * pyeval/shoe/_common.py hands over once (shoe_bind), with the GIL held (every call is bounded:
 * at most one shuffle of 416 cards).
 *
 * The shoe's memory is reached through a handle (shoe_handle): an object that holds a buffer
 * export of the shoe's C struct (cffi's ffi.buffer of the Shoe's pe_shoe *) for its whole life, so
 * the memory cannot go away under it. Any writable, contiguous, aligned buffer of exactly
 * sizeof(pe_shoe) bytes is accepted: the pe_shoe_* functions take the struct's lock and check its
 * invariants before every use (pe_shoe.c), so junk bytes give a status, never a read or write
 * outside the struct.
 *
 * Results: a tuple of card ints, or the negative pe_shoe status as an int (the caller retries a
 * PE_SHOE_ERR_BUSY as it does for cffi calls, and raises the others with its own messages).
 */
#ifndef PE_SHOEFAST_H
#define PE_SHOEFAST_H

#include <stdint.h>
#include "../pe_shoe.h"

typedef struct {
    PyObject_HEAD
    Py_buffer view; /* the shoe's struct, exported for the handle's life */
} shoe_handle;

static pe_shoe *handle_shoe(fast_state *st, PyObject *h)
{
    if (!st->sh_type || Py_TYPE(h) != (PyTypeObject *)st->sh_type) {
        PyErr_SetString(PyExc_TypeError, "expected a shoe handle (pyeval._fastcall.shoe_handle)");
        return NULL;
    }
    return (pe_shoe *)((shoe_handle *)h)->view.buf;
}

static void handle_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyBuffer_Release(&((shoe_handle *)self)->view);
    freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    f(self);
    Py_DECREF(tp);
}

static PyType_Slot handle_slots[] = {
    {Py_tp_dealloc, (void *)handle_dealloc},
    {Py_tp_doc, (void *)"A shoe's C struct, held for pyeval._fastcall's shoe calls (pyeval.shoe.Shoe._h)."},
    {0, NULL},
};

static PyType_Spec handle_spec = {
    "pyeval._fastcall.ShoeHandle", sizeof(shoe_handle), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    handle_slots,
};

/* shoe_bind(shuffle_all, deal, burn_deal_packed, abi, size): the addresses of pe_shoe_shuffle_all,
 * pe_shoe_deal and pe_shoe_burn_deal_packed in pyeval._native, checked against the ABI and struct
 * size this module was compiled with. Once per process: a second call is refused. */
static PyObject *shoe_bind(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "shoe_bind takes 5 arguments");
        return NULL;
    }
    if (st->sh_shuffle) {
        PyErr_SetString(PyExc_RuntimeError, "the shoe functions are bound already");
        return NULL;
    }
    void *fn[3];
    for (int i = 0; i < 3; i++) {
        if (!PyLong_CheckExact(args[i])) {
            PyErr_SetString(PyExc_TypeError, "shoe_bind takes function addresses as ints");
            return NULL;
        }
        fn[i] = PyLong_AsVoidPtr(args[i]);
        if (PyErr_Occurred()) return NULL;
        if (!fn[i]) {
            PyErr_SetString(PyExc_ValueError, "a null function address");
            return NULL;
        }
    }
    const long abi = PyLong_Check(args[3]) ? PyLong_AsLong(args[3]) : -1;
    const long size = PyLong_Check(args[4]) ? PyLong_AsLong(args[4]) : -1;
    if (PyErr_Occurred()) return NULL;
    if (abi != PE_SHOE_ABI || size != (long)sizeof(pe_shoe)) {
        PyErr_Format(PyExc_ValueError, "pyeval._native's shoe (ABI %ld, %ld bytes) is not the one pyeval._fastcall "
                     "was built with (ABI %d, %d bytes): rebuild both", abi, size, PE_SHOE_ABI, (int)sizeof(pe_shoe));
        return NULL;
    }
    st->sh_shuffle = (int (*)(pe_shoe *))fn[0];
    st->sh_deal = (int (*)(pe_shoe *, int, uint8_t *))fn[1];
    st->sh_burn_deal = (int64_t (*)(pe_shoe *, int))fn[2];
    Py_RETURN_NONE;
}

/* shoe_handle(buffer) -> a handle of the shoe struct the buffer exports. */
static PyObject *shoe_new_handle(PyObject *module, PyObject *buf)
{
    fast_state *st = state(module);
    if (!st->sh_type) {
        PyErr_SetString(PyExc_RuntimeError, "pyeval._fastcall is not initialised");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(buf, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.len != (Py_ssize_t)sizeof(pe_shoe) || ((uintptr_t)view.buf % _Alignof(pe_shoe)) != 0) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "a shoe handle needs an aligned buffer of %d bytes", (int)sizeof(pe_shoe));
        return NULL;
    }
    PyTypeObject *tp = (PyTypeObject *)st->sh_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(tp, Py_tp_alloc);
    shoe_handle *h = (shoe_handle *)alloc(tp, 0);
    if (!h) {
        PyBuffer_Release(&view);
        return NULL;
    }
    h->view = view;
    return (PyObject *)h;
}

/* A tuple of the n cards in c (each 0..255: a shoe's card bytes are 0..51 unless junk). */
static PyObject *cards_tuple(fast_state *st, const uint8_t *c, int n)
{
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = st->ints[c[i]];
        Py_INCREF(v);
        PyTuple_SetItem(t, i, v);
    }
    return t;
}

static int shoe_bound(fast_state *st)
{
    if (st->sh_shuffle) return 1;
    PyErr_SetString(PyExc_RuntimeError, "pyeval._fastcall's shoe functions are not bound (shoe_bind)");
    return 0;
}

/* shoe_deal(handle, k) -> the k cards off the top (pe_shoe_deal), or the negative status. */
static PyObject *shoe_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shoe_deal takes 2 arguments");
        return NULL;
    }
    pe_shoe *s = handle_shoe(st, args[0]);
    if (!s || !shoe_bound(st)) return NULL;
    const long k = PyLong_CheckExact(args[1]) ? PyLong_AsLong(args[1]) : -1;
    if (k < 0 || k > PE_SHOE_MAX_CARDS) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "shoe_deal takes a number of cards 0..416");
        }
        return NULL;
    }
    uint8_t c[PE_SHOE_MAX_CARDS];
    const int r = st->sh_deal(s, (int)k, c);
    if (r != PE_OK) return PyLong_FromLong(r < 0 ? r : PE_ERR_ARG);
    return cards_tuple(st, c, (int)k);
}

/* shoe_burn_deal(handle, k) -> the burn and k (0..6) cards (pe_shoe_burn_deal_packed), or the
 * negative status. */
static PyObject *shoe_burn_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shoe_burn_deal takes 2 arguments");
        return NULL;
    }
    pe_shoe *s = handle_shoe(st, args[0]);
    if (!s || !shoe_bound(st)) return NULL;
    const long k = PyLong_CheckExact(args[1]) ? PyLong_AsLong(args[1]) : -1;
    if (k < 0 || k > 6) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "shoe_burn_deal takes a number of cards 0..6");
        }
        return NULL;
    }
    const int64_t v = st->sh_burn_deal(s, (int)k);
    if (v < 0) return PyLong_FromLongLong(v);
    uint8_t c[8];
    for (int i = 0; i <= k; i++) c[i] = (uint8_t)(v >> (8 * i));
    return cards_tuple(st, c, (int)k + 1);
}

/* shoe_shuffle(handle) -> the status of pe_shoe_shuffle_all (0: gathered and shuffled). */
static PyObject *shoe_shuffle(PyObject *module, PyObject *h)
{
    fast_state *st = state(module);
    pe_shoe *s = handle_shoe(st, h);
    if (!s || !shoe_bound(st)) return NULL;
    return PyLong_FromLong(st->sh_shuffle(s));
}

#define SHOE_METHODS                                                                                     \
    {"shoe_bind", (PyCFunction)(void (*)(void))shoe_bind, METH_FASTCALL,                                 \
     "shoe_bind(shuffle_all, deal, burn_deal_packed, abi, size): the shoe functions of pyeval._native "   \
     "by address, once (pyeval.shoe._common)."},                                                          \
    {"shoe_handle", shoe_new_handle, METH_O,                                                              \
     "shoe_handle(buffer): a handle of the shoe struct the buffer exports (held while the handle lives)."}, \
    {"shoe_deal", (PyCFunction)(void (*)(void))shoe_deal, METH_FASTCALL,                                 \
     "shoe_deal(handle, k): pe_shoe_deal: a tuple of k cards, or the negative status."},                  \
    {"shoe_burn_deal", (PyCFunction)(void (*)(void))shoe_burn_deal, METH_FASTCALL,                       \
     "shoe_burn_deal(handle, k): pe_shoe_burn_deal_packed: a tuple of the burn and k (0..6) cards, or "   \
     "the negative status."},                                                                             \
    {"shoe_shuffle", shoe_shuffle, METH_O,                                                               \
     "shoe_shuffle(handle): pe_shoe_shuffle_all: gather and shuffle; the status (0: done)."},

#endif
