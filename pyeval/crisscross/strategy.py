"""The documented basic strategy used by ``pyeval simulate criss-cross`` and the C fast path.

A simple, readable strategy -- not a computed optimum -- chosen so that every decision depends
only on the cards the player can see at that point (table configuration, not regulation):

* Across decision (two hole cards): with a pair of sixes or better bet 3x; with any other pair
  bet 1x; fold unpaired, unsuited hole cards that are both five or lower; otherwise bet 1x.
* Down decision (hole cards + the two outer cards of the row): bet 3x when those four cards of
  the Across hand already hold a *made hand* (a pair of sixes or better, two pair, or three of a
  kind), otherwise 1x.
* Middle decision (hole cards + the four outer cards): bet 3x when the four known cards of the
  Across hand or of the Down hand hold a made hand, otherwise 1x.

``csrc/pe_crisscross.c`` (``pe_cc_basic_strategy``) implements the same rules; the tests check
that they agree on every decision of simulated rounds.
"""
from __future__ import annotations

from collections.abc import Sequence

__all__ = ["basic_strategy", "made_hand"]


def made_hand(cards: Sequence[int]) -> bool:
    """True when the cards hold three of a kind, two pair, or a pair of sixes or better."""
    ranks = [c >> 2 for c in cards]
    distinct = set(ranks)
    repeats = len(ranks) - len(distinct)
    if repeats >= 2:  # two pair, or three (or four) of a kind
        return True
    # exactly one pair: its rank is what the repeated card adds; sixes (rank 4) or better
    return repeats == 1 and sum(ranks) - sum(distinct) >= 4


def _across(h0: int, h1: int) -> int:
    r0, r1 = h0 >> 2, h1 >> 2
    if r0 == r1:
        return 3 if r0 >= 4 else 1
    if (h0 & 3) != (h1 & 3) and r0 <= 3 and r1 <= 3:
        return 0
    return 1


#: The Across decision for every ordered pair of hole cards, indexed ``h0 * 52 + h1``.
_ACROSS = tuple(_across(a, b) for a in range(52) for b in range(52))


def basic_strategy(decision: int, hole: Sequence[int], row_outer: Sequence[int] = (),
                   column_outer: Sequence[int] = ()) -> int:
    """The bet multiple (0 = fold) at ``decision`` 0 (Across), 1 (Down) or 2 (Middle).

    Args:
        hole: the player's two hole cards. row_outer: the two outer cards of the row (known from
            the Down decision on). column_outer: the two outer cards of the column (known at the
            Middle decision).
    Returns:
        0, 1 or 3.
    """
    h0, h1 = hole
    if decision == 0:
        return _ACROSS[h0 * 52 + h1]
    across = (h0, h1, *row_outer)
    if decision == 1:
        return 3 if made_hand(across) else 1
    return 3 if made_hand(across) or made_hand((h0, h1, *column_outer)) else 1
