"""Workload run by tests/test_sanitizers.py against an AddressSanitizer/UBSan build of pyeval.

Drives every C entry point through the public Python API with valid and hostile input; any
out-of-bounds access or undefined behaviour aborts the process with a sanitizer report.
"""
from __future__ import annotations

import numpy as np

import pyeval

rng = np.random.default_rng(5)
errors = 0

# evaluator: single calls (fast path and cffi path), batch with arbitrary bytes, best_five
for _ in range(20_000):
    k = int(rng.integers(3, 10))
    cards = [int(x) for x in rng.integers(-5, 60, size=k)]
    for f in (pyeval.evaluate, pyeval.best_five):
        try:
            f(cards)
        except pyeval.PyevalError:
            errors += 1
for k in (5, 6, 7):
    junk = rng.integers(0, 256, size=(5000, k), dtype=np.uint8)
    try:
        pyeval.evaluate_batch(junk)
    except pyeval.PyevalError:
        errors += 1
    good = pyeval.deal_batch(20_000, k, seed=k)
    pyeval.evaluate_batch(good, threads=2)
for v in (-1, 0, 1, 7462, 7463):
    try:
        pyeval.describe(v)
    except pyeval.PyevalError:
        errors += 1

# variant evaluators (Omaha, lows, Badugi): single calls and batches of arbitrary bytes
from pyeval import hands as variants  # noqa: E402

for _ in range(5000):
    cards = [int(x) for x in rng.integers(-3, 60, size=int(rng.integers(3, 9)))]
    for f in (variants.evaluate_low_a5, variants.evaluate_low_a5_8, variants.evaluate_low_27,
              variants.evaluate_badugi):
        try:
            f(cards)
        except pyeval.PyevalError:
            errors += 1
    try:
        variants.evaluate_omaha(hole=cards[:4], board=cards[4:])
    except pyeval.PyevalError:
        errors += 1
for k, kind in ((5, "a5"), (7, "a5"), (5, "27"), (7, "a5_8")):
    try:
        variants.evaluate_low_batch(rng.integers(0, 256, size=(3000, k), dtype=np.uint8), kind=kind)
    except pyeval.PyevalError:
        errors += 1
    variants.evaluate_low_batch(pyeval.deal_batch(3000, k, seed=k), kind=kind)
for junk in (rng.integers(0, 256, size=(3000, 4), dtype=np.uint8), pyeval.deal_batch(3000, 4, seed=2)):
    try:
        variants.evaluate_badugi_batch(junk)
    except pyeval.PyevalError:
        errors += 1
for junk in (rng.integers(0, 256, size=(3000, 9), dtype=np.uint8), pyeval.deal_batch(3000, 9, seed=3)):
    try:
        variants.evaluate_omaha_batch(hole=junk[:, :4], board=junk[:, 4:])
    except pyeval.PyevalError:
        errors += 1

# the shoe: every operation, including ones that must be refused
shoe = pyeval.Shoe(decks=2, seed=9)
for step in range(2000):
    op = int(rng.integers(0, 6))
    try:
        if op == 0:
            shoe.shuffle()
        elif op == 1:
            shoe.cut()
        elif op == 2:
            shoe.burn()
        elif op == 3:
            shoe.deal(int(rng.integers(-2, 120)))
        elif op == 4:
            shoe.shuffle(pyeval.Riffle(int(rng.integers(1, 8))))
        else:
            shoe.cut(int(rng.integers(-10, 200)))
    except pyeval.PyevalError:
        errors += 1
# the shoe's calls through pyeval._fastcall (pe_shoefast.h): a real shoe's handle, and junk bytes as a shoe
from pyeval._bindings import _fastcall, ffi  # noqa: E402

for step in range(3000):
    h = shoe._h if step % 2 else _fastcall.shoe_handle(bytearray(rng.integers(0, 256, ffi.sizeof("pe_shoe"),
                                                                             dtype=np.uint8).tobytes()))
    for call in (lambda: _fastcall.shoe_deal(h, int(rng.integers(-2, 420))),
                 lambda: _fastcall.shoe_burn_deal(h, int(rng.integers(-1, 8))), lambda: _fastcall.shoe_shuffle(h),
                 lambda: _fastcall.shoe_deal(None, 1), lambda: _fastcall.shoe_handle(b"x")):
        try:
            call()
        except (TypeError, ValueError, BufferError):
            errors += 1
for step in range(3000):  # the hold'em showdown values (pe_holdemfast.h) on hands with junk among them
    n = int(rng.integers(1, 25))
    cs = [int(x) for x in rng.integers(-3, 55, size=2 * n + 5)]
    hole = [(cs[2 * i], cs[2 * i + 1]) if step % 7 else [cs[2 * i]] for i in range(n)]
    flags = [bool(x) for x in rng.integers(0, 2, size=n)]
    contrib = [int(x) for x in rng.integers(-5, 2**62, size=n)] if step % 5 else [None] * n
    _fastcall.holdem_values(hole, flags, flags[::-1], contrib, cs[2 * n:], [-1] * n, step % 3, int(rng.integers(-2, 9)))
pyeval.holdem_showdowns(20_000, players=6, seed=3)
pyeval.deal_batch(1000, 52, seed=1)

# game simulation paths and exact analyses in C
from pyeval.crisscross import sim as cc_sim  # noqa: E402
from pyeval.headsup import example_rules  # noqa: E402
from pyeval.headsup import sim as hu_sim  # noqa: E402

pyeval.simulate(hu_sim.HeadsUpSim(example_rules()), 20_000, seed=1)
pyeval.simulate(cc_sim.CrissCrossSim(), 20_000, seed=1)

# equity (exact with suit isomorphism and threads, Monte Carlo uniform/weighted) and enumeration
from pyeval import enumeration  # noqa: E402

pyeval.equity(["AKs,QQ+", "JJ-99,AQs:0.5", "72o"], board="Ah 7h 2c", exact=True, threads=2)
pyeval.equity(["AKs,QQ+", "JJ-99,AQs:0.5"], trials=50_000, seed=2, workers=1)
pyeval.equity(["AKs,QQ+", "random", "T9s"], trials=50_000, seed=2, workers=1)
for fixed, dead in (("", ""), ("As Ks Qs Js", "Ts"), ("2c 7d Jh Ah Ad", "3c")):
    enumeration.value_histogram(7 if len(fixed) > 2 else 5, fixed or None, dead or None)
for bad in ("As As", "Zz"):
    try:
        enumeration.value_histogram(7, bad)
    except pyeval.PyevalError:
        errors += 1

# issue 14: shoes and dealers shared by threads, copies, pickles and forks of secure sources
import os  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402,F401 - the tests below start threads

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_shoe_threads  # noqa: E402

for test, args in test_shoe_threads.SANITIZER_WORKLOAD:
    test(*args)
# The engines' step APIs with their C fast paths on (_fastcall: hold'em round fill, read-only views
# and check-or-call, heads-up settlement, criss-cross steps): the scripted rounds of the engine benchmark.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))
import engine_pair  # noqa: E402

for scripts in (engine_pair._holdem(pyeval), engine_pair._headsup(pyeval), engine_pair._crisscross(pyeval)):
    for script in scripts.values():
        script(60)
secure_check = pyeval.Shoe(secure=True)  # a secure=True shoe after all that: still secure
assert secure_check.secure

print("ok", errors)
