"""Unibet (2021 client) text hand histories, as room data for the one Stars-layout driver
(:mod:`pyeval.hands_io._stars`).

Layout (read from the room's exports)::

    Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
    *** Seated players ***
    Seat 1: NAME (€5.15)
    *** Blinds and button ***
    NAME has the button
    NAME posts small blind €0.05
    *** Hole cards ***
    Dealt in NAME                                 (the others: "Dealt to Hero [Ac 7c]")
    *** Preflop ***
    NAME raises €0.95 to €0.95, and is all-in
    NAME wins €1.10                               (a bet nobody called included: no "Uncalled bet" line)
    *** Summary ***
    Total pot €1.10 Rake €0                       (the bet nobody called included)
    Seat 1: NAME: bet €0.05 and won €0, net result: €-0.05

The return of a bet nobody called is derived from the acts and taken out of the win and the total.
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
_FIRST = re.compile(r"^Game #\d+: Table .+ - [\d.]+/[\d.]+ - ")
_HEAD = re.compile(r"^Game #(?P<id>\d+): Table (?P<table>.+?) - (?P<lo>[\d.]+)/(?P<hi>[\d.]+) - "
                   r"(?P<struct>No Limit|Pot Limit|Fixed Limit|Limit) (?P<game>.+?)(?: Banzai)? - "
                   r"(?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d) (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[$€£]?[\d.,]+)\)(?P<rest>.*)$")


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header (and the seated players' section line); the button from ``NAME has the button``."""
    hm = _HEAD.match(lines[0])
    if not hm:
        raise raw.fail(f"not a Unibet hand header: {lines[0]!r}", start)
    raw.hand_id, raw.table = hm["id"], hm["table"]
    game = game_named(hm["game"])
    if game is None or game.stem is None:
        raise raw.fail(f"game {hm['game']!r} is not one this reader plays", start)
    raw.game = (structure_named(hm["struct"]) or "N") + game.stem
    sym = next((c for ln in lines[:12] for c in "€$£" if c in ln), None)
    raw.scale, raw.currency_symbol = 100, sym
    raw.currency = {"€": "EUR", "$": "USD", "£": "GBP"}.get(sym or "", "XXX")
    raw.small_blind, raw.big_blind = amount(hm["lo"], 100, raw, start), amount(hm["hi"], 100, raw, start)
    raw.min_bet = raw.big_blind
    raw.time = room_time((hm["y"], hm["mo"], hm["d"], hm["H"], hm["M"], hm["S"]), raw.fail, start)
    j = 1
    while j < len(lines) and not _SEAT.match(lines[j]):
        if lines[j].strip() not in ("", "*** Seated players ***"):
            raise raw.fail(f"not a Unibet header line: {lines[j]!r}", start + j)
        j += 1
    seats = {m["name"]: m["seat"] for m in (_SEAT.match(ln) for ln in lines[j:]) if m}
    dealer = next((m.group(1) for m in (re.match(r"^(.+) has the button\s*$", ln) for ln in lines) if m), None)
    if dealer in seats:
        raw.button_seat = number(seats[dealer], "the button seat", raw, start, 0, MAX_SEAT)
    return j


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: sections, all-in words and the total pot line."""
    m = re.match(r"^\*\*\* (Hole cards|Flop|Turn|River|Summary|Showdown) \*\*\*(.*)$", line)
    if m:
        return f"*** {m.group(1).upper()} ***{m.group(2)}"
    line = re.sub(r", and is all-in\s*$", "", line)
    return re.sub(r"^Total pot (\S+) Rake (\S+)\s*$", r"Total pot \1 | Rake \2", line)


ROOM = Room(
    venue="Unibet",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    skip=("Blinds and button", "Preflop"),
    returns_in_collect=True,
    actions=acts(extra=(
        (r"^wins " + _A + r"(?: with .*)?\s*$", "collect"),
        (r"^has the button\s*$", None),
    )),
    info=re.compile(r"Dealt in .+"),
)
