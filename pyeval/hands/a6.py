"""Ace-to-six low ("London lowball"): the best low of five cards, aces always low, straights and
flushes counting against the hand. The best hand is 6-4-3-2-A; A-2-3-4-5 is a straight.

Added by following the hand-type recipe of ``docs/extending.md`` (issue 24): one valuation, its
words, one entry in :data:`pyeval.hands.registry.HAND_TYPES`, one test module
(``tests/test_hands_a6.py``, against the slow reference in ``tests/hands_reference.py``).

Valuation, in C: ace-to-six is the deuce-to-seven order with the ace moved below the deuce. Each
card of rank ``r`` (0 = deuce .. 12 = ace) is given rank ``(r + 1) % 13`` and the hand is valued by
the deuce-to-seven evaluator (``pe_low_27``, which has no wheel: ace-high only), so A-2-3-4-5 is
a straight, K-A-2-3-4 is not. Values 1..7462, higher is the better low; six or seven cards: the
best five. Not a game of chapter 637a: no variant uses it (a table may name it, as any hand type).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from .._bindings import lib
from ..cards import RANK_NAMES, RANK_PLURALS
from ..errors import HandValueError

__all__ = ["CLASSES", "value", "words"]

#: The number of ace-to-six classes (= deuce-to-seven's: the same five-card order, relabelled).
CLASSES = int(lib.PE_LOW_27_CLASSES)
#: card -> the card with the ace below the deuce (rank (r + 1) % 13, same suit)
_SHIFT = bytes([((c // 4 + 1) % 13) * 4 + c % 4 for c in range(52)] + list(range(52, 256)))
_CHAR = "A23456789TJQK"  # shifted ranks: 0 = ace .. 12 = king
_NAMES = ("Ace",) + RANK_NAMES[:12]
_PLURALS = ("Aces",) + RANK_PLURALS[:12]


def value(cards: bytes) -> int:
    """The ace-to-six value of 5..7 validated cards (bytes of card ints): 1..7462, higher is better;
    a negative C status when the cards are not 5..7."""
    shifted = cards.translate(_SHIFT)
    if len(shifted) == 5:
        return int(lib.pe_low_27(shifted, 5))
    if not 5 < len(shifted) <= 7:
        return int(lib.pe_low_27(shifted, len(shifted)))  # the C status for a bad count
    return max(int(lib.pe_low_27(bytes(five), 5)) for five in itertools.combinations(shifted, 5))


@lru_cache(maxsize=1)
def _table() -> dict[int, tuple[str, tuple[int, ...]]]:
    """value -> (category label, shifted ranks high to low in the order they are said)."""
    out: dict[int, tuple[str, tuple[int, ...]]] = {}
    for ms in itertools.combinations_with_replacement(range(13), 5):
        counts = {r: ms.count(r) for r in set(ms)}
        if max(counts.values()) > 4:
            continue
        order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        ranks = tuple(r for r in order for _ in range(counts[r]))
        straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
        for flush in ((False, True) if len(counts) == 5 else (False,)):
            used: set[int] = set()
            cards = []
            for j, r in enumerate(ms):
                s = 0 if flush else next(x for x in ((j + k) % 4 for k in range(4)) if r * 4 + x not in used)
                used.add(r * 4 + s)
                cards.append(r * 4 + s)
            if not flush and len({c % 4 for c in cards}) == 1:  # five ranks, all one suit by chance
                cards[0] = (cards[0] // 4) * 4 + (cards[0] % 4 + 1) % 4
            v = int(lib.pe_low_27(bytes(cards), 5))  # cards already shifted: rank 0 = ace
            shape = tuple(sorted(counts.values(), reverse=True))
            top = _PLURALS[ranks[0]]
            label = {(4, 1): f"Four of a Kind, {top}", (3, 2): f"Full House, {top} over {_PLURALS[ranks[3]]}",
                     (3, 1, 1): f"Three of a Kind, {top}", (2, 2, 1): f"Two Pair, {top} and {_PLURALS[ranks[2]]}",
                     (2, 1, 1, 1): f"Pair of {top}"}.get(shape, f"{_NAMES[ranks[0]]}-low")
            if straight:
                label = f"{'Straight Flush' if flush else 'Straight'}, {_NAMES[ranks[0]]} high"
            elif flush:
                label = "Flush"
            out[v] = (label, ranks)
    return out


def words(v: int) -> str:
    """An ace-to-six value in words: ``"Six-low: 6-4-3-2-A"`` (the best), ``"Pair of Aces: A-A-4-3-2"``,
    ``"Straight, Five high: 5-4-3-2-A"``, ``"Flush: 7-5-4-3-A"``. Raises HandValueError out of 1..7462."""
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= CLASSES:
        raise HandValueError(f"an ace-to-six value is an int 1..{CLASSES}, got {v!r}")
    label, ranks = _table()[v]
    return f"{label}: {'-'.join(_CHAR[r] for r in ranks)}"
