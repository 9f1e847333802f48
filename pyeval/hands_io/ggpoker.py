"""GGPoker (and its network skins') text hand histories, as room data for the Stars-like driver
(:mod:`pyeval.hands_io._starlike`).

Layout (read from the room's exports): ``Poker Hand #RC123: Hold'em No Limit ($0.05/$0.1) -
2021/04/13 16:21:36`` (tournaments: ``Poker Hand #TM1: Tournament #2, NAME Hold'em No Limit -
Level7 (150/300) - DATE``; cash PLO written ``PLO ($2/$5)``, ``PLO-5``; short deck ``ShortDeck No
Limit ($0.02)``, the stake being the ante), ``Table 'NAME' 6-max Seat #3 is the button``, seats
``Seat 1: NAME ($797.84 in chips)``, actions ``NAME: raises $10 to $15``, ``NAME: straddle $2``,
boards run up to three times (``*** FIRST TURN ***`` ... ``*** SECOND SHOWDOWN ***``), and the
summary ``Total pot $597.08 | Rake $7.5 | Jackpot $5 | Bingo $0`` (the total pot is before rake and
fees: collected + rake + jackpot + bingo + fortune + tax = total pot).
"""
from __future__ import annotations

import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

ROOM = Room(
    venue="GGPoker",
    first=re.compile(r"^Poker Hand #[A-Z]*\d+: "),
    header=re.compile(
        r"^Poker Hand #(?P<id>[A-Z]*\d+): (?:Tournament #(?P<tour>\d+), .*? )?"
        r"(?P<game>Hold'em|Omaha Hi/Lo|Omaha|PLO-5|PLO-6|PLO|ShortDeck|Short Deck|6\+ Hold'em)"
        r"(?: (?P<struct>No Limit|Pot Limit|Limit|Fixed Limit|\(NL postflop\)))?(?:\s+- Level ?(?P<level>[^\s(]+))? ?"
        r"\((?P<stakes>[^)]*)\) - (?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) (?P<H>\d{1,2}):(?P<M>\d\d):(?P<S>\d\d)"),
    table=re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    house_money=re.compile(r"^Cash Drop to Pot : total (?P<a>\S+)\s*$"),  # decision 037
    refuse=((re.compile(r"^.+: (?:get an all-in insurance|pay premium of all-in insurance|receive.* insurance).*$"),
             "all-in insurance changes what the players were paid: no replay pays what the room paid"),),
    actions=acts(extra=((r"^(?:Pays Cashout Risk|Receives Cashout).*$", None),
                        (r"^posts (?:missed blind|dead) " + r"(?P<a>[^\s|]+)" + r"\s*$", "dead"))),
)
