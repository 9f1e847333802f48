/* pe_ccfast.h - the Criss-Cross Poker step fast paths of pyeval._fastcall (included by pe_fastcall.c
 * only; it uses its fast_state, state() and set_slot()). docs/decisions/036-criss-cross-c-steps.md.
 *
 * pyeval.crisscross.round's bet and settle on a plain round, each one C call; their Python twins
 * are the general path, and tests/test_fast_step_paths_house.py compares the two on random rounds.
 * The round's and the seats' slots are read at their offsets in the object (what a slot's member
 * descriptor does), found by cc_register as holdem_register finds the hold'em round's. Only an
 * instance of exactly the registered round type (and seats of exactly the registered seat type) is
 * touched. Every check comes first: anything unexpected (another type, a card out of range or
 * repeated, an amount too large for exact 64-bit arithmetic, a missing multiple) returns False /
 * None before any change, and the Python step runs and answers as it always did. */

enum { CR_TABLE, CR_PHASE, CR_PLAYERS, CR_COMMUNITY, CR_EVENTS, CR_ORDER, CR_PENDING, CR_D, CR_REVEALED, CR_FOLDS, CR_N };
enum { CS_ANTE, CS_ANTE_DOWN, CS_BONUS, CS_HOLE, CS_MULTIPLES, CS_FOLDED, CS_N };
/* cc_register's constants, by position in its tuple */
enum { CK_EVENT, CK_K_BET, CK_EMPTY, CK_REVEAL_PHASES, CK_RESULT, CK_WAGERS, CK_OUTCOMES, CK_S_MULTIPLES,
       CK_K_REVEAL, CK_DECISION_PHASES, CK_SETTLEMENT, CK_REVEAL_BOXES, CK_BETTING, CK_K_WAGERS, CK_S_WAGERS_OK,
       CK_N };
enum { CO_WIN, CO_PUSH, CO_LOSE };

#define CC_MAX_AMOUNT (1ll << 32) /* Antes and Bonus: staked * odds numerator fits in int64 */
#define CC_MAX_MULTIPLE 1000      /* CrissCrossRules allows bet multiples 1..1000 */
#define CC_MAX_ODDS (1ll << 20)   /* a paytable line's num and den (else the table settles in Python) */
#define CC_VALUES (PE_EVAL_CLASSES + 1)
#define CC_LINES 33 /* line ids 1..32 (pyeval.house.MAX_LINES), 0: no line */

#define RSLOT(obj, k) (*(PyObject **)((char *)(obj) + st->cc_roff[k]))
#define SSLOT(obj, k) (*(PyObject **)((char *)(obj) + st->cc_soff[k]))

/* A table's paytables for the C settlement (a capsule): per hand value the line id of the main,
 * the Ante and the Bonus paytable, and per line id its odds and label. */
typedef struct {
    uint8_t ix[3][CC_VALUES];
    long long num[3][CC_LINES], den[3][CC_LINES];
    PyObject *label[3][CC_LINES];
} cc_plan;

static const char CC_PLAN[] = "pyeval._fastcall.cc_plan";

/* a class written in Python directly on object (its instance layout: the header, then one object
 * pointer per slot), or a Python subclass of tuple (a NamedTuple) when tuple_sub */
static int cc_plain_class(PyObject *type, int tuple_sub)
{
    if (!PyType_Check(type) || !(PyType_GetFlags((PyTypeObject *)type) & Py_TPFLAGS_HEAPTYPE)) return 0;
    if (tuple_sub) return PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type);
    PyObject *base = PyObject_GetAttrString(type, "__base__"), *item = PyObject_GetAttrString(type, "__itemsize__");
    const int ok = base == (PyObject *)&PyBaseObject_Type && item && PyLong_Check(item) && PyLong_AsLong(item) == 0;
    Py_XDECREF(base);
    Py_XDECREF(item);
    PyErr_Clear();
    return ok;
}

/* find each sentinel's offset in the bare instance, exactly once */
static int cc_offsets(PyObject *type, PyObject *bare, PyObject *sentinels, Py_ssize_t *off, int n)
{
    if (!cc_plain_class(type, 0) || (PyObject *)Py_TYPE(bare) != type || !PyTuple_Check(sentinels)
        || PyTuple_Size(sentinels) != n) {
        PyErr_SetString(PyExc_TypeError, "cc_register: (a slotted class on object, bare instance, sentinels of the right size)");
        return -1;
    }
    PyObject *bs = PyObject_GetAttrString(type, "__basicsize__");
    if (!bs) return -1;
    const Py_ssize_t size = PyLong_AsSsize_t(bs);
    Py_DECREF(bs);
    if (size < 0) return -1;
    for (int k = 0; k < n; k++) {
        PyObject *want = PyTuple_GetItem(sentinels, k);
        Py_ssize_t found = -1;
        for (Py_ssize_t o = (Py_ssize_t)sizeof(PyObject); o + (Py_ssize_t)sizeof(PyObject *) <= size; o += sizeof(PyObject *)) {
            if (*(PyObject **)((char *)bare + o) == want) found = found >= 0 ? -2 : o;
        }
        if (found < 0) {
            PyErr_Format(PyExc_ValueError, "cc_register: slot %d not found exactly once", k);
            return -1;
        }
        off[k] = found;
    }
    return 0;
}

/* cc_register(round_type, bare_round, round_sentinels, seat_type, bare_seat, seat_sentinels, constants) */
static PyObject *cc_register(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 7 || !PyTuple_Check(args[6]) || PyTuple_Size(args[6]) != CK_N) {
        PyErr_SetString(PyExc_TypeError, "cc_register: 7 arguments, the last a tuple of CK_N constants");
        return NULL;
    }
    Py_ssize_t roff[CR_N], soff[CS_N];
    if (cc_offsets(args[0], args[1], args[2], roff, CR_N) < 0 || cc_offsets(args[3], args[4], args[5], soff, CS_N) < 0)
        return NULL;
    PyObject *k = args[6];
    PyObject *rp = PyTuple_GetItem(k, CK_REVEAL_PHASES), *w = PyTuple_GetItem(k, CK_WAGERS), *o = PyTuple_GetItem(k, CK_OUTCOMES);
    if (!cc_plain_class(PyTuple_GetItem(k, CK_EVENT), 1) || !cc_plain_class(PyTuple_GetItem(k, CK_RESULT), 1)
        || !PyTuple_Check(rp) || PyTuple_Size(rp) != 3 || !PyTuple_Check(w) || PyTuple_Size(w) != 6
        || !PyTuple_Check(o) || PyTuple_Size(o) != 3 || !PyUnicode_Check(PyTuple_GetItem(k, CK_S_MULTIPLES))
        || !PyTuple_Check(PyTuple_GetItem(k, CK_DECISION_PHASES)) || PyTuple_Size(PyTuple_GetItem(k, CK_DECISION_PHASES)) != 3
        || !PyTuple_Check(PyTuple_GetItem(k, CK_REVEAL_BOXES)) || PyTuple_Size(PyTuple_GetItem(k, CK_REVEAL_BOXES)) != 3
        || !PyUnicode_Check(PyTuple_GetItem(k, CK_S_WAGERS_OK))) {
        PyErr_SetString(PyExc_TypeError, "cc_register: bad constants");
        return NULL;
    }
    if (sizeof st->cc_roff != sizeof roff || sizeof st->cc_soff != sizeof soff) {
        PyErr_SetString(PyExc_SystemError, "cc_register: offset arrays out of step with CR_N / CS_N");
        return NULL;
    }
    memcpy(st->cc_roff, roff, sizeof roff);
    memcpy(st->cc_soff, soff, sizeof soff);
    Py_INCREF(args[0]);
    Py_INCREF(args[3]);
    Py_INCREF(k);
    set_slot(&st->cc_round_type, args[0]);
    set_slot(&st->cc_seat_type, args[3]);
    set_slot(&st->cc_consts, k);
    Py_RETURN_NONE;
}

#define CK(i) PyTuple_GetItem(st->cc_consts, (i))

/* an exact int in lo..hi, else -1 (no exception set) */
static long long cc_int(PyObject *v, long long lo, long long hi)
{
    if (!v || !PyLong_CheckExact(v)) return -1;
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return x < lo || x > hi ? -1 : x;
}

/* a tuple subclass instance (a NamedTuple: Event, CrissCrossWagerResult) of n new references;
 * NULL (items released) on failure */
static PyObject *cc_record(PyObject *type, PyObject **items, int n)
{
    for (int i = 0; i < n; i++)
        if (!items[i]) {
            for (int j = 0; j < n; j++) Py_XDECREF(items[j]);
            return NULL;
        }
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
    PyObject *t = alloc ? alloc((PyTypeObject *)type, n) : NULL;
    if (!t) {
        for (int j = 0; j < n; j++) Py_DECREF(items[j]);
        return NULL;
    }
    for (int i = 0; i < n; i++) PyTuple_SetItem(t, i, items[i]);
    return t;
}

static PyObject *cc_new_ref(PyObject *o)
{
    Py_XINCREF(o);
    return o;
}

/* cc_bet(round, player, multiple) -> bool: the bet of CrissCrossRound.bet by the player due, with
 * a multiple the table allows at this decision (pyeval/crisscross/round.py, the general path);
 * False, with nothing changed, for anything else. */
static PyObject *cc_bet(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 3 || !st->cc_round_type || (PyObject *)Py_TYPE(args[0]) != st->cc_round_type) Py_RETURN_FALSE;
    PyObject *r = args[0], *player = args[1], *multiple = args[2];
    PyObject *pending = RSLOT(r, CR_PENDING), *players = RSLOT(r, CR_PLAYERS), *events = RSLOT(r, CR_EVENTS);
    PyObject *table = RSLOT(r, CR_TABLE), *d_o = RSLOT(r, CR_D);
    if (!pending || !players || !events || !table || !PyList_CheckExact(pending) || !PyDict_CheckExact(players)
        || !PyList_CheckExact(events) || PyList_Size(pending) < 1 || !PyLong_CheckExact(player)
        || !PyLong_CheckExact(multiple))
        Py_RETURN_FALSE;
    const long long d = cc_int(d_o, 0, 2);
    PyObject *due = PyList_GetItem(pending, 0);
    if (d < 0 || !due || !PyLong_CheckExact(due)) Py_RETURN_FALSE;
    int same = PyObject_RichCompareBool(due, player, Py_EQ);
    if (same <= 0) {
        if (same < 0) PyErr_Clear();
        Py_RETURN_FALSE;
    }
    PyObject *all = PyObject_GetAttr(table, CK(CK_S_MULTIPLES)); /* table._multiples: rules.multiples(d) */
    if (!all) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    PyObject *allowed = PyTuple_Check(all) && PyTuple_Size(all) == 3 ? PyTuple_GetItem(all, (Py_ssize_t)d) : NULL;
    int ok = allowed && PyTuple_Check(allowed) ? PySequence_Contains(allowed, multiple) : 0;
    Py_DECREF(all); /* allowed is not used below */
    if (ok <= 0) {
        if (ok < 0) PyErr_Clear();
        Py_RETURN_FALSE;
    }
    PyObject *s = PyDict_GetItem(players, player);
    if (!s || (PyObject *)Py_TYPE(s) != st->cc_seat_type) Py_RETURN_FALSE;
    PyObject *mults = SSLOT(s, CS_MULTIPLES), *a_o = SSLOT(s, CS_ANTE), *ad_o = SSLOT(s, CS_ANTE_DOWN);
    if (!mults || !PyList_CheckExact(mults) || PyList_Size(mults) != 3 || !a_o || !ad_o || !PyLong_CheckExact(a_o)
        || !PyLong_CheckExact(ad_o))
        Py_RETURN_FALSE;
    PyObject *unit = d == 0 ? a_o : d == 1 ? ad_o : NULL; /* _bet_unit: the Middle's is the smaller Ante */
    if (!unit) {
        int less = PyObject_RichCompareBool(ad_o, a_o, Py_LT);
        if (less < 0) return NULL;
        unit = less ? ad_o : a_o;
    }
    /* every check is done: build the event, then change the round. The objects used after an
     * allocation are held (a collection there may run a finalizer that changes the round). */
    PyObject *held[7] = {pending, events, mults, d_o, multiple, player, unit};
    for (int i = 0; i < 7; i++) Py_INCREF(held[i]);
    PyObject *result = NULL;
    PyObject *items[5] = {cc_new_ref(CK(CK_K_BET)), cc_new_ref(player), PyNumber_Multiply(multiple, unit),
                          cc_new_ref(CK(CK_EMPTY)), PyTuple_Pack(2, d_o, multiple)};
    PyObject *ev = cc_record(CK(CK_EVENT), items, 5);
    if (!ev) goto done;
    const int appended = PyList_Append(events, ev);
    Py_DECREF(ev);
    if (appended < 0 || PyList_Size(mults) != 3) goto done;
    Py_INCREF(multiple);
    PyList_SetItem(mults, (Py_ssize_t)d, multiple);
    if (PyList_SetSlice(pending, 0, 1, NULL) < 0) goto done;
    if (PyList_Size(pending) == 0) {
        PyObject *ph = PyTuple_GetItem(CK(CK_REVEAL_PHASES), (Py_ssize_t)d);
        Py_INCREF(ph);
        set_slot(&RSLOT(r, CR_PHASE), ph);
    }
    result = cc_new_ref(Py_True);
done:
    for (int i = 0; i < 7; i++) Py_DECREF(held[i]);
    return result;
}

/* cc_reveal(round) -> the cards turned, or None with nothing changed: CrissCrossRound.reveal after
 * decision d (the reveal phase of the latest decision), when the Middle is next or no one folded
 * (then every player dealt in is due at the next decision, in dealing order). */
static PyObject *cc_reveal(PyObject *module, PyObject *r)
{
    fast_state *st = state(module);
    if (!st->cc_round_type || (PyObject *)Py_TYPE(r) != st->cc_round_type) Py_RETURN_NONE;
    PyObject *comm = RSLOT(r, CR_COMMUNITY), *revealed = RSLOT(r, CR_REVEALED), *events = RSLOT(r, CR_EVENTS);
    PyObject *order = RSLOT(r, CR_ORDER), *pending = RSLOT(r, CR_PENDING), *phase = RSLOT(r, CR_PHASE);
    const long long d = cc_int(RSLOT(r, CR_D), 0, 2), folds = cc_int(RSLOT(r, CR_FOLDS), 0, PY_SSIZE_T_MAX);
    if (d < 0 || folds < 0 || (folds && d < 2) || !comm || !PyTuple_CheckExact(comm) || PyTuple_Size(comm) != 5
        || !revealed || !PyTuple_CheckExact(revealed) || !events || !PyList_CheckExact(events) || !order
        || !PyList_CheckExact(order) || PyList_Size(order) < 1 || !pending || !PyList_CheckExact(pending)
        || phase != PyTuple_GetItem(CK(CK_REVEAL_PHASES), (Py_ssize_t)d))
        Py_RETURN_NONE;
    /* the objects used after an allocation are held (a collection may run a finalizer) */
    PyObject *held[5] = {comm, revealed, events, order, pending};
    for (int i = 0; i < 5; i++) Py_INCREF(held[i]);
    PyObject *boxes = PyTuple_GetItem(CK(CK_REVEAL_BOXES), (Py_ssize_t)d);
    PyObject *cards = d == 0 ? PyTuple_Pack(2, PyTuple_GetItem(comm, 1), PyTuple_GetItem(comm, 3))
                    : d == 1 ? PyTuple_Pack(2, PyTuple_GetItem(comm, 0), PyTuple_GetItem(comm, 4))
                             : PyTuple_Pack(1, PyTuple_GetItem(comm, 2));
    PyObject *now = cards ? PySequence_Concat(revealed, boxes) : NULL;
    PyObject *next_d = d < 2 ? PyLong_FromLongLong(d + 1) : NULL;
    PyObject *items[5] = {cc_new_ref(CK(CK_K_REVEAL)), cc_new_ref(Py_None), PyLong_FromLong(0), cc_new_ref(cards),
                          cc_new_ref(boxes)};
    PyObject *ev = cc_record(CK(CK_EVENT), items, 5);
    int ok = cards && now && ev && (d == 2 || next_d) && PyList_Append(events, ev) == 0;
    Py_XDECREF(ev);
    if (ok) { /* the event is recorded: the round moves on */
        set_slot(&RSLOT(r, CR_REVEALED), now);
        now = NULL;
        if (d == 2) {
            set_slot(&RSLOT(r, CR_PHASE), cc_new_ref(CK(CK_SETTLEMENT)));
        } else if (PyList_SetSlice(pending, 0, PyList_Size(pending), order) == 0) { /* _start_decision(d + 1), no one folded */
            set_slot(&RSLOT(r, CR_D), next_d);
            next_d = NULL;
            set_slot(&RSLOT(r, CR_PHASE), cc_new_ref(PyTuple_GetItem(CK(CK_DECISION_PHASES), (Py_ssize_t)(d + 1))));
        } else {
            ok = 0;
        }
    }
    Py_XDECREF(now);
    Py_XDECREF(next_d);
    for (int i = 0; i < 5; i++) Py_DECREF(held[i]);
    if (!ok) {
        Py_XDECREF(cards);
        return NULL;
    }
    return cards;
}

/* cc_to_act(round) -> the player due (pending[0]) or None: CrissCrossRound.to_act's getter */
static PyObject *cc_to_act(PyObject *module, PyObject *r)
{
    fast_state *st = state(module);
    PyObject *pending;
    if (st->cc_round_type && (PyObject *)Py_TYPE(r) == st->cc_round_type) {
        pending = RSLOT(r, CR_PENDING);
        Py_XINCREF(pending);
    } else {
        pending = PyObject_GetAttrString(r, "_pending");
    }
    if (!pending) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_AttributeError, "_pending");
        return NULL;
    }
    PyObject *res;
    if (PyList_CheckExact(pending)) {
        res = PyList_Size(pending) ? PyList_GetItem(pending, 0) : Py_None;
        Py_INCREF(res);
    } else {
        const int any = PyObject_IsTrue(pending);
        res = any < 0 ? NULL : any ? PySequence_GetItem(pending, 0) : cc_new_ref(Py_None);
    }
    Py_DECREF(pending);
    return res;
}

/* cc_place(round, player, ante_across, ante_down, bonus) -> bool: CrissCrossRound.place_wagers in
 * the betting phase for wagers of plain ints that already passed the table's full check
 * (table._wagers_ok) by a player who has none yet; False, with nothing changed, for anything else. */
static PyObject *cc_place(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 5 || !st->cc_round_type || (PyObject *)Py_TYPE(args[0]) != st->cc_round_type) Py_RETURN_FALSE;
    PyObject *r = args[0], *players = RSLOT(r, CR_PLAYERS), *events = RSLOT(r, CR_EVENTS), *table = RSLOT(r, CR_TABLE);
    for (int i = 1; i < 5; i++)
        if (!PyLong_CheckExact(args[i])) Py_RETURN_FALSE;
    if (RSLOT(r, CR_PHASE) != CK(CK_BETTING) || !players || !PyDict_CheckExact(players) || !events
        || !PyList_CheckExact(events) || !table)
        Py_RETURN_FALSE;
    int has = PyDict_Contains(players, args[1]);
    if (has != 0) {
        if (has < 0) PyErr_Clear();
        Py_RETURN_FALSE;
    }
    PyObject *ok = PyObject_GetAttr(table, CK(CK_S_WAGERS_OK));
    PyObject *key = ok && PySet_Check(ok) ? PyTuple_Pack(4, args[1], args[2], args[3], args[4]) : NULL;
    const int known = key ? PySet_Contains(ok, key) : 0;
    Py_XDECREF(key);
    Py_XDECREF(ok);
    if (known <= 0) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    /* every check is done: the seat (as _Seat.__init__ makes it) and the event; players and events
     * are held across the allocations (a collection may run a finalizer) */
    Py_INCREF(players);
    Py_INCREF(events);
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)st->cc_seat_type, Py_tp_alloc);
    PyObject *seat = alloc ? alloc((PyTypeObject *)st->cc_seat_type, 0) : NULL;
    PyObject *mults = PyList_New(3);
    PyObject *amount = PyNumber_Add(args[2], args[3]);
    PyObject *total = amount ? PyNumber_Add(amount, args[4]) : NULL;
    Py_XDECREF(amount);
    PyObject *items[5] = {cc_new_ref(CK(CK_K_WAGERS)), cc_new_ref(args[1]), total, cc_new_ref(CK(CK_EMPTY)),
                          PyTuple_Pack(3, args[2], args[3], args[4])};
    PyObject *ev = cc_record(CK(CK_EVENT), items, 5);
    PyObject *result = NULL;
    if (seat && mults && ev) {
        for (int i = 0; i < 3; i++) PyList_SetItem(mults, i, cc_new_ref(Py_None));
        SSLOT(seat, CS_ANTE) = cc_new_ref(args[2]);
        SSLOT(seat, CS_ANTE_DOWN) = cc_new_ref(args[3]);
        SSLOT(seat, CS_BONUS) = cc_new_ref(args[4]);
        SSLOT(seat, CS_HOLE) = cc_new_ref(CK(CK_EMPTY));
        SSLOT(seat, CS_MULTIPLES) = mults;
        SSLOT(seat, CS_FOLDED) = cc_new_ref(Py_False);
        mults = NULL;
        if (PyDict_SetItem(players, args[1], seat) == 0) {
            if (PyList_Append(events, ev) == 0) result = cc_new_ref(Py_True);
            else { /* take the seat back: nothing changed, the append's error stands */
                PyObject *et, *ev_, *tb;
                PyErr_Fetch(&et, &ev_, &tb);
                if (PyDict_DelItem(players, args[1]) < 0) PyErr_Clear();
                PyErr_Restore(et, ev_, tb);
            }
        }
    }
    Py_XDECREF(seat);
    Py_XDECREF(mults);
    Py_XDECREF(ev);
    Py_DECREF(players);
    Py_DECREF(events);
    return result;
}

static void cc_plan_free(PyObject *cap)
{
    cc_plan *p = (cc_plan *)PyCapsule_GetPointer(cap, CC_PLAN);
    if (!p) return;
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < CC_LINES; i++) Py_XDECREF(p->label[t][i]);
    PyMem_Free(p);
}

/* cc_plan(ids, lines) -> capsule or None: ids = three bytes objects of CC_VALUES line ids (main,
 * Ante, Bonus; 0 no line), lines = three tuples of (num, den, label) by line id - 1. None when a
 * line's odds are out of the exact 64-bit range (that table settles in Python). */
static PyObject *cc_make_plan(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyTuple_Check(args[0]) || !PyTuple_Check(args[1]) || PyTuple_Size(args[0]) != 3
        || PyTuple_Size(args[1]) != 3) {
        PyErr_SetString(PyExc_TypeError, "cc_plan(ids, lines): two 3-tuples");
        return NULL;
    }
    cc_plan *p = (cc_plan *)PyMem_Calloc(1, sizeof *p);
    if (!p) return PyErr_NoMemory();
    PyObject *cap = PyCapsule_New(p, CC_PLAN, cc_plan_free);
    if (!cap) {
        PyMem_Free(p);
        return NULL;
    }
    for (int t = 0; t < 3; t++) {
        PyObject *ids = PyTuple_GetItem(args[0], t), *lines = PyTuple_GetItem(args[1], t);
        if (!PyBytes_Check(ids) || PyBytes_Size(ids) != CC_VALUES || !PyTuple_Check(lines)
            || PyTuple_Size(lines) >= CC_LINES) {
            Py_DECREF(cap);
            PyErr_SetString(PyExc_TypeError, "cc_plan: bad ids or lines");
            return NULL;
        }
        const Py_ssize_t n = PyTuple_Size(lines);
        const char *b = PyBytes_AsString(ids);
        for (int v = 0; v < CC_VALUES; v++) {
            if ((uint8_t)b[v] > n) {
                Py_DECREF(cap);
                PyErr_SetString(PyExc_ValueError, "cc_plan: a line id beyond the lines");
                return NULL;
            }
            p->ix[t][v] = (uint8_t)b[v];
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *ln = PyTuple_GetItem(lines, i);
            if (!PyTuple_Check(ln) || PyTuple_Size(ln) != 3 || !PyUnicode_Check(PyTuple_GetItem(ln, 2))) {
                Py_DECREF(cap);
                PyErr_SetString(PyExc_TypeError, "cc_plan: a line is (num, den, label)");
                return NULL;
            }
            const long long num = cc_int(PyTuple_GetItem(ln, 0), 0, CC_MAX_ODDS);
            const long long den = cc_int(PyTuple_GetItem(ln, 1), 1, CC_MAX_ODDS);
            if (num < 0 || den < 1) {
                Py_DECREF(cap);
                Py_RETURN_NONE;
            }
            p->num[t][i + 1] = num;
            p->den[t][i + 1] = den;
            p->label[t][i + 1] = cc_new_ref(PyTuple_GetItem(ln, 2));
        }
    }
    return cap;
}

/* One wager result: the line (0: none) of table t settles staked chips (house.settle_line, rounded
 * down); lose_all: a folded hand's wager, lost whatever the line. */
static PyObject *cc_result(fast_state *st, const cc_plan *p, PyObject *player, int wager, long long staked, int t,
                           int line, int lose_all)
{
    int outcome;
    long long net;
    PyObject *label = Py_None;
    if (lose_all || line == 0) {
        outcome = CO_LOSE;
        net = -staked;
    } else {
        label = p->label[t][line];
        if (p->num[t][line] == 0) {
            outcome = CO_PUSH;
            net = 0;
        } else {
            outcome = CO_WIN;
            net = staked * p->num[t][line] / p->den[t][line]; /* floor: both non-negative */
        }
    }
    PyObject *items[6] = {cc_new_ref(player), cc_new_ref(PyTuple_GetItem(CK(CK_WAGERS), wager)),
                          PyLong_FromLongLong(staked), cc_new_ref(PyTuple_GetItem(CK(CK_OUTCOMES), outcome)),
                          PyLong_FromLongLong(net), cc_new_ref(label)};
    return cc_record(CK(CK_RESULT), items, 6);
}

typedef struct {
    PyObject *player, *seat, *hole, *o_a, *o_ad, *o_b, *mults; /* held from the end of the checks */
    long long a, ad, bonus, m[3]; /* m: -1 None */
    int folded;
    uint8_t h[2];
} cc_seat;

#define CC_MAX_SEATS 64

/* cc_settle(round, plan) -> (results, hole, wagers, multiples) or None: CrissCrossRound.settle's
 * results (the general path's _settle_seat for each player in dealing order) and the record's
 * three mappings (_close); None, with nothing changed, when anything is not as a plain round has it. */
static PyObject *cc_settle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    fast_state *st = state(module);
    if (nargs != 2 || !st->cc_round_type || (PyObject *)Py_TYPE(args[0]) != st->cc_round_type) Py_RETURN_NONE;
    const cc_plan *p = (const cc_plan *)PyCapsule_GetPointer(args[1], CC_PLAN);
    if (!p) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *r = args[0];
    PyObject *order = RSLOT(r, CR_ORDER), *players = RSLOT(r, CR_PLAYERS), *comm = RSLOT(r, CR_COMMUNITY);
    if (!order || !players || !comm || !PyList_CheckExact(order) || !PyDict_CheckExact(players)
        || !PyTuple_CheckExact(comm) || PyTuple_Size(comm) != 5)
        Py_RETURN_NONE;
    const Py_ssize_t n = PyList_Size(order);
    if (n < 0 || n > CC_MAX_SEATS) Py_RETURN_NONE;
    uint64_t seen = 0;
    uint8_t c[5];
    for (int i = 0; i < 5; i++) {
        const long long x = cc_int(PyTuple_GetItem(comm, i), 0, 51);
        if (x < 0 || (seen >> x) & 1) Py_RETURN_NONE;
        seen |= 1ull << x;
        c[i] = (uint8_t)x;
    }
    cc_seat seats[CC_MAX_SEATS];
    for (Py_ssize_t i = 0; i < n; i++) {
        cc_seat *z = &seats[i];
        z->player = PyList_GetItem(order, i);
        if (!z->player || !PyLong_CheckExact(z->player)) Py_RETURN_NONE;
        z->seat = PyDict_GetItem(players, z->player);
        if (!z->seat || (PyObject *)Py_TYPE(z->seat) != st->cc_seat_type) Py_RETURN_NONE;
        PyObject *s = z->seat, *mults = SSLOT(s, CS_MULTIPLES), *fo = SSLOT(s, CS_FOLDED);
        z->hole = SSLOT(s, CS_HOLE);
        z->mults = mults;
        z->o_a = SSLOT(s, CS_ANTE);
        z->o_ad = SSLOT(s, CS_ANTE_DOWN);
        z->o_b = SSLOT(s, CS_BONUS);
        z->a = cc_int(z->o_a, 1, CC_MAX_AMOUNT);
        z->ad = cc_int(z->o_ad, 1, CC_MAX_AMOUNT);
        z->bonus = cc_int(z->o_b, 0, CC_MAX_AMOUNT);
        if (z->a < 0 || z->ad < 0 || z->bonus < 0 || !mults || !PyList_CheckExact(mults) || PyList_Size(mults) != 3
            || (fo != Py_True && fo != Py_False) || !z->hole || !PyTuple_CheckExact(z->hole)
            || PyTuple_Size(z->hole) != 2)
            Py_RETURN_NONE;
        z->folded = fo == Py_True;
        for (int d = 0; d < 3; d++) {
            PyObject *m = PyList_GetItem(mults, d);
            z->m[d] = m == Py_None ? -1 : cc_int(m, 0, CC_MAX_MULTIPLE);
            if (z->m[d] < 0 && (m != Py_None || !z->folded)) Py_RETURN_NONE; /* a live hand has all three */
        }
        for (int j = 0; j < 2; j++) {
            const long long x = cc_int(PyTuple_GetItem(z->hole, j), 0, 51);
            if (x < 0 || (seen >> x) & 1) Py_RETURN_NONE;
            seen |= 1ull << x;
            z->h[j] = (uint8_t)x;
        }
    }
    /* every check is done: nothing below depends on anything but allocation. What is used after an
     * allocation is held (a collection may run a finalizer that changes the round). */
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject **h[6] = {&seats[i].player, &seats[i].hole, &seats[i].o_a, &seats[i].o_ad, &seats[i].o_b, &seats[i].mults};
        for (int j = 0; j < 6; j++) Py_INCREF(*h[j]);
    }
    PyObject *all = NULL;
    const int board_v = pe_eval_any_unchecked(c, 5);
    const int lb = p->ix[2][board_v];
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < n; i++) count += (seats[i].folded ? 2 + (seats[i].m[0] > 0) + (seats[i].m[1] > 0)
                                                 + (seats[i].m[2] > 0) : 5) + (seats[i].bonus != 0);
    PyObject *out = PyTuple_New(count), *hole = PyDict_New(), *wagers = PyDict_New(), *multiples = PyDict_New();
    if (!out || !hole || !wagers || !multiples) goto done;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        const cc_seat *z = &seats[i];
        const long long units[3] = {z->a, z->ad, z->a < z->ad ? z->a : z->ad};
        PyObject *res[6];
        int nr = 0;
        if (z->folded) {
            res[nr++] = cc_result(st, p, z->player, 0, z->a, 1, 0, 1);
            res[nr++] = cc_result(st, p, z->player, 1, z->ad, 1, 0, 1);
            for (int d = 0; d < 3; d++)
                if (z->m[d] > 0) res[nr++] = cc_result(st, p, z->player, 2 + d, z->m[d] * units[d], 0, 0, 1);
        } else {
            const uint8_t across[5] = {z->h[0], z->h[1], c[1], c[2], c[3]};
            const uint8_t down[5] = {z->h[0], z->h[1], c[0], c[2], c[4]};
            const int av = pe_eval_any_unchecked(across, 5), dv = pe_eval_any_unchecked(down, 5);
            const int best = av > dv ? av : dv;
            res[nr++] = cc_result(st, p, z->player, 0, z->a, 1, p->ix[1][av], 0);
            res[nr++] = cc_result(st, p, z->player, 1, z->ad, 1, p->ix[1][dv], 0);
            res[nr++] = cc_result(st, p, z->player, 2, z->m[0] * units[0], 0, p->ix[0][av], 0);
            res[nr++] = cc_result(st, p, z->player, 3, z->m[1] * units[1], 0, p->ix[0][dv], 0);
            res[nr++] = cc_result(st, p, z->player, 4, z->m[2] * units[2], 0, p->ix[0][best], 0);
        }
        if (z->bonus) res[nr++] = cc_result(st, p, z->player, 5, z->bonus, 2, lb, 0);
        int bad = 0;
        for (int j = 0; j < nr; j++) {
            if (!res[j]) bad = 1;
            else PyTuple_SetItem(out, k++, res[j]);
        }
        if (bad) goto done;
        /* the record's mappings (_close): hole cards, (ante, ante down, bonus), multiples */
        PyObject *w = PyTuple_Pack(3, z->o_a, z->o_ad, z->o_b);
        PyObject *m = PyList_AsTuple(z->mults);
        const int set = w && m && PyDict_SetItem(hole, z->player, z->hole) == 0
                        && PyDict_SetItem(wagers, z->player, w) == 0 && PyDict_SetItem(multiples, z->player, m) == 0;
        Py_XDECREF(w);
        Py_XDECREF(m);
        if (!set) goto done;
    }
    all = PyTuple_Pack(4, out, hole, wagers, multiples);
done:
    Py_XDECREF(out);
    Py_XDECREF(hole);
    Py_XDECREF(wagers);
    Py_XDECREF(multiples);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *h[6] = {seats[i].player, seats[i].hole, seats[i].o_a, seats[i].o_ad, seats[i].o_b, seats[i].mults};
        for (int j = 0; j < 6; j++) Py_DECREF(h[j]);
    }
    return all;
}

static int cc_traverse(fast_state *st, visitproc visit, void *arg)
{
    Py_VISIT(st->cc_round_type);
    Py_VISIT(st->cc_seat_type);
    Py_VISIT(st->cc_consts);
    return 0;
}

static void cc_clear(fast_state *st)
{
    Py_CLEAR(st->cc_round_type);
    Py_CLEAR(st->cc_seat_type);
    Py_CLEAR(st->cc_consts);
}

#define CC_METHODS                                                                                       \
    {"cc_register", (PyCFunction)(void (*)(void))cc_register, METH_FASTCALL,                            \
     "cc_register(round_type, bare, sentinels, seat_type, bare_seat, seat_sentinels, constants): where "  \
     "the criss-cross round's and seat's slots are (pyeval.crisscross.round)."},                          \
    {"cc_bet", (PyCFunction)(void (*)(void))cc_bet, METH_FASTCALL,                                      \
     "cc_bet(round, player, multiple) -> bool: the criss-cross bet of the player due, or False."},        \
    {"cc_reveal", cc_reveal, METH_O, "cc_reveal(round) -> the cards turned, or None."},                   \
    {"cc_place", (PyCFunction)(void (*)(void))cc_place, METH_FASTCALL,                                  \
     "cc_place(round, player, ante_across, ante_down, bonus) -> bool: known wagers placed, or False."},   \
    {"cc_to_act", cc_to_act, METH_O, "cc_to_act(round) -> the player due or None."},                      \
    {"cc_plan", (PyCFunction)(void (*)(void))cc_make_plan, METH_FASTCALL,                               \
     "cc_plan(ids, lines) -> capsule or None: a criss-cross table's paytables for cc_settle."},           \
    {"cc_settle", (PyCFunction)(void (*)(void))cc_settle, METH_FASTCALL,                                \
     "cc_settle(round, plan) -> (results, hole, wagers, multiples) or None."},
