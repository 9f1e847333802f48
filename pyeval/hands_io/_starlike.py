"""Rooms that write a variant of PokerStars' layout with their own words (GGPoker, Winamax, Bovada,
Absolute, Cake, ...): :func:`Room` builds their :class:`~pyeval.hands_io._dialect.StarsDialect` with
the defaults such rooms share, and the one driver (:func:`pyeval.hands_io._stars.read_hand`) reads
them. Kept as the room modules' entry point: ``ROOM = Room(venue=..., first=..., header=..., ...)``.

The defaults that differ from PokerStars': every kind of action may also follow the name with a
space (``NAME wins $5`` in a room whose actions take a colon), only the flop games are read
(``games``), a bet nobody called whose return is not written is derived from the acts (and may be in
its bettor's collected amount: ``returns_in_collect``), a seated player with no action was not
dealt in, a big blind posted out of turn is kept in the poster's first action, and the room's
whole-line ``info`` pattern is its chatter.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ._dialect import StarsDialect, acts, looks_like, split
from ._model import RawHand
from ._settle import chips_in, defer_extra_blinds, derive_rake, implicit_return, return_implicit
from ._stars import read_hand

__all__ = ["Room", "parse_hand", "split", "looks_like", "acts", "chips_in", "implicit_return", "return_implicit",
           "defer_extra_blinds", "derive_rake", "FLOP_GAMES"]

#: The variant stems the Stars-variant rooms are read for (their stud and draw layouts are not known yet).
FLOP_GAMES = ("T", "O", "O/8", "5O", "5O/8", "6O", "6O/8", "S")


def Room(*, venue: str, first: re.Pattern[str], header: re.Pattern[str], table: re.Pattern[str] | None,
         seat: re.Pattern[str], actions: tuple[tuple[re.Pattern[str], str | None], ...] | None = None,
         sep: str = ": ", out: re.Pattern[str] = re.compile(r"is sitting out|out of hand|sitting out"),
         hole: tuple[str, ...] = ("HOLE CARDS",), info: re.Pattern[str] | None = None,
         clean: Callable[[str], str] | None = None, prepare: Callable[[str], str] | None = None,
         **kw: Any) -> StarsDialect:
    """The dialect of a Stars-variant room (``first``: a hand's first line, which detects and splits
    its files; ``actions``: :func:`acts` by default; ``info``: whole lines that carry no chips; the
    other keywords are :class:`StarsDialect`'s)."""
    patterns = acts() if actions is None else actions
    return StarsDialect(
        venue=venue, header=header, detect=first, first=first, table=table, seat=seat, acts=patterns, sep=sep,
        out=out, hole=hole, chatter=(f"(?:{info.pattern})",) if info is not None else (), clean=clean,
        prepare=prepare, spaced=tuple(sorted({k or "info" for _, k in patterns})), games=kw.pop("games", FLOP_GAMES),
        implicit_returns=False, derive_returns=True, idle_out=True, defer_posts=True, variant_repairs=True, **kw)


def parse_hand(room: StarsDialect, lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One hand of ``room`` into a RawHand. Raises HandParseError naming the file line."""
    return read_hand(room, lines, start, source)
