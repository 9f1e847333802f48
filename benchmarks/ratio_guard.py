"""CI guard against large throughput regressions, independent of the machine's absolute speed.

Measures, in one process, rates whose ratios are stable on any machine:
  * batch evaluation vs the single-call loop (guards the C batch kernel),
  * the single-call fast path vs the cffi path (guards pyeval._fastcall).
Exits 1 when a ratio falls below its floor (floors are ~1/3 of what this machine measures, so only
a real regression trips them). Run: ``python benchmarks/ratio_guard.py``.
"""
from __future__ import annotations

import sys
import time

import numpy as np

import pyeval
from pyeval._bindings import lib

FLOORS = {"batch / single-call loop": 5.0, "fast path / cffi path": 1.3}


def best_rate(f, items: int, repeat: int = 7) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return items / best


def main() -> int:
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)
    tuples = [tuple(r) for r in hands[:20_000].tolist()]
    out = np.empty(len(hands), np.uint16)
    ev, e7 = pyeval.evaluate, lib.pe_eval7
    batch = best_rate(lambda: pyeval.evaluate_batch(hands, out), len(hands))
    single = best_rate(lambda: [ev(h) for h in tuples], len(tuples))
    cffi_path = best_rate(lambda: [e7(*h) for h in tuples], len(tuples))
    ratios = {"batch / single-call loop": batch / single, "fast path / cffi path": single / cffi_path}
    print(f"batch {batch:,.0f}/s  single {single:,.0f}/s  cffi {cffi_path:,.0f}/s")
    failed = False
    for name, value in ratios.items():
        ok = value >= FLOORS[name]
        failed |= not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {value:.2f} (floor {FLOORS[name]})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
