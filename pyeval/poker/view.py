"""A read-only view of a :class:`~pyeval.poker.Round`: a frozen snapshot of the table (tuples only).

The round's own public attributes are read-only too (sequences come back as tuples, each read a new
snapshot); :meth:`Round.view` gathers the whole table in one frozen value that does not follow the
round.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .round import Round

__all__ = ["TableView", "view"]


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



def view(rnd: Round) -> TableView:
    """A read-only snapshot of ``rnd`` as it stands now."""
    actor = rnd._actor
    to_call = 0
    if actor is not None:
        to_call = max(0, min(rnd._bet_to - rnd._bets[actor], rnd._stacks[actor]))
    return TableView(
        phase=rnd.phase.value, street=int(rnd._street), stacks=tuple(rnd._stacks), bets=tuple(rnd._bets),
        put_in=tuple(rnd._contrib), folded=tuple(rnd._folded), mucked=tuple(rnd._mucked),
        hole=tuple(tuple(h) for h in rnd._hole), board=tuple(rnd._board), pot=rnd.pot_total - sum(rnd._winnings),
        pots=() if rnd._awarded else tuple((p.amount, tuple(p.eligible)) for p in rnd.pots()), actor=actor,
        to_call=to_call,
        winnings=tuple(rnd._winnings), complete=rnd.complete,
    )
