"""pyeval.compat.treys against the installed treys (a test dependency): same card ints, ranks,
classes, deals and printed summaries; random hands (10**4 by default, 10**6 under -m slow), every
hand class, and treys' README example."""
from __future__ import annotations

import pytest
import treys
from compat_hands import CARD_TEXT, DEFAULT_HANDS, SLOW_HANDS, one_hand_per_class, random_hands
from treys.lookup import LookupTable as TreysTable

import pyeval
import pyeval.compat.treys as ct


def test_readme_example(capsys: pytest.CaptureFixture[str]) -> None:
    # treys' README: a board and a hand from card text, evaluated, classed and summarised
    for mod in (treys, ct):
        board = [mod.Card.new("Ah"), mod.Card.new("Kd"), mod.Card.new("Jc")]
        hand = [mod.Card.new("Qs"), mod.Card.new("Th")]
        mod.Card.print_pretty_cards(board + hand)
        evaluator = mod.Evaluator()
        rank = evaluator.evaluate(hand, board)
        assert rank == 1600  # Broadway: the best straight
        print(evaluator.class_to_string(evaluator.get_rank_class(rank)))
        deck = mod.Deck(seed=12)
        board = deck.draw(5)
        players = [deck.draw(2), deck.draw(2)]
        evaluator.hand_summary(board, players)
    out = capsys.readouterr().out
    half = len(out) // 2
    assert out[:half] == out[half:] and "Straight" in out and "HAND OVER" in out


def test_card_ints_and_helpers_are_treys() -> None:
    for t in CARD_TEXT:
        c = ct.Card.new(t)
        assert c == treys.Card.new(t)
        for name in ("int_to_str", "get_rank_int", "get_suit_int", "get_bitrank_int", "get_prime",
                     "int_to_binary", "int_to_pretty_str"):
            assert getattr(ct.Card, name)(c) == getattr(treys.Card, name)(c), name
    hand = ct.Card.hand_to_binary(["As", "Kh", "2c"])
    assert hand == treys.Card.hand_to_binary(["As", "Kh", "2c"])
    assert ct.Card.prime_product_from_hand(hand) == treys.Card.prime_product_from_hand(hand)
    assert ct.Card.ints_to_pretty_str(hand) == treys.Card.ints_to_pretty_str(hand)
    for bits in (0, 0b11111, 0x1FFF, 0b1000000001010):
        assert ct.Card.prime_product_from_rankbits(bits) == treys.Card.prime_product_from_rankbits(bits)
    with pytest.raises(pyeval.InvalidCardError):
        ct.Card.new("Ax")


def test_lookup_table_constants_are_treys() -> None:
    for name in [n for n in dir(TreysTable) if n.startswith("MAX_") or n == "RANK_CLASS_TO_STRING"]:
        assert getattr(ct.LookupTable, name) == getattr(TreysTable, name), name


def test_every_hand_class_rank_and_class() -> None:
    ours, theirs = ct.Evaluator(), treys.Evaluator()
    for value, hand in one_hand_per_class().items():
        cards = [ct.Card.new(CARD_TEXT[c]) for c in hand]
        rank = ours.evaluate(cards[:2], cards[2:])
        assert rank == theirs.evaluate(cards[:2], cards[2:]) == 7463 - value
        assert ours.get_rank_class(rank) == theirs.get_rank_class(rank)
        assert ours.class_to_string(ours.get_rank_class(rank)) == theirs.class_to_string(theirs.get_rank_class(rank))
        assert ours.get_five_card_rank_percentage(rank) == theirs.get_five_card_rank_percentage(rank)


_TREYS_INT = [treys.Card.new(t) for t in CARD_TEXT]


@pytest.mark.parametrize("n", [DEFAULT_HANDS, pytest.param(SLOW_HANDS, marks=pytest.mark.slow)])
def test_random_hands(n: int) -> None:
    ours, theirs = ct.Evaluator(), treys.Evaluator()
    for k, board in ((7, 5), (6, 4), (5, 3)):
        rows = [[_TREYS_INT[c] for c in h] for h in random_hands(n // 3 + 1, k, seed=k).tolist()]
        assert [ours.evaluate(h[:2], h[2:]) for h in rows] == [theirs.evaluate(h[:2], h[2:]) for h in rows]


def test_random_omaha_hands() -> None:
    ours, theirs = ct.PLOEvaluator(), treys.PLOEvaluator()
    rows = [[_TREYS_INT[c] for c in h] for h in random_hands(2000, 9, seed=4).tolist()]
    assert [ours.evaluate(h[:4], h[4:]) for h in rows] == [theirs.evaluate(h[:4], h[4:]) for h in rows]
    assert [ours.evaluate(h[:4], h[4:7]) for h in rows] == [theirs.evaluate(h[:4], h[4:7]) for h in rows]


def test_deck_is_shuffled_on_creation_and_deals_as_treys() -> None:
    assert ct.Deck.GetFullDeck() == treys.Deck.GetFullDeck()
    for seed in range(50):
        ours, theirs = ct.Deck(seed), treys.Deck(seed)
        assert ours.cards == theirs.cards != ct.Deck.GetFullDeck()
        assert ours.draw(2) == theirs.draw(2) and ours.draw() == theirs.draw() and str(ours) == str(theirs)
        ours.shuffle()
        theirs.shuffle()
        assert ours.cards == theirs.cards and len(ours.cards) == 52


def test_hand_summary_prints_what_treys_prints(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(40):  # includes ties for the lead (a shared board plays)
        for mod in (treys, ct):
            deck = mod.Deck(seed)
            board = deck.draw(5)
            hands = [deck.draw(2) for _ in range(2 + seed % 3)]
            mod.Evaluator().hand_summary(board, hands)
        out = capsys.readouterr().out
        assert out[:len(out) // 2] == out[len(out) // 2:]


def test_where_treys_is_wrong_or_unchecked_pyeval_raises() -> None:
    ev = ct.Evaluator()
    ah, kd = ct.Card.new("Ah"), ct.Card.new("Kd")
    # treys calls rank 0 a royal flush; there is no rank 0
    assert treys.Evaluator().get_rank_class(0) == 0
    with pytest.raises(pyeval.HandValueError):
        ev.get_rank_class(0)
    with pytest.raises(pyeval.HandValueError):
        ev.get_rank_class(7463)
    # treys evaluates a hand holding the ace of hearts twice
    board = [ah, kd, ct.Card.new("2c")]
    assert isinstance(treys.Evaluator().evaluate([ah, ct.Card.new("3c")], board), int)
    with pytest.raises(pyeval.DuplicateCardError):
        ev.evaluate([ah, ct.Card.new("3c")], board)
    with pytest.raises(pyeval.InvalidCardError):
        ev.evaluate([12345, ct.Card.new("3c")], board)
    with pytest.raises(pyeval.CardCountError):  # treys: KeyError
        ev.evaluate([ah], [kd])
    with pytest.raises(pyeval.CardCountError):
        ev.hand_summary(board, [[ah, kd]])
