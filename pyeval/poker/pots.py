"""Main and side pots, and splitting a pot with its odd chips.

Source: 58 Pa. Code § 637a.8(b)(5) (an all-in player is eligible only for what he contributed;
betting goes on in a side pot among the others) and § 637a.11(k) (split pots share equally; the odd
chip goes to the player the Rules Submission names). Each pot is split on its own: odd chips are
computed per pot, never by merging pots. Chips are ints in the table's smallest unit.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """One pot: ``amount`` in chips and the players (round indices, ascending) eligible to win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(contributions: Sequence[int], live: Sequence[bool]) -> tuple[Pot, ...]:
    """Divide the chips put in by each player into the main pot and side pots (§ 637a.8(b)(5)).

    An all-in player is eligible only for the layers he matched (§ 637a.8(b)(5)(i)); the others'
    further bets form side pots only they can win (§ 637a.8(b)(5)(iii)).

    Args:
        contributions: chips each player put in this round (antes, blinds and bets), by round index.
        live: whether each player still contends (has not folded or mucked).
    Returns:
        The pots, main pot first. Each live player is eligible for every pot up to his contribution;
        chips of players who folded go into the pots they reached. A pot's ``eligible`` is never
        empty unless no player is live (then one pot with no eligible player holds everything).
    """
    levels = sorted({c for c, ok in zip(contributions, live) if ok and c > 0})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = 0
        for c in contributions:
            if c > prev:
                amount += (level if c > level else c) - prev
        if amount:
            pots.append(Pot(amount, tuple(i for i, c in enumerate(contributions) if live[i] and c >= level)))
        prev = level
    extra = sum(c - prev for c in contributions if c > prev)
    if extra:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + extra, last.eligible)
        else:
            pots.append(Pot(extra, ()))
    return tuple(pots)


def split_pot(amount: int, winners_in_odd_chip_order: Sequence[int], *, odd_to_first: bool = False,
              max_odd_per_winner: int | None = None) -> dict[int, int]:
    """Share one pot equally among its winners; odd units go one at a time in the given order.

    Args:
        amount: the pot, in chips (smallest unit).
        winners_in_odd_chip_order: the winners' round indices, ordered by the table's odd-chip rule
            (§ 637a.11(k)); the first receives the first odd unit, and so on.
        odd_to_first: give every odd unit to the first winner instead
            (``OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON``).
        max_odd_per_winner: the most odd units one winner may receive (§ 637a.11(k): the excess
            given to one player may not exceed $1; :attr:`PokerRules.odd_units_per_player`); the
            rest go on to the next winners in order. None: no cap.
    Returns:
        ``{player: chips}`` summing exactly to ``amount``.
    """
    k = len(winners_in_odd_chip_order)
    share, odd = divmod(amount, k)
    if odd_to_first:
        cap = odd if max_odd_per_winner is None else max_odd_per_winner
        out = {}
        for p in winners_in_odd_chip_order:
            extra = min(odd, cap)
            out[p] = share + extra
            odd -= extra
        return out
    return {p: share + (1 if j < odd else 0) for j, p in enumerate(winners_in_odd_chip_order)}
