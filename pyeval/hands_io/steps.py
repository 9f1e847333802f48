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

from ..errors import HandHistoryError, IllegalHandHistoryError, PyevalError
from ..poker.phh import _Replay, _short  # the PHH replay, action by action
from ._phh import HandHistory, Round

__all__ = ["TableView", "Step", "steps", "view"]


@dataclass(frozen=True)
class TableView:
    """A read-only snapshot of a round. Per-player fields are tuples by round index (PHH ``p1`` first).

    ``stacks``: chips behind; ``bets``: chips in front this betting round; ``put_in``: chips put in
    this round in all; ``folded``/``mucked``; ``hole``: each player's cards (-1 for a card nobody
    saw); ``board``; ``pot``: chips in the pots (``pots``: ``(amount, eligible players)`` each);
    ``street``: betting round index; ``phase``: what the round waits for (``Phase`` value);
    ``actor``: the player to act, or None; ``to_call``: chips the actor needs to call (0 if none);
    ``winnings``: chips each player was awarded (all 0 before the award); ``complete``.
    """

    phase: str
    street: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    put_in: tuple[int, ...]
    folded: tuple[bool, ...]
    mucked: tuple[bool, ...]
    hole: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    pot: int
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    actor: int | None
    to_call: int
    winnings: tuple[int, ...]
    complete: bool


@dataclass(frozen=True)
class Step:
    """One state of a recorded hand: ``index`` of the action just applied (0-based into
    ``hh.actions``; -1 for the state after the forced bets, ``len(actions)`` for the award at the
    end), that ``action`` text (None for those two), and the table as it then stood."""

    index: int
    action: str | None
    table: TableView


def view(rnd: Round) -> TableView:
    """A read-only snapshot of ``rnd`` as it stands now."""
    actor = rnd.actor
    to_call = 0
    if actor is not None:
        to_call = max(0, min(rnd.bet_to - rnd.bets[actor], rnd.stacks[actor]))
    return TableView(
        phase=rnd.phase.value, street=int(rnd.street), stacks=tuple(rnd.stacks), bets=tuple(rnd.bets),
        put_in=tuple(rnd.contrib), folded=tuple(rnd.folded), mucked=tuple(rnd.mucked),
        hole=tuple(tuple(h) for h in rnd.hole), board=tuple(rnd.board), pot=rnd.pot_total - sum(rnd.winnings),
        pots=() if rnd.awarded else tuple((p.amount, tuple(p.eligible)) for p in rnd.pots()), actor=actor,
        to_call=to_call,
        winnings=tuple(rnd.winnings), complete=rnd.complete,
    )


def steps(hh: HandHistory, *, strict: bool = False) -> Iterator[Step]:
    """Every state of ``hh``'s replay (see the module docstring).

    Raises:
        IllegalHandHistoryError / HandHistoryError: as :meth:`HandHistory.replay`, when the step that
            breaks the rules is reached (the states before it have been yielded).
    """
    scale = hh.unit_scale
    exact = hh if scale == 1 and all(isinstance(v, int) for v in hh.starting_stacks) else hh.in_units(scale)
    rep = _Replay(exact, strict)
    rnd = rep.rnd
    yield Step(-1, None, view(rnd))
    for idx, raw in enumerate(exact.actions):
        text = raw.split("#", 1)[0].split()
        if not text:
            continue
        where = f"{exact.name}: action {idx + 1} {_short(raw)}"
        try:
            rep._step(text, raw)
        except IllegalHandHistoryError as exc:
            raise IllegalHandHistoryError(f"{where}: {exact._names(str(exc))}", exc.rule) from None
        except HandHistoryError as exc:
            raise HandHistoryError(f"{where}: {exact._names(str(exc))}") from None
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{where}: {exact._names(str(exc))}", getattr(exc, "rule", "")) from None
        yield Step(idx, raw, view(rnd))
    try:
        rep._deal_if_due(True)
    except PyevalError as exc:
        raise IllegalHandHistoryError(f"{exact.name}: at the end: {exact._names(str(exc))}",
                                      getattr(exc, "rule", "")) from None
    if not rep.tabled and rnd.can_award():
        rep._check_scorable()
        rnd.award()
        yield Step(len(exact.actions), None, view(rnd))
