"""The engines' hot paths (issue 25 item 5) do exactly what the general steps do.

Each fast path of :class:`pyeval.poker.Round` (``run_dealer`` without the saved state, a board
street from the card source, the hold'em award) can be switched off by a monkeypatch that sends
the call down the general path; whole scripted rounds must then give the same events, stacks and
state. ``run_dealer`` stays all or nothing (58 Pa. Code § 637a.11: the dealer's steps in order) in
the cases the fast path hands to the saving path. Criss-Cross ``play_round`` gives the record the
public steps give (§ 674a.9), and a heads-up round driven by ``decide`` the record the named steps
give (§ 677a.11(b)-(f)).
"""
from __future__ import annotations

import random

import pytest

from pyeval.crisscross import CrissCrossRules, CrissCrossTable, basic_strategy as cc_strategy, play_round
from pyeval.errors import IllegalActionError
from pyeval.headsup import HeadsUpRound, basic_strategy as hu_strategy, example_rules
from pyeval.poker import PokerRules, Round
from pyeval.poker.betting import Betting
from pyeval.poker.dealing import Dealing
from pyeval.poker.showdown import Showdown
from pyeval.poker import state as poker_state
from pyeval.poker.state import RoundState
from pyeval.shoe import Shoe

TABLES = [
    PokerRules(seats=6, blinds=(50, 100), min_bet=100),
    PokerRules(seats=6, blinds=(1, 2), ante=1, min_bet=2),
    PokerRules(seats=6, blinds=(5, 10), min_bet=10, rake_bps=500, rake_cap=30),
    PokerRules(seats=9, blinds=(1, 2), min_bet=2, bb_ante=2),
]


def _play(rules: PokerRules, seed: int, rounds: int) -> list[tuple[object, ...]]:
    """Scripted rounds (short stacks, so all-ins and side pots happen): each round's events,
    stacks and snapshot after every step."""
    rng = random.Random(seed)
    shoe = Shoe(seed=seed)
    out: list[tuple[object, ...]] = []
    for _ in range(rounds):
        shoe.shuffle()
        n = rng.randint(2, rules.seats)
        r = Round(rules, [rng.choice((3, 40, 150, 1000, 10_000)) for _ in range(n)], shoe)
        r.run_dealer()
        while not r.complete:
            o = r.betting_options()
            if o is None:
                r.run_dealer()
            else:
                u = rng.random()
                if u < 0.15 and not o.can_check:
                    r.fold()
                elif u < 0.4 and o.can_raise:
                    r.bet_or_raise_to(rng.randint(o.min_to, o.max_to))
                else:
                    r.check_or_call()
            out.append(r.snapshot())
        out.append((tuple(r.events), r.stacks, r.winnings, r.values))
    return out


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_fast_paths_give_what_the_general_steps_give(table: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _play(TABLES[table], 11 + table, 60)
    monkeypatch.setattr(poker_state, "FAST_PATHS", False)  # pyeval.poker.fast and the inlined betting steps
    monkeypatch.setattr(Round, "_one_step_or_safe", lambda self: False)
    monkeypatch.setattr(Dealing, "_deal_board_from_source", lambda self: False)
    monkeypatch.setattr(Showdown, "_award_holdem", lambda self, live: False)
    monkeypatch.setattr(Betting, "check_or_call", _general_check_or_call)
    assert _play(TABLES[table], 11 + table, 60) == fast


def _general_check_or_call(self: Betting, player: int | None = None) -> None:
    """check_or_call through the general next-actor step (_after_action), for the comparison."""
    a = self._turn(player, "check or call") if player is not None or self._actor is None else self._actor
    amt = self._bet_to - self._bets[a]
    if amt <= 0:
        self._checked[a] = True
        self._record.append(("check", a, 0, ()))
    else:
        if amt >= self._stacks[a]:
            amt = self._stacks[a]
            self._n_able_to_act -= 1
        self._stacks[a] -= amt
        self._bets[a] += amt
        self._contrib[a] += amt
        self._record.append(("call", a, amt, ()))
    self._acted[a] = True
    self._acted_at_raise[a] = self._full_raises
    self._acted_at_bet[a] = self._bet_to
    self._after_action(a)


def _to_river(r: Round) -> None:
    while r.actor is not None:
        r.check_or_call()


def test_run_dealer_at_the_river_with_an_unknown_hand_shows_nothing() -> None:
    """A live hand nobody saw (``??``) at the showdown: run_dealer raises at it and undoes the
    shows before it (the fast path hands this case to the saving path)."""
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["Ah Kh", "2c 3c", (-1, -1)])
    for cards in ("7d 8d 9d", "Tc", "Js"):
        _to_river(r)
        r.deal_board(cards)
    _to_river(r)
    before = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.run_dealer()
    assert r.snapshot() == before and r.showdown_order() == (0, 1, 2)


def _without_source(snapshot: tuple[object, ...]) -> tuple[object, ...]:
    """A round's snapshot without its card source's state (a source is not rewound by an undo)."""
    at = RoundState.__slots__.index("_source")
    return snapshot[:at] + snapshot[at + 1:]


class _Failing:
    """A card source that deals ``good`` cards, then raises."""

    def __init__(self, cards: list[int], good: int) -> None:
        self.cards, self.good = cards, good

    def _take(self) -> int:
        if not self.good:
            raise IllegalActionError("the source failed")
        self.good -= 1
        return self.cards.pop(0)

    def burn(self) -> int:
        return self._take()

    def deal(self, k: int) -> tuple[int, ...]:
        return tuple(self._take() for _ in range(k))


def test_run_dealer_undoes_an_all_in_runout_that_fails_at_the_river() -> None:
    """All in before the flop: shows, flop and turn are dealt, the river fails: nothing stays."""
    cards = list(range(52))
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [50, 50], _Failing(cards, 4 + 4 + 2))
    r.post_forced_bets()
    r.deal_hole_cards()
    r.bet_or_raise_to(50)
    r.check_or_call()
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match="the source failed"):
        r.run_dealer()
    assert _without_source(r.snapshot()) == _without_source(before)  # (the source is not rewound)
    assert r.board == () and r.showdown_order() != ()


def test_run_dealer_at_a_street_end_is_one_atomic_step() -> None:
    """Betting over on the flop with players able to bet: one deal; a failing source changes nothing."""
    r = Round(PokerRules(seats=6, blinds=(1, 2)), [100, 100, 100], _Failing(list(range(52)), 6 + 4))
    r.post_forced_bets()
    r.deal_hole_cards()
    _to_river(r)
    r.run_dealer()  # the flop
    _to_river(r)
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match="the source failed"):
        r.run_dealer()
    assert _without_source(r.snapshot()) == _without_source(before) and len(r.board) == 3


@pytest.mark.parametrize("players", [1, 3, 6])
def test_crisscross_play_round_is_the_public_steps(players: int) -> None:
    a = CrissCrossTable(CrissCrossRules(), seed=players)
    b = CrissCrossTable(CrissCrossRules(), seed=players)
    wagers = {p: (5, 1) for p in range(1, players + 1)}
    for _ in range(40):
        rec = play_round(a, wagers)
        rnd = b.new_round()
        for p, (ante, bonus) in wagers.items():
            rnd.place_wagers(p, ante, ante, bonus)
        rnd.no_more_bets()
        rnd.deal()
        rnd.count_stub() if b.stub_count_due else rnd.discard_stub()
        if rnd.record is None:
            c = rnd.community
            for d, known in enumerate((((), ()), ((c[1], c[3]), ()), ((c[1], c[3]), (c[0], c[4])))):
                while (p := rnd.to_act) is not None:
                    m = cc_strategy(d, rnd.hole(p), *known)
                    rnd.bet(p, m) if m else rnd.fold(p)
                rnd.reveal()
            rnd.settle()
        assert rnd.record == rec


def test_headsup_decide_is_the_named_steps() -> None:
    rules = example_rules(ante_min=1)
    s1, s2 = Shoe(seed=9), Shoe(seed=9)
    for _ in range(60):
        s1.shuffle()
        s2.shuffle()
        a, b = HeadsUpRound(rules), HeadsUpRound(rules)
        for p in (1, 2, 3):
            a.place_wagers(p, 10, 10, 5, 5)
            b.place_wagers(p, 10, 10, 5, 5)
        a.run(s1, hu_strategy)
        b.deal(s2)
        for step in (b.burn_and_flop, b.burn_turn_and_river, None):
            while b.to_act is not None:
                d = b.decision()
                m = hu_strategy(d)
                if m:
                    b.raise_wager(d.player, m)
                elif b.can_check():
                    b.check(d.player)
                else:
                    b.fold(d.player)
            if step is not None:
                step(s2)
        b.expose_dealer()
        b.settle()
        assert a.events == b.events
