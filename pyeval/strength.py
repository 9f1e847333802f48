"""Hand values in words for every hand type, and hand-strength percentiles.

:func:`describe_low` and :func:`describe_badugi` read the values of :mod:`pyeval.hands` (ace-to-five
and deuce-to-seven lows, Badugi) as a player would say them; :func:`pyeval.describe` dispatches to
them with ``kind=``. A high value must not be read as a low: ``describe(6175)`` is a high hand
(``"Flush, ..."``), ``describe(6175, kind="a5")`` the wheel.

Percentiles: :func:`percentile` is the share of all ``k``-card hands (k = 5, 6, 7; every one of the
2,598,960 / 20,358,520 / 133,784,560 hands, counted in C by :mod:`pyeval.enumeration`, once per process) that a value beats,
counting ties half. :func:`class_percentile` is treys' ``get_five_card_rank_percentage``: the
Cactus Kev rank over 7,462 (1.0 for the worst class, near 0 for a royal flush), by class, not by
frequency.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ._bindings import lib
from .errors import CardCountError, CardTypeError, HandValueError
from .hands.registry import HAND_TYPES

__all__ = ["describe_low", "describe_badugi", "percentile", "class_percentile", "value_frequencies", "LOW_KINDS"]

#: The low kinds :func:`describe_low` reads: the registry's hand types with the low batch evaluator.
LOW_KINDS = tuple(name for name, t in HAND_TYPES.items() if t.batch == "low")
_HIGH_CLASSES = int(lib.PE_EVAL_CLASSES)  # 7462


def _check(value: object, hi: int, what: str, lo: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= int(value) <= hi:
        raise HandValueError(f"{what} is an int {lo}..{hi}, got {value!r}")
    return int(value)


def describe_low(value: int, kind: str = "a5") -> str:
    """A low value in words (the registry's words of hand type ``kind``, one of :data:`LOW_KINDS`).

    Args:
        value: from :func:`pyeval.hands.evaluate_low_a5` (``kind="a5"``, 1..6175), ``evaluate_low_a5_8``
            (``"a5_8"``, 0 = no qualifying low) or ``evaluate_low_27`` (``"27"``, 1..7462).
    Returns:
        e.g. ``"Five-low: 5-4-3-2-A (the wheel)"``, ``"Seven-low: 7-5-4-3-A"``, ``"Pair of Sixes: 6-6-4-3-A"``,
        ``"No qualifying low"``; deuce-to-seven ``"Seven-low: 7-5-4-3-2"``, ``"Ace-high: A-5-4-3-2"``,
        ``"Straight, Six high: 6-5-4-3-2"``, ``"Flush: 7-5-4-3-2"``.
    Raises:
        HandValueError: a value out of range for ``kind``. CardTypeError: an unknown ``kind``.
    """
    if kind not in LOW_KINDS:
        raise CardTypeError(f"kind must be one of {', '.join(LOW_KINDS)}, got {kind!r}")
    return HAND_TYPES[kind].words(value)


def describe_badugi(value: int) -> str:
    """A Badugi value in words: the cards that play, e.g. ``"Four-card badugi: 4-3-2-A"`` (the best
    hand), ``"Three-card hand: K-7-2"``. Raises HandValueError out of 1..1092."""
    return HAND_TYPES["badugi"].words(value)


@lru_cache(maxsize=3)
def _freq(k: int) -> npt.NDArray[np.uint64]:
    from .enumeration import value_histogram  # the C enumeration kernel (csrc/pe_enum.c)

    counts = np.ascontiguousarray(value_histogram(k), dtype=np.uint64)
    counts.setflags(write=False)
    return counts


def value_frequencies(cards: int = 5) -> npt.NDArray[np.uint64]:
    """How many of all ``cards``-card hands (5, 6 or 7) have each value: ``uint64`` array of shape
    ``(7463,)``, index = value (index 0 is 0). Counted in C by :func:`pyeval.enumeration.value_histogram`
    on first use (7 cards: all 133,784,560 hands), then cached; read-only.

    Raises:
        CardCountError: ``cards`` not 5, 6 or 7.
    """
    if isinstance(cards, bool) or cards not in (5, 6, 7):
        raise CardCountError(f"cards must be 5, 6 or 7, got {cards!r}")
    return _freq(cards)


def percentile(value: int, *, cards: int = 5) -> float:
    """Share of all ``cards``-card hands (5, 6 or 7) that ``value`` beats, ties counted half: 0..1.

    E.g. a pair of aces (five cards) beats about 0.93 of all hands. Raises HandValueError for a
    value outside 1..7462, CardCountError for ``cards`` not 5..7.
    """
    v = _check(value, _HIGH_CLASSES, "a hand value")
    f = value_frequencies(cards)
    below = int(f[:v].sum())
    total = int(f.sum())
    return (below + int(f[v]) / 2) / total


def class_percentile(value: int) -> float:
    """treys' ``get_five_card_rank_percentage``: ``(7463 - value) / 7462``, the Cactus Kev rank as a
    share of the 7,462 classes (1.0 = 7-5-4-3-2 offsuit, 1/7462 = royal flush). Raises HandValueError."""
    v = _check(value, _HIGH_CLASSES, "a hand value")
    return (_HIGH_CLASSES + 1 - v) / _HIGH_CLASSES
