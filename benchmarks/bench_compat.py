"""Per-call cost of the drop-in modules (pyeval.compat) against the originals they replace.

Two ways to run:

- ``python benchmarks/bench_compat.py``: the table quoted in docs/migration.md -- each row times
  the original and the compat call on the same 2,000 inputs, interleaved (original, compat,
  original, ...: 15 rounds), in CPU time; median microseconds per call and the ratio
  original / compat (> 1: the compat call is cheaper) with its spread (3rd..13th of 15 ratios).
- ``pytest benchmarks/bench_compat.py``: the same rows as pytest-benchmark groups.

Peers from ``pip install .[bench]`` (the script needs all three; pytest skips a missing one).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

N = 2000
_TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _hands(k: int, seed: int) -> list[list[str]]:
    rnd = random.Random(seed)
    return [rnd.sample(_TEXT, k) for _ in range(N)]


H7, H5, H9 = _hands(7, 1), _hands(5, 2), _hands(9, 3)
Row = tuple[str, Callable[[], Any], Callable[[], Any]]


def rows() -> Iterator[Row]:
    """(name, original loop, compat loop) for every row; the originals are imported here."""
    import eval7
    import phevaluator
    import treys

    import pyeval.compat.eval7 as ce
    import pyeval.compat.phevaluator as cp
    import pyeval.compat.treys as ct

    te, pe = treys.Evaluator(), ct.Evaluator()
    th = [([treys.Card.new(c) for c in h[:2]], [treys.Card.new(c) for c in h[2:]]) for h in H7]
    yield ("treys Evaluator().evaluate(hand, board), 7 cards", lambda: [te.evaluate(a, b) for a, b in th],
           lambda: [pe.evaluate(a, b) for a, b in th])
    tp = [([treys.Card.new(c) for c in h[:4]], [treys.Card.new(c) for c in h[4:]]) for h in H9]
    tpe, ppe = treys.PLOEvaluator(), ct.PLOEvaluator()
    yield ("treys PLOEvaluator().evaluate, 4 + 5 cards", lambda: [tpe.evaluate(a, b) for a, b in tp],
           lambda: [ppe.evaluate(a, b) for a, b in tp])
    yield ("treys Card.new(text) x7", lambda: [treys.Card.new(c) for h in H7 for c in h],
           lambda: [ct.Card.new(c) for h in H7 for c in h])
    i7 = [tuple(_TEXT.index(c) for c in h) for h in H7]
    i5 = [tuple(_TEXT.index(c) for c in h) for h in H5]
    i9 = [tuple(_TEXT.index(c) for c in h) for h in H9]
    f, g = phevaluator.evaluate_cards, cp.evaluate_cards
    yield "phevaluator evaluate_cards, 7 ints", lambda: [f(*h) for h in i7], lambda: [g(*h) for h in i7]
    yield "phevaluator evaluate_cards, 5 ints", lambda: [f(*h) for h in i5], lambda: [g(*h) for h in i5]
    yield "phevaluator evaluate_cards, 7 texts", lambda: [f(*h) for h in H7], lambda: [g(*h) for h in H7]
    fo, go = phevaluator.evaluate_omaha_cards, cp.evaluate_omaha_cards
    yield "phevaluator evaluate_omaha_cards, 9 ints", lambda: [fo(*h) for h in i9], lambda: [go(*h) for h in i9]
    e7 = [[eval7.Card(c) for c in h] for h in H7]
    p7 = [[ce.Card(c) for c in h] for h in H7]
    yield ("eval7 evaluate(cards), 7 Cards", lambda: [eval7.evaluate(h) for h in e7],
           lambda: [ce.evaluate(h) for h in p7])
    yield ("eval7 Card(text) x7", lambda: [eval7.Card(c) for h in H7 for c in h],
           lambda: [ce.Card(c) for h in H7 for c in h])
    values = [eval7.evaluate(h) for h in e7]
    yield ("eval7 handtype(value)", lambda: [eval7.handtype(v) for v in values],
           lambda: [ce.handtype(v) for v in values])
    rnd = random.Random(4)
    river = [rnd.sample(range(52), 9) for _ in range(20)]
    ex = [([eval7.Card(_TEXT[c]) for c in r[:2]], [((eval7.Card(_TEXT[r[2]]), eval7.Card(_TEXT[r[3]])), 1.0)],
           [eval7.Card(_TEXT[c]) for c in r[4:]]) for r in river]
    px = [([ce.Card(_TEXT[c]) for c in r[:2]], [((ce.Card(_TEXT[r[2]]), ce.Card(_TEXT[r[3]])), 1.0)],
           [ce.Card(_TEXT[c]) for c in r[4:]]) for r in river]
    yield ("eval7 py_hand_vs_range_exact, river, 1 combo", lambda: [eval7.py_hand_vs_range_exact(*a) for a in ex],
           lambda: [ce.py_hand_vs_range_exact(*a) for a in px])
    em = [(a[0], a[1], [], 1000) for a in ex]
    pm = [(a[0], a[1], [], 1000) for a in px]
    yield ("eval7 py_hand_vs_range_monte_carlo, preflop, 1,000", lambda: [eval7.py_hand_vs_range_monte_carlo(*a)
                                                                       for a in em],
           lambda: [ce.py_hand_vs_range_monte_carlo(*a) for a in pm])
    wide = "22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+"
    ew = [(a[0], eval7.HandRange(wide), a[2]) for a in ex]
    pw = [(a[0], ce.HandRange(wide), a[2]) for a in px]
    yield (f"eval7 py_hand_vs_range_exact, river, {len(pw[0][1])} combos",
           lambda: [eval7.py_hand_vs_range_exact(*a) for a in ew], lambda: [ce.py_hand_vs_range_exact(*a) for a in pw])


def _cpu(f: Callable[[], Any]) -> float:
    t = time.process_time()
    f()
    return time.process_time() - t


def main() -> int:
    print(f"{'row':52s} {'original':>10s} {'compat':>10s}  original/compat (spread)")
    for name, orig, comp in rows():
        calls = N * 7 if "x7" in name else 20 if "py_hand" in name else N
        a, b = [], []
        for _ in range(15):
            a.append(_cpu(orig))
            b.append(_cpu(comp))
        ratios = sorted(x / y for x, y in zip(a, b))
        ma, mb = statistics.median(a) / calls * 1e6, statistics.median(b) / calls * 1e6
        print(f"{name:52s} {ma:8.3f}us {mb:8.3f}us  x{ma / mb:6.2f} ({ratios[2]:.2f}-{ratios[-3]:.2f})")
    return 0


def _row(name: str) -> Row:
    for r in rows():
        if r[0] == name:
            return r
    raise KeyError(name)  # pragma: no cover


def _names() -> list[str]:
    return ["treys Evaluator().evaluate(hand, board), 7 cards", "phevaluator evaluate_cards, 7 ints",
            "phevaluator evaluate_cards, 7 texts", "phevaluator evaluate_omaha_cards, 9 ints",
            "eval7 evaluate(cards), 7 Cards", "eval7 handtype(value)"]


@pytest.mark.parametrize("name", _names())
@pytest.mark.parametrize("side", ["original", "compat"])
def test_compat_per_call(benchmark: Any, record: Any, name: str, side: str) -> None:
    for mod in ("eval7", "phevaluator", "treys"):
        pytest.importorskip(mod)
    benchmark.group = f"compat: {name}"
    _, orig, comp = _row(name)
    record(benchmark, N)
    benchmark(orig if side == "original" else comp)


if __name__ == "__main__":
    sys.exit(main())
