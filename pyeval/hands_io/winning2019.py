"""Winning Poker Network (WPN: Americas Cardroom, Black Chip, Yatahay ...) text hand histories in the
network's 2019+ export, as room data for the Stars-like driver (:mod:`pyeval.hands_io._starlike`);
the older ``Game started at:`` export is :mod:`pyeval.hands_io.winning`.

Layout (read from the network's exports): ``Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 -
2021/04/20 18:42:26 UTC`` (the game ``Holdem``, ``Omaha``, ``Omaha H/L``, ``7Stud``, the structure in
parentheses; tournaments ``Game Hand #N - [NAME ]Tournament #T - Holdem(No Limit) - Level 10
(3000.00/6000.00)- DATE``), a table line without quotes for cash games (``Fort Lupton 9-max Seat #5
is the button``; tournaments ``Table '99' 8-max Seat #3 is the button``), seats ``Seat 1: NAME
($5.07)``, actions with no colon (``NAME posts the small blind $0.02``, ``NAME posts dead $0.07``,
``NAME posts ante 900.00``, ``NAME raises $120.00 to $120.00 and is all-in``), a running ``Main pot
$0.17 | Rake $0.00`` line after each section (no chips), boards run twice as ``*** FLOP 1 ***`` ...
``*** SHOW DOWN 2 ***`` with ``collected $X from main pot 1``, and the summary ``Total pot $246.00 |
Rake $2.76 | JP Fee $0.24``: the total pot is what was collected, after the rake and the jackpot fee
(collected = total pot; total pot + rake + fees = every chip put in). Tournaments deal one card to
each player for the button before the antes (``Dealt to NAME [7s]``): no chips, kept as a room line.
Cap tables (``Miramar (Cap) 9-max``, ``NAME caps $0.55``: the chips he adds to reach the cap, 30 big
blinds in the hand, and he bets no more) are played with the table's cap (``PokerRules.cap``);
seven card stud is read (its 7th street is PokerStars' river; a single card dealt is a tournament's
draw for the button only in flop games).
"""
from __future__ import annotations

import re

from ._dialect import StarsDialect, fields_head
from ._model import RawHand
from ._starlike import FLOP_GAMES, Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|]+)"
_ALLIN = r"(?: and is all-in)?\s*$"
_LEVEL = re.compile(r" - Level (\S+) \(([^)]*)\)- ")
_CASH_TABLE = re.compile(r"^(?!Table '|Seat \d+: )(.+?) (\d+-max(?: Seat #\d+ is the button)?)\s*$")


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header and table lines; a Cap table (``NAME (Cap) 9-max``) caps each player's chips in a
    hand at 30 big blinds (``caps $0.55`` reaching $0.60 at $0.01/$0.02)."""
    j = fields_head(d, raw, lines, start)
    if raw.table is not None and raw.table.endswith("(Cap)") and raw.big_blind:
        raw.table_rules["cap"] = 30 * raw.big_blind
    return j


def _prepare(line: str) -> str:
    """A line as the patterns read it: a tournament's ``- Level 10 (3000.00/6000.00)- `` as ``- Level
    10 3000.00/6000.00 - ``; a cash game's table line ``NAME 9-max ...`` as ``Table 'NAME' 9-max ...``."""
    if line.startswith(("Hand #", "Game Hand #")):
        return _LEVEL.sub(r" - Level \1 \2 - ", line)
    return _CASH_TABLE.sub(r"Table '\1' \2", line)


ROOM = Room(
    venue="Winning Poker Network",
    first=re.compile(r"^(?:Game )?Hand #\d+ - "),
    header=re.compile(
        r"^(?:Game )?Hand #(?P<id>\d+) - (?:(?:.*? )?Tournament #(?P<tour>\d+) - )?"
        r"(?P<game>Holdem|Omaha H/L|Omaha|7Stud H/L|7Stud)\((?P<struct>No Limit|Pot Limit|Fixed Limit)\) - "
        r"(?:Level (?P<level>\S+) )?(?P<stakes>[^-]*?)\s*- ?"
        r"(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) (?P<H>\d{1,2}):(?P<M>\d\d):(?P<S>\d\d)(?: (?P<tz>\w+))?\s*$"),
    table=re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]*\d[^()\s]*)\)(?P<rest>.*)$"),
    sep=" ",
    actions=acts(extra=(
        (r"^posts the small blind " + _A + _ALLIN, "sb"),
        (r"^posts the big blind " + _A + _ALLIN, "bb"),
        (r"^posts dead " + _A + _ALLIN, "both"),
        (r"^posts ante " + _A + _ALLIN, "ante"),
        (r"^brings in " + _A + _ALLIN, "bring_in"),
        (r"^raises \S+ to " + _A + _ALLIN, "raise"),
        (r"^caps " + _A + _ALLIN, "bet"),  # the chips he adds to reach the table's cap
        (r"^(?:does not show|mucks)\s*$", None),
    )),
    # the running pot after a section; a tournament's draw for the button (one card each, before the
    # antes: a flop game never deals a single hole card, and this reader reads flop games only)
    info=re.compile(r"^(?:(?:Main|Side) pot(?: \d+)? [^|]*(?:\| Rake .*)?|Dealt to .+ \[[2-9TJQKA][cdhs]\])$"),
    games=FLOP_GAMES + ("7S", "7S/8"), sections=(("7th STREET", "RIVER"),),
    skip=("RUN IT TWICE",),
    summary_collect=re.compile(r"^Seat \d+: (?P<n>.+?)(?: \((?:button|small blind|big blind)\))* did not show and won "
                               r"(?P<a>\S+)\s*$"),
    returns_in_collect=True,
    implicit_total=True,
    prepare=_prepare,
    head=_head,
    net_total=True,
)
