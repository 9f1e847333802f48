"""Hand values in words for the low and Badugi hand types (:mod:`pyeval.hands.registry` binds each
hand type to its words; :func:`pyeval.describe` looks them up there).

Each ``words_X(value)`` reads a value of :mod:`pyeval.hands.evaluators` as a player would say it,
decoding it by enumerating the rank multisets once (cached). Imports only the foundations: no hand
type list lives here (the registry is the only one).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from .._bindings import lib
from ..cards import RANK_NAMES, RANK_PLURALS
from ..errors import HandValueError

__all__ = ["words_a5", "words_a5_8", "words_27", "words_badugi"]

_A5_CLASSES = int(lib.PE_LOW_A5_CLASSES)
_27_CLASSES = int(lib.PE_LOW_27_CLASSES)
_BADUGI_CLASSES = int(lib.PE_BADUGI_CLASSES)
_LOW_CHAR = "A23456789TJQK"  # ace-to-five ranks, ace low (index 0)


def _check(value: object, hi: int, what: str, lo: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= int(value) <= hi:
        raise HandValueError(f"{what} is an int {lo}..{hi}, got {value!r}")
    return int(value)


@lru_cache(maxsize=1)
def _a5_table() -> dict[int, tuple[int, ...]]:
    """Ace-to-five value -> the five ranks (0 = ace .. 12 = king), groups first, high to low."""
    out: dict[int, tuple[int, ...]] = {}
    for ms in itertools.combinations_with_replacement(range(13), 5):
        if max(ms.count(r) for r in ms) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ms:
            s = seen.get(r, 0)
            seen[r] = s + 1
            cards.append(((r - 1) % 13) * 4 + s)  # low rank r -> card rank (ace = 12)
        v = lib.pe_low_a5(bytes(cards), 5)
        counts = {r: ms.count(r) for r in set(ms)}
        order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        out[int(v)] = tuple(r for r in order for _ in range(counts[r]))
    return out


@lru_cache(maxsize=1)
def _27_table() -> dict[int, tuple[int, tuple[int, ...], bool]]:
    """Deuce-to-seven value -> (pyeval high category of the five cards read aces-high-only, ranks
    0..12 high to low in describe order, flush)."""
    out: dict[int, tuple[int, tuple[int, ...], bool]] = {}
    for ms in itertools.combinations_with_replacement(range(13), 5):
        if max(ms.count(r) for r in ms) > 4:
            continue
        counts = {r: ms.count(r) for r in set(ms)}
        flushes = (False, True) if len(counts) == 5 else (False,)
        for flush in flushes:
            seen: dict[int, int] = {}
            cards = []
            for j, r in enumerate(ms):
                s = 0 if flush else (seen.get(r, 0) + j) % 4
                while r * 4 + s in cards:
                    s = (s + 1) % 4
                seen[r] = seen.get(r, 0) + 1
                cards.append(r * 4 + s)
            if not flush and len({c & 3 for c in cards}) == 1:
                cards[0] = cards[0] ^ 1
            v = int(lib.pe_low_27(bytes(cards), 5))
            order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
            ranks = tuple(r for r in order for _ in range(counts[r]))
            straight = len(counts) == 5 and ranks[0] - ranks[4] == 4  # aces high only: A-5-4-3-2 is no straight
            shape = tuple(sorted(counts.values(), reverse=True))
            cat = ({(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0))
            if straight:
                cat = 8 if flush else 4
            elif flush:
                cat = 5
            out[v] = (cat, ranks, flush)
    return out


def _low_word(ranks: tuple[int, ...], names: tuple[str, ...]) -> str:
    return names[ranks[0]]


def _words_a5(value: int, qualifying: bool) -> str:
    if qualifying and not isinstance(value, bool) and value == 0:
        return "No qualifying low"
    v = _check(value, _A5_CLASSES, "an ace-to-five low value", int(lib.PE_LOW_A5_8_MIN) if qualifying else 1)
    ranks = _a5_table()[v]
    text = "-".join(_LOW_CHAR[r] for r in ranks)
    names = ("Ace",) + RANK_NAMES[:12]
    plurals = ("Aces",) + RANK_PLURALS[:12]
    distinct = len(set(ranks))
    if distinct == 5:
        tail = " (the wheel)" if ranks == (4, 3, 2, 1, 0) else ""
        return f"{names[ranks[0]]}-low: {text}{tail}"
    counts = [ranks.count(r) for r in ranks]
    top = ranks[0]
    if counts[0] == 4:
        return f"Four of a Kind, {plurals[top]}: {text}"
    if counts[0] == 3:
        if distinct == 2:
            return f"Full House, {plurals[top]} over {plurals[ranks[3]]}: {text}"
        return f"Three of a Kind, {plurals[top]}: {text}"
    if distinct == 3:
        return f"Two Pair, {plurals[top]} and {plurals[ranks[2]]}: {text}"
    return f"Pair of {plurals[top]}: {text}"


def words_a5(value: int) -> str:
    """An ace-to-five low value (1..6175, :func:`pyeval.hands.evaluate_low_a5`) in words, e.g.
    ``"Five-low: 5-4-3-2-A (the wheel)"``, ``"Pair of Sixes: 6-6-4-3-A"``. Raises HandValueError out of range."""
    return _words_a5(value, False)


def words_a5_8(value: int) -> str:
    """An ace-to-five eight-or-better value (0 = none, else 1..6175 from the eight-low up) in words:
    ``"No qualifying low"``, ``"Eight-low: 8-7-4-2-A"``. Raises HandValueError out of range."""
    return _words_a5(value, True)


def words_27(value: int) -> str:
    """A deuce-to-seven value (1..7462) in words: ``"Seven-low: 7-5-4-3-2"``, ``"Ace-high: A-5-4-3-2"``,
    ``"Straight, Six high: 6-5-4-3-2"``, ``"Flush: 7-5-4-3-2"``. Raises HandValueError out of range."""
    v = _check(value, _27_CLASSES, "a deuce-to-seven value")
    cat, ranks, flush = _27_table()[v]
    text = "-".join("23456789TJQKA"[r] for r in ranks)
    if cat == 0:
        return f"{RANK_NAMES[ranks[0]]}-low: {text}" if ranks[0] < 12 else f"Ace-high: {text}"
    label = {1: f"Pair of {RANK_PLURALS[ranks[0]]}", 2: f"Two Pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[2]]}",
             3: f"Three of a Kind, {RANK_PLURALS[ranks[0]]}", 4: f"Straight, {RANK_NAMES[ranks[0]]} high",
             5: "Flush", 6: f"Full House, {RANK_PLURALS[ranks[0]]} over {RANK_PLURALS[ranks[3]]}",
             7: f"Four of a Kind, {RANK_PLURALS[ranks[0]]}", 8: f"Straight Flush, {RANK_NAMES[ranks[0]]} high"}[cat]
    return f"{label}: {text}"


@lru_cache(maxsize=1)
def _badugi_table() -> dict[int, tuple[int, ...]]:
    """Badugi value -> the ranks of the cards that play (0 = ace .. 12 = king), high to low."""
    out: dict[int, tuple[int, ...]] = {}
    for k in range(1, 5):
        for ranks in itertools.combinations(range(13), k):
            cards = [((r - 1) % 13) * 4 + s for s, r in enumerate(ranks)]
            # fill with cards that share a rank with one played card and a suit with another
            # (or, for one card, the same rank in the other suits): they never improve the hand
            fill = [((ranks[i] - 1) % 13) * 4 + (i + 1) % k for i in range(k)] if k > 1 else []
            if k == 1:
                fill = [((ranks[0] - 1) % 13) * 4 + s for s in (1, 2, 3)]
            hand = (cards + [c for c in fill if c not in cards])[:4]
            v = int(lib.pe_badugi(bytes(hand), 4))
            out[v] = tuple(sorted(ranks, reverse=True))
    return out


def words_badugi(value: int) -> str:
    """A Badugi value in words: the cards that play, e.g. ``"Four-card badugi: 4-3-2-A"`` (the best
    hand), ``"Three-card hand: K-7-2"``. Raises HandValueError out of 1..1092."""
    v = _check(value, _BADUGI_CLASSES, "a badugi value")
    ranks = _badugi_table()[v]
    text = "-".join(_LOW_CHAR[r] for r in ranks)
    size = len(ranks)
    return f"Four-card badugi: {text}" if size == 4 else f"{('One', 'Two', 'Three')[size - 1]}-card hand: {text}"
