"""Ace-to-six low (pyeval/hands/a6.py), the hand type added by walking docs/extending.md's recipe
(issue 24): its values against the slow reference ``hands_reference.a6_key`` on every five-card
class, its best-of-seven against brute force, its words, and its place in the one registry."""
from __future__ import annotations

import itertools
import random

import hands_reference as ref
import pytest

import pyeval
from pyeval.cards import parse_cards
from pyeval.errors import CardTypeError, HandValueError
from pyeval.hands import HAND_TYPES
from pyeval.hands import a6

A6 = HAND_TYPES["a6"]


def _value(cards: tuple[int, ...]) -> int:
    return A6.value(bytes(cards), b"")


def _every_class() -> list[tuple[int, ...]]:
    """One five-card hand per (rank multiset, flush or not): every class of the order."""
    hands = []
    for ms in itertools.combinations_with_replacement(range(13), 5):
        if max(ms.count(r) for r in ms) > 4:
            continue
        used: list[int] = []
        for r in ms:  # suits 0, 1, 2, 3 in turn within a rank; five ranks: spread over two suits
            used.append(r * 4 + sum(1 for c in used if c >> 2 == r))
        if len(set(ms)) == 5:
            used[0] = (used[0] & ~3) | 1  # not a flush
            hands.append(tuple(used))
            hands.append(tuple(r * 4 for r in ms))  # the flush
        else:
            hands.append(tuple(used))
    return hands


def test_every_five_card_class_against_the_reference() -> None:
    hands = _every_class()
    vals = [_value(h) for h in hands]
    keys = [ref.a6_key(h) for h in hands]
    assert len(set(vals)) == len(set(keys)) == a6.CLASSES == len(hands)
    # higher value <=> smaller badness key: sorting by either gives the same order
    assert [v for _, v in sorted(zip(keys, vals))] == sorted(vals, reverse=True)
    assert max(vals) == _value(parse_cards("6s 4d 3h 2c As")) == a6.CLASSES


def test_best_five_of_six_and_seven_against_brute_force() -> None:
    rng = random.Random(24)
    for _ in range(400):
        cards = tuple(rng.sample(range(52), rng.choice((6, 7))))
        best = max(itertools.combinations(cards, 5), key=lambda five: _value(five))
        assert ref.a6_key(best) == ref.best_a6_key(cards)
        assert _value(cards) == _value(best)


@pytest.mark.parametrize("hand,words", [
    ("6s 4d 3h 2c As", "Six-low: 6-4-3-2-A"),
    ("5s 4d 3h 2c As", "Straight, Five high: 5-4-3-2-A"),
    ("7s 5s 4s 3s As", "Flush: 7-5-4-3-A"),
    ("As Ad 4h 3c 2s", "Pair of Aces: A-A-4-3-2"),
    ("Ks Ad 2h 3c 4s", "King-low: K-4-3-2-A"),
])
def test_words(hand: str, words: str) -> None:
    v = _value(parse_cards(hand))
    assert pyeval.describe(v, kind="a6") == words == a6.words(v)


def test_every_value_reads_differently_and_bad_values_are_refused() -> None:
    assert len({a6.words(v) for v in range(1, a6.CLASSES + 1)}) == a6.CLASSES
    for bad in (0, a6.CLASSES + 1, True, "1"):
        with pytest.raises(HandValueError):
            pyeval.describe(bad, kind="a6")  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        pyeval.describe(1, kind="a7")


def test_the_registry_entry() -> None:
    assert A6.hole_cards == (5, 7) and not A6.uses_board and not A6.qualifies and A6.batch is None
    with pytest.raises(HandValueError):
        A6.value(bytes(range(4)), b"")  # four cards: the C status becomes a HandValueError
