"""Enet Poker (2012) text hand histories, as room data for the one Stars-layout driver
(:mod:`pyeval.hands_io._stars`).

Layout (read from the room's exports)::

    Game #12056513: Omaha (€0,10/€0,25) - 21:50:56 23.8.2012 - %6
    Table 'Reunion 1 - Pot Limit' 9-max Seat #4 is the button     (the structure is in the table's name;
                                                                   the button counted from 0: seat 5)
    Seat 1: NAME (€72,89 in chips)                                 (a decimal comma)
    NAME: posts small blind €0,10
    *** HOLECARDS ***
    NAME: raises €0,65                                             (the chips the action adds, as calls)
    NAME: goes all-in €4,75                                        (the chips added)
    Rake: €0,27                                                    (the rake taken so far: the summary's counts)
    *** FLOP *** [4s2d3h]
    Uncalled bet (€0,20) returned to NAME
    NAME: collected (€7,88) from pot
    *** SUMMARY ***
    Total pot €24,46 | Rake €1,04

A blind posted without an amount (``NAME: posts big blind``) cannot be read: such hands are refused,
unless the body's ``collected`` amount of a player is not the summary's ``collected`` of the same
player: then the room's own figures contradict each other, and that is the reason given.
"""
from __future__ import annotations

import re

from ._dialect import StarsDialect, fields_head
from ._model import FIGURES_DO_NOT_ADD_UP, RawHand
from ._starlike import Room, acts

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|()]+)"
_FIRST = re.compile(r"^Game #\d+: \S.* \([^)]*\) - \d\d:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4}")


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The fields of the header; the structure from the table's name (``'Reunion 1 - Pot Limit'``)."""
    j = fields_head(d, raw, lines, start)
    if raw.button_seat is not None:  # counted from 0 (the summary's "(dealer)" is the seat after it)
        raw.button_seat += 1
    sm = re.search(r" - (No Limit|Pot Limit|Fixed Limit|Limit)'", lines[1] if len(lines) > 1 else "")
    if sm:
        raw.game = {"No Limit": "N", "Pot Limit": "P"}.get(sm.group(1), "F") + raw.game[1:]
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = raw.big_blind, 2 * (raw.big_blind or 0)
    return j


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: a decimal point, cards spaced, a collected amount and
    the hole-cards section as PokerStars writes them."""
    line = re.sub(r"(\d),(\d\d?)\b", r"\1.\2", line)
    line = re.sub(r"\[((?:[2-9TJQKA][cdhs]){2,})\]", lambda m: "[" + " ".join(re.findall(r"..", m.group(1))) + "]", line)
    line = re.sub(r"collected \(([^)]*)\) from", r"collected \1 from", line)
    line = re.sub(r"^(\*\*\* (?:TURN|RIVER) \*\*\* \[)(.*) (\S\S)\]\s*$", r"\1\2] [\3]", line)  # the new card apart
    return line.replace("*** HOLECARDS ***", "*** HOLE CARDS ***")


_BODY_GOT = re.compile(r"^(?!Seat \d+: )(?P<n>.+?):? collected (?P<a>\S+) from")  # as prepared: no brackets
_SUMMARY_GOT = re.compile(r"^Seat \d+: (?P<n>.+?)(?: \((?:dealer|small blind|big blind)\))? collected (?P<a>\S+) from")
_DIFFER = f"{FIGURES_DO_NOT_ADD_UP}: a player's collected amount in the hand and in its summary differ"


def _collects_differ(lines: list[str]) -> list[str]:
    """The hand's lines with a line naming the contradiction after the seats when a player's ``collected`` in the
    body is not his ``collected`` in the summary (the refusal then gives that reason first)."""
    body = {m["n"]: m["a"] for ln in lines if (m := _BODY_GOT.match(ln)) is not None}
    summary = {m["n"].strip(): m["a"] for ln in lines if (m := _SUMMARY_GOT.match(ln)) is not None}
    if any(summary.get(n, a) != a for n, a in body.items()):
        k = next((k for k, ln in enumerate(lines) if k and not ln.startswith(("Table ", "Seat "))), len(lines))
        return lines[:k] + [_DIFFER] + lines[k:]  # the first line after the seats
    return lines


ROOM = Room(
    venue="Enet",
    first=_FIRST,
    header=re.compile(
        r"^Game #(?P<id>\d+): (?P<game>Hold'em|Omaha Hi/Lo|Omaha) \((?P<stakes>[^)]*)\) - "
        r"(?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d) (?P<d>\d{1,2})\.(?P<mo>\d{1,2})\.(?P<y>\d{4})"),
    table=re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    head=_head,
    prepare=_prepare,
    clean=lambda t: t.replace("€", "").replace("$", ""),
    prepare_hand=_collects_differ,
    refuse=((re.compile("^" + re.escape(_DIFFER) + "$"), _DIFFER),
            (re.compile(r"^.+: posts (?:small|big) blind\s*$"), "a blind posted without its amount")),
    actions=acts(extra=(
        (r"^raises " + _A + r"\s*$", "raise_by"),
        (r"^goes all-in " + _A + r"\s*$", "allin_add"),
        (r"^collected " + _A + r" from (?:the )?(?:main |side )?pot.*$", "collect"),
        (r"^mucked\s*$", None),
    )),
    info=re.compile(r"Rake: \S+"),
    derived_rake=True,
)
