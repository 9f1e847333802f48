"""BetOnline (the Chico network) text hand histories, as room data for the Stars-variant driver
(:mod:`pyeval.hands_io._starlike`).

Layout (read from the room's exports): ``BetOnline Poker Game #991142904: Hold'em No Limit
($0.25/0.50) - 2012/03/18 15:58:15 GMT Standard Time`` (tournaments: ``Game #N: Tournament #T:
Hold'em $10.00/$20.00 - DATE``, the blinds without a structure: no limit), ``Table 'NAME' 10-Max, Seat
#0 is the button`` (seats numbered from 0), seats ``Seat 1: NAME (53.73 in chips) - Small Blind``,
actions ``NAME: raises 1.00 to 1.00 and is all in``, ``NAME: ante processed 5``, ``NAME: post now
0.50`` (a big blind posted to come in), ``NAME shows As Kc``, ``NAME collected (2.50)`` in the summary
only, and ``Total pot 36.34 | Rake 1.91``.
"""
from __future__ import annotations

import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|]+)"
_AI = r"(?: and is all in)?\.?\s*$"

ROOM = Room(
    venue="BetOnline",
    first=re.compile(r"^BetOnline Poker Game #\d+: "),
    header=re.compile(
        r"^BetOnline Poker Game #(?P<id>\d+): (?:Tournament #(?P<tour>\d+): )?(?P<game>Hold'em|Omaha Hi/Lo|Omaha)"
        r"(?: (?P<struct>No Limit|Pot Limit|Limit|Fixed Limit))? \(?(?P<stakes>[^()\s]+)\)? - "
        r"(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) (?P<H>\d{1,2}):(?P<M>\d\d)(?::(?P<S>\d\d))?"),
    table=re.compile(r"^Table '?(?P<table>.*?)'?(?: (?P<max>\d+)-Max,)?(?: \((?:Play|Real) Money\))? "
                     r"Seat #(?P<button>\d+) is the button\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in [Cc]hips\)(?P<rest>.*)$"),
    actions=acts(extra=(
        (r"^ante processed " + _A + r"\s*$", "ante"),
        (r"^post now " + _A + _AI, "bb"),
        (r"^[Ff]olds\.?\s*$", "fold"),
        (r"^[Cc]hecks\.?\s*$", "check"),
        (r"^[Cc]alls " + _A + _AI, "call"),
        (r"^[Bb]ets " + _A + _AI, "bet"),
        (r"^[Rr]aises \S+ to " + _A + _AI, "raise"),
        (r"^posts (?:small|the small) blind " + _A + _AI, "sb"),
        (r"^posts (?:big|the big) blind " + _A + _AI, "bb"),
        (r"^shows \[?(?P<c>(?:(?:10|[2-9TJQKA])[cdhs] ?)+)\]?.*$", "show"),
        (r"^(?:has left the table|joins the table at seat #\d+|mucks|is sitting out|has timed out)\s*$", None),
    )),
    out=re.compile(r"Sitting out"),
    summary_collect=re.compile(r"^Seat \d+: (?P<n>.+?) (?:\([^)]*\) )?(?:showed \[[^\]]*\] and won|collected) "
                               r"\((?P<a>[^)]*)\).*$"),
)
