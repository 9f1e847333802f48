"""The phases, decision streets and decisions of a heads-up round (58 Pa. Code § 677a.11(b)-(j)): what
:class:`~pyeval.headsup.round.HeadsUpRound` is waiting for, and what a strategy sees and answers."""
from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import NamedTuple

__all__ = ["HeadsUpPhase", "HeadsUpStreet", "Decision", "Strategy"]


class HeadsUpPhase(enum.Enum):
    """Where the round is; each value names the step that comes next."""

    WAGERS = "wagers"                    # players place wagers; then the deal
    PREFLOP = "preflop decisions"        # § 677a.11(b)
    FLOP = "burn and flop"               # § 677a.11(c)
    POSTFLOP = "post-flop decisions"     # § 677a.11(d)
    TURN_RIVER = "burn, turn and river"  # § 677a.11(e)
    FINAL = "final decisions"            # § 677a.11(f)
    SHOWDOWN = "dealer's hand exposed"   # § 677a.11(g)
    SETTLEMENT = "settlement"            # § 677a.11(g)-(i)
    COMPLETE = "complete"                # § 677a.11(j)


class HeadsUpStreet(enum.IntEnum):
    """The three Raise decisions: before the flop (b), after the flop (d), after turn and river (f)."""

    PREFLOP = 0
    FLOP = 1
    RIVER = 2


class Decision(NamedTuple):
    """What a player's strategy sees: ``player``, ``street``, ``hole`` (2 cards), ``board`` (0, 3 or 5
    cards), ``ante`` (chips) and ``options`` (the legal Raise amounts in chips, ascending: a
    ``range`` when any amount up to the cap is allowed). The strategy returns one of ``options`` to
    raise, or 0 to check (to fold on ``HeadsUpStreet.RIVER``)."""

    player: int
    street: HeadsUpStreet
    hole: tuple[int, int]
    board: tuple[int, ...]
    ante: int
    options: Sequence[int]


Strategy = Callable[[Decision], int]
