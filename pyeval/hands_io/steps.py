"""Step through a recorded hand: every state of a PHH :class:`HandHistory`, action by action, as
read-only snapshots (:class:`TableView`).

``for step in steps(hh): ...`` yields the table after the forced bets, then after each action of the
record (dealer and players), then once more if the pots were awarded at the end. A view holds
tuples and frozen values only: changing it cannot reach the round (unlike the live lists of a
:class:`~pyeval.poker.Round`), and a view stays as it was when later actions are applied.
Amounts are ints in the record's smallest unit (see ``HandHistory.unit_scale``).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..poker.phh_replay import Replay  # the PHH replay, action by action (public API of pyeval.poker.phh_replay)
from ..poker.view import TableView, view
from ._phh import HandHistory

__all__ = ["TableView", "Step", "steps", "view"]


@dataclass(frozen=True)
class Step:
    """One state of a recorded hand: ``index`` of the action just applied (0-based into
    ``hh.actions``; -1 for the state after the forced bets, ``len(actions)`` for the award at the
    end), that ``action`` text (None for those two), and the table as it then stood."""

    index: int
    action: str | None
    table: TableView


def steps(hh: HandHistory, *, strict: bool = False) -> Iterator[Step]:
    """Every state of ``hh``'s replay (see the module docstring).

    Raises:
        IllegalHandHistoryError / HandHistoryError: as :meth:`HandHistory.replay`, when the step that
            breaks the rules is reached (the states before it have been yielded).
    """
    scale = hh.unit_scale
    exact = hh if scale == 1 and all(isinstance(v, int) for v in hh.starting_stacks) else hh.in_units(scale)
    rep = Replay(exact, strict)
    rnd = rep.rnd
    yield Step(-1, None, view(rnd))
    for idx, raw in rep.actions():
        yield Step(idx, raw, view(rnd))
    if not rep.tabled and rnd.can_award():
        rep.award()
        yield Step(len(exact.actions), None, view(rnd))
