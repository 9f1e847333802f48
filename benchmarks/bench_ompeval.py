"""pyeval against native OMPEval (C++, github.com/zekyll/OMPEval) on identical work, one thread
each: batch 7- and 5-card evaluation, the 7-card census, exact and Monte Carlo equity.

Skips unless OMPEval's shim library is available: ``PYEVAL_OMPEVAL_LIB=/path/nat_omp.so``, or the
workspace's ``../shared/tools/perfbar/build_ompeval.sh`` (builds it from a fetched OMPEval at -O3).
Run: ``pytest benchmarks/bench_ompeval.py``; the summary prints each group's pyeval/OMPEval ratio.
The batch groups hold pyeval's default kernel, the AVX2 one (``test_pyeval_batch_avx2``: x86-64
CPUs without AVX-512; skipped without AVX2) and the portable one (``test_pyeval_batch_portable``:
``PYEVAL_BATCH_KERNEL=scalar``) side by side with OMPEval.
For interleaved rounds and median ratios use ``../shared/tools/perf-vs-ompeval``.
"""
from __future__ import annotations

import ctypes as C
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import pyeval

ROOT = Path(__file__).resolve().parent.parent
N = 2_000_000
HU = ["AhKh", "QsQd"]
RANGES = ["AKs,QQ+", "JJ-99,AQs"]


def _omp_ranges() -> list[str]:  # OMPEval reads "JJ-99" as "JJ": explicit combos for it
    s = "cdhs"

    def ex(pairs: str, suited: list[str]) -> str:
        out = [r + s[i] + r + s[j] for r in pairs for i in range(4) for j in range(i + 1, 4)]
        return ",".join(out + [hi + x + lo + x for hi, lo in suited for x in s])

    return [ex("QKA", ["AK"]), ex("JT9", ["AQ"])]


def _load() -> C.CDLL | None:
    path = os.environ.get("PYEVAL_OMPEVAL_LIB")
    script = ROOT.parent / "shared" / "tools" / "perfbar" / "build_ompeval.sh"
    if not path and script.exists():
        r = subprocess.run([str(script)], capture_output=True, text=True, timeout=600)
        path = r.stdout.strip() if r.returncode == 0 else None
    if not path or not Path(path).exists():
        return None
    lib = C.CDLL(path)
    lib.po_init()
    lib.po_batch.argtypes = [C.c_int, C.c_void_p, C.c_size_t, C.c_void_p]
    lib.po_enum7.argtypes = [C.c_void_p, C.POINTER(C.c_int)]
    lib.po_enum7.restype = C.c_uint64
    lib.po_equity.argtypes = [C.c_char_p, C.c_int, C.c_uint64, C.POINTER(C.c_double)]
    lib.po_equity.restype = C.c_int64
    return lib


OMP = _load()
pytestmark = pytest.mark.skipif(OMP is None, reason="OMPEval not available (set PYEVAL_OMPEVAL_LIB)")


def _omp_equity(ranges: list[str], exact: bool, limit: int = 0) -> float:
    eq = C.c_double()
    assert OMP.po_equity("\n".join(ranges).encode(), int(exact), limit, C.byref(eq)) > 0
    return eq.value


@pytest.mark.parametrize("k", [7, 5])
def test_pyeval_batch(benchmark, record, k):
    hands = np.ascontiguousarray(pyeval.deal_batch(N, k, seed=k), dtype=np.uint8)
    out = np.empty(N, np.uint16)
    benchmark.group = f"vs OMPEval: batch {k}-card"
    record(benchmark, N)
    benchmark(pyeval.evaluate_batch, hands, out, threads=1)


@pytest.mark.parametrize("k", [7, 5])
def test_pyeval_batch_avx2(benchmark, record, monkeypatch, k):
    """The AVX2 kernel, as ``PYEVAL_BATCH_KERNEL=avx2`` runs it: what x86-64 machines without
    AVX-512 (most laptops, many servers) get."""
    from pyeval.hands import high

    monkeypatch.setattr(high, "_MAX_KERNEL", high.BATCH_KERNELS.index("avx2"))
    if high.batch_kernel() != "avx2":
        pytest.skip("this CPU has no AVX2")
    hands = np.ascontiguousarray(pyeval.deal_batch(N, k, seed=k), dtype=np.uint8)
    out = np.empty(N, np.uint16)
    benchmark.group = f"vs OMPEval: batch {k}-card"
    record(benchmark, N)
    benchmark(pyeval.evaluate_batch, hands, out, threads=1)


@pytest.mark.parametrize("k", [7, 5])
def test_pyeval_batch_portable(benchmark, record, monkeypatch, k):
    """The portable (scalar) kernel, as ``PYEVAL_BATCH_KERNEL=scalar`` runs it on any CPU: what
    machines without AVX2, AVX-512 or NEON get."""
    from pyeval.hands import high

    monkeypatch.setattr(high, "_MAX_KERNEL", high.BATCH_KERNELS.index("scalar"))
    assert high.batch_kernel() == "scalar"
    hands = np.ascontiguousarray(pyeval.deal_batch(N, k, seed=k), dtype=np.uint8)
    out = np.empty(N, np.uint16)
    benchmark.group = f"vs OMPEval: batch {k}-card"
    record(benchmark, N)
    benchmark(pyeval.evaluate_batch, hands, out, threads=1)


@pytest.mark.parametrize("k", [7, 5])
def test_ompeval_batch(benchmark, record, k):
    hands = np.ascontiguousarray(pyeval.deal_batch(N, k, seed=k), dtype=np.uint8)
    out = np.empty(N, np.uint16)
    benchmark.group = f"vs OMPEval: batch {k}-card"
    record(benchmark, N)
    benchmark(OMP.po_batch, k, hands.ctypes.data, N, out.ctypes.data)


@pytest.mark.benchmark(group="vs OMPEval: census 7-card")
def test_pyeval_census(benchmark, record):
    record(benchmark, 133_784_560)
    benchmark.pedantic(pyeval.census, args=(7,), rounds=3)


@pytest.mark.benchmark(group="vs OMPEval: census 7-card")
def test_ompeval_census(benchmark, record):
    cat, classes = np.zeros(10, np.uint64), C.c_int()
    record(benchmark, 133_784_560)
    benchmark.pedantic(OMP.po_enum7, args=(cat.ctypes.data, C.byref(classes)), rounds=3)
    assert classes.value == 4824


@pytest.mark.benchmark(group="vs OMPEval: exact AhKh-QsQd")
def test_pyeval_exact_hu(benchmark, record):
    record(benchmark, 1)
    r = benchmark(pyeval.equity, HU, exact=True)
    assert abs(float(r.players[0].equity) - _omp_equity(HU, True)) < 1e-9


@pytest.mark.benchmark(group="vs OMPEval: exact AhKh-QsQd")
def test_pyeval_exact_hu_two_threads(benchmark, record):
    """The same spot on two threads: one deal, its boards split in two parts (pe_eq_spot_part)."""
    record(benchmark, 1)
    r = benchmark(pyeval.equity, HU, exact=True, threads=2)
    assert r.players == pyeval.equity(HU, exact=True).players


@pytest.mark.benchmark(group="vs OMPEval: exact AhKh-QsQd")
def test_ompeval_exact_hu(benchmark, record):
    record(benchmark, 1)
    benchmark(_omp_equity, HU, True)


@pytest.mark.benchmark(group="vs OMPEval: range exact")
def test_pyeval_range_exact(benchmark, record):
    record(benchmark, 1)
    r = benchmark.pedantic(pyeval.equity, args=(RANGES,), kwargs={"exact": True}, rounds=3)
    assert abs(float(r.players[0].equity) - _omp_equity(_omp_ranges(), True)) < 1e-9


@pytest.mark.benchmark(group="vs OMPEval: range exact")
def test_ompeval_range_exact(benchmark, record):
    record(benchmark, 1)
    benchmark.pedantic(_omp_equity, args=(_omp_ranges(), True), rounds=3)


@pytest.mark.parametrize("which", ["heads-up", "ranges"])
def test_pyeval_monte_carlo(benchmark, record, which):
    players = HU if which == "heads-up" else RANGES
    benchmark.group = f"vs OMPEval: Monte Carlo {which}"
    record(benchmark, 1_000_000)
    benchmark(pyeval.equity, players, trials=1_000_000, seed=1, streams=1, workers=1)


@pytest.mark.parametrize("which", ["heads-up", "ranges"])
def test_ompeval_monte_carlo(benchmark, record, which):
    players = HU if which == "heads-up" else _omp_ranges()
    benchmark.group = f"vs OMPEval: Monte Carlo {which}"
    record(benchmark, 1_000_000)  # OMPEval stops a little past its hand limit
    benchmark(_omp_equity, players, False, 1_000_000)
