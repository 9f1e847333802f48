"""Everleaf Gaming (and its skins: Grand Poker, Partouche ...) text hand histories, as room data for
the one Stars-layout driver (:mod:`pyeval.hands_io._stars`).

Layout (read from the network's exports, 2009-2019)::

    Everleaf Gaming Game #196321235            (a skin: "- - Grand Poker - Game #15649156", "Everleaf
                                               Gaming - Concord Gaming - Game #N", "Partouche Poker
                                               Gibraltar" then "*** Historique des Mains pour la partie N ***")
    ***** Hand history for game #196321235 *****
    Tournament #2768325 - Level 2              (tournaments only, and not always)
    Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15   (fixed limit: "$0.50/$1 Omaha Hi/Lo",
                                                              the small and big bet, no structure)
    Table Cortland XIV
    Seat 6 is the button
    Total number of players: 6
    Seat 1: NAME (  $ 12.40 USD )              (tournaments "(  2000 Chips )"; "( new player )")
    NAME: posts small blind [$ 0.05 USD]
    ** Dealing down cards **
    Dealt to Hero [ 9h, Qd ]
    NAME raises [$ 0.35 USD]                   (the chips the action adds, as calls and bets)
    ** Dealing Flop ** [ As, Js, Jd ]
    NAME shows [ 9c, Ac ] a pair of queens
    NAME wins $ 0.25 USD from main pot         ("wins  high ($ 0.95 USD) from main pot")

The room prints no total pot and no rake: the rake is the pot less what was won (noted as derived),
and a bet nobody called is derived from the acts (the winner's amount leaves it out). Stud streets
are ``**** dealing 4th street ****``, the bring-in ``NAME posts bring-in $0.02.``; its cards are
mostly not shown.
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

_A = r"(?P<a>[^\s|]+)"
_FIRST = re.compile(r"^(?:Everleaf Gaming Game #\d+|Everleaf Gaming - [^\n]+? - Game #\d+|- - [^\n]+ - Game #\d+|"
                    r"Partouche Poker[^\n#]*)[ \t]*(?:\r?\n|$)")
_GAME = re.compile(
    r"^(?:Blinds )?(?P<stakes>\S+/\S+) (?:(?P<struct>NL|PL|FL) )?(?P<game>.+?) - (?:(?P<max>\d+) Max - )?"
    r"(?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) - (?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d)\s*$")
_TOUR = re.compile(r"^Tournament #(?P<tour>\d+) - Level (?P<level>\S+)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<rest>.*)$")


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header lines (game id, game and stakes, table, button, player count); the first seat line."""
    m = re.search(r"#(\d+)", lines[0]) or re.search(r"partie (\d+)", lines[1] if len(lines) > 1 else "")
    raw.hand_id = m.group(1) if m else None
    j = 1
    while j < len(lines) and not _SEAT.match(lines[j]):
        line, no = lines[j], start + j
        tm, gm = _TOUR.match(line), _GAME.match(re.sub(r"(?<=/) | (?= )", "", line))  # ("Blinds  €0.01/ €0.02")
        if tm:
            raw.tournament, raw.level = tm["tour"], tm["level"]
        elif gm:
            _game(raw, gm, line.startswith("Blinds "), no)
        elif line.startswith("Table "):
            raw.table = line[6:].strip()
        elif re.match(r"^Seat \d+ is the button\s*$", line):
            raw.button_seat = number(line.split()[1], "the button seat", raw, no, 0, MAX_SEAT)
        elif not re.match(r"^(?:\*\*\*\*\* Hand history for game #\d+ \*\*\*\*\*|Total number of players: \d+|"
                          r"\*\*\* Historique des Mains pour la partie \d+ \*\*\*)\s*$", line):
            raise raw.fail(f"not an Everleaf header line: {line!r}", no)
        j += 1
    if not raw.game:
        raise raw.fail("no game line in the Everleaf header", start)
    return j


def _game(raw: RawHand, gm: re.Match[str], blinds: bool, no: int) -> None:
    """The game, structure, stakes and date of ``Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15``."""
    game = game_named(gm["game"])
    if game is None:
        raise raw.fail(f"game {gm['game']!r} is not one pyeval knows", no)
    if game.stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", no)
    struct = structure_named(gm["struct"]) if gm["struct"] else "F"
    raw.game = (struct or "F") + game.stem
    stakes = gm["stakes"]
    if any(c in stakes for c in "$€£") or "." in stakes:
        raw.scale = 100
        raw.currency_symbol = next((c for c in "$€£" if c in stakes), None)
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(raw.currency_symbol or "", "XXX")
    lo, hi = (amount(re.sub(r"[^\d.]", "", t), raw.scale, raw, no) for t in stakes.split("/", 1))
    if raw.game[0] == "F":
        small = hi if blinds else lo  # "Blinds 1/2" of a limit game: the small bet is the big blind
        raw.small_bet, raw.big_bet = small, 2 * small
        raw.small_blind, raw.big_blind = small // 2, small
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    if gm["max"]:
        raw.seat_count = number(gm["max"], "the table size", raw, no, 1, MAX_SEAT)
    raw.time = room_time((gm["y"], gm["mo"], gm["d"], gm["H"], gm["M"], gm["S"]), raw.fail, no)


_CUR = r"\s*(?:USD|EURO?|GBP|Chips|chips)?\s*"
_CARDS = re.compile(r"\[\s*((?:[2-9TJQKA][cdhs](?:,?\s*))+?)\s*\]")


def _prepare(line: str) -> str:
    """A line as the shared patterns read it: sections as PokerStars writes them, amounts without
    brackets, spaces and currency words, cards without commas, every action after the name
    without a colon, a seat with no stack (``( new player )``, ``( All-in )``) sitting out."""
    line = re.sub(r"ˆ(?= ?\d)", "€", line)  # the euro sign of some files, mis-encoded
    line = re.sub(r"^\*\* Dealing down cards \*\*", "*** HOLE CARDS ***", line)
    line = re.sub(r"^\*{2,4} [Dd]ealing (\d)(?:st|nd|rd|th) [Ss]treet \*{2,4}", r"*** \1th STREET ***", line)
    line = re.sub(r"^\*{4} dealing river \*{4}", "*** RIVER ***", line)
    line = re.sub(r"^(\S+):? posts bring-in ([$€£]?\d+(?:\.\d+)?)\.?\s*$", r"\1 brings in for \2", line)
    line = re.sub(r"^\*\* Dealing (Flop|Turn|River) \*\*", lambda m: f"*** {m.group(1).upper()} ***", line)
    line = _CARDS.sub(lambda m: "[" + " ".join(re.findall(r"[2-9TJQKA][cdhs]", m.group(1))) + "]", line)
    if line.startswith("Seat "):
        line = re.sub(r"^(Seat \d+: .*) \(\s*(?:new player|All-in)\s*\)\s*$", r"\1 (0) sitting out", line)
        return re.sub(r"^(Seat \d+: .*) \(\s*([$€£]?)\s*(\d[\d,.]*)" + _CUR + r"\)\s*$", r"\1 (\2\3)", line)
    line = re.sub(r"[\[(]\s*([$€£]?)\s*(\d[\d,.]*)" + _CUR + r"[\])]", r"\1\2", line)
    line = re.sub(r"([$€£])\s+(\d[\d,.]*)" + _CUR.replace("|Chips|chips", "") + r"(?=\s|$)", r"\1\2 ", line)
    return re.sub(r"^(\S+): (posts|bets|raises|calls|checks|folds)\b", r"\1 \2", line).rstrip()


ROOM = Room(
    venue="Everleaf",
    first=_FIRST,
    header=_FIRST,
    table=None,
    seat=_SEAT,
    sep=" ",
    head=_head,
    prepare=_prepare,
    actions=acts(extra=(
        (r"^posts ante " + _A + r"\s*$", "ante"),
        (r"^brings in for " + _A + r"\s*$", "bring_in"),
        (r"^completes to (?P<a>[$€£]?\d+(?:\.\d+)?)\.?\s*$", "complete"),
        (r"^raises " + _A + r"\s*$", "raise_by"),
        (r"^wins\s+(?:high\s+|low\s+)?" + _A + r"(?:\s+chips)?\s+from (?:main|side) pot(?: with [^\[]*\[(?P<best>[^\]]*)\])?.*$",
         "collect"),
        (r"^(?:does not show cards|has disconnected.*|has been reseated to this table|has joined the table|"
         r"has left the table|sits out|is sitting out|has returned|est d\S+connect\S+ et dispose de .*)\s*$", None),
    )),
    derived_rake=True,
    sections=(("7th STREET", "RIVER"),),
    chat_colon=True,  # (after prepare no action keeps a colon: "NAME: text" is chat)
    info=re.compile(r"[a-z][a-z ,]*\[[^\]]*\]"),  # the end of a long "wins ... with ..." line, wrapped
)
#: Stud as well (``**** dealing 4th street ****``).
ROOM = dataclasses.replace(ROOM, games=None)
