"""The heads-up and criss-cross fast step paths (docs/decisions/032-fast-step-paths.md) play, record,
refuse and settle exactly as the general paths do.

Each example plays the same scripted random rounds twice: once with the fast paths on (the
default) and once with them switched off (``FAST = False`` in the round and settlement modules),
and compares everything a caller can see after every step: the events, the phase, whose turn it
is, the settlements and records, and the class and text of every refusal (the scripts also try
bad input: a Raise off the options, a float, a bool, a step out of turn, a second wager). The
tables are shared across examples, so the settlement caches are hit as well as filled.
"""
from __future__ import annotations

import gc
import random
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pyeval import CATEGORY_RANGES, HandCategory
from pyeval.crisscross import CrissCrossRules, CrissCrossTable
from pyeval.crisscross import round as cc_round
from pyeval.crisscross.records import Misdeal
from pyeval.crisscross.rules import PAIR_OF_JACKS, PAIR_OF_SIXES, CrissCrossPaytable
from pyeval.errors import PyevalError, ShoeExhaustedError
from pyeval.headsup import HeadsUpRound, example_rules
from pyeval.headsup import round as hu_round
from pyeval.headsup import settle as hu_settle
from pyeval.headsup.rules import RaiseAmounts, Rounding
from pyeval.shoe import Shoe

HU_RULES = [
    example_rules(ante_min=1),
    example_rules(ante_min=1, rounding=Rounding.UP, raise_amounts=RaiseAmounts.WHOLE_MULTIPLES),
    example_rules(ante_min=2, rounding=Rounding.EXACT, payout_cap=400),
    example_rules(ante_min=1, pocket_bonus=None, trips_plus=None),
]


def _fast(monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    monkeypatch.setattr(hu_round, "FAST", on)
    monkeypatch.setattr(hu_settle, "FAST", on)
    monkeypatch.setattr(cc_round, "FAST", on)


def _try(log: list[Any], f: Any, *args: Any) -> Any:
    """Call a step; log its answer or the class and text of its refusal."""
    try:
        out = f(*args)
    except PyevalError as e:
        log.append(("refused", type(e).__name__, str(e)))
        return None
    log.append(("ok", out))
    return out


# ---------------------------------------------------------------------------------------------- heads-up
def _hu_script(rules_i: int, seed: int, rounds: int, narrow: bool = False) -> list[Any]:
    """``narrow``: one or two players, the smallest Ante (settlements repeat: the cache is hit)."""
    rules = HU_RULES[rules_i]
    rng = random.Random(seed)
    shoe = Shoe(seed=seed)
    log: list[Any] = []
    for _ in range(rounds):
        shoe.shuffle()
        rnd = HeadsUpRound(rules)
        for s in rng.sample(range(1, 3 if narrow else rules.positions + 1), rng.randint(1, 2 if narrow else rules.positions)):
            ante = rules.ante_min * 2 if narrow else rng.choice((rules.ante_min, rules.ante_min * 2, rules.ante_min * 5, 7))
            pb = rng.choice((0, 0, 5, 10)) if rules.pocket_bonus is not None else rng.choice((0, 0, 5))
            tp = rng.choice((0, 0, 5, 10)) if rules.trips_plus is not None else 0
            odds = ante if rng.random() < 0.95 else ante + 1
            if rng.random() < 0.05:
                _try(log, rnd.place_wagers, s, float(ante), ante, pb, tp)
            _try(log, rnd.place_wagers, s, ante, odds, pb, tp)
            if rng.random() < 0.05:
                _try(log, rnd.place_wagers, s, ante, ante, 0, 0)  # a second wager
            if rng.random() < 0.03:
                _try(log, rnd.place_wagers, True, ante, ante, 0, 0)
        if not rnd.can_deal():
            continue
        _try(log, rnd.deal, shoe)
        for step in (rnd.burn_and_flop, rnd.burn_turn_and_river, None):
            while rnd.to_act is not None:
                d = rnd.decision()
                u = rng.random()
                if u < 0.05:
                    _try(log, rnd.decide, d.ante * 9)  # above every cap
                elif u < 0.08:
                    _try(log, rnd.decide, True)
                elif u < 0.10:
                    _try(log, rnd.decide, float(d.options[0]))
                elif u < 0.12:
                    _try(log, rnd.check, d.player + 1)  # out of turn
                elif u < 0.14:
                    _try(log, rnd.raise_wager, d.player, d.options[-1] + 1)
                a = rng.choice(list(d.options)) if rng.random() < 0.4 else 0
                _try(log, rnd.decide, a)
                log.append((rnd.phase, rnd.to_act, rnd.street))
            if step is not None:
                if rng.random() < 0.1:
                    shoe.shuffle()  # mid-round: the step may draw cards already on the table (refused)
                _try(log, step, shoe)
                log.append(rnd.board)
        _try(log, rnd.expose_dealer)
        if rng.random() < 0.5:
            _try(log, rnd.settle_next)
        _try(log, rnd.settle)
        log.append((rnd.events, rnd.settlement, rnd.record(), rnd.values, rnd.dealer_value, rnd.burns))
        log.append(HeadsUpRound.replay(rules, rnd.events).events == rnd.events)
    return log


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules_i=st.integers(0, len(HU_RULES) - 1), seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 25),
       narrow=st.booleans())
def test_headsup_fast_paths_play_as_the_general_paths(monkeypatch: pytest.MonkeyPatch, rules_i: int, seed: int,
                                                       rounds: int, narrow: bool) -> None:
    _fast(monkeypatch, True)
    fast = _hu_script(rules_i, seed, rounds * (8 if narrow else 1), narrow)
    _fast(monkeypatch, False)
    slow = _hu_script(rules_i, seed, rounds * (8 if narrow else 1), narrow)
    assert fast == slow


def test_headsup_settlement_cache_is_hit_and_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many rounds at one table: the cache serves settlements (it is not just filled), and every
    one equals the settlement computed afresh."""
    rules = example_rules(ante_min=1)
    computed = []
    real = hu_settle.settle_player

    def counting(*a: Any, **k: Any) -> Any:
        computed.append(1)
        return real(*a, **k)

    monkeypatch.setattr(hu_settle, "settle_player", counting)
    _fast(monkeypatch, True)
    rnd_settled = 0
    shoe = Shoe(seed=4)
    for _ in range(400):
        shoe.shuffle()
        rnd = HeadsUpRound(rules)
        rnd.place_wagers(1, 5, 5, 5, 5)
        rnd.run(shoe, lambda d: d.options[-1] if d.street < 2 and d.hole[0] >> 2 > 8 else 0)
        rnd_settled += 1
    assert 0 < len(computed) < rnd_settled / 2
    fast = _hu_script(0, 11, 300)
    _fast(monkeypatch, False)
    assert _hu_script(0, 11, 300) == fast


def test_burn_and_deal_is_burn_then_deal() -> None:
    """The dealer's fused step (one C call) gives the cards of ``burn()`` then ``deal(k)``; when the
    shoe is short it raises the same error class and changes nothing (all or nothing)."""
    a, b = Shoe(seed=9), Shoe(seed=9)
    a.shuffle()
    b.shuffle()
    for k in (3, 2, 0, 6):
        assert a._burn_and_deal(k) == (b.burn(), *b.deal(k))
        assert a.remaining == b.remaining and a.discards == b.discards
    a.deal(a.remaining - 2)
    b.deal(b.remaining - 2)
    left, rack = a.remaining, a.discards
    with pytest.raises(ShoeExhaustedError):
        a._burn_and_deal(3)
    with pytest.raises(ShoeExhaustedError):
        b.burn()
        b.deal(3)
    assert a.remaining == left == 2 and a.discards == rack


# ---------------------------------------------------------------------------------------------- criss-cross
_TWO_PAIR = CATEGORY_RANGES[HandCategory.TWO_PAIR][0]
_ODD_ODDS = CrissCrossPaytable.of("odd odds", [("Two Pair or better", _TWO_PAIR, Fraction(5, 2)),
                                               ("Jacks or better", PAIR_OF_JACKS, Fraction(3, 2)),
                                               ("Sixes or better", PAIR_OF_SIXES, 0)])
CC_RULES = [CrissCrossRules(), CrissCrossRules(equal_antes=False),
            # odds that leave fractions (rounded down), no Bonus, other multiples
            CrissCrossRules(main_paytable=_ODD_ODDS, ante_paytable=_ODD_ODDS, bonus_offered=False, min_ante=3,
                            across_multiples=(1, 2, 4), middle_multiples=(2, 5)),
            # Antes around C's exact range (2**32): some rounds settle in C, some in Python
            CrissCrossRules(min_ante=2**31, max_ante=2**34, equal_antes=False, bonus_paytable=_ODD_ODDS)]


def _cc_script(rules_i: int, seed: int, rounds: int, narrow: bool = False) -> list[Any]:
    """``narrow``: one or two players, the smallest Ante, mostly the smallest multiple (so that
    settlements repeat and the table's cache is hit)."""
    rules = CC_RULES[rules_i]
    table = CrissCrossTable(rules, seed=seed)
    rng = random.Random(seed)
    log: list[Any] = []
    for _ in range(rounds):
        if table.deck_removed:
            break
        rnd = table.new_round()
        for s in rng.sample(range(1, 3 if narrow else rules.positions + 1), rng.randint(1, 2 if narrow else rules.positions)):
            a = rules.min_ante if narrow else rng.choice((rules.min_ante, rules.min_ante * 2, rules.min_ante * 3))
            ad = a if rules.equal_antes or rng.random() < 0.5 else rules.min_ante
            bonus = rng.choice((0, 0, rules.min_bonus)) if rules.bonus_offered else 0
            if rng.random() < 0.04:
                _try(log, rnd.place_wagers, s, a, ad + 1, bonus)
            if rng.random() < 0.04:
                _try(log, rnd.place_wagers, s, float(a), ad, bonus)
            _try(log, rnd.place_wagers, s, a, ad, bonus)
            if rng.random() < 0.04:
                _try(log, rnd.place_wagers, s, a, ad, bonus)  # a second wager
        _try(log, rnd.no_more_bets)
        misdeal = None
        if rng.random() < 0.03:
            misdeal = Misdeal(rng.choice([None, *sorted(rnd.players)]), rng.random() < 0.5)
        _try(log, lambda: rnd.deal(misdeal=misdeal))
        if rnd.complete:
            log.append(rnd.record)
            continue
        if table.stub_count_due or rng.random() < 0.2:
            _try(log, rnd.count_stub)
        else:
            _try(log, rnd.discard_stub)
        if rnd.complete:
            log.append(rnd.record)
            continue
        for _d in range(3):
            while (s := rnd.to_act) is not None:
                allowed = rnd.legal_multiples()
                u = rng.random()
                if u < 0.04:
                    _try(log, rnd.bet, s, max(allowed) + 1)
                elif u < 0.07:
                    _try(log, rnd.bet, s, True)
                elif u < 0.09:
                    _try(log, rnd.bet, s + 1, allowed[0])  # out of turn (or no such player)
                elif u < 0.11:
                    _try(log, rnd.reveal)  # decisions pending
                if rng.random() < 0.15:
                    _try(log, rnd.fold, s)
                else:
                    _try(log, rnd.bet, s, allowed[0] if narrow and rng.random() < 0.8 else rng.choice(allowed))
                log.append((rnd.phase, rnd.to_act, rnd.decision))
            _try(log, rnd.reveal)
        if rng.random() < 0.05:
            _try(log, rnd.bet, 1, 1)  # no decision due
        _try(log, rnd.settle)
        rec = rnd.record
        log.append((rec, rnd.events, dict(rnd.players), None if rec is None else rec.house_net))
    return log


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules_i=st.integers(0, len(CC_RULES) - 1), seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 30),
       narrow=st.booleans())
def test_crisscross_fast_paths_play_as_the_general_paths(monkeypatch: pytest.MonkeyPatch, rules_i: int, seed: int,
                                                          rounds: int, narrow: bool) -> None:
    _fast(monkeypatch, True)
    fast = _cc_script(rules_i, seed, rounds * (10 if narrow else 1), narrow)
    _fast(monkeypatch, False)
    slow = _cc_script(rules_i, seed, rounds * (10 if narrow else 1), narrow)
    assert fast == slow


def _cc_at_settlement(rules: CrissCrossRules, seed: int, players: int) -> tuple[CrissCrossTable, Any]:
    table = CrissCrossTable(rules, seed=seed)
    rnd = table.new_round()
    for s in range(1, players + 1):
        rnd.place_wagers(s, rules.min_ante, rules.min_ante, rules.min_bonus if s % 2 else 0)
    rnd.no_more_bets()
    rnd.deal()
    rnd.count_stub()
    for d in range(3):
        while (s := rnd.to_act) is not None:
            if d == 1 and s == 2:
                rnd.fold(s)
            else:
                rnd.bet(s, rnd.legal_multiples()[-1])
        rnd.reveal()
    return table, rnd


def test_crisscross_c_steps_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a plain round the bets and the settlement are C's (the general path is not entered), and
    C's settlement is the general path's."""
    _fast(monkeypatch, True)
    _, rnd = _cc_at_settlement(CrissCrossRules(), 8, 4)
    got = cc_round._cc_settle(rnd, cc_round._c_plan(rnd._table._pay))
    assert got is not None
    monkeypatch.setattr(cc_round, "_settle_seat", None)  # the general settlement would fail
    monkeypatch.setattr(cc_round.CrissCrossRound, "_check_turn", None)  # and the general bet
    rec = rnd.settle()
    assert rec.results == got[0] and (rec.hole, rec.wagers, rec.multiples) == tuple(got[1:])
    monkeypatch.undo()
    _fast(monkeypatch, False)
    _, slow = _cc_at_settlement(CrissCrossRules(), 8, 4)
    assert slow.settle() == rec  # the whole record: results, mappings and every event (the C bets)


def test_crisscross_c_steps_refuse_what_they_do_not_know() -> None:
    """C answers False / None, and changes nothing, for anything but a plain round in the expected
    state: other objects, a slot of the wrong type, repeated cards, amounts beyond its exact range;
    bad plans raise. The Python step then runs (and refuses, or settles exactly)."""
    table, rnd = _cc_at_settlement(CrissCrossRules(), 3, 2)
    plan = cc_round._c_plan(table._pay)
    for junk in (None, 1, "x", object(), table, rnd._players[1]):
        assert cc_round._cc_settle(junk, plan) is None
        assert cc_round._cc_bet(junk, 1, 1) is False
        assert cc_round._cc_place(junk, 1, 5, 5, 0) is False
        assert cc_round._cc_reveal(junk) is None
    for bad_plan in (None, 1, object(), (b"",) * 3):
        assert cc_round._cc_settle(rnd, bad_plan) is None
    with pytest.raises(TypeError):
        cc_round._fastcall.cc_plan((b"x",), ())
    with pytest.raises(ValueError):
        cc_round._fastcall.cc_plan((bytes([1]) * 7463,) * 3, ((), (), ()))
    with pytest.raises(TypeError):
        cc_round._fastcall.cc_register(int, 1, (), int, 1, (), ())
    with pytest.raises(TypeError):  # only slotted Python classes on object (no C type's fields) are registered
        cc_round._fastcall.cc_register(property, property(), (None,) * 10, property, property(), (None,) * 6,
                                       (None,) * 15)
    events = list(rnd.events)
    assert cc_round._cc_bet(rnd, 1, 1) is False  # no decision due
    assert cc_round._cc_place(rnd, 3, 5, 5, 0) is False  # not the betting phase
    assert cc_round._cc_reveal(rnd) is None  # not a reveal phase
    seat = rnd._players[1]
    for attr, value in (("hole", rnd._players[2].hole), ("hole", (1, 2, 3)), ("hole", ("a", 1)), ("ante", 2**40),
                        ("bonus", -1), ("multiples", [1, None, 1]), ("folded", 0), ("ante", 5.0)):
        old = getattr(seat, attr)
        setattr(seat, attr, value)
        assert cc_round._cc_settle(rnd, plan) is None, (attr, value)
        setattr(seat, attr, old)
    for community in ((1, 2, 3), (0, 0, 1, 2, 3), (0, 1, 2, 3, 52), [0, 1, 2, 3, 4]):
        old_c = rnd._community
        rnd._community = community
        assert cc_round._cc_settle(rnd, plan) is None
        rnd._community = old_c
    assert rnd.events == events and rnd.phase is cc_round._P_SETTLEMENT
    big = CrissCrossRules(max_ante=2**34, max_bonus=2**34)  # amounts beyond C's range: Python settles
    table_b = CrissCrossTable(big, seed=4)
    r = table_b.new_round()
    r.place_wagers(1, 2**33, 2**33, 2**33)
    r.no_more_bets()
    r.deal()
    r.count_stub()
    for _d in range(3):
        r.bet(1, 3)
        r.reveal()
    assert cc_round._cc_settle(r, cc_round._c_plan(table_b._pay)) is None
    assert len(r.settle().results) == 6


def test_crisscross_c_steps_keep_reference_counts() -> None:
    """The C steps take and drop references exactly: an amount object (one int object, not a
    cached small int) is held by nothing once the rounds that used it are gone."""
    rules = CrissCrossRules(max_ante=10**7, max_bonus=10**7)
    ante, bonus = int("1234567"), int("7654321")

    def play(rounds: int) -> None:
        table = CrissCrossTable(rules, seed=12)
        for _ in range(rounds):
            rnd = table.new_round()
            for s in (1, 2, 3):
                rnd.place_wagers(s, ante, ante, bonus)
            rnd.no_more_bets()
            rnd.deal()
            rnd.count_stub() if table.stub_count_due else rnd.discard_stub()
            for _d in range(3):
                while (s := rnd.to_act) is not None:
                    if s == 2 and _d == 1:
                        rnd.fold(s)
                    else:
                        rnd.bet(s, 2)
                rnd.reveal()
            rnd.settle()

    play(1)
    gc.collect()
    base = (sys.getrefcount(ante), sys.getrefcount(bonus))
    play(30)
    gc.collect()
    assert (sys.getrefcount(ante), sys.getrefcount(bonus)) == base


@settings(max_examples=30, deadline=None)
@given(rules_i=st.integers(0, len(HU_RULES) - 1), seed=st.integers(0, 2**32 - 1), players=st.integers(1, 6))
def test_headsup_run_plays_as_the_steps(rules_i: int, seed: int, players: int) -> None:
    """``run`` (its decisions inlined) against the same rounds stepped by hand."""
    rules = HU_RULES[rules_i]

    def policy(d: Any) -> int:
        x = (d.hole[0] * 7 + d.hole[1] + d.street * 13 + len(d.board)) % 5
        return d.options[x % len(d.options)] if x < 2 else 0

    def play(auto: bool) -> list[Any]:
        shoe = Shoe(seed=seed)
        out: list[Any] = []
        for _ in range(20):
            shoe.shuffle()
            rnd = HeadsUpRound(rules)
            for s in range(1, players + 1):
                rnd.place_wagers(s, rules.ante_min * 2, rules.ante_min * 2, 0, 0)
            if auto:
                out.append(rnd.run(shoe, policy))
            else:
                rnd.deal(shoe)
                for step in (rnd.burn_and_flop, rnd.burn_turn_and_river, None):
                    while rnd.to_act is not None:
                        rnd.decide(policy(rnd.decision()))
                    if step is not None:
                        step(shoe)
                rnd.expose_dealer()
                out.append(rnd.settle())
            out.append(rnd.events)
        return out

    assert play(True) == play(False)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 6))
def test_crisscross_play_round_plays_as_the_steps(seed: int, players: int) -> None:
    """``play_round`` (its decisions inlined) against the same rounds stepped by hand."""
    from pyeval.crisscross import basic_strategy, play_round

    rules = CrissCrossRules()
    auto, manual = CrissCrossTable(rules, seed=seed), CrissCrossTable(rules, seed=seed)
    for _ in range(15):
        a = play_round(auto, {s: (rules.min_ante, rules.min_bonus) for s in range(1, players + 1)})
        rnd = manual.new_round()
        for s in range(1, players + 1):
            rnd.place_wagers(s, rules.min_ante, rules.min_ante, rules.min_bonus)
        rnd.no_more_bets()
        rnd.deal()
        rnd.count_stub() if manual.stub_count_due else rnd.discard_stub()
        if not rnd.complete:
            c = rnd.community
            known: tuple[Any, Any] = ((), ())
            for d, nxt in ((0, ((c[1], c[3]), ())), (1, ((c[1], c[3]), (c[0], c[4]))), (2, None)):
                while (s := rnd.to_act) is not None:
                    m = basic_strategy(d, rnd.hole(s), *known)
                    rnd.bet(s, m) if m else rnd.fold(s)
                rnd.reveal()
                if nxt is not None:
                    known = nxt
            rnd.settle()
        assert a == rnd.record
