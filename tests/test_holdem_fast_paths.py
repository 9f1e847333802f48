"""The hold'em fast paths (issue 25 item 5) against the general steps, on random scripted hands.

Every fast path of :class:`pyeval.poker.Round` (the fused dealer steps of :mod:`pyeval.poker.fast`,
the inlined next-actor search, the plain no-limit ``betting_options`` and ``bet_or_raise_to``) is
switched off for rounds made while ``pyeval.poker.state.FAST_PATHS`` is False. Hypothesis draws a
table, stacks and a script of steps (legal and illegal ones: out-of-turn players, bets below the
minimum or above the stakes, non-int amounts, steps in the wrong phase); both ways must give the
same result or the same error (type and message) at every step, the same state after it (its
``snapshot``, which also holds the shoe's state), the same events, stacks and winnings. A refused
step must change nothing (58 Pa. Code § 637a.8(c): only a legal action binds).
"""
from __future__ import annotations

import random

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings, strategies as st

from pyeval.errors import PyevalError
from pyeval.poker import PokerRules, Round
from pyeval.poker import state as poker_state
from pyeval.poker.rules import BettingStructure, ShortAllIns, StreetOpener
from pyeval.shoe import Shoe

TABLES = [
    PokerRules(seats=6, blinds=(50, 100), min_bet=100),
    PokerRules(seats=9, blinds=(1, 2), min_bet=2),
    PokerRules(seats=6, blinds=(1, 2), ante=1, min_bet=2),
    PokerRules(seats=6, blinds=(5, 10), min_bet=10, rake_bps=500, rake_cap=30),
    PokerRules(seats=9, blinds=(1, 2), min_bet=2, bb_ante=2),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, max_bet=20, max_raises=3),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, check_raise=False),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, short_all_ins=ShortAllIns.CUMULATIVE),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=BettingStructure.POT_LIMIT),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=BettingStructure.FIXED_LIMIT),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, straddle=4),
    PokerRules(seats=6, blinds=(1, 2), min_bet=2, turn_river_opener=StreetOpener.AS_PREFLOP),
]
STACKS = (1, 3, 40, 150, 1000, 10_000)


def _step(r: Round, rng: random.Random) -> str:
    """One scripted step: mostly what the policy would do, sometimes a mistake."""
    u = rng.random()
    o = r.betting_options()
    who = rng.choice([None, None, None, rng.randrange(-1, r.n + 1)])
    if o is None:
        if u < 0.05:
            return "check_or_call"
        if u < 0.08:
            return "fold"
        if u < 0.11 and r.can_muck():
            return "muck"
        if u < 0.14:
            return "deal_hole_cards"
        if u < 0.17:
            return "award"
        return "run_dealer"
    if u < 0.1 and not o.can_check:
        return f"fold {who}"
    if u < 0.45:
        kind = rng.random()
        if kind < 0.5:
            to = rng.randint(o.min_to, max(o.min_to, o.max_to))
        elif kind < 0.7:
            to = o.max_to
        elif kind < 0.8:
            to = o.min_to - rng.randint(1, 3)
        elif kind < 0.9:
            to = o.max_to + rng.randint(1, 3)
        else:
            to = rng.choice([True, 2.0, "5", o.min_to])  # type: ignore[assignment]
        return f"raise {to!r} {who}"
    if u < 0.5:
        return "run_dealer"
    return f"call {who}"


def _do(r: Round, step: str) -> object:
    parts = step.split(" ")
    name = parts[0]
    who = None if len(parts) < 2 or parts[-1] == "None" else int(parts[-1])
    if name == "raise":
        to = eval(parts[1])  # the scripted amount: an int, a bool, a float or a str (repr)
        r.bet_or_raise_to(to, who)
    elif name in ("fold", "call"):
        (r.fold if name == "fold" else r.check_or_call)(who)
    else:
        getattr(r, name)()
    return r.betting_options()


def _play(table: int, seed: int, stacks: list[int], steps: int) -> list[object]:
    rules = TABLES[table]
    rng = random.Random(seed)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks[:rules.seats], shoe)
    trace: list[object] = []
    for _ in range(steps):
        if r.complete:
            break
        step = _step(r, rng)
        before = r.snapshot()
        try:
            got: object = _do(r, step)
        except PyevalError as e:
            got = (type(e).__name__, str(e))
            assert r.snapshot() == before, f"{step} was refused ({e}) but changed the round"
        trace.append((step, got, r.snapshot(), tuple(r.events), r.stacks, r.winnings, r.values, r.phase))
    return trace


def _both(table: int, seed: int, stacks: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(table, seed, stacks, 120)
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)
    general = _play(table, seed, stacks, 120)
    monkeypatch.setattr(poker_state, "FAST_PATHS", True)
    assert fast == general


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=st.integers(0, len(TABLES) - 1), seed=st.integers(0, 2**32 - 1),
       stacks=st.lists(st.sampled_from(STACKS), min_size=2, max_size=9))
def test_fast_paths_equal_the_general_steps(table: int, seed: int, stacks: list[int],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _both(table, seed, stacks, monkeypatch)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_fast_paths_equal_the_general_steps_deep_stacks(table: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(8):
        _both(table, seed, [10_000] * 6, monkeypatch)


def test_the_switch_reaches_the_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above is not of one path with itself: the switch decides the path a round takes."""
    shoe = Shoe(seed=1)
    shoe.shuffle()
    assert Round(TABLES[0], [100] * 6, shoe)._plain_nl
    assert not Round(TABLES[5], [100] * 6, shoe)._plain_nl and Round(TABLES[5], [100] * 6, shoe)._plain
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)
    r = Round(TABLES[0], [100] * 6, shoe)
    assert not r._plain and not r._plain_nl


def test_the_c_check_or_call_is_taken_and_only_for_a_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_or_call of a plain round runs in C (the comparison above covers it); a subclass of
    Round, or any other object, is declined with nothing changed and takes the Python step."""
    from pyeval._bindings import _fastcall

    shoe = Shoe(seed=2)
    shoe.shuffle()
    r = Round(TABLES[0], [10_000] * 6, shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    before = r.snapshot()
    assert _fastcall.holdem_check_or_call(r) is True
    assert r.snapshot() != before and r.events[-1].kind.value == "call" and r.actor == 3

    class MyRound(Round):
        __slots__ = ()

    shoe.shuffle()
    mine = MyRound(TABLES[0], [10_000] * 6, shoe)
    mine.post_forced_bets()
    mine.deal_hole_cards()
    before = mine.snapshot()
    assert _fastcall.holdem_check_or_call(mine) is False and mine.snapshot() == before
    mine.check_or_call()  # the Python step
    assert mine.actor == 3 and mine.stacks[2] == 10_000 - 100
    assert _fastcall.holdem_check_or_call(object()) is False


def test_c_check_or_call_closes_the_betting_and_goes_all_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C step's other branches (an all-in call for less, the betting round closed through
    _street_done) against the general step, by hand."""
    def play() -> list[object]:
        shoe = Shoe(seed=9)
        shoe.shuffle()
        r = Round(TABLES[0], [10_000, 30, 10_000, 60], shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        r.bet_or_raise_to(500)
        out: list[object] = []
        while not r.complete:
            if r.actor is None:
                r.run_dealer()
            else:
                r.check_or_call()
            out.append(r.snapshot())
        return out + [tuple(r.events)]

    fast = play()
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)
    assert play() == fast


@pytest.mark.parametrize("left", [0, 1, 3, 5, 6])
def test_a_short_or_reused_shoe_fails_as_the_general_steps_do(left: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A shoe the caller drew from mid-round (too few cards left for the street, or reshuffled so it
    deals a card already in play): the fast street and the fast runout raise the general path's
    error, with the round unchanged (58 Pa. Code § 637a.11(h): a burn and the cards after it)."""
    def play(reshuffle: bool) -> list[object]:
        shoe = Shoe(seed=4)
        shoe.shuffle()
        r = Round(TABLES[0], [10_000, 10_000, 150, 10_000], shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        out: list[object] = []
        for allin in (False, True):
            if allin:
                r.bet_or_raise_to(150)  # player 2 all-in: a runout once the others call
            while r.actor is not None:
                r.check_or_call()
            if reshuffle:
                shoe.gather()
                shoe.shuffle()
            else:
                shoe.deal(max(0, shoe.remaining - left))
            before = r.snapshot()
            try:
                r.run_dealer()
                out.append(("dealt", r.snapshot()))
            except PyevalError as e:
                out.append((type(e).__name__, str(e), r.snapshot() == before))
                break
        return out

    for reshuffle in (False, True):
        fast = play(reshuffle)
        monkeypatch.setattr(poker_state, "FAST_PATHS", False)
        assert play(reshuffle) == fast, reshuffle
        monkeypatch.setattr(poker_state, "FAST_PATHS", True)
        if not reshuffle and left < 4:  # a burn and three cards: the flop cannot be dealt
            assert fast[0][0] == "ShoeExhaustedError" and fast[0][2] is True


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=st.integers(0, len(TABLES) - 1), seed=st.integers(0, 2**32 - 1),
       stacks=st.lists(st.sampled_from(STACKS), min_size=2, max_size=9))
def test_a_round_filled_from_the_table_state_is_the_general_one(table: int, seed: int, stacks: list[int],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Round.__init__'s plain path (the state the general __init__ made for the first round at the
    table with as many players, filled in C) gives the general path's round, and a round played
    to the end leaves the next one untouched (its lists are its own)."""
    monkeypatch.setattr(poker_state, "FAST_PATHS", True)  # (one monkeypatch for every example)
    rules = TABLES[table]
    stacks = stacks[:rules.seats]
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    first = Round(rules, [7] * len(stacks), shoe)  # the table state is remembered (or was already)
    while not first.complete:
        first.check_or_call() if first.actor is not None else first.run_dealer()
    filled = Round(rules, iter(stacks), shoe)  # any iterable of stakes
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)
    general = Round(rules, stacks, shoe)
    assert filled.snapshot() == general.snapshot() and filled._plain and not general._plain
    assert filled.stacks == tuple(stacks) and filled.starting_stacks == tuple(stacks)


@pytest.mark.parametrize("bad", [[100, 0, 100], [100, -5, 100], [100, True, 100], [100, 2**63, 100],
                                 [100, 1.0, 100], [100]])
def test_bad_stakes_fail_as_the_general_path_does_once_a_table_state_is_kept(
        bad: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    rules = TABLES[0]
    shoe = Shoe(seed=3)
    shoe.shuffle()
    Round(rules, [100, 100, 100], shoe)  # the table state for three players is kept

    def error() -> tuple[str, str]:
        with pytest.raises(PyevalError) as e:
            Round(rules, bad, shoe)  # type: ignore[arg-type]
        return type(e.value).__name__, str(e.value)

    fast = error()
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)
    assert error() == fast


def test_the_read_only_views_read_the_slots_and_refuse_writes() -> None:
    """The public attributes of a round are C views of its slots (decision 032): the value as it
    is, or a new tuple of a list's items; any instance of Round (a subclass too); writing or
    deleting raises AttributeError; another object takes the Python getter."""
    from pyeval.poker.state import RoundState

    class MyRound(Round):
        __slots__ = ()

    shoe = Shoe(seed=5)
    shoe.shuffle()
    for r in (Round(TABLES[0], [500] * 3, shoe), MyRound(TABLES[0], [500] * 3, shoe)):
        r.run_dealer()
        assert r.actor == r._actor == 2 and r.stacks == (450, 400, 500) and type(r.stacks) is tuple
        assert r.stacks is not r.stacks and r.rules is TABLES[0] and r.hole == tuple(r._hole)
        for name in ("actor", "stacks", "rules", "hole"):
            with pytest.raises(AttributeError, match="read-only"):
                setattr(r, name, 1)
            with pytest.raises(AttributeError, match="read-only"):
                delattr(r, name)
        assert r.actor == 2 and r.stacks == (450, 400, 500)

    class Other:
        _stacks = [1, 2]
        _actor = 4

    assert RoundState.stacks.__get__(Other()) == (1, 2) and RoundState.actor.__get__(Other()) == 4  # type: ignore[attr-defined]
    assert RoundState.actor.__doc__ == "The player to act, or None." and Round.actor is RoundState.actor
    with pytest.raises(AttributeError):
        RoundState.board.__get__(object())  # type: ignore[attr-defined]
