"""CI guard against large throughput regressions, independent of the machine's absolute speed.

Measures, in one process, rates whose ratios are stable on any machine:
  * batch evaluation vs the single-call loop (guards the C batch kernel),
  * the single-call fast path vs the cffi path (guards pyeval._fastcall),
  * per-call equity against eval7 (guards pyeval._eqfast / pe_eq_spot; :func:`check_equity`).
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


# ---- per-call equity against eval7 (issue 20 item 2): rows that must stay ahead ------------------

#: pyeval's per-call equity must stay at least this much faster than eval7 on every row: the median
#: over interleaved rounds of eval7's CPU time / pyeval's, in one process. A margin above x1.0, yet
#: far below what this machine measures (x1.5-x3 for the river and Monte Carlo rows, x100+ for turn
#: and flop), so noise on a loaded 2-core machine does not trip it and a real regression does.
EQUITY_FLOORS = {
    "equity exact river (hand vs one combo)": 1.1,
    "equity exact turn": 5.0,
    "equity exact flop": 20.0,
    "equity Monte Carlo 1,000 trials preflop": 1.1,
    "equity Monte Carlo 1,000 trials vs random": 1.1,
    "equity all hands vs range (1,000 trials)": 1.1,
}
EQUITY_ROUNDS = 15


def _cpu_per_call(f, calls: int) -> float:
    t = time.thread_time()
    for _ in range(calls):
        f()
    return (time.thread_time() - t) / calls


def equity_rows() -> dict[str, float] | None:
    """Median over EQUITY_ROUNDS interleaved rounds (eval7 first in odd rounds, pyeval first in even
    ones) of eval7's thread CPU time per call / pyeval's; None when eval7 is not installed."""
    try:
        import eval7  # type: ignore[import-not-found]
    except ImportError:
        return None
    import itertools
    import statistics

    from pyeval.cards import parse_cards
    from pyeval.equity import all_hands_vs_range, hand_vs_range

    C = eval7.Card
    board = "2c7d9sTh3c"
    hero, qq = [C("Ah"), C("Kh")], eval7.HandRange("QsQd").hands
    rand = eval7.HandRange("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32").hands
    hr, vr = eval7.HandRange("AA, KK, QQ, AKs").hands, eval7.HandRange("JJ-99, AQs").hands
    flop7 = [C(board[i:i + 2]) for i in range(0, 6, 2)]
    h, v = parse_cards("AhKh"), parse_cards("QsQd")

    def e7_exact(nb: int):  # eval7's complete-board call over every completion
        known = [C(board[i:i + 2]) for i in range(0, 2 * nb, 2)]
        used = {"Ah", "Kh", "Qs", "Qd"} | {str(c) for c in known}
        rest = [C(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
        boards = [known + list(x) for x in itertools.combinations(rest, 5 - nb)]
        f = eval7.py_hand_vs_range_exact
        return lambda: sum(f(hero, qq, b) for b in boards)

    def ours_exact(nb: int):
        b = parse_cards(board[:2 * nb])
        return lambda: hand_vs_range(h, v, b)

    rows = {  # name: (pyeval call, eval7 call, calls per timing)
        "equity exact river (hand vs one combo)": (ours_exact(5), e7_exact(5), 20_000),
        "equity exact turn": (ours_exact(4), e7_exact(4), 300),
        "equity exact flop": (ours_exact(3), e7_exact(3), 10),
        "equity Monte Carlo 1,000 trials preflop": (lambda: hand_vs_range(h, v, (), (), 1000),
                                                    lambda: eval7.py_hand_vs_range_monte_carlo(hero, qq, [], 1000), 100),
        "equity Monte Carlo 1,000 trials vs random": (lambda: hand_vs_range(h, "random", (), (), 1000),
                                                      lambda: eval7.py_hand_vs_range_monte_carlo(hero, rand, [], 1000), 40),
        "equity all hands vs range (1,000 trials)": (
            lambda: all_hands_vs_range("AA, KK, QQ, AKs", "JJ-99, AQs", "2c7d9s", (), 1000),
            lambda: eval7.py_all_hands_vs_range(hr, vr, flop7, 1000), 4),
    }
    out = {}
    for name, (ours, theirs, calls) in rows.items():
        ours(), theirs()  # warm: caches, first-touch pages
        ratios = []
        for r in range(EQUITY_ROUNDS):
            if r % 2:
                t7, tp = _cpu_per_call(theirs, calls), _cpu_per_call(ours, calls)
            else:
                tp, t7 = _cpu_per_call(ours, calls), _cpu_per_call(theirs, calls)
            ratios.append(t7 / max(tp, 1e-12))
        out[name] = statistics.median(ratios)
        q = statistics.quantiles(ratios, n=4)
        print(f"     {name}: pyeval {tp * 1e6:,.2f} us, eval7 {t7 * 1e6:,.2f} us per call (last round); "
              f"x{out[name]:.2f} median, quartiles x{q[0]:.2f}-x{q[2]:.2f} over {EQUITY_ROUNDS} rounds")
    return out


def check_equity() -> bool:
    """The per-call equity rows against their floors; True when all pass (or eval7 is absent)."""
    got = equity_rows()
    if got is None:
        print("skip equity per-call rows: eval7 is not installed (pip install eval7)")
        return True
    ok_all = True
    for name, value in got.items():
        ok = value >= EQUITY_FLOORS[name]
        ok_all &= ok
        print(f"{'ok  ' if ok else 'FAIL'} {name} (pyeval / eval7 speed): x{value:.2f} (floor x{EQUITY_FLOORS[name]})")
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
    failed |= not check_equity()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
