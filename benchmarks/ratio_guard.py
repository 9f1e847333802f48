"""CI guard against throughput regressions, independent of the machine's absolute speed.

Measures, in one process, ratios that are stable on any machine:
  * batch evaluation vs the single-call loop (guards the C batch kernel),
  * the single-call fast path vs the cffi path (guards pyeval._fastcall),
  * every per-call row of issue 20 (``benchmarks/percall_rows.py``): pyeval against each installed
    peer (phevaluator, eval7, treys) on the same hands, one hand per call; pyeval must be at least
    as fast as each (ratio >= 1.0), and ``to_cactus_kev`` must cost at most half an ``evaluate``.

Robust on a noisy, shared 2-core machine: the implementations of a row are timed in alternation
(interleaved, in a shuffled order each round), each pass warm (after an untimed pass) and by the
thread's CPU time (time taken by other processes is not counted), a ratio is taken per round and the median of the rounds is compared
with the floor. A row whose median misses its floor is measured once more with twice the rounds
before it fails, so that one burst of load cannot fail CI; a real regression fails both times.
The batch floors are ~1/3 of what this machine measures; the per-call floors are the promise
itself (x1.0), which pyeval clears by a wide margin (x1.5-x50, see docs/benchmarks.md).
Exits 1 when a ratio is below its floor. Run: ``python benchmarks/ratio_guard.py``.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import pyeval
from pyeval._bindings import lib

sys.path.insert(0, str(Path(__file__).resolve().parent))
from percall_rows import CACTUS_ROW, Row, rows  # noqa: E402

FLOORS = {"batch / single-call loop": 5.0, "fast path / cffi path": 1.3}
#: pyeval's per-call rate over each peer's must be at least this (the promise of issue 20).
PER_CALL_FLOOR = 1.0
#: evaluate's net cost over to_cactus_kev's must be at least this (a conversion <= half an evaluation).
CACTUS_FLOOR = 2.0
ROUNDS = 9


def best_rate(f: Callable[[], object], items: int, repeat: int = 7) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return items / best


def _pass_time(f: Callable[[], object]) -> float:
    """CPU time of one warm pass: an untimed pass first brings this implementation's tables back
    into the caches (the previous implementation of the round evicted them), as in an engine's loop."""
    f()
    t = time.thread_time_ns()
    f()
    return float(time.thread_time_ns() - t)


def row_ratios(row: Row, rounds: int, rng: random.Random) -> dict[str, tuple[float, float, float]]:
    """Per peer: (median ratio peer time / pyeval time, lowest, highest) over ``rounds`` interleaved
    rounds. For the Cactus Kev row: evaluate's net time / to_cactus_kev's net time."""
    names = list(row.impls)
    for f in row.impls.values():  # warm up
        f()
    samples: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(rounds):
        rng.shuffle(names)
        times = {n: _pass_time(row.impls[n]) for n in names}
        for n in names:
            samples[n].append(times[n])
    out: dict[str, list[float]] = {}
    for r in range(rounds):
        if row.name == CACTUS_ROW:
            base = samples["abs(value) (the call overhead)"][r]
            conv = max(samples["pyeval to_cactus_kev(value)"][r] - base, 1.0)
            out.setdefault("pyeval evaluate(7 ints)", []).append((samples["pyeval evaluate(7 ints)"][r] - base) / conv)
        else:
            ours = samples[row.ours][r]
            for peer in row.must_beat:
                out.setdefault(peer, []).append(samples[peer][r] / ours)
    return {k: (statistics.median(v), min(v), max(v)) for k, v in out.items()}


def per_call(rng: random.Random) -> bool:
    """Every per-call row; True when all are at their floors."""
    ok_all = True
    the_rows = rows()
    peers = {n.split()[0] for r in the_rows for n in r.impls if not n.startswith("pyeval")} - {"abs(value)"}
    missing = sorted({"phevaluator", "eval7", "treys"} - peers)
    if missing:
        print(f"note: peers not installed, their per-call rows are not guarded: {', '.join(missing)}")
    for row in the_rows:
        floor = CACTUS_FLOOR if row.name == CACTUS_ROW else PER_CALL_FLOOR
        ratios = row_ratios(row, ROUNDS, rng)
        if any(med < floor for med, _, _ in ratios.values()):
            ratios = row_ratios(row, 2 * ROUNDS, rng)  # once more, longer: a burst of load is not a regression
        for peer, (med, lo, hi) in ratios.items():
            ok = med >= floor
            ok_all &= ok
            what = "evaluate / to_cactus_kev, net of the call" if row.name == CACTUS_ROW else f"pyeval over {peer}"
            print(f"{'ok  ' if ok else 'FAIL'} per call, {row.name}: {what}: x{med:.2f} "
                  f"(rounds x{lo:.2f}..x{hi:.2f}; floor {floor})")
    return ok_all


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
    failed |= not per_call(random.Random(20))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
