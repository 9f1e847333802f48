"""The rooms pyeval reads, as data on one base: a :class:`Room` per room, one list (:data:`ROOMS`).

A room is four things: its name (``pyeval convert --from NAME``), how a file of it starts
(``looks_like``), how the file splits into hands (``split``: the 1-based line of each hand's first
line and its lines) and how one hand is read into the room-neutral :class:`~pyeval.hands_io._model.RawHand`
(``parse``; a line it cannot read raises ``HandParseError`` naming the line). The driver
(:func:`pyeval.hands_io.parse_text`, :func:`~pyeval.hands_io.parse_file`) decodes the file
(:func:`pyeval._text.decode`: UTF-8, UTF-16 with or without a BOM, cp1252, latin-1), detects
its room, splits it, reads each hand, converts it to PHH and replays it, reporting each hand's problem
with its file and line; game names come from the one table :mod:`pyeval.hands_io.games`.

Rooms that write PokerStars' text layout, in its words or their own, are a
:class:`~pyeval.hands_io._dialect.StarsDialect` each (data: the header, the action words, the chatter,
the settlement quirks) read by one driver, made a Room by :func:`stars_room`. Adding a room: its module
(data, or a reader for a new grammar), one line in :data:`ROOMS`, its tests (docs/extending.md).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import (
    absolute, acpc, boss, bovada, cake, enet, entraction, everest, everleaf, fulltilt, ggpoker, ipoker, kingsclub, merge,
    microgaming, ongame, pacific, partypoker, pkr, pokerstars, pokertracker, pokertracker4, sealswithclubs, stars_like, thebiggame,
    unibet, winamax, winning, winning2019,
)
from ._dialect import StarsDialect, looks_like, split
from ._model import RawHand
from ._stars import read_hand

__all__ = ["Room", "ROOMS", "stars_room", "starlike_room"]


@dataclass(frozen=True)
class Room:
    """One room's reader (see the module docstring); ``parse(lines, start, source, **options)``."""

    name: str
    looks_like: Callable[[str], bool]
    split: Callable[[str], list[tuple[int, list[str]]]]
    parse: Callable[..., RawHand]


def stars_room(name: str, dialect: StarsDialect) -> Room:
    """The Room of a Stars-like room's dialect: detection, splitting and reading all from its data, by
    the one driver (:func:`pyeval.hands_io._stars.read_hand`)."""

    def parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
        return read_hand(dialect, lines, start, source)

    return Room(name, lambda text: looks_like(dialect, text), lambda text: split(dialect, text), parse)


#: The same as :func:`stars_room` (the Stars-variant rooms' dialects come from :func:`pyeval.hands_io._starlike.Room`).
starlike_room = stars_room


def _888_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return pacific.parse_hand(lines, start, source)


def _wpn_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return winning.parse_hand(lines, start, source)


def _ft_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return fulltilt.parse_hand(lines, start, source)


def _pp_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return partypoker.parse_hand(lines, start, source)


def _betfair_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return partypoker.parse_hand(lines, start, source, venue="Betfair")


def _merge_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return merge.parse_hand(lines, start, source)


def _ongame_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return ongame.parse_hand(lines, start, source)


def _mpn_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return microgaming.parse_hand(lines, start, source)


def _everest_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return everest.parse_hand(lines, start, source)


def _ip_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return ipoker.parse_game(lines, start, source)


def _pt_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return pokertracker.parse_hand(lines, start, source)


def _tbg_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return thebiggame.parse_hand(lines, start, source)


def _boss_parse(lines: list[str], start: int, source: str, **_: Any) -> RawHand:
    return boss.parse_hand(lines, start, source)


def _acpc_parse(lines: list[str], start: int, source: str, acpc_game: acpc.ACPCGame = acpc.NO_LIMIT_2P,
                **_: Any) -> RawHand:
    return acpc.parse_line(lines[0], start, source, acpc_game)


#: Every room read, in detection order (the first whose ``looks_like`` accepts a file reads it).
ROOMS: tuple[Room, ...] = (
    stars_room("pokerstars", pokerstars.DIALECT),
    Room("fulltilt", fulltilt.looks_like, fulltilt.split, _ft_parse),
    *(stars_room(name, d) for name, d in stars_like.DIALECTS.items()),
    starlike_room("ggpoker", ggpoker.ROOM),
    starlike_room("winamax", winamax.ROOM),
    starlike_room("bovada", bovada.ROOM),
    starlike_room("absolute", absolute.ROOM),
    starlike_room("cake", cake.ROOM),
    starlike_room("everleaf", everleaf.ROOM),
    starlike_room("pkr", pkr.ROOM),
    Room("kingsclub", lambda text: looks_like(kingsclub.ROOM, text), lambda text: split(kingsclub.ROOM, text),
         lambda lines, start, source, **_: kingsclub.parse_hand(lines, start, source)),
    starlike_room("enet", enet.ROOM),
    starlike_room("sealswithclubs", sealswithclubs.ROOM),
    starlike_room("entraction", entraction.ROOM),
    starlike_room("unibet", unibet.ROOM),
    starlike_room("winning2019", winning2019.ROOM),
    starlike_room("pokertracker4", pokertracker4.ROOM),
    starlike_room("pt4everest", pokertracker4.EVEREST),
    Room("888poker", pacific.looks_like, pacific.split, _888_parse),
    Room("winning", winning.looks_like, winning.split, _wpn_parse),
    Room("partypoker", partypoker.looks_like, partypoker.split, _pp_parse),
    Room("betfair", partypoker.looks_like_betfair, partypoker.split, _betfair_parse),
    Room("ipoker", ipoker.looks_like, ipoker.split, _ip_parse),
    Room("merge", merge.looks_like, merge.split, _merge_parse),
    Room("ongame", ongame.looks_like, ongame.split, _ongame_parse),
    Room("microgaming", microgaming.looks_like, microgaming.split, _mpn_parse),
    Room("everest", everest.looks_like, everest.split, _everest_parse),
    Room("pokertracker", pokertracker.looks_like, pokertracker.split, _pt_parse),
    Room("thebiggame", thebiggame.looks_like, thebiggame.split, _tbg_parse),
    Room("boss", boss.looks_like, boss.split, _boss_parse),
    Room("acpc", acpc.looks_like, acpc.split, _acpc_parse),
)
