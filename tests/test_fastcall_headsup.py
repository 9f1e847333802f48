"""The heads-up round's C helpers in ``pyeval._fastcall`` (csrc/python/pe_fastcall_headsup.c;
docs/decisions/035-heads-up-steps-in-c.md): ``tuple_of`` builds records, ``settlement_net`` sums a
settlement, ``hu_settle`` settles from the table's cache. Each is checked against its Python twin,
on any input without a crash, and without leaking references; that the rounds settle exactly as
the general path does is tests/test_fast_step_paths_house.py's part.
"""
from __future__ import annotations

import sys
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings, strategies as st

from pyeval._bindings import _fastcall
from pyeval.contracts import Event
from pyeval.headsup import HeadsUpRound, example_rules
from pyeval.headsup import round as hu_round
from pyeval.headsup.settle import PlayerSettlement, RoundSettlement
from pyeval.shoe import Shoe


class _Pair(NamedTuple):
    a: int
    b: object


def test_tuple_of_builds_the_named_tuple_its_class_would() -> None:
    e = _fastcall.tuple_of(Event, "deal", None, 0, (1, 2), None)
    assert type(e) is Event and e == Event("deal", None, 0, (1, 2), None) and e.cards == (1, 2)
    assert _fastcall.tuple_of(_Pair, 1, "x") == _Pair(1, "x")
    assert hash(_fastcall.tuple_of(_Pair, 1, 2)) == hash(_Pair(1, 2))


@pytest.mark.parametrize("args", [(), (int, 1), (tuple, 1), (1, 2), ("Event",), (_Pair, *range(65))])
def test_tuple_of_refuses_anything_but_a_tuple_subclass(args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        _fastcall.tuple_of(*args)


def test_tuple_of_keeps_reference_counts() -> None:
    item = object()
    before = sys.getrefcount(item)
    made = [_fastcall.tuple_of(_Pair, 1, item) for _ in range(100)]
    assert sys.getrefcount(item) == before + 100
    del made
    assert sys.getrefcount(item) == before


@given(st.lists(st.integers(-10**30, 10**30), max_size=6))
def test_settlement_net_is_the_sum_of_the_results_nets(nets: list[int]) -> None:
    p = PlayerSettlement(1, tuple((0, 0, 0, n) for n in nets), 5, 6)
    assert p.net == sum(nets) == _fastcall.settlement_net(p)
    assert RoundSettlement((p, p)).house_net == -2 * sum(nets)


@pytest.mark.parametrize("bad", [3, None, (1,), (1, 5), (1, [(0, 0, 0)]), (1, [(0, 0, 0, "x")])])
def test_settlement_net_of_a_bad_shape_raises_as_python_would(bad: object) -> None:
    with pytest.raises((TypeError, IndexError)):
        _fastcall.settlement_net(bad)


_JUNK = st.one_of(st.none(), st.integers(-3, 8000), st.booleans(), st.text(max_size=2),
                  st.lists(st.integers(0, 7), max_size=3), st.dictionaries(st.integers(0, 7), st.integers(0, 9), max_size=3),
                  st.sets(st.integers(0, 7), max_size=3), st.tuples(st.integers(0, 60), st.integers(0, 60)))


@settings(max_examples=300, deadline=None)
@given(st.lists(_JUNK, min_size=0, max_size=13))
def test_hu_settle_on_any_arguments_declines_or_raises_a_type_error(args: list[Any]) -> None:
    try:
        assert _fastcall.hu_settle(*args) is False
    except TypeError:
        pass


_RULES = example_rules(ante_min=1)


def _round_at_settlement(seed: int, rules: Any = None) -> HeadsUpRound:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    rnd = HeadsUpRound(rules or example_rules(ante_min=1))
    for s in (1, 2):
        rnd.place_wagers(s, 10, 10, 5, 5)
    rnd.deal(shoe)
    for step in (rnd.burn_and_flop, rnd.burn_turn_and_river, None):
        while rnd.to_act is not None:
            rnd.decide(rnd.raise_options()[-1] if rnd.to_act == 1 else 0)
        if step is not None:
            step(shoe)
    rnd.expose_dealer()
    return rnd


def test_hu_settle_with_a_wrong_field_changes_nothing() -> None:
    rnd = _round_at_settlement(3)
    rules = rnd.rules
    args = [rnd._to_settle, rnd._wagers, rnd._raised, rnd._folded, rnd._hole, rnd._values, rnd._dealer_value,
            rules.plan.dealer_aa_class, {}, rnd._settled, rnd._events, hu_round._SETTLE_CONSTS]
    before = (list(rnd._to_settle), list(rnd._settled), list(rnd._events))
    assert _fastcall.hu_settle(*args) is False  # an empty cache: a miss
    for i, junk in [(1, {}), (5, {1: "x", 2: 7}), (6, 0), (7, 1), (11, ()), (11, hu_round._SETTLE_CONSTS[:-1])]:
        bad = list(args)
        bad[8] = rules._settle_cache
        bad[i] = junk
        assert _fastcall.hu_settle(*bad) is False
    assert (list(rnd._to_settle), list(rnd._settled), list(rnd._events)) == before


def test_the_rounds_settle_through_c_once_the_cache_holds_their_results(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    c_settle = hu_round._hu_settle

    def spy(*args: Any) -> bool:
        seen.append(c_settle(*args))
        return seen[-1]

    monkeypatch.setattr(hu_round, "_hu_settle", spy)
    for seed in range(60):
        _round_at_settlement(seed, _RULES).settle()
    assert True in seen and False in seen[:1]
