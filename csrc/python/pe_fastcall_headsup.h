/* pe_fastcall_headsup.h - the heads-up settlement step of pyeval._fastcall (pe_fastcall_headsup.c). */
#ifndef PE_FASTCALL_HEADSUP_H
#define PE_FASTCALL_HEADSUP_H

/* hu_settle(to_settle, wagers, raised, folded, hole, values, dealer_value, dealer_aa_class, cache,
 * settled, events, consts) -> bool: HeadsUpRound.settle's records for every player still to settle,
 * from the table's cache; False, changing nothing, when the Python step must run. */
PyObject *pe_hu_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

/* tuple_of(cls, *items): a new instance of cls (a subclass of tuple) holding items, without the
 * class's Python-level __new__. */
PyObject *pe_hu_tuple_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

/* settlement_net(p): sum of the nets (field 3) of p's results (field 1). */
PyObject *pe_hu_net(PyObject *module, PyObject *p);

#endif
