"""Issue 16 item 6: rounds and tables are read-only from outside (no live lists).

Every public attribute and property of a poker :class:`~pyeval.poker.Round` and
:class:`~pyeval.poker.Table`, a :class:`~pyeval.headsup.HeadsUpRound` and the criss-cross round and
table is walked in many states; every attempt to change what it returns (assigning the attribute,
assigning an item, calling a mutating method on a list, dict or set inside it, at any depth) must
either raise or leave the engine exactly as it was. The card sources (``source``, ``shoe``,
``deck``) are the caller's own objects, shared on purpose, and are not walked.
"""
from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.crisscross import CrissCrossRules, CrissCrossTable, ShufflerDeck
from pyeval.errors import IllegalActionError
from pyeval.headsup import HeadsUpRound
from pyeval.headsup.paytables import example_rules
from pyeval.poker import BettingStructure, PokerRules, Round, Table
from pyeval.poker.games import VARIANTS
from pyeval.shoe import Shoe

SHARED = frozenset({"source", "shoe", "deck"})  # the caller's card sources: shared, not copied
OWNED = frozenset({"round", "table"})  # another round or table: walked on its own
BIG = 10**6


def _freeze(v: Any, depth: int = 0) -> Any:
    """A deep, comparable picture of an engine's state (slots, dicts, nested objects)."""
    if depth > 6:
        return repr(v)
    if isinstance(v, Round):
        return v.snapshot()
    if isinstance(v, (Shoe, ShufflerDeck)):
        return ("source", id(v))
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x, depth + 1) for x in v)
    if isinstance(v, (dict, MappingProxyType)):
        return tuple(sorted(((repr(k), _freeze(x, depth + 1)) for k, x in v.items())))
    if isinstance(v, (set, frozenset)):
        return frozenset(v)
    names = [n for c in type(v).__mro__ for n in getattr(c, "__slots__", ())]
    if names or hasattr(v, "__dict__") and not isinstance(v, type):
        state = {n: getattr(v, n) for n in names if hasattr(v, n)}
        state.update(getattr(v, "__dict__", {}))
        if state and type(v).__module__.startswith("pyeval"):
            return (type(v).__name__,) + tuple((k, _freeze(x, depth + 1)) for k, x in sorted(state.items())
                                               if k not in SHARED and k not in ("_table", "_pay"))
    return v


def _public(obj: object) -> list[str]:
    """The public attributes and properties of ``obj`` (not its methods)."""
    out = []
    for name in dir(obj):
        if name.startswith("_"):
            continue
        attr = getattr(type(obj), name, None)
        if attr is not None and callable(attr) and not isinstance(attr, property):
            continue  # a method
        out.append(name)
    return out


def _attack(v: Any, depth: int = 0) -> None:
    """Try every way of changing ``v`` in place; what cannot be changed raises and is skipped."""
    if depth > 4:
        return
    if isinstance(v, list):
        v.append(BIG)
        v[0] = BIG
        v.clear()
    elif isinstance(v, dict):
        for k in list(v):
            _attack(v[k], depth + 1)
            v[k] = BIG
        v[BIG] = BIG
    elif isinstance(v, set):
        v.add(BIG)
        v.clear()
    elif isinstance(v, (tuple, frozenset)):
        if isinstance(v, tuple) and v:
            with pytest.raises(TypeError):
                v[0] = BIG  # type: ignore[index]
        for x in v:
            _attack(x, depth + 1)
    elif isinstance(v, MappingProxyType):
        with pytest.raises(TypeError):
            v[BIG] = BIG  # type: ignore[index]
        for x in v.values():
            _attack(x, depth + 1)
    elif hasattr(v, "__dict__") and type(v).__module__.startswith("pyeval") and not isinstance(v, type):
        for k, x in list(vars(v).items()):  # an object handed out (rules, a record): its public parts
            if not k.startswith("_"):
                _attack(x, depth + 1)


def _walk(obj: object) -> list[str]:
    """Attack every public attribute of ``obj``; the engine's state must not change. Returns the names."""
    before = _freeze(obj)
    names = _public(obj)
    for name in names:
        value = getattr(obj, name)
        with pytest.raises(AttributeError):
            setattr(obj, name, value)  # every public attribute is read-only
        if name not in SHARED and name not in OWNED:
            _attack(value)
    assert _freeze(obj) == before, f"changing what {type(obj).__name__}'s attributes returned reached the engine"
    return names


# ---- poker --------------------------------------------------------------------------------------
def _random_step(r: Round, rng: random.Random) -> None:
    if r.actor is not None:
        opts = r.betting_options()
        x = rng.random()
        if opts is not None and opts.can_raise and x < 0.3:
            r.bet_or_raise_to(rng.choice([opts.min_to, opts.max_to]))
        elif x < 0.9 or not r.can_fold():
            r.check_or_call()
        else:
            r.fold()
    elif r.can_discard():
        r.discard(r.hole[r._draw_queue[0]][:rng.randint(0, 2)])
    elif r.can_run_it(2) and rng.random() < 0.5:
        r.run_it(2)
    else:
        r.run_dealer()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), code=st.sampled_from(["T", "O/8", "7S", "2L3D", "5D"]))
def test_every_public_attribute_of_a_poker_round_is_read_only_in_every_state(seed: int, code: str) -> None:
    rng = random.Random(seed)
    v = VARIANTS[code]
    if v.stud:
        rules = PokerRules(seats=6, blinds=(), ante=1, bring_in=1, min_bet=2,
                           structure=BettingStructure.FIXED_LIMIT, variant=v)
    else:
        rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, variant=v,
                           structure=BettingStructure.NO_LIMIT if code in ("T", "5D") else BettingStructure.FIXED_LIMIT)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, [rng.randint(5, 80) for _ in range(rng.randint(2, 6))], shoe)
    names = _walk(r)
    assert {"stacks", "bets", "contrib", "hole", "board", "winnings", "actor", "rules"} <= set(names)
    for _ in range(200):
        if r.complete:
            break
        _random_step(r, rng)
        _walk(r)
    _walk(r)


def test_a_raise_beyond_the_real_stack_stays_refused_after_writing_to_stacks() -> None:
    shoe = Shoe(seed=4)
    shoe.shuffle()
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [100, 100, 100], shoe)
    r.run_dealer()
    assert r.actor == 2 and r.stacks == (99, 98, 100) and isinstance(r.stacks, tuple)
    with pytest.raises(TypeError):
        r.stacks[2] = BIG  # type: ignore[index]
    with pytest.raises(AttributeError):
        r.stacks = [100, 100, BIG]  # type: ignore[misc]
    copy_ = list(r.stacks)
    copy_[2] = BIG  # a copy the caller owns: the engine never sees it
    with pytest.raises(IllegalActionError):
        r.bet_or_raise_to(500_000)
    assert not r.can_bet_or_raise_to(500_000) and r.stacks == (99, 98, 100)
    for name in ("bets", "contrib", "folded", "hole", "board", "showdown_queue", "winnings"):
        assert isinstance(getattr(r, name), tuple), name


def test_every_public_attribute_of_a_poker_table_is_read_only() -> None:
    t = Table(PokerRules(seats=6, blinds=(1, 2), min_bet=2, max_min_bet_increase=4), {1: 100, 3: 100, 5: 100}, Shoe(seed=3))
    _walk(t)
    t.place_button(Shoe(seed=9))
    _walk(t)
    rnd = t.start_round()
    _walk(t)
    rng = random.Random(1)
    while not rnd.complete:
        _random_step(rnd, rng)
        _walk(t)
    t.end_round()
    t.agree_minimum_bet(4, agreed_by=[1, 3, 5])
    assert isinstance(t.minimum_bet_agreements, tuple) and isinstance(t.button_cards, MappingProxyType)
    _walk(t)


# ---- the house games --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_every_public_attribute_of_a_heads_up_round_is_read_only(seed: int) -> None:
    rng = random.Random(seed)
    rules = example_rules()
    rnd = HeadsUpRound(rules)
    _walk(rnd)
    for player in range(1, rng.randint(1, 4) + 1):
        rnd.place_wagers(player, 10, 10, rng.choice([0, 5]), rng.choice([0, 5]))
        _walk(rnd)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    while not rnd.complete:
        if rnd.to_act is not None:
            opts = list(rnd.raise_options())
            rnd.decide(rng.choice(opts) if opts and rng.random() < 0.4 else 0)
        elif rnd.can_deal():
            rnd.deal(shoe)
        elif rnd.can_burn_and_flop():
            rnd.burn_and_flop(shoe)
        elif rnd.can_burn_turn_and_river():
            rnd.burn_turn_and_river(shoe)
        elif rnd.can_expose_dealer():
            rnd.expose_dealer()
        else:
            rnd.settle_next()
        names = _walk(rnd)
    assert {"events", "wagers", "hole", "raised", "folded", "values", "phase"} <= set(names)
    assert isinstance(rnd.folded, frozenset) and isinstance(rnd.wagers, MappingProxyType)


@pytest.mark.parametrize("seed", range(12))
def test_every_public_attribute_of_a_criss_cross_round_and_table_is_read_only(seed: int) -> None:
    rng = random.Random(seed)
    t = CrissCrossTable(CrissCrossRules(min_ante=1), ShufflerDeck(seed=seed))
    _walk(t)
    for _ in range(2):
        rnd = t.new_round()
        for player in range(1, rng.randint(1, 4) + 1):
            rnd.place_wagers(player, 2, 2, rng.choice([0, 1]))
            _walk(rnd)
            _walk(t)
        rnd.no_more_bets()
        rnd.deal()
        _walk(rnd)
        if rnd.can_count_stub():
            rnd.count_stub() if t.stub_count_due or rng.random() < 0.5 else rnd.discard_stub()
        while not rnd.complete:
            if rnd.to_act is not None:
                m = rnd.legal_multiples()
                rnd.bet(rnd.to_act, rng.choice(m)) if rng.random() < 0.7 else rnd.fold(rnd.to_act)
            elif rnd.can_reveal():
                rnd.reveal()
            else:
                rnd.settle()
            names = _walk(rnd)
            _walk(t)
        assert {"players", "events", "record", "community", "phase"} <= set(names)
        assert rnd.record is not None and rnd.record is not rnd.record  # a copy each time
        seat = next(iter(rnd.players.values()))
        with pytest.raises(AttributeError):
            seat.ante = BIG  # type: ignore[misc]

