"""Entraction (2010-2012) text hand histories, as room data for the one Stars-layout driver
(:mod:`pyeval.hands_io._stars`): the room writes columns, which :func:`_prepare` turns into
PokerStars' lines.

Layout (read from the network's exports)::

    Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table "Eaton Max 100BB"
        (tournaments: "Texas Hold'em No Limit 200/400 and 20 ante - Table "NAME #1 12717727 2"")
    Players(max 6):
    NAME                        (EUR 417.43 in seat 1)
    Dealer:                     NAME
    NAME                        Ante        (20.00)
    Small Blind:                NAME     (0.50)
    Small + Big Blind:          NAME     (1.50)       (a big blind posted to come in, with a dead small)
    Hero was dealt:             Ad - Td - 7s - 8h
    NAME                        Raise       (5.00)    (the chips the action adds, as Call, Bet, All-In)
    Flop                        Kh - 8s - Ks
    NAME                        Payback     (7.50)    (a bet nobody called)
    NAME shows:                 Qc - Qs - 4h - 7d (a pair of Queens)
    NAME wins:                  EUR 11.40 (with ...)
    Rake:                       EUR 0.60
    Game ended 2011-07-20 23:45:00 CEST

The rake is the pot less what was won (noted as derived; the room's ``Rake:`` line gives it).
Names are read as one word (the columns leave no other way to tell where a name ends).
"""
from __future__ import annotations

import re

from ._dialect import StarsDialect
from ._model import MAX_SEAT, RawHand, amount, number
from ._starlike import Room, acts
from .games import game_named, structure_named

__all__ = ["ROOM"]

_A = r"(?P<a>[^\s|()]+)"
_FIRST = re.compile(r"^Game # \d+ - ")
_HEAD = re.compile(r"^Game # (?P<id>\d+) - (?P<game>.+?) (?P<struct>No Limit|Pot Limit|Fixed Limit|Limit) "
                   r"(?:(?P<cur>[A-Z]{3}) )?(?P<lo>[\d.,]+)/(?P<hi>[\d.,]+)(?: and [\d.,]+ ante)? - "
                   r"Table \"(?P<table>.*)\"\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>\S+) \((?P<stack>[\d.,]+)\)(?P<rest>.*)$")
_NAMES = {"omaha high": "Omaha", "texas hold'em": "Hold'em", "omaha high 5 cards": "5 Card Omaha",
          "omaha hi/lo": "Omaha Hi/Lo"}


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header and ``Players(max N):``; the button from ``Dealer: NAME``; the first seat line."""
    hm = _HEAD.match(lines[0])
    if not hm:
        raise raw.fail(f"not an Entraction hand header: {lines[0]!r}", start)
    raw.hand_id, raw.table = hm["id"], hm["table"]
    _game(raw, hm, start)
    if hm["cur"]:
        raw.scale, raw.currency = 100, hm["cur"]
        raw.currency_symbol = {"EUR": "€", "USD": "$", "GBP": "£"}.get(hm["cur"])
    else:  # a tournament (chips)
        raw.tournament = re.sub(r"^.*? (\d{6,}) \d+$", r"\1", raw.table)
    lo, hi = amount(hm["lo"], raw.scale, raw, start), amount(hm["hi"], raw.scale, raw, start)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet, raw.small_blind, raw.big_blind = lo, hi, lo // 2, lo
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    j = 1
    while j < len(lines) and not _SEAT.match(lines[j]):
        mx = re.match(r"^Players\(max (\d+)\):\s*$", lines[j])
        if mx:
            raw.seat_count = number(mx.group(1), "the table size", raw, start + j, 1, MAX_SEAT)
        elif lines[j].strip():
            raise raw.fail(f"not an Entraction header line: {lines[j]!r}", start + j)
        j += 1
    seats = {m["name"]: m["seat"] for m in (_SEAT.match(ln) for ln in lines[j:]) if m}
    lower = {n.lower(): n for n in seats}
    for k, ln in enumerate(lines):  # "hero was dealt" for the seated "Hero": the seat's spelling
        dm = re.match(r"^Dealt to (\S+) (\[.*)$", ln)
        if dm and dm.group(1) not in seats and dm.group(1).lower() in lower:
            lines[k] = f"Dealt to {lower[dm.group(1).lower()]} {dm.group(2)}"
    dealer = next((m.group(1) for m in (re.match(r"^Dealer:\s+(\S+)\s*$", ln) for ln in lines) if m), None)
    if dealer in seats:
        raw.button_seat = number(seats[dealer], "the button seat", raw, start, 0, MAX_SEAT)
    return j


def _game(raw: RawHand, hm: re.Match[str], start: int) -> None:
    """The game and structure of the header (``Omaha High Pot Limit``)."""
    name = hm["game"].strip()
    game = game_named(_NAMES.get(name.lower(), name))
    if game is None:
        raise raw.fail(f"game {name!r} is not one pyeval knows", start)
    if game.stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", start)
    raw.game = (structure_named(hm["struct"]) or "N") + game.stem


def _cards(text: str) -> str:
    return "[" + " ".join(c.strip() for c in text.split(" - ")) + "]"


_VERBS = {"Fold": "folds", "Check": "checks", "Call": "calls", "Bet": "bets", "Raise": "raises", "All-In": "goes all-in",
          "Ante": "posts the ante"}


def _prepare(line: str) -> str:
    """An Entraction line as PokerStars writes it (see the module docstring)."""
    line = line.rstrip()
    m = re.match(r"^(\S+)\s+\((?:[A-Z]{3} )?([\d.,]+) in seat (\d+)\)$", line)
    if m:
        return f"Seat {m.group(3)}: {m.group(1)} ({m.group(2)})"
    m = re.match(r"^(Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn):\s+(\S+)\s+\(([\d.,]+)\)$", line)
    if m:
        kind = {"Small Blind": "small blind", "Big Blind": "big blind", "Blind out of turn": "big blind"}.get(
            m.group(1), "small & big blinds")
        return f"{m.group(2)} posts {kind} {m.group(3)}"
    m = re.match(r"^(\S+) was dealt:\s+(.+)$", line)
    if m:
        return f"Dealt to {m.group(1)} {_cards(m.group(2))}"
    m = re.match(r"^(Flop|Turn|River)\s+(\S\S(?: - \S\S)*)$", line)
    if m:
        cs = m.group(2).split(" - ")
        head = f"*** {m.group(1).upper()} *** "
        return head + (_cards(" - ".join(cs)) if m.group(1) == "Flop" else f"[{' '.join(cs[:-1])}] [{cs[-1]}]")
    m = re.match(r"^(\S+)\s+Payback\s+\(([\d.,]+)\)$", line)
    if m:
        return f"Uncalled bet ({m.group(2)}) returned to {m.group(1)}"
    m = re.match(r"^(\S+)\s+(Fold|Check|Call|Bet|Raise|All-In|Ante)(?:\s+\(([\d.,]+)\))?$", line)
    if m:
        return f"{m.group(1)} {_VERBS[m.group(2)]}" + (f" {m.group(3)}" if m.group(3) else "")
    m = re.match(r"^(\S+) shows:\s+(\S\S(?: - \S\S)*)(.*)$", line)
    if m:
        return f"{m.group(1)} shows {_cards(m.group(2))}{m.group(3)}"
    m = re.match(r"^(\S+) wins:\s+(?:[A-Z]{3} )?([\d.,]+)(?: \(.*\))?$", line)
    if m:
        return f"{m.group(1)} collected {m.group(2)} from pot"
    return line


ROOM = Room(
    venue="Entraction",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    clean=lambda t: t.replace(",", ""),
    actions=acts(extra=(
        (r"^raises " + _A + r"\s*$", "raise_by"),
        (r"^goes all-in " + _A + r"\s*$", "allin_add"),
        (r"^didn't show hand.*$", None),
    )),
    info=re.compile(r"Dealer:\s+\S+|Rake:\s+.*|Game ended .*"),
    derived_rake=True,
)
