/* pe_fastcall_headsup.h - the heads-up settlement step of pyeval._fastcall (pe_fastcall_headsup.c). */
#ifndef PE_FASTCALL_HEADSUP_H
#define PE_FASTCALL_HEADSUP_H

/* hu_settle(to_settle, wagers, raised, folded, hole, values, dealer_value, dealer_aa_class, cache,
 * settled, events, consts) -> bool: HeadsUpRound.settle's records for every player still to settle,
 * from the table's cache; False, changing nothing, when the Python step must run. */
PyObject *pe_hu_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
