"""``pyeval._fastcall.holdem_values`` (csrc/python/pe_holdemfast.h; docs/decisions/
042-engine-calls-without-cffi.md) against its Python twin ``FastSteps._fast_values``: the same
answer on every input C takes, False (the twin runs) on every other, never a crash, no leaked
reference; and plain rounds score their showdown through it.
"""
from __future__ import annotations

import random
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from pyeval._bindings import _fastcall
from pyeval.errors import PyevalError
from pyeval.poker import PokerRules, Round
from pyeval.poker import fast as poker_fast
from pyeval.poker.fast import FastSteps
from pyeval.shoe import Shoe


def _args(ns: SimpleNamespace) -> tuple[Any, ...]:
    return (ns._hole, ns._folded, ns._mucked, ns._contrib, ns._board, ns._values, ns._dead_ante, ns._n_contending)


def _twin(ns: SimpleNamespace) -> Any:
    try:
        return FastSteps._fast_values(ns)  # type: ignore[arg-type]
    except (PyevalError, ValueError, TypeError, IndexError) as exc:
        return type(exc)


@st.composite
def _spots(draw: st.DrawFn, junk: bool) -> SimpleNamespace:
    n = draw(st.integers(2, 9))
    cards = draw(st.permutations(range(52)))
    card = st.sampled_from([-1, 52, -2, True, 3.0, None]) if junk else st.nothing()

    def c(i: int) -> Any:
        return draw(st.one_of(st.just(cards[i]), card)) if junk and draw(st.integers(0, 30)) == 0 else cards[i]

    hole = [(c(2 * i), c(2 * i + 1)) for i in range(n)]
    if junk and draw(st.booleans()):
        i = draw(st.integers(0, n - 1))
        hole[i] = draw(st.sampled_from([(hole[i][0],), [hole[i][0], hole[i][1]], (hole[i][0], hole[0][0]),
                                        (hole[i][0], hole[i][1], 5)]))
    board = [c(2 * n + j) for j in range(5)]
    if junk and draw(st.integers(0, 5)) == 0:
        board = draw(st.sampled_from([board[:4], board + [7], tuple(board), [board[0]] * 5]))
    folded = [draw(st.booleans()) for _ in range(n)]
    mucked = [draw(st.integers(0, 6)) == 0 for _ in range(n)]
    level = draw(st.integers(0, 3)) * 100
    contrib = [level if draw(st.booleans()) else draw(st.integers(0, 10**4)) for _ in range(n)]
    values = [draw(st.integers(-1, 7462)) for _ in range(n)]
    ns = SimpleNamespace(_hole=hole, _folded=folded, _mucked=mucked, _contrib=contrib, _board=board,
                         _values=values, _dead_ante=draw(st.sampled_from([0, 0, 0, 50, True, False])),
                         _n_contending=sum(1 for i in range(n) if not (folded[i] or mucked[i])), _n=n)
    if junk and draw(st.integers(0, 6)) == 0:
        name = draw(st.sampled_from(["_folded", "_mucked", "_contrib", "_values", "_dead_ante", "_n_contending"]))
        setattr(ns, name, draw(st.sampled_from([None, (), "x", [1] * n, [None] * n, 2**80, 1.5, [2**70] * n])))
    return ns


@settings(max_examples=300, deadline=None)
@given(_spots(junk=False))
def test_c_gives_the_twins_answer_on_round_shaped_input(ns: SimpleNamespace) -> None:
    got = _fastcall.holdem_values(*_args(ns))
    assert got is not False
    assert got == _twin(ns)


@settings(max_examples=300, deadline=None)
@given(_spots(junk=True))
def test_c_gives_the_twins_answer_or_declines_and_changes_nothing(ns: SimpleNamespace) -> None:
    before = repr(_args(ns))
    got = _fastcall.holdem_values(*_args(ns))
    assert repr(_args(ns)) == before  # nothing it was given changed
    if got is not False:
        assert got == _twin(ns)


@pytest.mark.parametrize("args", [(), (1,) * 7, (1,) * 9])
def test_wrong_argument_counts_raise(args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        _fastcall.holdem_values(*args)


def test_junk_declines() -> None:
    for junk in (None, 1, "x", (), {}, object()):
        for i in range(8):
            args = [[(0, 1), (2, 3)], [False, False], [False, False], [1, 1], [4, 5, 6, 7, 8], [-1, -1], 0, 2]
            args[i] = junk
            if i in (6, 7) and junk == 1:  # a dead ante of 1, one player contending: good input
                continue
            assert _fastcall.holdem_values(*args) is False


def test_results_hold_no_extra_references() -> None:
    marker = 10**30  # a big int: its own object, in the values list copied through
    args = [[(0, 1), (2, 3), (9, 10)], [False, False, True], [False, False, False], [5, 5, 1],
            [4, 5, 6, 7, 8], [-1, -1, marker], 0, 2]
    before = sys.getrefcount(marker)
    kept = [_fastcall.holdem_values(*args) for _ in range(100)]
    assert sys.getrefcount(marker) == before + 100
    del kept
    assert sys.getrefcount(marker) == before


def test_plain_rounds_score_their_showdown_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = poker_fast._VALUES

    def spy(*a: Any) -> Any:
        got = real(*a)
        calls.append(got is not False)
        return got

    monkeypatch.setattr(poker_fast, "_VALUES", spy)
    monkeypatch.setattr(FastSteps, "_fast_values", lambda self: pytest.fail("the Python twin ran"))
    rules = PokerRules(seats=6, blinds=(50, 100), min_bet=100)
    shoe = Shoe(seed=8)
    rng = random.Random(1)
    for _ in range(30):
        shoe.shuffle()
        r = Round(rules, [rng.choice([300, 10_000]) for _ in range(6)], shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while not r.awarded:
            while r.actor is not None:
                r.check_or_call()
            r.run_dealer()
    assert calls and all(calls)
