"""Short-deck hold'em as a game of the engine (PHH ``NS``): rounds dealt from the 36-card deck,
PHH round trips, and pokerkit's replay of the same records ending with the same stacks."""
from __future__ import annotations

import random

import pytest

from pyeval.errors import IllegalActionError
from pyeval.poker import PokerRules, Round, phh
from pyeval.poker.games import ALL_VARIANTS, SHORT_DECK, VARIANTS, ShortDeckSource
from pyeval.shoe import Shoe


def _play(seed: int, n: int, ante: int = 1) -> Round:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(PokerRules(seats=6, blinds=(1, 2), ante=ante, variant=SHORT_DECK), [random.Random(seed).randint(20, 200)
                                                                                 for _ in range(n)], ShortDeckSource(shoe))
    rng = random.Random(seed)
    r.run_dealer()
    while not r.complete:
        la = r.betting_options()
        if la is None:
            r.run_dealer()
            continue
        x = rng.random()
        if la.can_raise and x < 0.25:
            r.bet_or_raise_to(rng.randint(la.min_to, la.max_to))
        elif la.can_fold and x < 0.35:
            r.fold()
        else:
            r.check_or_call()
    return r


def test_short_deck_is_not_a_chapter_637a_game_but_the_engine_plays_it():
    assert "S" not in VARIANTS and ALL_VARIANTS["S"] is SHORT_DECK


@pytest.mark.parametrize("seed", range(60))
def test_random_rounds_deal_36_cards_and_round_trip(seed):
    r = _play(seed, 2 + seed % 5)
    cards = [c for e in r.events if e.kind in ("hole", "board", "burn") for c in e.cards]
    assert all(c >= 16 for c in cards) and len(set(cards)) == len(cards)
    hh = phh.from_round(r)
    assert hh.variant == "NS"
    (back,) = phh.loads(phh.dumps(hh))
    assert back.replay().stacks == r.stacks and phh.check_replay(back).matches


def test_pokerkit_replays_the_same_records():
    notation = pytest.importorskip("pokerkit.notation")
    compared = 0
    for seed in range(40):
        r = _play(seed, 2 + seed % 5, ante=0)
        text = phh.dumps(phh.from_round(r))
        pk = notation.HandHistory.loads(text)
        state = list(pk)[-1]
        assert tuple(state.stacks) == r.stacks, (seed, text)
        compared += 1
    assert compared == 40


def test_a_card_below_six_cannot_be_scored():
    r = Round(PokerRules(seats=2, blinds=(1, 2), variant=SHORT_DECK), [50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["As 2h", "Kd Kc"])
    r.check_or_call()
    r.check_or_call()
    for b in ("6c 7d 8h", "9s", "Tc"):
        r.deal_board(b)
        r.check_or_call()
        r.check_or_call()
    with pytest.raises(IllegalActionError, match="below 6"):
        while r.showdown_order():
            r.show()
        r.award()
