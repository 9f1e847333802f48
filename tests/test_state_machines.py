"""Hypothesis state machines, one per game (issue 14): random legal and illegal steps; around every
rejected step a full deep snapshot (the round and its card source) must be unchanged, and chips are
conserved after every step.

The default run keeps to a few seconds per game (``max_examples`` below); the ``slow`` classes run
the same machines much longer (``pytest -m slow tests/test_state_machines.py``).
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from pyeval import Shoe
import pyeval.crisscross as _cc
from pyeval.crisscross import CrissCrossRules, CrissCrossTable, ShufflerDeck
from pyeval.errors import PyevalError
from pyeval.headsup.paytables import example_rules
import pyeval.headsup as _hu
from pyeval.headsup.round import HeadsUpRound

HUPhase: Any = getattr(_hu, "HeadsUpPhase", None) or _hu.round.Phase  # the contracts' name, or the old one
CCPhase: Any = getattr(_cc, "CrissCrossPhase", None) or _cc.Phase
from pyeval.poker import BettingStructure, PokerRules, Round
from pyeval.poker.games import BADUGI, D27_TRIPLE, FIVE_CARD_DRAW, HOLDEM, OMAHA, OMAHA_HILO, RAZZ, STUD, STUD_HILO

FAST = settings(max_examples=25, stateful_step_count=40, deadline=None)
SLOW = settings(max_examples=600, stateful_step_count=80, deadline=None)

#: values thrown at amounts and players: legal ones, edge ones and nonsense
_JUNK: list[Any] = [None, -1, 0, 1, 2, 3, 10**30, 2.5, True, "1", (), [0]]


def _attempt(machine: Any, fn: Callable[..., Any], *args: Any) -> bool:
    """Call ``fn``; a pyeval error must leave the machine's full snapshot unchanged. Any other
    exception fails the test. Returns True when the step was accepted."""
    before = machine.snapshot()
    try:
        fn(*args)
    except PyevalError:
        after = machine.snapshot()
        assert after == before, f"rejected {getattr(fn, '__name__', fn)}{args!r} changed the state"
        return False
    return True


# ---- the poker engine (chapter 637a) ---------------------------------------------------------------
class FaultySource:
    """A shoe that, once, hands out bad cards (a card twice, a card already dealt, an int outside
    0..51) instead of dealing: the round must refuse them and change nothing. A burn is taken
    only together with the deal that follows it, so a refused deal leaves the shoe as it was."""

    def __init__(self, shoe: Shoe, fault_at: int | None, kind: str) -> None:
        self.shoe, self.fault_at, self.kind = shoe, fault_at, kind
        self.calls = 0
        self.burns_pending = 0

    @property
    def remaining(self) -> int:
        return self.shoe.remaining - self.burns_pending

    def burn(self) -> int:
        card = self.shoe.stub()[self.burns_pending]
        self.burns_pending += 1
        return card

    def deal(self, k: int) -> tuple[int, ...]:
        self.calls += 1
        nb, self.burns_pending = self.burns_pending, 0
        if self.calls == self.fault_at and k:
            cards = list(self.shoe.stub()[nb:nb + k])
            dealt = self.shoe.dealt_cards()
            kind = "range" if self.kind == "twice" and k == 1 else self.kind  # one card cannot repeat
            cards[-1] = {"twice": cards[0], "dealt": dealt[0] if dealt else 96, "range": 96}[kind]
            return tuple(cards)
        for _ in range(nb):
            self.shoe.burn()
        return self.shoe.deal(k)

    def snapshot(self) -> object:
        return self.shoe.snapshot()



_GAMES = [HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, RAZZ, FIVE_CARD_DRAW, D27_TRIPLE, BADUGI]


class PokerMachine(RuleBasedStateMachine):
    """One round of any chapter-637a game from a seeded shoe."""

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        variant = data.draw(st.sampled_from(_GAMES), "variant")
        structure = data.draw(st.sampled_from(list(BettingStructure)), "structure")
        n = data.draw(st.integers(2, 6), "players")
        # tournament mode (players sitting out are dealt in and folded) and both ways of counting antes
        tournament = data.draw(st.booleans(), "tournament")
        trimming = data.draw(st.booleans(), "ante_trimming")
        if variant.stud:
            rules = PokerRules(seats=8, blinds=(), ante=data.draw(st.integers(0, 2)), bring_in=2, min_bet=4,
                               structure=structure, variant=variant, tournament=tournament, ante_trimming=trimming)
        else:
            blinds = data.draw(st.sampled_from([(1, 2), (2,), (1, 2, 4)]), "blinds")
            rules = PokerRules(seats=8, blinds=blinds, ante=data.draw(st.integers(0, 1)), min_bet=2,
                               structure=structure, variant=variant,
                               bb_ante=data.draw(st.sampled_from([0, 0, 3])),
                               straddle=data.draw(st.sampled_from([None, 8])) if len(blinds) + 1 < 8 else None,
                               max_raises=data.draw(st.sampled_from([None, 2])),
                               tournament=tournament, ante_trimming=trimming)
            n = max(n, len(blinds))
        # short stacks often: blinds and antes all-in for less, side pots, dead money
        stacks = data.draw(st.lists(st.one_of(st.integers(1, 8), st.integers(1, 60)), min_size=n, max_size=n), "stacks")
        self.shoe = Shoe(seed=data.draw(st.integers(0, 2**64), "seed"))
        self.shoe.shuffle()
        fault_at = data.draw(st.sampled_from([None, None, 1, 2, 3, 4]), "fault at deal")
        source = FaultySource(self.shoe, fault_at, data.draw(st.sampled_from(["twice", "dealt", "range"])))
        away = data.draw(st.sets(st.integers(0, n - 1), max_size=n - 1), "sitting out") if tournament else set()
        self.r = Round(rules, stacks, source, sitting_out=away)
        self.total = sum(stacks)

    def snapshot(self) -> tuple[object, ...]:
        return self.r.snapshot()

    # a legal step, chosen at random, so that rounds get to the showdown and the award
    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        r = self.r
        if r.complete:
            return
        if r.actor is not None:
            bo = r.betting_options() if hasattr(r, "betting_options") else r.legal_actions()
            kind = data.draw(st.sampled_from(["fold", "fold", "call", "call", "raise"]))
            if kind == "raise" and bo.can_raise:
                assert _attempt(self, r.bet_or_raise_to, data.draw(st.integers(bo.min_to, bo.max_to)))
            elif kind == "fold":
                assert _attempt(self, r.fold)
            else:
                assert _attempt(self, r.check_or_call)
        elif r._draw_queue:
            p = r._draw_queue[0]
            held = r.hole[p]
            cards = data.draw(st.lists(st.sampled_from(held), unique=True, max_size=len(held)))
            assert _attempt(self, r.discard, cards)
        elif r.can_muck() and data.draw(st.integers(0, 4)) == 0:
            assert _attempt(self, r.muck)
        else:  # the dealer's next step (refused only when the faulty source hands out bad cards)
            if r.can_post_forced_bets():
                step = r.post_forced_bets
            elif r.can_deal_hole_cards():
                step = r.deal_hole_cards
            elif r.bring_in_player() is not None:
                step = r.post_bring_in
            elif r.showdown_queue:
                step = r.show
            elif r.can_deal_board():
                step = r.deal_board
            else:
                step = r.award
            _attempt(self, step)

    # any step, with random arguments: most are illegal now and must change nothing
    @rule(data=st.data())
    def any_step(self, data: st.DataObject) -> None:
        r = self.r
        n = r.n
        player = data.draw(st.sampled_from([None, -1, n, "x", *range(n)]))
        amount = data.draw(st.one_of(st.sampled_from(_JUNK), st.integers(-5, 200)))
        cards = data.draw(st.one_of(st.lists(st.integers(-2, 60), max_size=5), st.sampled_from(["As Kd", "Qs", "Zz"])))
        steps: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
            (r.post_forced_bets, ()), (r.post_straddle, (player,)), (r.deal_hole_cards, ()),
            (r.deal_hole_cards, ([cards] * n,)), (r.fold, (player,)), (r.check_or_call, (player,)),
            (r.bet_or_raise_to, (amount, player)), (r.post_bring_in, (player,)), (r.discard, (cards, player)),
            (r.discard_unknown, (amount, player)), (r.deal_board, ()), (r.deal_board, (cards,)),
            (r.deal_board, (None, amount)), (r.show, (player,)), (r.muck, (player,)), (r.award, ()),
        ]
        fn, args = data.draw(st.sampled_from(steps))
        _attempt(self, fn, *args)

    @invariant()
    def chips_conserved(self) -> None:
        r = self.r
        assert all(s >= 0 for s in r.stacks)
        if r.complete:
            assert sum(r.stacks) == self.total
            assert sum(r.winnings) == r.pot_total
        else:
            assert sum(r.stacks) + r.pot_total == self.total

    @invariant()
    def sitting_out_only_folded(self) -> None:
        r = self.r
        for e in r.events:
            if e.player in r.sitting_out:
                assert e.kind not in ("check", "call", "bet", "raise"), e

    def teardown(self) -> None:
        event("poker round complete" if getattr(self, "r", None) is not None and self.r.complete
              else "poker round not complete")

    @invariant()
    def no_card_twice(self) -> None:
        r = self.r
        if r._has_draws:  # discards may come back after a reshuffle: the hands held now are distinct
            cards = [c for i, h in enumerate(r.hole) if not r.folded[i] for c in h]
        else:
            cards = [c for h in r.hole for c in h] + list(r.board) + [c for c in r.burns if c is not None]
        assert len(cards) == len(set(cards)) and all(0 <= c < 52 for c in cards)


# ---- WPT heads-up hold'em (chapter 677a): a banked game --------------------------------------------
class HeadsUpMachine(RuleBasedStateMachine):
    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.rules = example_rules()
        self.rnd = HeadsUpRound(self.rules)
        self.shoe = Shoe(seed=data.draw(st.integers(0, 2**64), "seed"))
        self.shoe.shuffle()
        self.placed: dict[int, tuple[int, int, int, int]] = {}

    def snapshot(self) -> tuple[object, ...]:
        rnd = self.rnd
        state = {s: getattr(rnd, s) for s in type(rnd).__slots__ if s != "_ropts"}
        return (copy.deepcopy(state), self.shoe.snapshot())

    def _wager_args(self, data: st.DataObject) -> tuple[int, int, int, int, int]:
        r = self.rules
        seat = data.draw(st.integers(0, r.positions + 1))
        ante = data.draw(st.one_of(st.sampled_from([r.ante_min, r.ante_max]), st.integers(-1, r.ante_max + 5)))
        odds = data.draw(st.sampled_from([ante, ante + 1]))
        return seat, ante, odds, data.draw(st.sampled_from([0, 0, 5, -1])), data.draw(st.sampled_from([0, 0, 5]))

    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        rnd = self.rnd
        ph = rnd.phase
        if ph is HUPhase.WAGERS:
            free = [s for s in range(1, self.rules.positions + 1) if s not in rnd.wagers]
            if free and (not rnd.wagers or data.draw(st.booleans())):
                seat = data.draw(st.sampled_from(free))
                ante = data.draw(st.sampled_from([self.rules.ante_min, self.rules.ante_max]))
                if _attempt(self, rnd.place_wagers, seat, ante, ante):
                    self.placed[seat] = (ante, ante, 0, 0)
            else:
                assert _attempt(self, rnd.deal, self.shoe)
        elif rnd.to_act is not None:
            opts = rnd.raise_options()
            choice = data.draw(st.sampled_from([0, *opts]))
            assert _attempt(self, rnd.decide, choice)
        elif ph is HUPhase.FLOP:
            assert _attempt(self, rnd.burn_and_flop, self.shoe)
        elif ph is HUPhase.TURN_RIVER:
            assert _attempt(self, rnd.burn_turn_and_river, self.shoe)
        elif ph is HUPhase.SHOWDOWN:
            assert _attempt(self, rnd.expose_dealer)
        elif ph is HUPhase.SETTLEMENT:
            assert _attempt(self, rnd.settle_next)

    @rule(data=st.data())
    def any_step(self, data: st.DataObject) -> None:
        rnd = self.rnd
        seat = data.draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, -1, None, "1"]))
        amount = data.draw(st.one_of(st.sampled_from(_JUNK), st.integers(-5, 200)))
        wargs = self._wager_args(data)
        steps: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
            (rnd.place_wagers, wargs), (rnd.deal, (self.shoe,)), (rnd.raise_wager, (seat, amount)),
            (rnd.check, (seat,)), (rnd.fold, (seat,)), (rnd.decide, (amount,)),
            (rnd.burn_and_flop, (self.shoe,)), (rnd.burn_turn_and_river, (self.shoe,)),
            (rnd.expose_dealer, ()), (rnd.settle_next, ()), (rnd.settle, ()),
        ]
        fn, args = data.draw(st.sampled_from(steps))
        if _attempt(self, fn, *args) and fn == rnd.place_wagers:
            self.placed[args[0]] = args[1:]

    @invariant()
    def chips_conserved(self) -> None:
        """Each settled wager is the one placed; nobody loses more than he staked; the house's
        result is exactly minus the players'."""
        rnd = self.rnd
        assert {s: tuple(w) for s, w in rnd.wagers.items()} == self.placed
        settled = rnd._settled
        for ps in settled:
            who = getattr(ps, "player", None) or ps.seat
            a, o, pb, tp = self.placed[who]
            raised = rnd.raised.get(who)
            staked = {"ANTE": a, "ODDS": o, "POCKET_BONUS": pb, "TRIPS_PLUS": tp,
                      "RAISE": raised[1] if raised else 0}
            for res in ps.results:
                assert res.amount == staked[res.wager.name] and res.net >= -res.amount
        if rnd.phase is HUPhase.COMPLETE:
            sett = rnd.settlement
            assert sett is not None and sett.house_net == -sum(p.net for p in sett.players)
            assert {getattr(p, "player", None) or p.seat for p in sett.players} == set(self.placed)


# ---- Criss-Cross poker (chapter 674a): a banked game ------------------------------------------------
def _cc_seats(rnd: Any) -> dict[int, Any]:
    """The round's own wagering positions (its working state; ``players`` shows read-only copies)."""
    return rnd._players



class CrissCrossMachine(RuleBasedStateMachine):
    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.rules = CrissCrossRules(min_ante=1)
        self.table = CrissCrossTable(self.rules, ShufflerDeck(seed=data.draw(st.integers(0, 2**64), "seed")))
        self.rnd = self.table.new_round()
        self.placed: dict[int, tuple[int, int, int]] = {}

    def snapshot(self) -> tuple[object, ...]:
        rnd, t = self.rnd, self.table
        seats = {k: tuple(copy.deepcopy(getattr(v, a)) for a in type(v).__slots__) for k, v in _cc_seats(rnd).items()}
        # the deal plan is a frozen, cached object compared by identity
        state = {name: getattr(rnd, name) for name in type(rnd).__slots__
                 if name not in ("_table", "_players", "_plan")}
        return (copy.deepcopy(state), rnd._plan, seats, t.rounds_played, t.deck_removed, t.rounds_since_count,
                t.deck.snapshot())

    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        rnd = self.rnd
        ph = rnd.phase
        if ph is CCPhase.BETTING:
            free = [s for s in range(1, self.rules.positions + 1) if s not in _cc_seats(rnd)]
            if free and (not _cc_seats(rnd) or data.draw(st.booleans())):
                seat = data.draw(st.sampled_from(free))
                ante = data.draw(st.sampled_from([self.rules.min_ante, self.rules.max_ante]))
                if _attempt(self, rnd.place_wagers, seat, ante, ante):
                    self.placed[seat] = (ante, ante, 0)
            else:
                assert _attempt(self, rnd.no_more_bets)
        elif ph is CCPhase.DEAL:
            assert _attempt(self, rnd.deal)
        elif ph is CCPhase.STUB:
            assert _attempt(self, rnd.count_stub if self.table.stub_count_due else rnd.discard_stub)
        elif rnd.to_act is not None:
            choice = data.draw(st.sampled_from([0, *rnd.legal_multiples()]))
            if choice:
                assert _attempt(self, rnd.bet, rnd.to_act, choice)
            else:
                assert _attempt(self, rnd.fold, rnd.to_act)
        elif ph is CCPhase.SETTLEMENT:
            assert _attempt(self, rnd.settle)
        elif ph not in (CCPhase.COMPLETE, CCPhase.VOID):
            assert _attempt(self, rnd.reveal)

    @rule(data=st.data())
    def any_step(self, data: st.DataObject) -> None:
        rnd = self.rnd
        seat = data.draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, -1, None, "1"]))
        amount = data.draw(st.one_of(st.sampled_from(_JUNK), st.integers(-5, 200)))
        bonus = data.draw(st.sampled_from([0, 0, 1, 5, -1, 10**9]))
        steps: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
            (rnd.place_wagers, (seat, amount, amount, bonus)), (rnd.place_wagers, (seat, amount, 1)),
            (rnd.no_more_bets, ()), (rnd.deal, ()), (rnd.deal, ("middle",)), (rnd.count_stub, ()),
            (rnd.discard_stub, ()), (rnd.bet, (seat, amount)), (rnd.fold, (seat,)), (rnd.reveal, ()),
            (rnd.settle, ()),
        ]
        fn, args = data.draw(st.sampled_from(steps))
        if _attempt(self, fn, *args) and fn == rnd.place_wagers:
            self.placed[args[0]] = tuple(args[1:]) + ((0,) if len(args) == 3 else ())

    @invariant()
    def chips_conserved(self) -> None:
        """Each wager is settled once with the stake placed (bets at the multiple of the Ante);
        nothing paid back is negative; the house's result is exactly minus the players'."""
        rnd = self.rnd
        assert {s: (v.ante, v.ante_down, v.bonus) for s, v in _cc_seats(rnd).items()} == self.placed
        rec = rnd.record
        if rec is None:
            return
        assert rec.house_net == -sum(r.net for r in rec.results)
        for r in rec.results:
            assert r.paid >= 0 and r.net >= -r.staked
        if rnd.phase is CCPhase.VOID:  # a void round returns every wager
            assert all(r.net == 0 for r in rec.results)
        keys = [(getattr(r, "player", None) or r.seat, r.wager) for r in rec.results]
        assert len(keys) == len(set(keys))


class TestPokerMachine(PokerMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = FAST


class TestHeadsUpMachine(HeadsUpMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = FAST


class TestCrissCrossMachine(CrissCrossMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = FAST


@pytest.mark.slow
class TestPokerMachineSlow(PokerMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = SLOW


@pytest.mark.slow
class TestHeadsUpMachineSlow(HeadsUpMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = SLOW


@pytest.mark.slow
class TestCrissCrossMachineSlow(CrissCrossMachine.TestCase):  # type: ignore[misc, valid-type]
    settings = SLOW
