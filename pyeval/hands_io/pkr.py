"""PKR text hand histories (2009-2015), as room data for the one Stars-layout driver
(:mod:`pyeval.hands_io._stars`).

Layout (read from the room's exports)::

    Table #15200183 - Hapuna Beach 2          (tournaments: "Table #N - Tournament #T Table #6", "... - STT # 3")
    Starting Hand #746382000
    Start time of hand: 30 Mar 2009 21:00:00
    Last Hand #746380000
    Game Type: HOLD'EM                        (OMAHA, OMAHA HI/LO)
    Limit Type: NO LIMIT                      (POT LIMIT, LIMIT)
    Table Type: RING                          (TOURNAMENT)
    Money Type: REAL MONEY                    (TOURNAMENT CHIPS, PLAY MONEY)
    Blinds are now $0.02/$0.04                ("1,500 / 3,000")
    Button is at seat 5
    Seat 1: NAME - $0.23
    Moving Button to seat 1                   (the button of this hand)
    NAME posts small blind ($0.02)            ("posts $0.04": a big blind posted to come in;
                                               "posts ante of 300")
    Dealing Cards
    Dealing [Ad 8h] to Hero                   (also "[qs][2s]", "[K h]")
    NAME raises to $0.16                      ("calls $0.16": the street total, as raises)
    Dealing Flop [9s Ac 5s]
    Returning $0.13 to NAME uncalled
    Taking Rake of $0.40 from pot 1
    NAME wins $3.66 with: Straight, 5 high
    Seat 1: NAME - $0.23                      (the stacks after the hand)
    End Of Hand #746382682

The room prints no total pot: the rake is the pot less what was won (noted as derived; the room's
``Taking Rake`` lines give the same figure).
"""
from __future__ import annotations

import dataclasses
import re

from ._dialect import StarsDialect
from ._limits import room_time
from ._model import MAX_SEAT, RawHand, amount, number
from ._starlike import Room, acts
from .games import game_named, structure_named

__all__ = ["ROOM"]

_A = r"\(?(?P<a>[^\s|()]+)\)?"
_ALLIN = r"(?: \(all-in\))?\s*$"
_FIRST = re.compile(r"^Table #\d+ - ")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*?)(?: \(bounty value [^)]*\))? - (?P<stack>[$€£]?\d[\d,.]*)(?P<rest>(?: \(away from table\))?)\s*$")
_MONTHS = {m: k for k, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                       "Dec"), 1)}


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header lines (table, hand, time, game, structure, money, blinds, button); the first seat line."""
    raw.table = re.sub(r"^Table #\d+ - ", "", lines[0]).strip()
    tm = re.search(r"Tournament #(\d+)|STT # ?(\d+)", raw.table)
    fields, j = _fields(raw, lines, start)
    no = start + 1
    raw.hand_id = fields.get("starting hand")
    if fields.get("table type") == "TOURNAMENT" or "TOURNAMENT" in fields.get("money type", ""):
        raw.tournament = (tm.group(1) or tm.group(2)) if tm else raw.table
    game = game_named(fields.get("game type", ""))
    if game is None:
        raise raw.fail(f"game {fields.get('game type')!r} is not one pyeval knows", no)
    if game.stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", no)
    raw.game = (structure_named(fields.get("limit type", "")) or "N") + game.stem
    dm = re.match(r"^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{1,2}):(\d\d):(\d\d)$", fields.get("start time of hand", ""))
    if dm and dm.group(2) in _MONTHS:
        raw.time = room_time((dm.group(3), str(_MONTHS[dm.group(2)]), dm.group(1), dm.group(4), dm.group(5),
                              dm.group(6)), raw.fail, no)
    _blinds(raw, fields.get("blinds", ""), no)
    if "button" in fields:
        raw.button_seat = number(fields["button"], "the button seat", raw, no, 0, MAX_SEAT)
    return j


def _fields(raw: RawHand, lines: list[str], start: int) -> tuple[dict[str, str], int]:
    """The header's ``Name: value`` lines by lowercased name; the index of the first seat line."""
    fields: dict[str, str] = {}
    j = 1
    while j < len(lines) and not _SEAT.match(lines[j]):
        m = re.match(r"^(Starting Hand|Last Hand|Start time of hand|Game Type|Limit Type|Table Type|Money Type|"
                     r"Blinds|Button)(?: #|: | are now | is at seat | )(.*)$", lines[j])
        if not m:
            raise raw.fail(f"not a PKR header line: {lines[j]!r}", start + j)
        fields[m.group(1).strip().lower()] = m.group(2).strip()
        j += 1
    return fields, j


def _blinds(raw: RawHand, stakes: str, no: int) -> None:
    """Currency, units and bet sizes from ``Blinds are now $0.02 / $0.04``."""
    if raw.tournament is None and any(c in stakes for c in "$€£"):
        raw.scale = 100
        raw.currency_symbol = next(c for c in "$€£" if c in stakes)
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}[raw.currency_symbol]
    st = [t for t in re.split(r"\s*/\s*", stakes) if t]
    if len(st) != 2:
        raise raw.fail(f"cannot read the blinds {stakes!r}", no)
    lo, hi = (amount(t, raw.scale, raw, no) for t in st)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet, raw.small_blind, raw.big_blind = hi, 2 * hi, lo, hi
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi


def _cards(text: str) -> str:
    """``[qs][2s]``, ``[K h]``, ``[10d]`` as ``[Qs 2s]``."""
    found = re.findall(r"(10|[2-9TJQKAtjqka])\s*([cdhsCDHS])", text)
    return "[" + " ".join(("T" if r == "10" else r.upper()) + s.lower() for r, s in found) + "]"


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: sections, dealt cards and returns as PokerStars writes them."""
    m = re.match(r"^Dealing (Flop|Turn|River) ((?:\[[^\]]*\])+)\s*$", line)
    if m:
        return f"*** {m.group(1).upper()} *** {_cards(m.group(2))}"
    m = re.match(r"^Dealing ((?:\[[^\]]*\])+) to (.+)$", line)
    if m:
        return f"Dealt to {m.group(2)} {_cards(m.group(1))}"
    if line == "Dealing Cards":
        return "*** HOLE CARDS ***"
    m = re.match(r"^Returning (\S+) to (.+) uncalled\s*$", line)
    if m:
        return f"Uncalled bet ({m.group(1)}) returned to {m.group(2)}"
    return re.sub(r"^(.+ shows )((?:\[[^\]]*\])+)(.*)$", lambda g: g.group(1) + _cards(g.group(2)) + g.group(3), line)


ROOM = dataclasses.replace(Room(
    venue="PKR",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    button=re.compile(r"^Moving Button to seat (?P<seat>\d+)\s*$"),
    actions=acts(extra=(
        (r"^posts small blind " + _A + _ALLIN, "sb"),
        (r"^posts big blind " + _A + _ALLIN, "bb"),
        (r"^posts " + _A + _ALLIN, "bb"),
        (r"^posts ante of " + _A + _ALLIN, "ante"),
        (r"^calls " + _A + _ALLIN, "call_to"),
        (r"^bets " + _A + _ALLIN, "bet"),
        (r"^raises to " + _A + _ALLIN, "raise"),
        (r"^folds\s*$", "fold"),
        (r"^ties " + _A + r" with.*$", "collect"),
        (r"^(?:ties(?: (?:main |side )?pot(?: #\d+)?)?, and )?wins " + _A + r"(?: from (?:the )?(?:main |side )?pot"
         r"(?: #\d+)?)?(?: with.*)?$", "collect"),
        (r"^posts " + _A + r" dead" + _ALLIN, "dead"),
        (r"^folds and shows .*$", "fold"),
        (r"^ ?(?:doesn't show|has .*|will be dealt in after the button|rebuys .*|adds? on .*|brings .* to table \d+|"
         r"is sitting out|sits out|has left the table|has joined the table|is disconnected|is connected|"
         r"is using the time bank|did not respond in time and is folded|has joined from .*|"
         r"[a-z][^$\[\]]*[.!?])\s*$", None),  # (the last: an emote, "claps.")
    )),
    out=re.compile(r"away from table"),
    chat_colon=True,
    info=re.compile(r"Pot sizes: .*|Shuffling Deck|.+ has joined from Tournament Table #\d+|Taking Rake of \S+ from pot \d+|End [Oo]f Hand #\d+|.+ brings .* to table \d+"),
    others=re.compile(r"^Seat \d+: .+ - [$€£]?\d[\d,.]*\s*$"),  # the stacks after the hand
    derived_rake=True,
), detect=re.compile(r"(?:[^\n]*\n){0,60}?Table #\d+ - [^\n]*\nStarting Hand #"))  # (a file may start mid-hand)
