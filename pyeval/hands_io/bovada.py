"""Bovada / Ignition / Bodog text hand histories, as room data for the Stars-like driver
(:mod:`pyeval.hands_io._starlike`).

Layout (read from the rooms' exports): ``Bovada Hand #2667379227 TBL#3050766 HOLDEM No Limit -
2013-01-25 23:43:20`` (Zone Poker: ``Bovada Hand #N  Zone Poker ID#N HOLDEMZonePoker No Limit -
DATE``; tournaments: ``Bovada Hand #N: HOLDEM Tournament #T TBL#N, No Limit- Level 2 (20/40) -
DATE``; Ignition and Bodog write their own name), no table line (the 2021 files: ``Table Info:``) and no stakes for cash games (the
blinds come from the posts), players named by position (``Seat 1: Dealer ($884 in chips)``, the
hero marked ``[ME]``; the seat named ``Dealer`` has the button), actions ``NAME : Raises $1.50 to
$1.50``, ``NAME : All-in $15`` (the chips added), ``NAME : Card dealt to a spot [Kd 3s]``, ``NAME : Showdown [3s 3d As Kd 8h]`` (the best five cards: the
player shows the hole cards dealt to him), ``NAME :
Return uncalled portion of bet $5.75``, ``NAME : Hand result $7.37``, and a summary ``Total
Pot($7.75)``. The room prints no rake: it is the total pot less what was collected (noted). Old files deal the board in ``Card dealt to table [Ks 7c 9s]`` lines and write no
line for a bet nobody called: the result and the total pot count it.
"""
from __future__ import annotations

import dataclasses
import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|]+)"
_T = r"(?:\s*\((?:timeout|auth|disconnect|auth-disconnect|Blind Disconnected)\))?"

def _prepare(line: str) -> str:
    """A line as the patterns read it: the hero mark dropped; stud's ``Seat+1: $0.57 in chips`` (no
    name: the seat is the name) as a seat line; ``NAME : Card dealt to a spot [..]`` as ``Dealt to``."""
    line = re.sub(r"^Seat\+(\d+)(?: \[ME\])?: (.*) in chips\s*$", r"Seat \1: Seat+\1 (\2 in chips)", line)
    line = re.sub(r"\s+\[ME\](?= :| \()", "", line)
    return re.sub(r"^(.+?) : Card dealt to a spot (\[[^\]]*\])\s*$", r"Dealt to \1 \2", line)


ROOM = Room(
    venue="Bovada",
    first=re.compile(r"^(?:Bovada|Ignition|Bodog(?: UK|\S*)) Hand #\d+"),
    header=re.compile(
        r"^(?:Bovada|Ignition|Bodog(?: UK|\S*)) Hand #(?P<id>\d+):?\s+(?:TBL#\d+ |Zone Poker ID#\d+ )?"
        r"(?P<game>HOLDEM|OMAHA HiLo|OMAHA|7CARD HiLo|7CARD)(?:ZonePoker)?\s+(?:Tournament #(?P<tour>[A-Z]?-?\d+) TBL#\d+, )?"
        r"(?:(?P<struct>No Limit|Pot Limit|Fixed Limit)|Normal|Turbo|Hyper Turbo|Super Turbo)?(?: \[MVS\])?\s*-\s*(?:Level (?P<level>\d+) \((?P<stakes>[^)]*)\)"
        r"(?: \[MVS\])? - )?(?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d) (?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d)"),
    table=re.compile(r"^Table Info: .*?(?:Table: (?P<table>\S+))?\s*$"),
    table_optional=True,
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*?) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    sep=" : ",
    actions=acts(extra=(
        (r"^(?:Ante/)?Small [Bb]lind " + _A + r"\s*$", "sb"),
        (r"^Big [Bb]lind(?:/Bring in)?" + _T + r" " + _A + r"\s*$", "bb"),
        (r"^Posts chip " + _A + r"\s*$", "bb"),
        (r"^Posts dead chip " + _A + r"\s*$", "dead"),
        (r"^Ante chip " + _A + r"\s*$", "ante"),
        (r"^(?:Sit out|Sitout.*|Seat sit out)\s*$", "sitout"),
        (r"^Card dealt to a spot \[(?P<c>[^\]]*)\]\s*$", "hole"),
        (r"^Bring_in chip " + _A + r"\s*$", "bring_in"),
        (r"^(?:D|Double) bets " + _A + r"\s*$", "double_bet"),
        (r"^Folds? & [Ss]hows \[(?P<c>[^\]]*)\].*$", "fold"),
        (r"^Folds?" + _T + r"\s*$", "fold"),
        (r"^Checks" + _T + r"\s*$", "check"),
        (r"^Calls?" + _T + r" " + _A + r"\s*$", "call"),
        (r"^Bets(?: chip info)?" + _T + r" " + _A + r"\s*$", "bet"),
        (r"^(?:Raises|All-in\(raise(?:-timeout)?\))" + _T + r" \S+ to " + _A + r"\s*$", "raise"),
        (r"^(?:Raises|All-in\(raise(?:-timeout)?\))" + _T + r" " + _A + r"\s*$", "raise"),
        (r"^All-in" + _T + r" " + _A + r"\s*$", "allin_add"),
        (r"^Return uncalled portion of bet " + _A + r"\s*$", "return"),
        (r"^Hand [Rr]esult(?:-Side [Pp]ot)? " + _A + r"\s*$", "collect"),
        (r"^Showdown ?(?:\[[^\]]*\])?.*$", "show_hole"),
        (r"^(?:Does not show|Mucks) \[[^\]]*\].*$", "muck_known"),
        (r"^(?:Set dealer.*|Seat stand|Seat sit down|Seat re-join|Table enter user|"
         r"Table leave user|Table deposit .*|Leave\(Auto\)|Enter\(Auto\)|Sit out|Sitout.*|Re-join|Stand|Ranking .*|"
         r"Prize .*|BOUNTY PRIZE.*|Rebuyin .*|Double rebuys .*|Addon .*|Draw for dealer.*)\s*$", None),
    )),
    info=re.compile(r"^(?:(?:Player|Seating) Info: .*|(?:.+ : )?(?:Enter\(Auto\)|Leave\(Auto\)|Table enter user|Table leave user|Seat stand|Seat re-join|"
                    r"Seat sit down|Table deposit .*|Set dealer.*|Re-join|Stand)\s*)$"),
    others=re.compile(r"^(?:.+ : )?(?:Sit out|Sitout.*|Seat sit out)\s*$"),
    prepare=_prepare,
    button_name=re.compile(r"^Dealer$"),
    first_name=re.compile(r"^Small Blind$"),
    derived_rake=True,
    board_line=re.compile(r"^Card (?:dealt )?to (?:the )?table \[(?P<c>[^\]]*)\]\s*$"),
    returns_in_collect=True,
    seats_in_order=True,
    board_summary=True,
    allin_posts=True,
)
#: Stud as well (its street lines are left out: ``stud_by_deal``).
ROOM = dataclasses.replace(ROOM, games=None, stud_by_deal=True, sections=(
    ("3RD STREET", "3rd STREET"), ("4TH STREET", "4th STREET"), ("5TH STREET", "5th STREET"),
    ("6TH STREET", "6th STREET"), ("7TH STREET", "RIVER")))
