"""Evaluator throughput: pyeval against the peers a user would pick instead.

Run: ``pytest benchmarks/bench_eval.py`` (peers from ``pip install .[bench]``; each skipped when
missing). Every peer gets its natural input type, prepared outside the timed region.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import pyeval
from pyeval.hands.high import census

N_SINGLE = 20_000
N_BATCH = 1_000_000
RNG = np.random.default_rng(2026)
HANDS7 = np.argsort(RNG.random((N_BATCH, 52)), axis=1)[:, :7].astype(np.uint8)
TUPLES7 = [tuple(int(c) for c in row) for row in HANDS7[:N_SINGLE]]
TUPLES5 = [t[:5] for t in TUPLES7]
TEXT7 = [pyeval.format_cards(t).replace(" ", "") for t in TUPLES7]


def _loop(f, hands):
    for h in hands:
        f(h)


@pytest.mark.benchmark(group="single 7-card")
def test_pyeval_evaluate_7(benchmark, record):
    record(benchmark, N_SINGLE)
    benchmark(_loop, pyeval.evaluate, TUPLES7)


@pytest.mark.benchmark(group="single 7-card")
def test_pyeval_cffi_path_7(benchmark, record):
    """The same evaluation through the cffi call (what the fast path saves)."""
    from pyeval._bindings import lib

    f = lib.pe_eval7
    record(benchmark, N_SINGLE)
    benchmark(lambda: [f(*h) for h in TUPLES7])


@pytest.mark.benchmark(group="single 5-card")
def test_pyeval_evaluate_5(benchmark, record):
    record(benchmark, N_SINGLE)
    benchmark(_loop, pyeval.evaluate, TUPLES5)


@pytest.mark.benchmark(group="single 7-card")
def test_phevaluator_7(benchmark, record):
    ph = pytest.importorskip("phevaluator")
    f = ph.evaluate_cards  # same card encoding as pyeval
    record(benchmark, N_SINGLE)
    benchmark(lambda: [f(*h) for h in TUPLES7])


@pytest.mark.benchmark(group="single 5-card")
def test_phevaluator_5(benchmark, record):
    ph = pytest.importorskip("phevaluator")
    f = ph.evaluate_cards
    record(benchmark, N_SINGLE)
    benchmark(lambda: [f(*h) for h in TUPLES5])


@pytest.mark.benchmark(group="single 7-card")
def test_eval7_7(benchmark, record):
    eval7 = pytest.importorskip("eval7")
    hands = [[eval7.Card(pyeval.format_card(c)) for c in h] for h in TUPLES7]
    record(benchmark, N_SINGLE)
    benchmark(_loop, eval7.evaluate, hands)


@pytest.mark.benchmark(group="single 5-card")
def test_eval7_5(benchmark, record):
    eval7 = pytest.importorskip("eval7")
    hands = [[eval7.Card(pyeval.format_card(c)) for c in h] for h in TUPLES5]
    record(benchmark, N_SINGLE)
    benchmark(_loop, eval7.evaluate, hands)


@pytest.mark.benchmark(group="single 7-card")
def test_holdem_hand_evaluator_7(benchmark, record):
    hhe = pytest.importorskip("holdem_hand_evaluator")
    record(benchmark, N_SINGLE)
    benchmark(_loop, hhe.evaluate_hand, TEXT7)  # its API takes card text


@pytest.mark.benchmark(group="single 7-card")
def test_treys_7(benchmark, record):
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    hands = [([treys.Card.new(pyeval.format_card(c)) for c in h[:2]],
              [treys.Card.new(pyeval.format_card(c)) for c in h[2:]]) for h in TUPLES7[:2000]]
    record(benchmark, len(hands))
    benchmark(lambda: [ev.evaluate(b, h) for h, b in hands])


@pytest.mark.benchmark(group="batch 7-card, 1M random hands")
def test_pyeval_batch_7(benchmark, record):
    out = np.empty(N_BATCH, np.uint16)
    record(benchmark, N_BATCH)
    benchmark(pyeval.evaluate_batch, HANDS7, out)


@pytest.mark.benchmark(group="batch 7-card, 1M random hands")
def test_pyeval_batch_7_portable(benchmark, record, monkeypatch):
    """The portable kernel (``PYEVAL_BATCH_KERNEL=scalar``): CPUs without AVX2, AVX-512 or NEON
    run this one."""
    from pyeval.hands import high

    monkeypatch.setattr(high, "_MAX_KERNEL", high.BATCH_KERNELS.index("scalar"))
    out = np.empty(N_BATCH, np.uint16)
    record(benchmark, N_BATCH)
    benchmark(pyeval.evaluate_batch, HANDS7, out)


@pytest.mark.benchmark(group="batch 7-card, 1M random hands")
def test_pyeval_batch_7_two_threads(benchmark, record):
    """Two threads (the calling thread and one of the pool): against test_pyeval_batch_7, the
    thread scaling of a batch. Wall time: on a loaded machine it shows the load, not the scaling
    (docs/decisions/008-performance-against-ompeval.md measures CPU time per thread)."""
    out = np.empty(N_BATCH, np.uint16)
    record(benchmark, N_BATCH)
    benchmark(pyeval.evaluate_batch, HANDS7, out, threads=2)


@pytest.mark.benchmark(group="batch 7-card, 1M random hands")
def test_pyeval_batch_7_all_cores(benchmark, record):
    out = np.empty(N_BATCH, np.uint16)
    record(benchmark, N_BATCH)
    benchmark(pyeval.evaluate_batch, HANDS7, out, threads=0)


@pytest.mark.benchmark(group="batch 7-card, 1M random hands")
def test_phevaluator_loop_7(benchmark, record):
    """No peer has a batch call: phevaluator in a loop is what a user would write."""
    ph = pytest.importorskip("phevaluator")
    f = ph.evaluate_cards
    rows = [tuple(r) for r in HANDS7[:100_000].tolist()]
    record(benchmark, len(rows))
    benchmark.pedantic(lambda: [f(*h) for h in rows], rounds=3)


@pytest.mark.benchmark(group="exhaustive 7-card census")
def test_pyeval_census_7(benchmark, record):
    record(benchmark, 133_784_560)
    benchmark.pedantic(census, args=(7,), rounds=3)


def test_peers_agree_with_pyeval_on_order():
    """Sanity: the peers rank a sample the same way (so the comparison is apples to apples)."""
    ph = pytest.importorskip("phevaluator")
    sample = TUPLES7[:2000]
    ours = [pyeval.evaluate(h) for h in sample]
    theirs = [7463 - ph.evaluate_cards(*h) for h in sample]
    assert ours == theirs
    for a, b in itertools.islice(itertools.combinations(range(len(sample)), 2), 1000):
        assert (ours[a] > ours[b]) == (theirs[a] > theirs[b])
