"""Cake Poker network (Cake, Revolution) text hand histories, as room data for the Stars-variant
driver (:mod:`pyeval.hands_io._starlike`).

Layout (read from the network's exports): ``Hand#2998011673000397 - Innsbruck (6-max) 11673 --
$5/$10 FL Hold'em -- 2012-06-20 - 23:10:52`` (tournaments: ``-- 25/150/300 NL Hold'em --``, ante,
small and big blind), ``Dealer: Seat 9``, seats ``Seat 1: NAME ($250,50 in chips)`` (a decimal comma),
actions ``NAME: raises to $10`` (the street total), ``NAME: is all in $5`` (the chips added),
``NAME: posts ante of 25``, ``NAME: returns uncalled bet $10``, cards ``[7h,8h]``, ``NAME wins
$50,50`` (what he collected). The room prints no total pot and no rake: the rake is the pot less
what was won (noted as derived).
"""
from __future__ import annotations

import re

from ._starlike import Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|]+)"

def _prepare(line: str) -> str:
    """A line as the patterns read it: a decimal comma made a point, a thousands space (``1\xa0836``)
    dropped, a converted amount (``(USD 1.23)``) dropped, ``***SHOW DOWN***`` spaced."""
    line = re.sub(r" \([A-Z]{3} [^)]*\)$", "", line)
    line = re.sub(r"(\d),(\d\d)\b", r"\1.\2", line)
    line = re.sub(r"(\d)\xa0(\d\d\d)\b", r"\1\2", line)
    line = re.sub(r"^([^:\s][^:]*?):(?=posts )", r"\1: ", line)  # "NAME:posts dead blind ..." (no space)
    return line.replace("***SHOW DOWN***", "*** SHOW DOWN ***")


ROOM = Room(
    venue="Cake Poker",
    first=re.compile(r"^Hand#\w+ - "),
    header=re.compile(
        r"^Hand#(?P<id>\w+) - (?:.*? T(?P<tour>\d+) -- .*? -- |.*? -- )(?P<stakes>[^\s]+) (?P<struct>NL|PL|FL) "
        r"(?P<game>Hold'em|OmahaHiLo|Omaha) -- "
        r"(?P<y>\d{4})[-/.](?P<mo>\d{1,2})[-/.](?P<d>\d{1,2}) - (?P<H>\d{1,2}):(?P<M>\d\d):(?P<S>\d\d)"),
    table=re.compile(r"^Dealer: Seat (?P<button>\d+)\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    hole=(),
    actions=acts(extra=(
        (r"^posts ante of " + _A + r"\s*$", "ante"),
        (r"^posts dead blind " + _A + r"\s*$", "dead"),
        # a big blind posted to come in whose dead part the room writes negative ("$-0,10"): no chips
        (r"^posts dead blind -?\$?-[\d.]+ and big blind " + _A + r"\s*$", "bb"),
        (r"^raises to " + _A + r"\s*$", "raise"),
        (r"^is all in " + _A + r"\s*$", "allin_add"),
        (r"^returns uncalled bet " + _A + r"\s*$", "return"),
        (r"^wins (?:(?:high|low) pot )?" + _A + r"(?: with.*)?\s*$", "collect"),
        (r"^mucks(?: \[[^\]]*\].*)?$", "muck"),
        (r"^(?:sits out|is sitting out|has returned|is connected|is disconnected|times out)\s*$", None),
    )),
    info=re.compile(r"^(?:Tournament: .* wins \d+ bounty\..*|Player left the table|There is no low hand|"
                    r".+ finished \d+ out of \d+ players\.|.+ rebuys \d+ chips)$"),
    others=re.compile(r"^\S+: mucks \[[^\]]*\] \(.*\) \.$"),  # a muck naming the player with _ for his spaces
    prepare=_prepare,
    table_optional=True,
    button_mark=re.compile(r"\bDEALER\b"),
    derived_rake=True,
    returns_in_collect=True,
)
