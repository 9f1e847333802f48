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
"""
from __future__ import annotations

import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

ROOM = Room(
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
    actions=acts(extra=((r"^(?:deny BB .*|denies big blind)$", None),)),
    others=re.compile(r"^.+ (?:deny BB .*|denies big blind)$"),  # (a player not dealt in)
    sep=" ",
    hole=("PRE-FLOP",),
    skip=("ANTE/BLINDS",),
    clean=lambda t: t.replace("€", "").replace("£", "").replace("$", ""),
    net_total=True,
    returns_in_collect=True,
)
