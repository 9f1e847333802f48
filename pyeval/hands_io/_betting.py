"""Which reading of a room's raise amounts its own calls agree with.

Several rooms write a raise's amount as the total the player raises to in some exports and as the
chips he adds in others (Merge before and after 2011, 888poker, Microgaming). The record settles it:
every later call must be exactly what the caller owes (or less, all in). :func:`raises_are_totals`
replays a hand's betting both ways and counts the calls each reading contradicts.
:func:`untabled_all_in` marks a tournament hand whose room did not table every hand at an all-in.
"""
from __future__ import annotations

from collections.abc import Iterable

from ._model import RawHand
from ._settle import chips_in

__all__ = ["raises_are_totals", "untabled_all_in"]


def raises_are_totals(events: Iterable[tuple[int, str, str, int]], stacks: dict[str, int]) -> bool | None:
    """True when the raise amounts of ``events`` read as totals contradict fewer calls than read as
    chips added, False for the reverse, None when both readings agree as well (the caller decides).

    ``events``: ``(street, kind, name, amount)`` in order; ``kind`` one of ``post`` (a blind or
    bring-in: chips added on the street), ``ante`` (not on the street), ``call`` and ``bet`` (chips
    added), ``raise`` (the amount in question); other kinds are ignored. ``street`` changes reset
    the street's bets. ``stacks``: each player's chips before the hand (a call for less than owed
    is all in only when it empties the stack)."""
    evs = list(events)
    bad = {True: 0, False: 0}
    for totals in (True, False):
        cur: dict[str, int] = {}
        left = dict(stacks)
        street = None
        for st, kind, nm, a in evs:
            if st != street:
                cur, street = {}, st
            mine, top = cur.get(nm, 0), max(cur.values(), default=0)
            if kind == "ante":
                left[nm] = left.get(nm, 0) - a
                continue
            if kind == "call":
                owed = top - mine
                bad[totals] += a > owed or (a < owed and a != left.get(nm, 0))
                add = a
            elif kind == "raise":
                add = max(a - mine, 0) if totals else a
            elif kind in ("post", "bet"):
                add = a
            else:
                continue
            cur[nm] = mine + add
            left[nm] = left.get(nm, 0) - add
    if bad[True] == bad[False]:
        return None
    return bad[True] < bad[False]


def untabled_all_in(raw: RawHand) -> None:
    """A tournament hand in which a player was all in and a hand still live at the end was not shown:
    the room did not table every hand at the all-in, so the engine's tournament rule that does would
    refuse the record. The hand replays without tournament mode (its other rules change nothing:
    no rake, one board), noted. Nothing changes for any other hand."""
    if raw.tournament is None or raw.dealt_sitting_out or raw.table_rules.get("tournament") is False:
        return
    put = chips_in(raw)
    if not any(put.get(s.name, 0) >= s.stack > 0 for s in raw.seats):
        return
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    live = [s.name for s in raw.seats if s.name not in folded]
    shown = {a.name for a in raw.acts if a.kind == "show"}
    if len(live) > 1 and any(nm not in shown for nm in live):
        raw.table_rules["tournament"] = False
        raw.notes.append("a hand still live at an all-in was not shown in a tournament: replayed without "
                         "tournament mode's rule that every hand is tabled then (the room did not apply it)")
