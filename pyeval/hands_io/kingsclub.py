"""KingsClub (a private-club app, 2020-2021) text hand histories, as room data for the one
Stars-layout driver (:mod:`pyeval.hands_io._stars`).

Layout (read from the club's exports)::

    #3264632: No Limit Holdem - 125/250        ("Pot Limit Omaha 5 Card", "Limit Omaha Hi-Lo", ...)
    2020-12-30 22:34:16
    Table 'Bobbys Room Mix' Seat 1 is the button
    Seat 1: NAME (10,000)
    NAME: posts ante 50
    NAME: posts the small blind 125
    *** HOLE CARDS ***
    Dealt to NAME: [X X]                       (the hero's cards shown)
    NAME raises to 625
    NAME calls 625                             (the street total, as raises; ", and is all in")
    *** FLOP *** [8d 4d 3c]
    NAME shows [Kd 6d]
    *** SUMMARY ***
    Seat 1: NAME (9,325) -675                  (the stack after the hand and the net result)
    Rake 1
    NAME wins pot (1,350)                      ("NAME wins (3,075) from side pot 1")

The room prints no total pot: the rake is the pot less what was won (noted as derived). Each summary
seat line gives the stack after the hand (:func:`parse_hand`): a stack above what the record's wins
give is a pot won alone that the room writes no line for (read as collected, noted); a winner's line
below what his wins give, with or without the return of his bet nobody called, while every other
line agrees with the actions, is a record whose figures do not add up (refused with that reason). A board run
more than once is written ``*** BOARD 1 - RIVER *** [3h Qc 4s 4c] [Qh]`` then ``*** BOARD 2 - RIVER ***
[- - - Kh] [Ac]`` (dashes: the cards the runs share): read as PokerStars' ``FIRST RIVER`` and
``SECOND RIVER``, each line holding all of its run's new cards. Betting between two boards (its
double-board Omaha) is a game pyeval does not play.

Draw games (2-7 single and triple draw, badugi; decision 045)::

    *** 1ST BETTING ROUND ***                  (then the blinds, the deal, the first betting round)
    *** 1ST DRAW ***
    NAME draws 2                               (another player's draw: the count)
    Hero discards [Ts Jh] draws [3c 6c]        (the hero's: the cards thrown and the cards drawn)
    NAME stands pat
    *** 2ND BETTING ROUND ***                  (no cards: nothing to read)

A draw run twice (``Hero discards [Th] draws [8c] [Qs]``, ``Run 1: NAME shows [..]``) is refused
with that reason. Stud games (seven card stud, hi-lo, razz): no line opens third street (its deal
``Dealt to NAME: [X X 2s]`` does), ``NAME brings in for X``, a completion is ``bets X``, and the
streets are numbered from the fourth card (``*** 3RD STREET ***`` is PokerStars' fourth street,
``*** 6TH STREET ***`` the river, whose face-down card ``Dealt to NAME: [X]`` says nothing).
``NAME: posts blind X`` is a player coming in: X live and the small blind dead besides.
"""
from __future__ import annotations

import re

from ._dialect import StarsDialect
from ._limits import room_time
from ._model import FIGURES_DO_NOT_ADD_UP, MAX_SEAT, RawHand, amount, number
from ._starlike import Room, acts, chips_in
from ._starlike import parse_hand as read_room_hand
from .games import game_named, structure_named

__all__ = ["ROOM", "parse_hand"]

_A = r"(?P<a>[^\s|()]+)"
_FIRST = re.compile(r"^#\d+: (?:No Limit|Pot Limit|Limit|Fixed Limit) ")
_HEAD = re.compile(r"^#(?P<id>\d+): (?P<struct>No Limit|Pot Limit|Limit|Fixed Limit) (?P<game>.+?) - "
                   r"(?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\s*$")
_TABLE = re.compile(r"^Table '(?P<table>.*)'(?: Seat (?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d,.]+)\)(?P<rest>.*)$")
_RUN = re.compile(r"^\*\*\* BOARD (?P<k>[1-8]) - (?P<street>FLOP|TURN|RIVER) \*\*\*(?P<rest>.*)$")
_RUN_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH")
_NAMES = {"holdem": "Hold'em", "omaha 5 card": "5 Card Omaha", "omaha hi-lo 5 card": "5 Card Omaha Hi/Lo"}


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header, date and table lines; the index of the first seat line."""
    hm = _HEAD.match(lines[0])
    if not hm:
        raise raw.fail(f"not a KingsClub hand header: {lines[0]!r}", start)
    raw.hand_id = hm["id"]
    name = hm["game"].strip()
    game = game_named(_NAMES.get(name.lower(), name))
    if game is None:
        raise raw.fail(f"game {name!r} is not one pyeval knows", start)
    if game.stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", start)
    raw.game = (structure_named(hm["struct"]) or "N") + game.stem
    lo, hi = amount(hm["sb"], 1, raw, start), amount(hm["bb"], 1, raw, start)
    if any(re.search(r"\d\.\d\d?\b", ln) for ln in lines[3:]):  # cents anywhere: amounts in cents
        raw.scale = 100
        lo, hi = lo * 100, hi * 100
        raw.currency, raw.currency_symbol = "USD", "$"
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet, raw.small_blind, raw.big_blind = lo, hi, lo // 2, lo
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    dm = re.match(r"^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\s*$", lines[1] if len(lines) > 1 else "")
    if not dm:
        raise raw.fail("no date line after the KingsClub header", start + 1)
    raw.time = room_time(dm.groups(), raw.fail, start + 1)
    tm = _TABLE.match(lines[2]) if len(lines) > 2 else None
    if not tm:
        raise raw.fail("no table line in the KingsClub header", start + 2)
    raw.table = tm["table"]
    if tm["button"]:  # (stud tables have no button)
        raw.button_seat = number(tm["button"], "the button seat", raw, start + 2, 0, MAX_SEAT)
    return 3


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: actions without a colon, no ``and is all in`` words,
    hidden cards dropped (a stud player's hidden seventh card: the line), a draw's ``discards [..]
    draws [..]`` with its count, ``draws N`` as ``discards N cards``, runs of a board as PokerStars'."""
    line = re.sub(r"^(\S+): (posts)\b", r"\1 \2", line)
    if re.match(r"^Dealt to .+: \[X\]\s*$", line):
        return ""  # (stud) a seventh card dealt face down to another player: nothing to read
    line = re.sub(r"^Dealt to (.+): \[(?:X ?)+\]\s*$", r"Dealt to \1", line)
    line = re.sub(r"^Dealt to (.+): \[(?:X )+([^\]X][^\]]*)\]\s*$", r"Dealt to \1 [\2]", line)  # stud: up cards
    line = re.sub(r"^Dealt to (.+): (\[[^\]]*\])\s*$", r"Dealt to \1 \2", line)
    dm = re.match(r"^(?P<n>.+?) discards \[(?P<c>[^\]]*)\] (?P<rest>draws \[[^\]]*\].*)$", line)
    if dm:
        return f"{dm['n']} discards {len(dm['c'].split())} cards [{dm['c']}] {dm['rest']}"
    line = re.sub(r"^(.+?) draws (\d) *$", r"\1 discards \2 cards", line)
    run = _RUN.match(line)
    if run:  # a board run more than once: "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]" (dashes: the shared cards)
        rest = re.sub(r"\[(?:- )+", "[", run["rest"])
        return f"*** {_RUN_NAMES[int(run['k']) - 1]} {run['street']} ***{rest}"
    return re.sub(r", and is all in\s*$", "", line)


#: The room's section names: its draw games' betting rounds and draws; its stud streets are numbered
#: from the first card dealt after third street ("3RD STREET" is PokerStars' fourth street).
_SECTIONS = (("1ST BETTING ROUND", "DEALING HANDS"), ("1ST DRAW", "FIRST DRAW"), ("2ND DRAW", "SECOND DRAW"),
             ("3RD DRAW", "THIRD DRAW"), ("3RD STREET", "4th STREET"), ("4TH STREET", "5th STREET"),
             ("5TH STREET", "6th STREET"), ("6TH STREET", "RIVER"))
_DRAW_RUNS = "a draw run more than once (each run's draw written apart): pyeval runs only a board more than once"

ROOM = Room(
    venue="KingsClub",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    actions=acts(extra=(
        (r"^posts ante " + _A + r"\s*$", "ante"),
        (r"^posts the small blind " + _A + r"\s*$", "sb"),
        (r"^posts the big blind " + _A + r"\s*$", "bb"),
        (r"^posts (?:a )?(?:missed|dead) (?:small |big )?blind " + _A + r"\s*$", "dead"),
        # a player coming in: the big blind live and the small blind dead besides (the summary's result counts both)
        (r"^posts blind " + _A + r"\s*$", "missed"),
        (r"^calls " + _A + r"\s*$", "call_to"),
        (r"^raises to " + _A + r"\s*$", "raise"),
        (r"^brings in for " + _A + r"\s*$", "bring_in"),
        (r"^discards (?P<n>\d) cards?(?: \[(?P<c>[^\]]*)\] draws \[(?P<d>[^\]]*)\])?\s*$", "discard"),
        (r"^stands pat\s*$", "pat"),
    )),
    games=None,
    hole=("HOLE CARDS", "DEALING HANDS"),
    sections=_SECTIONS,
    skip=("2ND BETTING ROUND", "3RD BETTING ROUND", "4TH BETTING ROUND"),
    refuse=tuple((re.compile(p), _DRAW_RUNS) for p in (r"^Run \d: ", r"^.+ draws \[[^\]]*\] \[")),
    summary_collect=re.compile(r"^(?P<n>.+) wins (?:pot )?\((?P<a>[^)]+)\)(?: from (?:the )?(?:side )?pot(?: \d+)?)?\s*$"),
    clean=lambda t: t.replace(",", ""),
    derived_rake=True,
)


_AFTER = re.compile(r"^Seat \d+: (?P<name>.+) \((?P<stack>[\d,.]+)\)(?: [+-][\d,.]+)?\s*$")


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One KingsClub hand (the one driver over :data:`ROOM`), then the wins the room leaves unwritten:
    each summary seat line gives the player's stack after the hand, and a stack above what the
    record's wins and returns give him is a pot he won alone that the room writes no line for (a
    side pot of the dead money beyond an all-in: the big blind's share of a folded small blind).
    Such a win is read as collected (noted) and the derived rake is taken again."""
    raw = read_room_hand(ROOM, lines, start, source)
    end = next((k for k, ln in enumerate(lines) if ln.startswith("*** SUMMARY")), None)
    if end is None or not raw.seats:
        return raw
    after: dict[str, int] = {}
    for k, ln in enumerate(lines[end + 1:], end + 1):
        m = _AFTER.match(ln.strip())
        if m:
            after[m["name"]] = amount(m["stack"].replace(",", ""), raw.scale, raw, start + k)
    put, got = chips_in(raw), dict.fromkeys(after, 0)
    for a in raw.acts:
        if a.kind == "collect" and a.name in got:  # (chips_in takes the returns off)
            got[a.name] += a.amount
    _contradicted(raw, after, put, got)
    added = 0
    for x in raw.seats:
        gap = after.get(x.name, 0) - (x.stack - put.get(x.name, 0) + got.get(x.name, 0))
        if x.name in after and gap > 0:
            raw.add("collect", x.name, gap, line=start + end)
            raw.notes.append(f"{x.name} won {gap} the room writes no line for (his summary line's stack)")
            added += gap
    if added and raw.rake is not None:  # (derived from the collected amounts: taken again)
        raw.rake = max(raw.rake - added, 0)
        raw.notes = [n for n in raw.notes if not n.startswith("rake of ")]
        if raw.rake:
            raw.notes.append(f"rake of {raw.rake} derived (the room prints none): the pot less what was collected")
    return raw


def _contradicted(raw: RawHand, after: dict[str, int], put: dict[str, int], got: dict[str, int]) -> None:
    """Raise when a winner's summary line is below what his wins give, with the return of his bet
    nobody called and without it, while every other player's line is what his actions put in: the
    wins line and the seat line contradict each other (no reading of the amounts gives both)."""
    back = {x.name: sum(a.amount for a in raw.acts if a.kind == "return" and a.name == x.name) for x in raw.seats}
    gaps = {x.name: after[x.name] - (x.stack - put.get(x.name, 0) + got.get(x.name, 0))
            for x in raw.seats if x.name in after}
    short = [n for n, g in gaps.items() if g < 0]
    if short and all(got.get(n) for n in short) and all(not g for n, g in gaps.items() if n not in short) and all(
            gaps[n] + back[n] != 0 for n in short):
        n = short[0]
        raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: {n}'s summary line gives {after[n]} after the hand, but his wins "
                       f"({got[n]}) and the chips he put in give {after[n] - gaps[n]} (or {after[n] - gaps[n] - back[n]} "
                       "without the return of the bet nobody called), while every other line agrees with the actions")
