"""Per-call equity (issue 20 item 2): one small spot per call, pyeval beside eval7 in each group.

Rows (each group: pyeval's per-call function, eval7's, and pyeval's ``equity()`` with exact Fractions):
  * exact AhKh vs one-combo range QsQd on the river, turn and flop. eval7's
    ``py_hand_vs_range_exact`` evaluates a complete (5-card) board only, so on the turn and flop
    eval7's row is what an eval7 user writes: that call over every river (44) or turn+river (990);
  * 1,000-trial Monte Carlo preflop, AhKh vs QsQd and AhKh vs a random hand (eval7: the 1,326-combo
    range ``22+, A2+, ..., 32``);
  * every hand of a range against a range on a flop (``AA, KK, QQ, AKs`` vs ``JJ-99, AQs``, 1,000
    trials per hand, as eval7's ``py_all_hands_vs_range``; and pyeval's exact form).
Inputs are prepared outside the timed call for both (eval7 Cards and hand lists, pyeval card ints).
Monte Carlo rows draw a fresh seed each call on both sides (pyeval ``seed=None``).

Run: ``python -m pytest benchmarks/bench_equity_percall.py`` (items = calls). The guard that keeps
these rows ahead is ``benchmarks/ratio_guard.py`` (interleaved rounds, medians, CPU time).
"""
from __future__ import annotations

import itertools

import pytest

from pyeval.cards import parse_cards
from pyeval.equity import all_hands_vs_range, equity, hand_vs_range

BOARD = "2c7d9sTh3c"
RANDOM_EVAL7 = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
HERO_RANGE, VILLAIN_RANGE, FLOP = "AA, KK, QQ, AKs", "JJ-99, AQs", "2c7d9s"
STREETS = {"river": 5, "turn": 4, "flop": 3}


def eval7_exact_runner(eval7, nboard: int):
    """eval7's exact hand vs range on a board of nboard cards: its complete-board call over every
    completion (one call on the river)."""
    C = eval7.Card
    hero, villain = [C("Ah"), C("Kh")], eval7.HandRange("QsQd").hands
    known = [C(BOARD[i:i + 2]) for i in range(0, 2 * nboard, 2)]
    used = {"Ah", "Kh", "Qs", "Qd"} | {str(c) for c in known}
    rest = [C(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    boards = [known + list(x) for x in itertools.combinations(rest, 5 - nboard)]
    f = eval7.py_hand_vs_range_exact
    if len(boards) == 1:
        b = boards[0]
        return lambda: f(hero, villain, b)

    def run() -> float:
        return sum(f(hero, villain, b) for b in boards) / len(boards)

    return run


@pytest.mark.parametrize("street", list(STREETS))
def test_pyeval_exact_hand_vs_range(benchmark, record, street):
    benchmark.group = f"equity per call: exact AhKh vs QsQd, {street} (calls/s)"
    record(benchmark, 1)
    h, v, b = parse_cards("AhKh"), parse_cards("QsQd"), parse_cards(BOARD[:2 * STREETS[street]])
    e = benchmark(hand_vs_range, h, v, b)
    assert e == float(equity(["AhKh", "QsQd"], b, exact=True).players[0].equity)


@pytest.mark.parametrize("street", list(STREETS))
def test_pyeval_equity_fractions(benchmark, record, street):
    benchmark.group = f"equity per call: exact AhKh vs QsQd, {street} (calls/s)"
    record(benchmark, 1)
    b = parse_cards(BOARD[:2 * STREETS[street]])
    benchmark(equity, ["AhKh", "QsQd"], b, exact=True)


@pytest.mark.parametrize("street", list(STREETS))
def test_eval7_exact_hand_vs_range(benchmark, record, street):
    eval7 = pytest.importorskip("eval7")
    benchmark.group = f"equity per call: exact AhKh vs QsQd, {street} (calls/s)"
    record(benchmark, 1)
    run = eval7_exact_runner(eval7, STREETS[street])
    e = benchmark(run)
    assert abs(e - hand_vs_range("AhKh", "QsQd", BOARD[:2 * STREETS[street]])) < 1e-6


@pytest.mark.parametrize("villain", ["QsQd", "random"])
def test_pyeval_monte_carlo_1000(benchmark, record, villain):
    benchmark.group = f"equity per call: 1,000-trial Monte Carlo preflop AhKh vs {villain} (calls/s)"
    record(benchmark, 1)
    h = parse_cards("AhKh")
    v = parse_cards(villain) if villain != "random" else "random"
    benchmark(hand_vs_range, h, v, (), (), 1000)


@pytest.mark.parametrize("villain", ["QsQd", "random"])
def test_pyeval_equity_monte_carlo_1000(benchmark, record, villain):
    benchmark.group = f"equity per call: 1,000-trial Monte Carlo preflop AhKh vs {villain} (calls/s)"
    record(benchmark, 1)
    benchmark(equity, ["AhKh", villain], trials=1000)


@pytest.mark.parametrize("villain", ["QsQd", "random"])
def test_eval7_monte_carlo_1000(benchmark, record, villain):
    eval7 = pytest.importorskip("eval7")
    benchmark.group = f"equity per call: 1,000-trial Monte Carlo preflop AhKh vs {villain} (calls/s)"
    record(benchmark, 1)
    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    v = eval7.HandRange(RANDOM_EVAL7 if villain == "random" else villain).hands
    benchmark(eval7.py_hand_vs_range_monte_carlo, hero, v, [], 1000)


def test_pyeval_all_hands_vs_range(benchmark, record):
    benchmark.group = "equity per call: all hands AA,KK,QQ,AKs vs JJ-99,AQs on 2c7d9s (calls/s)"
    record(benchmark, 1)
    got = benchmark(all_hands_vs_range, HERO_RANGE, VILLAIN_RANGE, FLOP, (), 1000)
    assert len(got) == 22


def test_pyeval_all_hands_vs_range_exact(benchmark, record):
    benchmark.group = "equity per call: all hands AA,KK,QQ,AKs vs JJ-99,AQs on 2c7d9s (calls/s)"
    record(benchmark, 1)
    benchmark(all_hands_vs_range, HERO_RANGE, VILLAIN_RANGE, FLOP)


def test_eval7_all_hands_vs_range(benchmark, record):
    eval7 = pytest.importorskip("eval7")
    benchmark.group = "equity per call: all hands AA,KK,QQ,AKs vs JJ-99,AQs on 2c7d9s (calls/s)"
    record(benchmark, 1)
    hero, villain = eval7.HandRange(HERO_RANGE).hands, eval7.HandRange(VILLAIN_RANGE).hands
    flop = [eval7.Card(FLOP[i:i + 2]) for i in range(0, 6, 2)]
    got = benchmark(eval7.py_all_hands_vs_range, hero, villain, flop, 1000)
    assert len(got) == 22
