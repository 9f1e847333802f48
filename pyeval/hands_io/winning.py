"""Winning Poker Network (WPN: Americas Cardroom, Black Chip, Yatahay ...) text hand histories in the
network's older export (2016-2019).

Layout (read from the network's exports): ``Game started at: 2019/2/16 8:37:2``, ``Game ID: 1377529121
0.02/0.05 6+ (PRR) ($5 Max) (Hold'em)`` (the id, the blinds, the table's name, the game in the last
parentheses), ``Seat 5 is the button``, seats ``Seat 1: NAME (2).``, then ``Player NAME has small
blind (0.02)``, ``Player NAME received card: [6s]`` (or ``received a card.``), actions ``Player NAME
calls (0.17)`` (the chips added), ``raises (0.22)`` (the street total), ``bets (0.05)``, ``allin
(1.5)`` (the chips added), ``ante (0.01)``, ``*** FLOP ***: [7h Kh 8s]``, ``Uncalled bet (0.05)
returned to NAME``, and a summary ``Pot: 0.49. Rake 0.02. JP fee 0.01`` (the pot after rake and fees)
with one line per player ``Player NAME ... Bets: 0.22. Collects: 0.49. Wins: 0.27.``: every
player's bets are checked against his actions, his collected amount is what he won.

The export names no betting structure: hands are read as no limit (every fixed- or pot-limit action
is a legal no-limit action, so the replay and the results are the same), and noted.
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._model import (
    FIGURES_DO_NOT_ADD_UP, BRACKETS, MAX_SEAT, HandParseError, RawHand, RoomSeats, Seat, amount, cards, common_action,
    finish_seats, number, split_hands,
)
from ._settle import chips_in, defer_extra_blinds
from .games import game_named

__all__ = ["parse_hand", "split", "looks_like"]

_FIRST = re.compile(r"^Game started at: \d{4}/\d{1,2}/\d{1,2} ")
_STARTED = re.compile(r"^Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})\s*$")
_GAME_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.*) \((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.?(?P<rest>.*)$")
_STREET = re.compile(r"^\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*:?\s*(?P<cards>.*)$")
_STUD_STREET = re.compile(r"^\*\*\* (?P<name>(?:Third|Fourth|Fifth|Sixth|Seventh) street|River) \*\*\*\s*$", re.I)
_STUD = ("7S", "7S/8", "R")
_A = r"\((?P<a>[\d.,]+)\)"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^has small blind " + _A + r"\s*$"), "sb"),
    (re.compile(r"^has big blind " + _A + r"\s*$"), "bb"),
    (re.compile(r"^(?:posts )?ante " + _A + r"\s*$"), "ante"),
    (re.compile(r"^posts " + _A + r"\s*$"), "bb"),
    (re.compile(r"^straddle " + _A + r"\s*$"), "straddle"),
    (re.compile(r"^bring in " + _A + r"\s*$"), "bring_in"),
    (re.compile(r"^received a card\.\s*$"), "down"),
    (re.compile(r"^caps " + _A + r"\s*$"), "allin"),  # the chips he adds to reach the table's cap
    (re.compile(r"^received card: \[(?P<c>[^\]]*)\]\s*$"), "card"),
    (re.compile(r"^folds\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _A + r"\s*$"), "call"),
    (re.compile(r"^bets " + _A + r"\s*$"), "bet"),
    (re.compile(r"^raises " + _A + r"\s*$"), "raise"),
    (re.compile(r"^allin " + _A + r"\s*$"), "allin"),
    (re.compile(r"^allin\s*$"), "allin_bare"),
    (re.compile(r"^(?:received a card\.|mucks cards|is timed out\.|sitting out|wait for big blind|wait BB|"
                r"has left the table\.?|has joined the table\.?|is disconnected\.?|is connected\.?|"
                r"is disconnected and ALL IN\.?)\s*$"), None),
]
_RESULT = re.compile(r"^\*?Player (?P<rest>.+?)\s*Bets: (?P<bets>[\d.,]+)\. Collects: (?P<got>[\d.,]+)\. "
                     r"(?:Wins|Loses): [\d.,]+\.?\s*$")
_POT = re.compile(r"^Pot: (?P<pot>[\d.,]+)(?:\. Rake (?P<rake>[\d.,]+))?(?:\. JP fee (?P<jp>[\d.,]+))?\.?\s*$")


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a WPN ``Game started at:`` export."""
    return bool(re.match(r"^\ufeff?\s*Game started at: \d{4}/", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of ``Game started at:``, the hand's lines)."""
    return split_hands(text, _FIRST)


class _BetsDiffer(HandParseError):
    """The summary's bets disagree with the actions as read."""


def parse_hand(lines: list[str], start: int = 1, source: str = "", raises_added: bool = False) -> RawHand:
    """One WPN hand into a RawHand (its blank lines skipped: some exports write one after every
    line). ``raises NAME (X)`` is the street total in most exports and the chips added in some
    (2016 tournaments): the hand is read the first way, then, when the summary's bets disagree,
    the second (noted). Raises HandParseError naming the file line."""
    if not raises_added:
        try:
            return _parse(lines, start, source, False)
        except _BetsDiffer as first:
            try:
                raw = _parse(lines, start, source, True)
            except _BetsDiffer:
                raise HandParseError(first.reason, first.line, first.source) from None
            raw.notes.append("the raises are the chips added (the summary's bets say so), not the street total")
            return raw
    return _parse(lines, start, source, True)


def _parse(lines: list[str], start: int, source: str, raises_added: bool) -> RawHand:
    raw = RawHand(venue="Winning Poker Network", source=source, line=start)
    rows = [(start + k, ln.strip()) for k, ln in enumerate(lines) if ln.strip()]
    sm = _STARTED.match(rows[0][1])
    if sm:
        raw.time = room_time(sm.groups(), raw.fail, start)
    gm = _GAME_ID.match(rows[1][1]) if len(rows) > 1 else None
    if gm is None:
        raise raw.fail(f"expected the 'Game ID:' line, got {rows[1][1] if len(rows) > 1 else ''!r}", start + 1)
    _game(raw, gm, rows)
    i = 2
    while i < len(rows) and not _SEAT.match(rows[i][1]):
        bm = re.match(r"^Seat (\d+) is the button\s*$", rows[i][1])
        if bm is None:
            raise raw.fail(f"unrecognised line {rows[i][1]!r}", rows[i][0])
        raw.button_seat = number(bm.group(1), "the button seat", raw, rows[i][0], 0, MAX_SEAT)
        i += 1
    seated: list[Seat] = []
    while i < len(rows) and _SEAT.match(rows[i][1]):
        m = _SEAT.match(rows[i][1])
        assert m is not None
        seated.append(Seat(number(m["seat"], "the seat number", raw, rows[i][0], 0, MAX_SEAT), m["name"],
                           amount(m["stack"], raw.scale, raw, rows[i][0]), rows[i][0]))
        i += 1
    if not seated:
        raise raw.fail("no seat lines", start)
    seats = RoomSeats(seated, set(), i, sorted((x.name for x in seated), key=len, reverse=True))
    _Hand(raw, seats, raises_added).read(_blank_name(raw, rows, i, seated))
    return raw


def _blank_name(raw: RawHand, rows: list[tuple[int, str]], end: int, seated: list[Seat]) -> list[tuple[int, str]]:
    """Lines that name a player by an empty name (``Player  has big blind (2)``, ``returned to``): when
    exactly one seated player is named nowhere else in the hand, the empty name is his (noted)."""
    blank = re.compile(r"^(\*?Player )(?= \S)|^(Uncalled bet \([\d.,]+\) returned to)\s*$")
    if not any(blank.match(ln) for _, ln in rows[end:]):
        return rows
    body = " ".join(ln for _, ln in rows[end:])
    unnamed = [x.name for x in seated if not re.search(r"(?:Player |returned to )" + re.escape(x.name) + r"\b", body)]
    if len(unnamed) != 1:
        return rows
    raw.notes.append(f"the record names a player by an empty name: {unnamed[0]}, the one seated player it names "
                     "nowhere else")
    return rows[:end] + [(no, blank.sub(lambda m: (m[1] or m[2] + " ") + unnamed[0], ln, count=1))
                         for no, ln in rows[end:]]


def _game(raw: RawHand, gm: re.Match[str], rows: list[tuple[int, str]]) -> None:
    """The game, the blinds and the units from the ``Game ID:`` line (and the amounts of the seats)."""
    no = rows[1][0]
    game = game_named(gm["game"])
    if game is None or game.stem is None:
        why = f"{game.name} ({game.why_not})" if game is not None else f"{gm['game']!r} is not a game pyeval knows"
        raise raw.fail(f"game not supported: {why}", no)
    if game.stem not in ("T", "O", "O/8", "5O", "5O/8", "6O", "6O/8", "6P", *_STUD):
        raise raw.fail(f"game not supported by the WPN reader yet: {game.name}", no)
    if game.stem in _STUD:  # stud is dealt fixed limit: the line names the small and big bet
        raw.game = "F" + game.stem
    else:
        raw.game = "N" + game.stem
        raw.notes.append("the record names no betting structure: read as no limit")
    raw.hand_id, raw.table = gm["id"], gm["table"]
    if "." in gm["sb"] + gm["bb"] or any(re.search(r"\(\d+\.\d+\)|: \d+\.\d+\.", ln) for _, ln in rows[2:]):  # not the buy-in
        raw.scale, raw.currency = 100, "USD"
    lo, hi = amount(gm["sb"], raw.scale, raw, no), amount(gm["bb"], raw.scale, raw, no)
    if raw.game[1:] in _STUD:
        raw.small_bet, raw.big_bet = lo, hi
        return
    raw.small_blind, raw.big_blind = lo, hi
    raw.min_bet = raw.big_blind
    if re.search(r"(?:^| - )CAP(?: - |$)", gm["table"]):  # a Cap table: 30 big blinds a player in a hand
        raw.table_rules["cap"] = 30 * hi


class _Hand:
    """The lines after the seats: actions, streets, returns, the summary and its checks."""

    def __init__(self, raw: RawHand, seats: RoomSeats, raises_added: bool = False) -> None:
        self.raw, self.seats, self.raises_added = raw, seats, raises_added
        self.acted: set[str] = set()
        self.dealt: set[str] = set()  # players a card was dealt to
        self.cur: dict[str, int] = {}
        self.bets: dict[str, int] = {}
        self.summary = False

    def stacks(self) -> dict[str, int]:
        return {x.name: x.stack for x in self.seats.seated}

    def amt(self, text: str, no: int) -> int:
        return amount(text, self.raw.scale, self.raw, no)

    def read(self, rows: list[tuple[int, str]]) -> None:
        raw = self.raw
        for no, line in rows[self.seats.end:]:
            if not self.line(line, no) and re.search(r"[A-Za-z0-9]", line):
                raise raw.fail(f"unrecognised line {line!r}", no)
        if raw.game[1:] in _STUD and raw.bring_in is None:
            if not any(a.kind not in ("ante",) for a in raw.acts):
                raise raw.fail("the file ends mid-hand (a cut file): no bring-in, no action")
            raw.bring_in = max(1, (raw.small_bet or 4) // 4)
            raw.notes.append(f"no bring-in in the record: taken as {raw.bring_in}, a quarter of the small bet")
        if self.dealt:  # a seat dealt no card that never acts was not dealt in
            self.seats.marked_out.update(x.name for x in self.seats.seated
                                         if x.name not in self.dealt and x.name not in self.acted)
        finish_seats(raw, self.seats, self.acted)
        _button_on_big_blind(raw)
        bb = next((a for a in raw.acts if a.kind == "post" and a.extra == "bb"), None)
        if bb is not None and raw.min_bet and bb.amount < raw.min_bet and bb.amount < self.stacks().get(bb.name, 0):
            raw.notes.append(f"the big blind posted is {bb.amount}, the header's {raw.min_bet} (a limit table's bets): "
                             "the posted one is the minimum bet")
            raw.min_bet = raw.big_blind = bb.amount
        defer_extra_blinds(raw)
        put = chips_in(raw)
        if self.bets and not any(self.bets.values()) and any(a.kind == "collect" for a in raw.acts):
            raw.notes.append("the summary's bets are all 0 (a data-mined export): not checked")
            self.bets = {}
        for nm, b in self.bets.items():
            if put.get(nm, 0) != b:
                raise _BetsDiffer(f"{FIGURES_DO_NOT_ADD_UP}: {nm}'s actions put in {put.get(nm, 0)}, the summary's "
                                  f"bets are {b}", raw.line,
                                  raw.source)

    def line(self, line: str, no: int) -> bool:
        raw = self.raw
        um = re.match(r"^Uncalled bet \((?P<a>[\d.,]+)\) returned to (?P<n>.+)$", line)
        pm = _POT.match(line)
        if line.startswith("*** ") and self.street(line, no):
            pass
        elif um and um["n"] in self.seats.names:
            raw.add("return", um["n"], self.amt(um["a"], no), line=no)
        elif pm:
            raw.rake = self.amt(pm["rake"], no) if pm["rake"] else None
            raw.jackpot = self.amt(pm["jp"], no) if pm["jp"] else None
            raw.total_pot = self.amt(pm["pot"], no) + (raw.rake or 0) + (raw.jackpot or 0)
        elif line.startswith("------ Summary"):
            self.summary = True
        elif re.match(r"^(?:Board: .*|Game ended at: .*|\*\*\* .* \*\*\*.*)$", line):
            pass
        elif self.summary:
            return self.result(line, no)
        elif line.startswith("Player "):
            return self.action(line[7:], no) or bool(re.match(r"^Player  \S", line))  # no name: not dealt in
        else:
            return False
        return True

    def street(self, line: str, no: int) -> bool:
        """``*** FLOP ***: [..]`` (the board's new cards) or a stud street's label; False for another line."""
        raw = self.raw
        st = _STREET.match(line)
        sst = _STUD_STREET.match(line) if raw.game[1:] in _STUD else None
        m = st or sst
        if m is None:
            return False
        new: tuple[int, ...] = ()
        if st:
            b = BRACKETS.findall(st["cards"])
            if not b and not any(a.kind == "street" for a in raw.acts) and st["name"] == "FLOP":
                raw.add("street", line=no, extra="HOLE CARDS")  # the hole cards dealt under a FLOP label
                raw.notes.append(f"line {no}: a FLOP line without cards before the hole cards: read as their deal")
                return True
            if not b:
                raise raw.fail(f"the {st['name']} without cards", no)
            new = cards(b[-1], raw, no)
        if not any(a.kind == "street" for a in raw.acts):
            raw.add("street", line=no, extra="HOLE CARDS")
        raw.add("street", cards=new, line=no, extra=m["name"])
        self.cur = {}
        return True

    def action(self, rest: str, no: int) -> bool:
        raw = self.raw
        nm = next((n for n in self.seats.names if rest.startswith(n + " ")), None)
        if nm is None:
            return False
        for pat, kind in _ACTS:
            m = pat.match(rest[len(nm) + 1:])
            if m is None:
                continue
            if kind in ("card", "down", "allin_bare"):
                self.dealt_card(nm, kind, m, no)
            elif kind is None and re.match(r"sitting out|wait for big blind|wait BB", rest[len(nm) + 1:]):
                self.seats.marked_out.add(nm)  # not dealt in, unless he acts (finish_seats)
            elif kind is not None:
                if not any(a.kind == "street" for a in raw.acts) and kind not in ("sb", "bb", "ante"):
                    raw.add("street", line=no, extra="HOLE CARDS")
                self.acted.add(nm)
                self.record(nm, kind, self.amt(m["a"], no) if m.groupdict().get("a") else 0, no)
            return True
        return False

    def dealt_card(self, nm: str, kind: str, m: re.Match[str], no: int) -> None:
        """A card dealt (face up, or face down: stud keeps its place in the dealing order), or an all-in
        without chips (disconnect protection: the player is played all in for the chips he put in)."""
        raw = self.raw
        if kind == "allin_bare":  # all in on disconnection: the room's disconnect protection
            raw.add("disconnect", nm, line=no)
            return
        self.dealt.add(nm)
        if kind == "card":
            raw.hole.setdefault(nm, []).extend(cards(m["c"], raw, no))
        elif raw.game[1:] in _STUD:
            raw.hole.setdefault(nm, []).append(-1)

    def record(self, nm: str, kind: str, a: int, no: int) -> None:
        """One betting action of ``kind`` and its amount as the RawHand's act."""
        raw = self.raw
        if kind == "bring_in":
            raw.add("bring_in", nm, a, line=no)
            raw.bring_in = raw.bring_in or a
            self.cur[nm] = a
        elif kind in ("sb", "bb", "straddle"):
            raw.add("post", nm, a, line=no, extra=kind)
            self.cur[nm] = self.cur.get(nm, 0) + a
        elif kind == "allin":  # the chips added: a call, or a bet or raise to the new total
            to = self.cur.get(nm, 0) + a
            top = max(self.cur.values(), default=0)
            kind2, amt2 = ("call", a) if to <= top else (("raise", to) if top else ("bet", a))
            common_action(raw, nm, kind2, amt2, None, no, self.cur)
        elif kind == "raise" and self.raises_added:
            common_action(raw, nm, "raise", self.cur.get(nm, 0) + a, None, no, self.cur)
        else:
            common_action(raw, nm, kind, a, None, no, self.cur)

    def result(self, line: str, no: int) -> bool:
        """A player's summary line: his cards when shown, his bets (checked) and what he collected."""
        rm = _RESULT.match(line)
        if rm is None:
            return False
        rest = rm["rest"]
        nm = next((n for n in self.seats.names if rest.startswith(n + " ") or rest.startswith(n + ".")), None)
        if nm is None:  # a player not dealt in: nothing bet, nothing collected
            return rm["bets"] in ("0", "0.00") and rm["got"] in ("0", "0.00")
        self.bets[nm] = self.amt(rm["bets"], no)
        got = self.amt(rm["got"], no)
        shown = BRACKETS.findall(rest[len(nm):])
        if shown and " shows" in rest[len(nm):len(nm) + 7]:
            cs = list(cards(shown[-1], self.raw, no))
            have = self.raw.hole.get(nm, [])
            if self.raw.game[1:] in _STUD and len(have) == len(cs):  # fill the cards dealt face down, in order
                new = iter([c for c in cs if c not in have])
                cs = [c if c >= 0 else next(new, -1) for c in have]
            self.raw.hole[nm] = cs
            self.raw.add("show", nm, cards=tuple(self.raw.hole[nm]), line=no)
        if got:
            self.raw.add("collect", nm, got, line=no)
        return True


def _button_on_big_blind(raw: RawHand) -> None:
    """More than two players dealt in, and the seat the record names the button posts the big blind
    right after the small blind: the button is the seat before the small blind's (noted)."""
    seats = sorted(raw.seats, key=lambda x: x.seat)
    posts = [a for a in raw.acts if a.kind == "post" and a.extra in ("sb", "bb")]
    if len(seats) < 3 or len(posts) < 2 or posts[0].extra != "sb" or posts[1].extra != "bb":
        return
    bb = next((x for x in seats if x.name == posts[1].name), None)
    sb = next((x for x in seats if x.name == posts[0].name), None)
    if bb is None or sb is None or bb.seat != raw.button_seat:
        return
    k = seats.index(sb)
    raw.notes.append(f"the button (seat {raw.button_seat}) posts the big blind: the button read as seat {seats[k - 1].seat}")
    raw.button_seat = seats[k - 1].seat
