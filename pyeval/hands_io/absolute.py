"""Absolute Poker and UltimateBet (the Cereus network) text hand histories, as room data for the
Stars-variant driver (:mod:`pyeval.hands_io._starlike`).

Layout (read from the rooms' exports): ``Stage #1773383021: Holdem  No Limit $1, $0.25 ante -
2009-11-30 15:50:12 (ET)`` (the big blind named; tournaments ``Stage #N Tourney ID T Holdem Multi
Normal Tournament No Limit 100 - DATE``), ``Table: NAME (Real Money) Seat #5 is the dealer``, seats
``Seat 5 - NAME ($98 in chips)``, actions ``NAME - Raises $2 to $2``, ``NAME - All-In $5`` (the chips
added), ``NAME - returned ($1) : not called``, ``NAME Collects $4 from main pot``, ``*** POCKET CARDS
***`` and the summary ``Total Pot($4) | Rake ($0.10) | Jackpot Rake ($0.05)``.
"""
from __future__ import annotations

import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|]+)"

def _prepare(line: str) -> str:
    """A line as the patterns read it: ``Normal`` stakes are fixed limit; ``Posts $1 dead $0.50`` (a
    big blind posted to come in with a dead small blind) and ``Posts dead $40 dead $15`` ($40 in all)
    are one post of both."""
    line = re.sub(r"^(Stage #.*?)\bNormal (?=[$\d])", r"\1Limit ", line)
    line = re.sub(r" \((?:Timeout|Preselection)\)\s*$", "", line)  # how the action was taken
    m = re.match(r"^(.+) - Posts dead (\$?[\d.,]+) dead \$?[\d.,]+\s*$", line)
    if m:  # "Posts dead $40 dead $15": $40 in all, a big blind and a dead small blind
        return f"{m.group(1)} - posts small & big blinds {m.group(2)}"
    m = re.match(r"^(.+) - Posts (\$?)([\d.,]+) dead \$?([\d.,]+)\s*$", line)
    if m:
        cents = round(100 * (float(m.group(3).replace(",", "")) + float(m.group(4).replace(",", ""))))
        return f"{m.group(1)} - posts small & big blinds {m.group(2)}{cents // 100}.{cents % 100:02d}"
    return line


ROOM = Room(
    venue="Absolute Poker",
    first=re.compile(r"^Stage #[A-Z]?\d+:? "),
    header=re.compile(
        r"^Stage #(?P<id>[A-Z]?\d+):? (?:Tourney ID (?P<tour>\d+) )?(?P<game>Holdem|HOLDEM|Omaha Hi-Lo|Omaha Hi/Lo|Omaha|"
        r"Seven Card Hi/Lo|Seven Card|Razz)(?: \(1 on 1\))?\s+"
        r"(?:Multi Normal Tournament |Normal Tournament |NORMAL )?(?P<struct>No Limit|Pot Limit|Limit)?\s*"
        r"(?P<stakes>[^\s,]*)(?:, [^-]*? ante)?(?: \(7-2\)| Turbo)?\s* - (?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d) "
        r"(?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d)"),
    prepare=_prepare,
    refuse=((re.compile(r"^.+ Collects \S+ from 72 proposition pot\s*$"), "the 7-2 proposition is paid outside the pot"),),
    table_optional=True,  # (the 2009 stud files write no table line)
    allin_posts=True,
    returns_in_collect=True,  # a walk: no return line, the big blind collects the whole total pot  # ("Player1 - All-In $191.27" among the blinds: the big blind posted all in)
    table=re.compile(r"^Table: (?P<table>.*?) \((?:Real|Play) Money\) Seat #(?P<button>\d+) is the dealer\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+) - (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    sep=" - ",
    hole=("POCKET CARDS",),
    actions=acts(extra=(
        (r"^Ante " + _A + r"\s*$", "ante"),
        (r"^Posts small blind " + _A + r"\s*$", "sb"),
        (r"^Posts big blind " + _A + r"\s*$", "bb"),
        (r"^Folds(?: \(Fold & Show \[(?P<c>[^\]]*)\]\)| \((?:Timeout|Preselection)\))?\s*$", "fold"),
        (r"^Checks(?: \((?:Timeout|Preselection)\))?\s*$", "check"),
        (r"^Posts " + _A + r"\s*$", "bb"),
        (r"^Calls " + _A + r"\s*$", "call"),
        (r"^Bets " + _A + r"\s*$", "bet"),
        (r"^(?:Raises|All-In\(Raise\)) \S+ to " + _A + r"\s*$", "raise"),
        (r"^All-In " + _A + r"\s*$", "allin_add"),
        (r"^All-In(?: \(Timeout\))?\s*$", "disconnect"),  # on disconnection: played all in for what he put in
        (r"^returned \((?P<a>[^)]*)\) : not called\s*$", "return"),
        (r"^Collects " + _A + r" from (?:main|side) pot.*$", "collect"),
        (r"^Shows \[(?P<c>[^\]]*)\].*$", "show"),
        (r"^Pocket \[(?P<c>[^\]]*)\]\s*$", "hole"),
        (r"^(?:Does not show|Mucks)\s*$", "muck"),
        (r"^sitout.*$", "sitout"),
    )),
)
