"""Winamax text hand histories, as room data for the Stars-like driver
(:mod:`pyeval.hands_io._starlike`).

Layout (read from the room's exports): ``Winamax Poker - CashGame - HandId: #9434802-28434-1490719852
- Holdem no limit (2€/4€) - 2017/03/28 16:50:52 UTC`` (also ``Go Fast "NAME"``, and tournaments
``Tournament "NAME" buyIn: 0.90€ + 0.10€ level: 3 - HandId: ... (ANTE/SB/BB)``), ``Table: 'NAME'
6-max (real money) Seat #1 is the button``, seats ``Seat 1: NAME (402.96€)``, sections ``***
ANTE/BLINDS ***``, ``*** PRE-FLOP ***`` ..., actions without a colon (``NAME raises 4€ to 8€``) and
the summary ``Total pot 24.46€ | Rake 1.04€``. Winamax writes no ``Uncalled bet`` line: the
bettor's ``collected`` amount includes the bet nobody called, and the printed total pot is what
was collected (after the rake); the reader separates the return and adds the rake back.

Stud, Razz and 2-7 Triple Draw (``Lowball27``: three draws) are read as PokerStars' stud and draw
layouts with Winamax's words: stakes ``(ANTE/SMALL BET/BIG BET)``, streets ``*** 3rd STREET ***`` or
``*** THIRD ***`` ... ``*** SEVENTH ***``, draws ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***`` ...
``*** FOURTH-BET ***``, the others' cards ``Dealt to NAME [X X 8h] [4h]`` (``X``: a card face down),
``NAME brings in 10€`` / ``NAME bring-in 0.02``, the completion ``NAME raises 25€ to 25€`` and the
draws ``NAME discard 2 cards`` / ``NAME stands pat [X X X X X]``.
"""
from __future__ import annotations

import re

from dataclasses import replace

from ._starlike import FLOP_GAMES, Room, acts

__all__ = ["ROOM"]

_BRACKETS = re.compile(r"\[([^\]]*)\]")
_WORDS = ((re.compile(r"^(?P<n>.+) bring-in (?=\S+$)"), r"\g<n> brings in for "),
          (re.compile(r"^(?P<n>.+) brings in (?!for )(?=\S+$)"), r"\g<n> brings in for "),
          (re.compile(r"^(?P<n>.+) discard (?=\d+ cards?$)"), r"\g<n> discards "),
          (re.compile(r"^(?P<n>.+) stands pat \[(?:X ){4}X\]$"), r"\g<n> stands pat"))


def _prepare(line: str) -> str:
    """Winamax's stud and draw words as PokerStars writes them (the others' face-down cards left out)."""
    if line.startswith("Dealt to ") and "X" in line:
        return _BRACKETS.sub(lambda m: "[" + " ".join(c for c in m[1].split() if c != "X") + "]", line)
    if not line.startswith(("***", "Seat ", "Winamax", "Table")):
        for pat, repl in _WORDS:
            line = pat.sub(repl, line)
    return line


_BASE = Room(
    venue="Winamax",
    first=re.compile(r"^Winamax Poker - (?!Tournament summary)"),
    header=re.compile(
        r"^Winamax Poker - (?:Tournament \"(?P<tour>[^\"]*)\" buyIn: .*? level: (?P<level>\S+) - |.*? - )"
        r"HandId: #(?P<id>[\d-]+) - (?P<game>Holdem|Omaha5|Omaha8|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|5 Card Omaha"
        r"|7-Card Stud Hi/Lo|7-Card Stud|7stud|Razz|2-7 Triple Draw|Lowball27) (?P<struct>no limit|pot limit|"
        r"fixed limit) \((?P<stakes>[^)]*)\) - (?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) "
        r"(?P<H>\d{1,2}):(?P<M>\d\d):(?P<S>\d\d)(?: (?P<tz>\w+))?"),
    table=re.compile(r"^Table:? '(?P<table>.*)' (?P<max>\d+)-max \((?:real|play) money\)"
                     r"(?: Seat #?(?P<button>\d+) is the button)?\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d.,]+)€?(?:, [^()]*bounty)?\)(?P<rest>.*)$"),
    # an all-in whose "to" is the chips it adds, below the bet ("raises -6.10€ to 18.90€": the rest of his stack)
    actions=acts(extra=((r"^(?:deny BB .*|denies big blind)$", None),
                        (r"^raises -[^\s|]+ to (?P<a>[^\s|]+)(?: and is all-in)?\s*$", "allin_add"),
                        (r"^brings in for (?P<a>[^\s|]+)(?: and is all-in)?\s*$", "bring_in"),
                        (r"^discards (?P<n>\d+) cards?(?: \[(?P<c>[^\]]*)\])?\s*$", "discard"),
                        (r"^stands pat(?: (?:on )?\[(?P<c>[^\]]*)\])?\s*$", "pat"))),
    others=re.compile(r"^.+ (?:deny BB .*|denies big blind)$"),  # (a player not dealt in)
    sep=" ",
    hole=("PRE-FLOP",),
    skip=("ANTE/BLINDS", "SECOND-BET", "THIRD-BET", "FOURTH-BET"),
    prepare=_prepare,
    sections=(("THIRD", "3rd STREET"), ("FOURTH", "4th STREET"), ("FIFTH", "5th STREET"), ("SIXTH", "6th STREET"),
              ("SEVENTH", "RIVER"), ("7th STREET", "RIVER"), ("FIRST-BET", "DEALING HANDS"),
              ("FIRST-DRAW", "FIRST DRAW"), ("SECOND-DRAW", "SECOND DRAW"), ("THIRD-DRAW", "THIRD DRAW")),
    clean=lambda t: t.replace("€", "").replace("£", "").replace("$", ""),
    net_total=True,
    blind_raise=True,
    tournament_pot=True,  # "Total pot 15.52k | No rake" over a collected 370 for a side pot of 369.50
    returns_in_collect=True,
)
#: The games Winamax's files are read for: the flop games, Stud, Stud Hi/Lo, Razz and 2-7 Triple Draw.
ROOM = replace(_BASE, games=FLOP_GAMES + ("7S", "7S/8", "R", "2L3D"))
