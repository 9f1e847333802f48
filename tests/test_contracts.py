"""The game contracts (pyeval/contracts.py) hold for poker, heads-up and criss-cross alike: one
CardSource, one Event type, the can_x()/x()/legal_actions() triad, rules and paytables under one
protocol, and no two public classes with one name in different subpackages."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval.crisscross as cc
import pyeval.headsup as hu
import pyeval.poker as pk
from pyeval import Shoe, contracts
from pyeval.contracts import Action, Event, EventKind, GameRound, GameRules, Paytable
from pyeval.errors import PyevalError
from pyeval.poker.games import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

POKER_ACTIONS = [Action.POST_FORCED_BETS, Action.POST_STRADDLE, Action.DEAL_HOLE_CARDS, Action.POST_BRING_IN,
                 Action.FOLD, Action.CHECK_OR_CALL, Action.BET_OR_RAISE_TO, Action.DEAL_BOARD, Action.RUN_IT, Action.DISCARD,
                 Action.SHOW, Action.MUCK, Action.AWARD]
HEADS_UP_ACTIONS = [Action.PLACE_WAGERS, Action.DEAL, Action.CHECK, Action.RAISE_WAGER, Action.FOLD,
                    Action.BURN_AND_FLOP, Action.BURN_TURN_AND_RIVER, Action.EXPOSE_DEALER, Action.SETTLE]
CRISS_CROSS_ACTIONS = [Action.PLACE_WAGERS, Action.NO_MORE_BETS, Action.DEAL, Action.COUNT_STUB,
                       Action.DISCARD_STUB, Action.BET, Action.FOLD, Action.REVEAL, Action.SETTLE]


def _check_triad(rnd: object, actions: list[Action]) -> frozenset[Action]:
    """Every ``can_x()`` answers (never raises) and agrees with ``legal_actions()``."""
    legal = rnd.legal_actions()  # type: ignore[attr-defined]
    assert isinstance(legal, frozenset) and legal <= set(actions)
    for a in actions:
        assert callable(getattr(rnd, a.value)), a
        can = getattr(rnd, "can_" + a.value)()
        assert can is (a in legal), (a, legal)
    return legal


def _poker_step(rnd: pk.Round, a: Action, rng: random.Random) -> None:
    if a is Action.BET_OR_RAISE_TO:
        opts = rnd.betting_options()
        assert opts is not None
        rnd.bet_or_raise_to(rng.randint(opts.min_to, opts.max_to) if rng.random() < 0.5 else opts.min_to)
    elif a is Action.DISCARD:
        p = rnd._draw_queue[0]
        rnd.discard(tuple(rng.sample(rnd.hole[p], rng.randint(0, 2))))
    else:
        getattr(rnd, a.value)()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(VARIANTS)), players=st.integers(2, 6))
def test_poker_round_follows_the_triad(seed: int, variant: str, players: int) -> None:
    rng = random.Random(seed)
    v = VARIANTS[variant]
    stud = v.forced == "bring_in"
    rules = (pk.PokerRules(seats=8, blinds=(), ante=1, bring_in=1, min_bet=2, variant=v,
                           structure=pk.BettingStructure.FIXED_LIMIT) if stud else
             pk.PokerRules(seats=8 if v.hole_cards >= 5 else 9, blinds=(1, 2), min_bet=2, variant=v,
                           straddle=4))  # five-card Omaha: one deck deals 8 players (issue 14 item 8)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    rnd = pk.Round(rules, [rng.randint(20, 200) for _ in range(players)], shoe)
    assert isinstance(rnd, GameRound)
    for _ in range(400):
        legal = _check_triad(rnd, POKER_ACTIONS)
        if rnd.complete:
            assert not legal
            break
        assert legal, rnd.phase
        _poker_step(rnd, rng.choice(sorted(legal)), rng)
    else:  # pragma: no cover
        pytest.fail("the round did not finish")
    assert all(isinstance(e, Event) and isinstance(e.kind, EventKind) for e in rnd.events)
    assert sum(rnd.stacks) == sum(rnd.starting_stacks)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_heads_up_round_follows_the_triad(seed: int) -> None:
    rng = random.Random(seed)
    rnd = hu.HeadsUpRound(hu.example_rules())
    assert isinstance(rnd, GameRound)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    for _ in range(200):
        legal = _check_triad(rnd, HEADS_UP_ACTIONS)
        if rnd.complete:
            assert not legal
            break
        a = rng.choice(sorted(legal))
        if a is Action.PLACE_WAGERS:
            player = rng.choice([p for p in range(1, 7) if rnd.can_place_wagers(p)])
            assert rnd.can_place_wagers(player, 10, 10) and not rnd.can_place_wagers(player, 10, 11)
            rnd.place_wagers(player, 10, 10)
        elif a is Action.RAISE_WAGER:
            rnd.raise_wager(rnd.to_act, rng.choice(rnd.raise_options()))
        elif a in (Action.CHECK, Action.FOLD):
            getattr(rnd, a.value)(rnd.to_act)
        elif a in (Action.DEAL, Action.BURN_AND_FLOP, Action.BURN_TURN_AND_RIVER):
            getattr(rnd, a.value)(shoe)
        else:
            getattr(rnd, a.value)()
    assert rnd.complete
    assert all(isinstance(e, Event) and isinstance(e.kind, EventKind) for e in rnd.events)
    assert hu.HeadsUpRound.replay(rnd.rules, rnd.events).settlement == rnd.settlement


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_criss_cross_round_follows_the_triad(seed: int) -> None:
    rng = random.Random(seed)
    table = cc.CrissCrossTable(seed=seed)
    for _ in range(rng.randint(1, 3)):
        rnd = table.new_round()
        assert isinstance(rnd, GameRound)
        for _ in range(200):
            legal = _check_triad(rnd, CRISS_CROSS_ACTIONS)
            if rnd.complete:
                assert not legal
                break
            a = rng.choice(sorted(legal))
            if a is Action.PLACE_WAGERS:
                player = rng.choice([p for p in range(1, 7) if rnd.can_place_wagers(p)])
                assert rnd.can_place_wagers(player, 5, 5) and not rnd.can_place_wagers(player, 5, 10)
                rnd.place_wagers(player, 5, 5)
            elif a is Action.BET:
                rnd.bet(rnd.to_act, rng.choice(rnd.legal_multiples()))
            elif a is Action.FOLD:
                rnd.fold(rnd.to_act)
            else:
                getattr(rnd, a.value)()
        assert rnd.complete
        assert all(isinstance(e, Event) and isinstance(e.kind, EventKind) for e in rnd.events)


def test_a_rejected_step_raises_and_its_query_says_no() -> None:
    rnd = hu.HeadsUpRound(hu.example_rules())
    assert not rnd.can_deal() and not rnd.can_raise_wager(1, 10)
    with pytest.raises(PyevalError):
        rnd.deal(Shoe(seed=1))
    r = pk.Round(pk.PokerRules(seats=6, blinds=(1, 2), min_bet=2), [100, 100])
    assert not r.can_award() and not r.can_bet_or_raise_to(10)
    with pytest.raises(PyevalError):
        r.award()


def test_one_card_source_one_event_one_outcome_across_the_games() -> None:
    assert pk.CardSource is hu.CardSource is contracts.CardSource
    assert pk.Event is hu.Event is cc.Event is contracts.Event
    assert hu.Outcome is cc.Outcome is contracts.Outcome
    assert hu.Action is cc.Action is contracts.Action
    assert isinstance(Shoe(seed=1), contracts.CardSource) and isinstance(cc.ShufflerDeck(1), contracts.Deck)


def test_rules_and_paytables_share_one_protocol_each() -> None:
    rules = [pk.PokerRules(), hu.example_rules(), cc.CrissCrossRules()]
    assert [r.GAME for r in rules] == ["poker", "heads-up", "criss-cross"]
    for r in rules:
        assert isinstance(r, GameRules) and r.max_players >= 1
    tables = [hu.example_rules().odds, cc.DEFAULT_MAIN_PAYTABLE]
    for t in tables:
        assert isinstance(t, Paytable) and t.payouts() and all(o >= 0 for o in t.payouts().values())


def test_no_two_public_classes_share_a_name_across_subpackages() -> None:
    owners: dict[str, set[str]] = {}
    for path in (ROOT / "pyeval").rglob("*.py"):
        rel = path.relative_to(ROOT / "pyeval")
        package = rel.parts[0] if len(rel.parts) > 1 else rel.stem
        if package == "compat":  # pyeval.compat mirrors other libraries' own class names (Deck, Card) on purpose
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                owners.setdefault(node.name, set()).add(package)
    shared = {name: sorted(pkgs) for name, pkgs in owners.items() if len(pkgs) > 1}
    assert not shared, f"public classes defined in more than one subpackage: {shared}"


def test_every_message_names_players_one_way() -> None:
    """House games and poker rounds say "player N" (pyeval.contracts.player_name), never "seat N"."""
    for sub in ("headsup/round.py", "crisscross/round.py", "poker/round.py", "poker/betting.py"):
        text = (ROOT / "pyeval" / sub).read_text()
        assert 'f"seat {' not in text and "f'seat {" not in text, sub
    rnd = hu.HeadsUpRound(hu.example_rules())
    rnd.place_wagers(2, 10, 10)
    with pytest.raises(PyevalError, match="player 2"):
        rnd.place_wagers(2, 10, 10)
    assert contracts.player_name(3) == "player 3" and contracts.player_name(None) == "the dealer"
