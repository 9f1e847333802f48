"""6+ hold'em (PHH ``N6P``: the short deck with three of a kind above a straight, PokerStars' order)
and six-card Omaha (``P6O``, ``P6O/8``: exactly two of six hole cards) as games of the engine,
against slow references written on their own (tests/hands_reference.py, tests/shortdeck_reference.py)."""
from __future__ import annotations

import itertools
import random

import hands_reference as ref
import pytest

from pyeval.cards import parse_cards
from pyeval.hands import HAND_TYPES
from pyeval.poker import PokerRules, Round, phh
from pyeval.poker.games import ALL_VARIANTS, OMAHA6, OMAHA6_HILO, SHORT_DECK, SIX_PLUS, VARIANTS, ShortDeckSource
from pyeval.shoe import Shoe


def test_the_new_games_are_engine_variants_not_chapter_637a_games():
    for v in (SIX_PLUS, OMAHA6, OMAHA6_HILO):
        assert ALL_VARIANTS[v.phh] is v and v.phh not in VARIANTS
    assert SIX_PLUS.short_deck and SHORT_DECK.short_deck and not OMAHA6.short_deck
    assert OMAHA6.hole_cards == 6


def _showdown(variant, holes, board, structure_code="N"):
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, variant=variant), [100] * len(holes))
    r.post_forced_bets()
    r.deal_hole_cards(holes)
    while r.actor is not None:
        r.check_or_call()
    for street in (board[:6], board[6:8], board[8:10]):
        r.deal_board(street)
        while r.actor is not None:
            r.check_or_call()
    while r.showdown_order():
        r.show(r.showdown_order()[0])
    r.award()
    return r.stacks


def test_six_plus_trips_beat_a_straight_and_short_deck_does_not():
    holes, board = ["7c7d", "TcJd"], "7sQhKc9h6d"  # trips of sevens against K-Q-J-T-9
    assert _showdown(SIX_PLUS, holes, board) == (102, 98)
    assert _showdown(SHORT_DECK, holes, board) == (98, 102)


def test_six_plus_a_flush_beats_a_full_house():
    holes, board = ["AhTh", "KcKd"], "KhQh6h6s7c"  # a flush against kings full
    assert _showdown(SIX_PLUS, holes, board) == (102, 98)
    assert _showdown(SHORT_DECK, holes, board) == (102, 98)


def test_six_plus_order_against_the_slow_reference():
    """The registry's 6+ valuation orders random seven-card short-deck hands as the reference's best
    five does (trips above a straight); the C tables are checked exhaustively in test_shortdeck.py."""
    from shortdeck_reference import best_key  # the slow reference of tests/test_shortdeck.py

    rng = random.Random(6)
    t = HAND_TYPES["short_deck_trips"]
    hands = [tuple(rng.sample(range(16, 52), 7)) for _ in range(400)]
    vals = [t.value(bytes(h[:2]), bytes(h[2:])) for h in hands]
    keys = [best_key(h, 1) for h in hands]  # kind 1: trips above a straight
    for (va, ka), (vb, kb) in itertools.combinations(zip(vals, keys), 2):
        assert (va > vb) == (ka > kb) and (va == vb) == (ka == kb)


def _brute_omaha(hole, board):
    from pyeval import evaluate
    return max(evaluate(h + b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def test_six_card_omaha_is_exactly_two_hole_cards_against_brute_force():
    rng = random.Random(60)
    t = HAND_TYPES["omaha"]
    for _ in range(1500):
        cards = rng.sample(range(52), 11)
        hole, board = tuple(cards[:6]), tuple(cards[6:])
        v = t.value(bytes(hole), bytes(board))
        assert v == _brute_omaha(hole, board)
    # the same order as the reference written without the evaluator
    hands = [tuple(rng.sample(range(52), 11)) for _ in range(150)]
    vals = [t.value(bytes(h[:6]), bytes(h[6:])) for h in hands]
    keys = [ref.omaha_high_key(h[:6], h[6:]) for h in hands]
    for (va, ka), (vb, kb) in itertools.combinations(zip(vals, keys), 2):
        assert (va > vb) == (ka > kb)


def test_six_card_omaha_low_against_brute_force():
    rng = random.Random(61)
    t = HAND_TYPES["omaha_low8"]
    for _ in range(300):
        cards = rng.sample(range(52), 11)
        hole, board = tuple(cards[:6]), tuple(cards[6:])
        k = ref.omaha_low8_key(hole, board)
        assert (t.value(bytes(hole), bytes(board)) == 0) == (k is None)


def test_six_card_omaha_showdown_uses_exactly_two_hole_cards():
    # p1 holds four hearts: with the board's three hearts a flush needs three of his, which Omaha forbids
    holes = ["AhKhQhJh2c3d", "9s9d4c5d6c7d"]
    board = "Th8h2h9c4s"
    stacks = _showdown(OMAHA6, holes, board)
    # p1: A-K hearts + T-8-2 hearts = ace-high flush; p2: 9-9 + 9c = trips; flush wins
    assert stacks == (102, 98)
    # A-K-Q of p1 and the board's J-T would be broadway, but only two of his cards play: ace high
    # loses to p2's pair of sixes
    assert _showdown(OMAHA6, ["AhKsQs3c2c4d", "6c6d2d2s3h3s"], "JdTc5h8s7h") == (98, 102)


@pytest.mark.parametrize("code", ["N6P", "P6O", "P6O/8"])
def test_random_rounds_round_trip_through_phh(code):
    v = ALL_VARIANTS[code[1:]]
    for seed in range(15):
        shoe = Shoe(seed=seed)
        shoe.shuffle()
        from pyeval.poker.rules import BettingStructure
        structure = BettingStructure.NO_LIMIT if code[0] == "N" else BettingStructure.POT_LIMIT
        r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, variant=v, structure=structure),
                  [random.Random(seed).randint(20, 200) for _ in range(4)],
                  ShortDeckSource(shoe) if v.short_deck else shoe)
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
            elif la.can_fold and x < 0.3:
                r.fold()
            else:
                r.check_or_call()
        hh = phh.from_round(r)
        assert hh.variant == code
        (back,) = phh.loads(phh.dumps(hh))
        assert phh.check_replay(back).matches


def test_a_card_below_six_is_refused_in_six_plus():
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, variant=SIX_PLUS), [100, 100])
    r.post_forced_bets()
    with pytest.raises(Exception):
        r.deal_hole_cards(["2c7d", "TcJd"])
        while r.actor is not None:
            r.check_or_call()
        for street in ("7sQhKc", "9h", "6d"):
            r.deal_board(street)
            while r.actor is not None:
                r.check_or_call()
        while r.showdown_order():
            r.show(r.showdown_order()[0])
        r.award()
    assert parse_cards("2c")[0] < 16
