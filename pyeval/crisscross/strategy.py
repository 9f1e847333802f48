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
    counts = [0] * 13
    pairs = 0
    high_pair = False
    for c in cards:
        r = c >> 2
        counts[r] += 1
        if counts[r] == 2:
            pairs += 1
            high_pair = high_pair or r >= 4
        elif counts[r] >= 3:
            return True
    return high_pair or pairs >= 2


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
        r0, r1 = h0 >> 2, h1 >> 2
        if r0 == r1:
            return 3 if r0 >= 4 else 1
        if (h0 & 3) != (h1 & 3) and r0 <= 3 and r1 <= 3:
            return 0
        return 1
    across = (h0, h1, *row_outer)
    if decision == 1:
        return 3 if made_hand(across) else 1
    return 3 if made_hand(across) or made_hand((h0, h1, *column_outer)) else 1
