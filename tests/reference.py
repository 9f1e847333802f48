"""A slow, obviously-correct poker hand evaluator: the oracle the C evaluator is tested against.

It shares no code or tables with pyeval: it reads the cards, counts ranks, and applies the
textbook category rules directly. ``ref_key`` gives a tuple that sorts like hand strength;
``DENSE`` maps every possible five-card key to its dense class 1..7462.
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


def rank(c: int) -> int:
    return c // 4


def suit(c: int) -> int:
    return c % 4


def ref_key5(cards: Sequence[int]) -> tuple:
    """(category 0..8, tie-break ranks...) for exactly five cards; larger tuples are stronger."""
    assert len(cards) == 5 and len(set(cards)) == 5
    ranks = sorted((rank(c) for c in cards), reverse=True)
    flush = len({suit(c) for c in cards}) == 1
    counts = Counter(ranks)
    distinct = sorted(counts, reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low, five high
            straight_high = 3
    if straight_high is not None and flush:
        return (8, straight_high)
    # order ranks by (count, rank), e.g. full house: trips rank first
    by_count = sorted(distinct, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape == [4, 1]:
        return (7, *by_count)
    if shape == [3, 2]:
        return (6, *by_count)
    if flush:
        return (5, *ranks)
    if straight_high is not None:
        return (4, straight_high)
    if shape == [3, 1, 1]:
        return (3, *by_count)
    if shape == [2, 2, 1]:
        return (2, *by_count)
    if shape == [2, 1, 1, 1]:
        return (1, *by_count)
    return (0, *ranks)


def ref_key(cards: Sequence[int]) -> tuple:
    """Best five-card key among 5..7 cards, by trying every five-card subset."""
    return max(ref_key5(sub) for sub in itertools.combinations(cards, 5))


def _all_keys() -> list[tuple]:
    keys = set()
    # one representative hand per rank multiset (suits spread: never a flush)...
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) <= 4:
            used: Counter[int] = Counter()
            cards = []
            for r in combo:
                cards.append(r * 4 + used[r])
                used[r] += 1
            if len({suit(c) for c in cards}) == 1:  # five distinct ranks all got suit 0
                cards[0] = cards[0] + 1
            keys.add(ref_key5(cards))
    # ...and every flush
    for combo in itertools.combinations(range(13), 5):
        keys.add(ref_key5([r * 4 for r in combo]))
    return sorted(keys)


ALL_KEYS = _all_keys()
DENSE = {k: i + 1 for i, k in enumerate(ALL_KEYS)}


def ref_value(cards: Sequence[int]) -> int:
    """Dense value 1..7462 of the best hand among 5..7 cards (higher is stronger)."""
    return DENSE[ref_key(cards)]


def parse(text: str) -> list[int]:
    """Minimal card text parser for the tests' own use (``"As Kd"``)."""
    return [RANK_CHARS.index(t[0].upper()) * 4 + SUIT_CHARS.index(t[1].lower()) for t in text.split()]
