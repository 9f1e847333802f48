"""Settlement of one wager on one paytable line: the one settlement step of every house game.

:func:`settle_line` says what a wager of ``staked`` chips wins on the line its hand falls on (a
:class:`~pyeval.house.PaidLine` from :meth:`~pyeval.house.LinePaytable.paid_for` /
:meth:`~pyeval.house.LinePaytable.by_value`, or None when no line covers it): the line's odds
``num`` to ``den`` paid in whole chips (:func:`~pyeval.house.winnings`, rounded down or, when the
table declares it, up), a push on a line paying 0, and the ``absent`` outcome when there is no line
(a loss, or a push where a game's rule says so, as heads-up's Odds wager on a winning hand its
paytable does not list). The games build their own records (which
paragraph applied, which wager) around it.
"""
from __future__ import annotations

from ..contracts import Outcome
from .odds import winnings
from .paytable import PaidLine

__all__ = ["settle_line"]

_WIN, _PUSH, _LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE


def settle_line(line: PaidLine | None, staked: int, round_up: bool = False, *, absent: Outcome = _LOSE,
                win: Outcome = _WIN) -> tuple[Outcome, int]:
    """``(outcome, net)`` of ``staked`` chips on ``line``: ``(win, winnings)`` when the line pays,
    ``(PUSH, 0)`` when it pays 0, and with no line ``(LOSE, -staked)`` (``absent=LOSE``) or
    ``(absent, 0)`` (any other outcome, e.g. PUSH). ``net`` is the player's result in chips.
    No validation (callers pass checked amounts)."""
    if line is None:
        return (_LOSE, -staked) if absent is _LOSE else (absent, 0)
    num = line[0]
    if not num:
        return (_PUSH, 0)
    return (win, winnings(staked, num, line[1], round_up))
