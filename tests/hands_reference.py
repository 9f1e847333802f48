"""Slow, obviously-correct reference rankings for the variant evaluators (test oracle only).

Each returns a *badness key*: a tuple where smaller is the better low (or, for ``high_key``, larger
is the stronger high hand). Ranks: 2..A = 0..12 as in pyeval.cards.
"""
from __future__ import annotations

import itertools
from collections import Counter


def _grouped(ranks: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cnt = Counter(ranks)
    groups = sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, n in groups for _ in range(n))


_SHAPE_ORDER = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def a5_key(cards: tuple[int, ...]) -> tuple:
    """Ace-to-five badness of exactly five cards: aces low; straights/flushes ignored."""
    low = [((c >> 2) + 1) % 13 for c in cards]
    shape, ordered = _grouped(low)
    return (_SHAPE_ORDER[shape], ordered)


def best_a5_key(cards: tuple[int, ...]) -> tuple:
    return min(a5_key(s) for s in itertools.combinations(cards, 5))


def a5_8_qualifies(key: tuple) -> bool:
    return key[0] == 0 and max(key[1]) <= 7


def high_key(cards: tuple[int, ...], wheel_straight: bool = True) -> tuple:
    """Standard high-hand strength of five cards (larger is stronger); no wheel when asked."""
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    shape, ordered = _grouped(ranks)
    desc = sorted(ranks, reverse=True)
    straight = None
    if shape == (1, 1, 1, 1, 1):
        if desc[0] - desc[4] == 4:
            straight = desc[0]
        elif wheel_straight and desc == [12, 3, 2, 1, 0]:
            straight = 3
    if straight is not None:
        return (8 if flush else 4, (straight,))
    cat = {(4, 1): 7, (3, 2): 6}.get(shape)
    if cat is not None:
        return (cat, ordered)
    if flush:
        return (5, ordered)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0), ordered)


def d27_key(cards: tuple[int, ...]) -> tuple:
    """Deuce-to-seven badness: the high-hand strength with aces high only (no wheel)."""
    return high_key(cards, wheel_straight=False)


def badugi_key(cards: tuple[int, ...]) -> tuple:
    """Badugi badness of four cards: fewer cards worse, then the highest card (aces low), ..."""
    best = None
    for k in range(4, 0, -1):
        for sub in itertools.combinations(cards, k):
            if len({c >> 2 for c in sub}) == k and len({c & 3 for c in sub}) == k:
                key = (-k, tuple(sorted((((c >> 2) + 1) % 13 for c in sub), reverse=True)))
                best = key if best is None or key < best else best
        if best is not None:
            return best
    raise AssertionError("unreachable")


def omaha_high_key(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple:
    return max(high_key(h + b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def omaha_low8_key(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple | None:
    keys = [a5_key(h + b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3)]
    keys = [k for k in keys if a5_8_qualifies(k)]
    return min(keys) if keys else None


def a6_key(cards: tuple[int, ...]) -> tuple:
    """Ace-to-six badness of five cards (larger is the worse low): a high hand in which the ace is
    the lowest card, below the deuce. Straights count (A-2-3-4-5 is one, Q-K-A-2-3 is none), and so
    do flushes. Written out on its own, not through :func:`high_key`."""
    ranks = [((c >> 2) + 1) % 13 for c in cards]  # ace 0, deuce 1 .. king 12
    flush = len({c & 3 for c in cards}) == 1
    cnt = Counter(ranks)
    groups = sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ordered = tuple(r for r, n in groups for _ in range(n))
    straight = shape == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight:
        cat = 8 if flush else 4
    elif flush and shape == (1, 1, 1, 1, 1):
        cat = 5
    else:
        cat = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    return (cat, ordered)


def best_a6_key(cards: tuple[int, ...]) -> tuple:
    return min(a6_key(s) for s in itertools.combinations(cards, 5))
