"""The C evaluator called from numba nopython code (pyeval.jit): a numba loop calling pyeval per
hand against the same numba loop calling nothing (summing the cards), so the difference is the
evaluation plus the call. Skips without numba. Run: ``pytest benchmarks/bench_jit.py``."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval

numba = pytest.importorskip("numba")
from pyeval import jit  # noqa: E402

N = 1_000_000
HANDS = np.ascontiguousarray(pyeval.deal_batch(N, 7, seed=3), dtype=np.uint8)


@numba.njit(nogil=True)
def _with_pyeval(h):  # type: ignore[no-untyped-def]
    s = 0
    for i in range(h.shape[0]):
        s += jit.eval7(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4], h[i, 5], h[i, 6])
    return s


@numba.njit(nogil=True)
def _without(h):  # type: ignore[no-untyped-def]
    s = 0
    for i in range(h.shape[0]):
        s += h[i, 0] + h[i, 1] + h[i, 2] + h[i, 3] + h[i, 4] + h[i, 5] + h[i, 6]
    return s


@numba.njit(nogil=True)
def _batch(h, out):  # type: ignore[no-untyped-def]
    return jit.eval_batch(h, out)


@pytest.mark.benchmark(group="numba loop, 7-card hands")
def test_pyeval_numba_loop_eval7(benchmark, record):
    _with_pyeval(HANDS[:10])
    record(benchmark, N)
    benchmark(_with_pyeval, HANDS)


@pytest.mark.benchmark(group="numba loop, 7-card hands")
def test_pyeval_numba_eval_batch(benchmark, record):
    out = np.empty(N, np.uint16)
    _batch(HANDS[:10], out)
    record(benchmark, N)
    benchmark(_batch, HANDS, out)


@pytest.mark.benchmark(group="numba loop, 7-card hands")
def test_numba_loop_calling_nothing(benchmark, record):
    _without(HANDS[:10])
    record(benchmark, N)
    benchmark(_without, HANDS)
