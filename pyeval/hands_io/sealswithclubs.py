"""Seals With Clubs (a bitcoin room, 2013) text hand histories, as room data for the one
Stars-layout driver (:mod:`pyeval.hands_io._stars`). Amounts are mBTC (thousandths of a bitcoin):
read in thousandths of an mBTC (``_units_per_currency`` 1000, currency ``mBTC``), as the room wrote
amounts down to three decimals.

Layout (read from the room's exports)::

    Hand #5223590-18 - 2013-04-09 19:37:28
    Game: NL Hold'em (40 - 200) - Blinds 1/2         ("PL Omaha", "Limit Hold'em ... - Stakes 2/4")
    Site: Seals With Clubs
    Table: NLHE 6max 1/2 #5
    Seat 1: NAME (40)                                ("- sitting out", "- waiting for big blind")
    NAME has the dealer button
    NAME posts small blind 1
    ** Hole Cards **
    NAME raises to 9                                 ("calls 2": the chips added; "(All-in)")
    ** Flop ** [Td 3h 5s]
    ** Pot Show Down ** [Td 3h 5s Ah Kh]
    NAME refunded 5                                  (a bet nobody called)
    NAME wins Pot (8) with High Card                 ("wins Main Pot (..)", "wins Side Pot 1 (..)")
    Rake (0)
    NAME adds 2 chips                                (after the hand)

The room prints no total pot: the rake is the pot less what was won (noted as derived; the room's
``Rake (X)`` lines give it per pot).
"""
from __future__ import annotations

import re

from ._dialect import StarsDialect
from ._limits import room_time
from ._model import MAX_SEAT, RawHand, amount, number
from ._starlike import Room, acts
from .games import game_named, structure_named

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|()]+)"
_FIRST = re.compile(r"^Hand #\d+-\d+ - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
_GAME = re.compile(r"^Game: (?P<struct>NL|PL|Limit) (?P<game>.+?) \([^)]*\) - (?:Blinds|Stakes) "
                   r"(?P<lo>[\d.]+)/(?P<hi>[\d.]+)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d.]+)\)(?P<rest>.*)$")
_SCALE = 1000  # units per mBTC


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header, game, site and table lines; the index of the first seat line."""
    hm = re.match(r"^Hand #(\d+-\d+) - (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)", lines[0])
    if not hm:
        raise raw.fail(f"not a Seals With Clubs hand header: {lines[0]!r}", start)
    raw.hand_id = hm.group(1)
    raw.time = room_time(hm.groups()[1:], raw.fail, start)
    raw.scale, raw.currency, raw.currency_symbol = _SCALE, "mBTC", None
    j = 1
    while j < len(lines) and not _SEAT.match(lines[j]):
        line, no = lines[j], start + j
        gm = _GAME.match(line)
        if gm:
            _game(raw, gm, no)
        elif line.startswith("Table: "):
            raw.table = line[7:].strip()
            mx = re.search(r" (\d+)max ", line)
            if mx:
                raw.seat_count = number(mx.group(1), "the table size", raw, no, 1, MAX_SEAT)
        elif not line.startswith("Site: "):
            raise raw.fail(f"not a Seals With Clubs header line: {line!r}", no)
        j += 1
    if not raw.game:
        raise raw.fail("no game line in the Seals With Clubs header", start)
    seats = {m["name"]: m["seat"] for m in (_SEAT.match(ln) for ln in lines[j:]) if m}
    dealer = next((m.group(1) for m in (re.match(r"^(.+) has the dealer button\s*$", ln) for ln in lines) if m), None)
    if dealer in seats:  # the button named by its player
        raw.button_seat = number(seats[dealer], "the button seat", raw, start, 0, MAX_SEAT)
    return j


def _game(raw: RawHand, gm: re.Match[str], no: int) -> None:
    """The game, structure and stakes of ``Game: NL Hold'em (40 - 200) - Blinds 1/2``."""
    game = game_named(gm["game"])
    if game is None or game.stem is None:
        raise raw.fail(f"game {gm['game']!r} is not one this reader plays", no)
    raw.game = (structure_named(gm["struct"]) or "N") + game.stem
    lo, hi = amount(gm["lo"], _SCALE, raw, no), amount(gm["hi"], _SCALE, raw, no)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet, raw.small_blind, raw.big_blind = lo, hi, lo // 2, lo
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: sections as PokerStars writes them."""
    m = re.match(r"^\*\* (Hole Cards|Flop|Turn|River|(?:Main |Side )?Pot(?: \d+)? Show Down) \*\*(.*)$", line)
    if m:
        name = "HOLE CARDS" if m.group(1) == "Hole Cards" else "SHOW DOWN" if "Show" in m.group(1) else m.group(1).upper()
        return f"*** {name} ***{m.group(2)}"
    return line


ROOM = Room(
    venue="Seals With Clubs",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    out=re.compile(r"sitting out|waiting for big blind"),
    actions=acts(extra=(
        (r"^posts small & big blind " + _A + r"\s*$", "both"),
        (r"^calls " + _A + r"(?: \(All-in\))?\s*$", "call"),
        (r"^bets " + _A + r"(?: \(All-in\))?\s*$", "bet"),
        (r"^raises to " + _A + r"(?: \(All-in\))?\s*$", "raise"),
        (r"^refunded " + _A + r"\s*$", "return"),
        (r"^wins (?:Main |Side )?Pot(?: \d+)? \((?P<a>[^)]+)\).*$", "collect"),
        (r"^adds " + _A + r" chips\s*$", None),
    )),
    info=re.compile(r"Rake \([\d.]+\)|.+ has the dealer button"),
    derived_rake=True,
)
