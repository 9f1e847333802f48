"""Random hands and one hand per hand class, for the differential tests of pyeval.compat."""
from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

import pyeval

CARD_TEXT = pyeval.CARD_TEXT
#: How many random hands a differential test draws: 10**4 by default, 10**6 under ``-m slow``.
DEFAULT_HANDS = 10**4
SLOW_HANDS = 10**6


def random_hands(n: int, k: int, seed: int, chunk: int = 100_000) -> np.ndarray:
    """``(n, k)`` uint8 card ints: n uniformly random hands of k distinct cards (reproducible)."""
    rng = np.random.default_rng(seed)
    parts = []
    for lo in range(0, n, chunk):
        m = min(chunk, n - lo)
        parts.append(np.argsort(rng.random((m, 52)), axis=1)[:, :k].astype(np.uint8))
    return np.concatenate(parts) if parts else np.zeros((0, k), np.uint8)


def one_hand_per_class() -> dict[int, tuple[int, ...]]:
    """A five-card hand for each of the 7,462 values (pyeval's dense value -> card ints)."""
    out: dict[int, tuple[int, ...]] = {}
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) > 4:
            continue
        used: Counter[int] = Counter()
        cards = []
        for r in combo:
            cards.append(r * 4 + used[r])
            used[r] += 1
        if len({c % 4 for c in cards}) == 1:
            cards[0] += 1  # five distinct ranks all got suit 0: make it no flush
        out.setdefault(pyeval.evaluate(cards), tuple(cards))
    for combo in itertools.combinations(range(13), 5):
        cards = [r * 4 for r in combo]
        out.setdefault(pyeval.evaluate(cards), tuple(cards))
    assert sorted(out) == list(range(1, pyeval.MAX_VALUE + 1))
    return out
