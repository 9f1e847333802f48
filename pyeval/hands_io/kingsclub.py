"""KingsClub (a private-club app, 2020-2021) text hand histories, as room data for the one
Stars-layout driver (:mod:`pyeval.hands_io._stars`).

Layout (read from the club's exports)::

    #3264632: No Limit Holdem - 125/250        ("Pot Limit Omaha 5 Card", "Limit Omaha Hi-Lo", ...)
    2020-12-30 22:34:16
    Table 'Bobbys Room Mix' Seat 1 is the button
    Seat 1: NAME (10,000)
    NAME: posts ante 50
    NAME: posts the small blind 125
    *** HOLE CARDS ***
    Dealt to NAME: [X X]                       (the hero's cards shown)
    NAME raises to 625
    NAME calls 625                             (the street total, as raises; ", and is all in")
    *** FLOP *** [8d 4d 3c]
    NAME shows [Kd 6d]
    *** SUMMARY ***
    Seat 1: NAME (9,325) -675                  (the stack after the hand and the net result)
    Rake 1
    NAME wins pot (1,350)                      ("NAME wins (3,075) from side pot 1")

The room prints no total pot: the rake is the pot less what was won (noted as derived). A board run
more than once is written ``*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]`` then ``*** BOARD 2 - RIVER ***
[- - - Kh] [Ac]`` (dashes: the cards the runs share): read as PokerStars' ``FIRST RIVER`` and
``SECOND RIVER``, each line holding all of its run's new cards. Betting between two boards (its
double-board Omaha) is a game pyeval does not play; its draw and stud games are refused per hand.
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
_FIRST = re.compile(r"^#\d+: (?:No Limit|Pot Limit|Limit|Fixed Limit) ")
_HEAD = re.compile(r"^#(?P<id>\d+): (?P<struct>No Limit|Pot Limit|Limit|Fixed Limit) (?P<game>.+?) - "
                   r"(?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\s*$")
_TABLE = re.compile(r"^Table '(?P<table>.*)'(?: Seat (?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d,.]+)\)(?P<rest>.*)$")
_RUN = re.compile(r"^\*\*\* BOARD (?P<k>[1-8]) - (?P<street>FLOP|TURN|RIVER) \*\*\*(?P<rest>.*)$")
_RUN_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH")
_NAMES = {"holdem": "Hold'em", "omaha 5 card": "5 Card Omaha", "omaha hi-lo 5 card": "5 Card Omaha Hi/Lo"}


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header, date and table lines; the index of the first seat line."""
    hm = _HEAD.match(lines[0])
    if not hm:
        raise raw.fail(f"not a KingsClub hand header: {lines[0]!r}", start)
    raw.hand_id = hm["id"]
    name = hm["game"].strip()
    game = game_named(_NAMES.get(name.lower(), name))
    if game is None:
        raise raw.fail(f"game {name!r} is not one pyeval knows", start)
    if game.stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", start)
    raw.game = (structure_named(hm["struct"]) or "N") + game.stem
    lo, hi = amount(hm["sb"], 1, raw, start), amount(hm["bb"], 1, raw, start)
    if any(re.search(r"\d\.\d\d?\b", ln) for ln in lines[3:]):  # cents anywhere: amounts in cents
        raw.scale = 100
        lo, hi = lo * 100, hi * 100
        raw.currency, raw.currency_symbol = "USD", "$"
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet, raw.small_blind, raw.big_blind = lo, hi, lo // 2, lo
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    dm = re.match(r"^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\s*$", lines[1] if len(lines) > 1 else "")
    if not dm:
        raise raw.fail("no date line after the KingsClub header", start + 1)
    raw.time = room_time(dm.groups(), raw.fail, start + 1)
    tm = _TABLE.match(lines[2]) if len(lines) > 2 else None
    if not tm:
        raise raw.fail("no table line in the KingsClub header", start + 2)
    raw.table = tm["table"]
    if tm["button"]:  # (stud tables have no button)
        raw.button_seat = number(tm["button"], "the button seat", raw, start + 2, 0, MAX_SEAT)
    return 3


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: actions without a colon, no ``and is all in`` words,
    hidden cards dropped, runs of a board refused by the driver as an unknown section."""
    line = re.sub(r"^(\S+): (posts)\b", r"\1 \2", line)
    line = re.sub(r"^Dealt to (.+): \[(?:X ?)+\]\s*$", r"Dealt to \1", line)
    line = re.sub(r"^Dealt to (.+): (\[[^\]]*\])\s*$", r"Dealt to \1 \2", line)
    run = _RUN.match(line)
    if run:  # a board run more than once: "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]" (dashes: the shared cards)
        rest = re.sub(r"\[(?:- )+", "[", run["rest"])
        return f"*** {_RUN_NAMES[int(run['k']) - 1]} {run['street']} ***{rest}"
    return re.sub(r", and is all in\s*$", "", line)


ROOM = Room(
    venue="KingsClub",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    actions=acts(extra=(
        (r"^posts ante " + _A + r"\s*$", "ante"),
        (r"^posts the small blind " + _A + r"\s*$", "sb"),
        (r"^posts the big blind " + _A + r"\s*$", "bb"),
        (r"^posts (?:a )?(?:missed|dead) (?:small |big )?blind " + _A + r"\s*$", "dead"),
        (r"^calls " + _A + r"\s*$", "call_to"),
        (r"^raises to " + _A + r"\s*$", "raise"),
    )),
    summary_collect=re.compile(r"^(?P<n>.+) wins (?:pot )?\((?P<a>[^)]+)\)(?: from (?:the )?(?:side )?pot(?: \d+)?)?\s*$"),
    clean=lambda t: t.replace(",", ""),
    derived_rake=True,
)
