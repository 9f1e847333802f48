"""The documented basic strategy used by ``pyeval simulate criss-cross`` and the C fast path.

A simple rule set, near the best of the candidates simulated against the default paytables
(:class:`~pyeval.crisscross.rules.CrissCrossRules`, table configuration from public descriptions),
in which every decision depends only on the cards the player can see at that point. Bets are 3x
or 1x the Ante, or a fold (table configuration, not regulation):

* **Across** decision (two hole cards): with any pair bet 3x; fold unpaired, unsuited hole cards
  that are both five or lower; otherwise bet 1x.
* **Down** decision (hole cards + the two outer cards of the row): the Down bet is paid on the
  *Down* hand -- the hole cards and the column, none of which is known yet beyond the hole cards --
  so bet 3x with a pair in the hole, otherwise 1x (never fold: the Antes and the Across bet are
  already at stake).
* **Middle** decision (hole cards + the four outer cards): bet 3x when the four known cards of the
  Across hand or of the Down hand hold a *made hand* (a pair of sixes or better, two pair, or three
  of a kind), four to a flush, or four to an open-ended straight (four consecutive ranks from
  2-3-4-5 up to T-J-Q-K); otherwise 1x.

Chosen by simulating candidate rules on common random numbers (3x pair thresholds, fold
thresholds, draws, Down bets keyed on the Across cards or the hole cards) and keeping the changes
that lowered the house edge. Measured with ``python tools/strategy_edges.py`` (16 x 1,000,000
rounds, no Five Card Bonus): the main game's house edge per Ante unit is 7.52% +- 0.12%, against
16.78% +- 0.11% with the earlier rules (Down 3x keyed on the Across cards, no draws, 3x only on
pairs of sixes or better at the Across decision); see docs/strategies.md.

``csrc/pe_crisscross.c`` (``pe_cc_basic_strategy``) implements the same rules; the tests check
that they agree on every decision of simulated rounds.
"""
from __future__ import annotations

from collections.abc import Sequence

__all__ = ["basic_strategy", "made_hand", "four_flush", "open_ended"]


def made_hand(cards: Sequence[int]) -> bool:
    """True when the cards hold three of a kind, two pair, or a pair of sixes or better."""
    ranks = [c >> 2 for c in cards]
    distinct = set(ranks)
    repeats = len(ranks) - len(distinct)
    if repeats >= 2:  # two pair, or three (or four) of a kind
        return True
    # exactly one pair: its rank is what the repeated card adds; sixes (rank 4) or better
    return repeats == 1 and sum(ranks) - sum(distinct) >= 4


def four_flush(cards: Sequence[int]) -> bool:
    """True when the four cards are all of one suit."""
    return len({c & 3 for c in cards}) == 1


def open_ended(cards: Sequence[int]) -> bool:
    """True when the four cards are four consecutive ranks open at both ends (2-3-4-5 .. T-J-Q-K)."""
    ranks = sorted({c >> 2 for c in cards})
    return len(ranks) == 4 and ranks[3] - ranks[0] == 3 and ranks[3] <= 11


def _across(h0: int, h1: int) -> int:
    r0, r1 = h0 >> 2, h1 >> 2
    if r0 == r1:
        return 3
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
    if decision == 1:
        return 3 if h0 >> 2 == h1 >> 2 else 1
    across = (h0, h1, *row_outer)
    down = (h0, h1, *column_outer)
    return 3 if (made_hand(across) or made_hand(down) or four_flush(across) or four_flush(down)
                 or open_ended(across) or open_ended(down)) else 1
