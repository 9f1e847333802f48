"""The PokerStars text grammar, read for every room that writes it (a :class:`StarsDialect` each).

PokerStars' layout (2005-2025) was copied by the 2016 Full Tilt client, Run It Once, PokerMaster,
PokerBros, the BetOnline network and others: a header ``ROOM Hand #ID: [Tournament #T, BUY-IN] GAME
STRUCTURE (STAKES) - DATE``, the table line, one ``Seat N: NAME (STACK in chips)`` line per seat, the
forced bets, sections ``*** HOLE CARDS ***`` / ``*** FLOP ***`` ... (stud: ``*** 3rd STREET ***`` ...;
draw: ``*** DEALING HANDS ***``, ``*** FIRST DRAW ***`` ...; a board run twice: ``*** FIRST FLOP ***``
...), actions ``NAME: verb ...``, ``Uncalled bet (X) returned to NAME``, ``NAME collected X from pot``
and a ``*** SUMMARY ***`` with ``Total pot X | Rake Y``. What differs from room to room (the header's
words, the chatter a room writes) is the room's :class:`StarsDialect`, data in the room's module.

Lines the reader knows carry no chips (chatter, connection notices, ``No low hand qualified``) are
kept on the record (``_room_lines``); a line it does not know is an error if it could carry chips
(it names a seated player with a colon, or holds a digit), and otherwise is kept as unknown
(``_unknown_lines``, with its file line) while the hand is still read.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ._limits import room_time
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, amount, cards, common_action, dealt_to, finish_seats, number, read_seats, uncalled_bet,
)
from .games import game_named, structure_named

__all__ = ["StarsDialect", "read_hand", "CHATTER", "PLAYER_CHATTER", "STARS_ACTS"]

#: Whole lines every Stars-like room writes that carry no chips (kept as ``_room_lines``).
CHATTER: tuple[str, ...] = (
    r"No low hand qualified", r"Pair on board - a double bet is allowed", r"The deck is reshuffled",
    r"Betting is capped", r"Hand cancelled", r"Hand was run (?:twice|\w+ times)",
    r".+ split the .* bounty for eliminating .*",
)
#: What may follow a player's name (with or without a colon) on a line that carries no chips.
PLAYER_CHATTER: tuple[str, ...] = (
    r"is disconnected", r"is connected", r"has timed out(?: while disconnected| while being disconnected)?",
    r"has returned", r"is back", r"joins the table at seat #\d+", r"leaves the table", r"said, \".*\"",
    r"will be allowed to play after the button", r"was removed from the table.*", r"finished the tournament.*",
    r"wins the tournament.*", r"re-buys.*", r"takes the add-on.*", r"is sitting out", r"sits out", r"sitting out",
    r"has been disconnected.*", r"wins (?:a |an )?(?:entry|ticket|bounty|\$).*", r"wins .* for eliminating .*",
    r"is (?:now )?playing.*", r"doesn't show hand", r"is all-in", r"has reconnected", r"stands up", r"sits down",
    r"has \d+ seconds left to act", r"has requested TIME", r"is feeling .*", r"has left the table",
    r"has joined the table", r"is low with .*", r"is high with .*", r"out of hand.*", r"said \".*\"",
)


@dataclass(frozen=True)
class StarsDialect:
    """What one Stars-like room writes differently: data, one instance per room module.

    ``venue``: the PHH venue. ``header``: a hand's first line (groups ``id`` and ``rest``).
    ``detect``: the start of a file of this room (blank or banner lines before it allowed by the
    pattern). ``table``: the table line (groups ``table``, ``max``, ``button``; all optional but
    ``table``). ``chatter``/``player_chatter``: the room's own informational lines, besides
    :data:`CHATTER` / :data:`PLAYER_CHATTER`."""

    venue: str
    header: re.Pattern[str]
    detect: re.Pattern[str]
    table: re.Pattern[str] = re.compile(
        r"^\s*Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[Mm]ax)?,?(?: \((?:Play Money|Real Money)\))?"
        r"(?: Seat #(?P<button>\d+) is the button)?\s*$")
    seat: re.Pattern[str] = re.compile(
        r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]*\d[^()\s]*(?: [A-Z]{3})?)(?: in chips)?"
        r"(?:, [^()]*? bounty)?\)(?P<rest>.*)$")
    chatter: tuple[str, ...] = ()
    player_chatter: tuple[str, ...] = ()
    #: ``NAME: verb`` (PokerStars) or ``NAME verb`` (Full Tilt before 2016) action lines
    colon: bool = True
    #: kinds of action also written ``NAME verb`` by a room with colons (Run It Once: ``NAME shows [..]``)
    spaced: tuple[str, ...] = ()
    #: the action patterns, in order, and the kind each is (see ``_ACTS``)
    acts: tuple[tuple[re.Pattern[str], str], ...] = ()
    collect: re.Pattern[str] = re.compile(r"^collected (?P<a>[^\s]+) from (?:main |side )?pot(?:-\d+)?\s*$")
    uncalled: re.Pattern[str] = re.compile(r"^Uncalled bet \((?P<a>[^)]*)\) returned to (?P<n>.*)$")
    #: a line naming the button seat in the body (Full Tilt: ``The button is in seat #N``)
    button: re.Pattern[str] | None = None
    #: the room's section names -> PokerStars' (``7TH STREET`` -> ``RIVER``, ``DRAW`` -> ``FIRST DRAW``)
    sections: tuple[tuple[str, str], ...] = ()
    #: the header reader: fills the RawHand from the hand's first lines, returns the first seat line's
    #: index (default: PokerStars' header and table line)
    head: Callable[[StarsDialect, RawHand, list[str], int], int] | None = None
    info: re.Pattern[str] = field(init=False, repr=False, compare=False)
    player_info: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "info", re.compile(r"^(?:" + "|".join(CHATTER + self.chatter) + r")\s*$"))
        object.__setattr__(self, "player_info", re.compile(
            r"^:? ?(?:" + "|".join(PLAYER_CHATTER + self.player_chatter) + r")\s*$"))


_STRUCT = re.compile(r"\b(?P<struct>Cap No Limit|Cap Pot Limit|No Limit|Pot Limit|Fixed Limit|Limit)\b", re.I)
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?: (\w+))?")
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*(?P<cards>.*)$")
_OUT = re.compile(r"is sitting out|out of hand|[Ss]itting out")
_TOURNEY = re.compile(r"^Tournament #(?P<id>\d+), ")
_LEVEL = re.compile(r"Level (?P<level>[^ ]+)(?: \((?P<stakes>[^)]*)\))?")
_AMT = r"(?P<a>[^\s|]+)"
_ALLIN = r"(?: and is all[- ]in)?(?: and has reached the [^ ]+ cap)?\s*$"
_ACTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^posts small & big blinds " + _AMT + _ALLIN), "both"),
    (re.compile(r"^posts small blind " + _AMT + _ALLIN), "sb"),
    (re.compile(r"^posts big blind " + _AMT + _ALLIN), "bb"),
    (re.compile(r"^posts (?:the )?straddle " + _AMT + _ALLIN), "straddle"),
    (re.compile(r"^straddles? " + _AMT + _ALLIN), "straddle"),
    (re.compile(r"^posts button blind " + _AMT + _ALLIN), "button_blind"),
    (re.compile(r"^posts the ante " + _AMT + _ALLIN), "ante"),
    (re.compile(r"^folds(?: \[(?P<c>[^\]]*)\])?\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + _ALLIN), "call"),
    (re.compile(r"^bets " + _AMT + _ALLIN), "bet"),
    (re.compile(r"^raises [^\s]+ to " + _AMT + _ALLIN), "raise"),
    (re.compile(r"^brings in for " + _AMT + _ALLIN), "bring_in"),
    (re.compile(r"^completes it to " + _AMT + _ALLIN), "complete"),
    (re.compile(r"^discards (?P<n>\d+) cards?(?: \[(?P<c>[^\]]*)\])?\s*$"), "discard"),
    (re.compile(r"^stands pat(?: on \[(?P<c>[^\]]*)\])?\s*$"), "pat"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\](?: \(.*\)| for .*)?\s*$"), "show"),
    (re.compile(r"^mucks hand(?: \[(?P<c>[^\]]*)\])?\s*$"), "muck"),
    (re.compile(r"^cashed out the hand for " + _AMT + r"(?: \| Cash Out Fee (?P<fee>[^\s]+))?\s*$"), "cashout"),
]
#: PokerStars' action patterns (a dialect's ``acts`` may extend them: ``STARS_ACTS + (...)``).
STARS_ACTS = tuple(_ACTS)
_STUD_STREETS = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]
_DRAW_STREETS = ["DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3, "FIFTH": 4, "SIXTH": 5, "SEVENTH": 6, "EIGHTH": 7,
         "NINTH": 8, "TENTH": 9}
_POSTS = {"sb": "sb", "bb": "bb", "straddle": "straddle", "both": "both", "button_blind": "bb"}


def _game(raw: RawHand, rest: str, start: int) -> tuple[str, str]:
    """The PHH game code of the header's ``rest`` and the text after the game's name."""
    for sm in _STRUCT.finditer(rest):
        words = re.split(r"[\s(]+", rest[:sm.start()].strip())
        for k in range(min(len(words), 6), 0, -1):
            g = game_named(" ".join(words[-k:]))
            if g is None:
                continue
            if g.stem is None:
                raise raw.fail(f"game not supported: {g.name} ({g.why_not})", start)
            label = rest[:sm.start()].strip()
            label = label[:len(label) - len(" ".join(words[-k:]))].strip()
            if raw.tournament is not None:
                label = re.sub(r"^(?:Freeroll|[^\s]+\+[^\s]+(?: [A-Z]{3})?|[^\s]*[$€£][^\s]*(?: [A-Z]{3})?)\s*", "",
                               label)
            label = label.rstrip(" (").strip()
            if label:
                raw.mixed = label
            return (structure_named(sm["struct"]) or "N") + g.stem, rest[sm.end():]
    raise raw.fail(f"unknown game in header: {rest!r}", start)


def _stakes(raw: RawHand, after: str, start: int) -> None:
    stakes_text = None
    sm = re.match(r"^(?:, |\s*\()(?P<st>[^)]*)\)", after)
    if sm:
        stakes_text = sm["st"]
    lv = _LEVEL.search(after)
    if lv:
        raw.level = lv["level"]
        if lv["stakes"]:
            stakes_text = lv["stakes"]
    if stakes_text is None:
        raise raw.fail("no stakes in the header", start)
    currency = re.search(r"\b([A-Z]{3})\b", stakes_text)
    symbol = next((s for s in "$€£¥₹" if s in stakes_text), None)
    if symbol or currency or "." in stakes_text:
        raw.scale = 100
        raw.currency_symbol = symbol
        raw.currency = currency.group(1) if currency else ({"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol or "", None))
    st = [x for x in re.split(r"\s*/\s*|\s+-\s+", re.sub(r"\b[A-Z]{3}\b", "", stakes_text).strip())
          if re.search(r"\d", x)]
    if len(st) < 2:
        raise raw.fail(f"cannot read the stakes {stakes_text!r}", start)
    lo, hi = amount(st[0], raw.scale, raw, start), amount(st[1], raw.scale, raw, start)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet = lo, hi
        raw.small_blind, raw.big_blind = lo // 2, lo  # the usual limit blinds (a short post only)
    else:
        raw.min_bet = hi
        raw.small_blind, raw.big_blind = lo, hi
    dm = _DATE.search(after)
    if dm:
        raw.time = room_time(tuple(dm.groups()[:5]) + (dm.group(6) or "0",), raw.fail, start)
        raw.time_zone_abbreviation = dm.group(7)


def read_hand(dialect: StarsDialect, lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One hand of a Stars-like room (its lines; ``start`` the file line of the first) into a RawHand.

    Raises:
        HandParseError: a line that does not fit the format (naming the file line), or a game the
            engine does not play (``game not supported: ...``).
    """
    raw = RawHand(venue=dialect.venue, source=source, line=start, implicit_returns=True)
    first = (dialect.head or stars_head)(dialect, raw, lines, start)
    _Body(dialect, raw, lines, start, first).read()
    return raw


def stars_head(dialect: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """PokerStars' header and table line into ``raw``; the index of the first seat line (2)."""
    m = dialect.header.match(lines[0])
    if not m:
        raise raw.fail(f"not a {dialect.venue} hand header", start)
    raw.hand_id = m["id"]
    rest = re.sub(r"^\{[^}]*\}\s*", "", m["rest"].strip())  # home game club
    tm = _TOURNEY.match(rest)
    if tm:
        raw.tournament = tm["id"]
        raw.table_rules["tournament_all_in_show"] = False  # its tournaments let an all-in hand be mucked (decision 029)
        rest = rest[tm.end():]
    raw.game, after = _game(raw, rest, start)
    _stakes(raw, after, start)
    if len(lines) < 2:
        raise raw.fail("the hand ends after its header", start)
    tmt = dialect.table.match(lines[1])
    if not tmt:
        raise raw.fail(f"expected the table line, got {lines[1]!r}", start + 1)
    raw.table = tmt["table"]
    if tmt["max"]:
        raw.seat_count = number(tmt["max"], "the table size", raw, start + 1, 2, MAX_SEAT)
    if tmt["button"]:
        raw.button_seat = number(tmt["button"], "the button seat", raw, start + 1, 0, MAX_SEAT)
    return 2


class _Body:
    """The lines after the table line of one hand: one method per kind of line."""

    def __init__(self, dialect: StarsDialect, raw: RawHand, lines: list[str], start: int, first: int) -> None:
        self.d, self.raw, self.lines, self.start = dialect, raw, lines, start
        stem = raw.game[1:]
        self.stud = stem in ("7S", "7S/8", "R", "5S")
        self.draw = stem in ("5D", "2L3D", "2L1D", "B")
        self.seats = read_seats(raw, lines, first, start, dialect.seat, _OUT)
        self.acts = dialect.acts or _ACTS
        self.sections = dict(dialect.sections)
        self.names = self.seats.names
        self.acted: set[str] = set()
        self.section = "pre"
        self.street = -1
        self.run_boards: list[list[int]] = []
        self.board: list[int] = []
        self.stud_cards: dict[str, list[int]] = {}
        self.stud_spec = [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)] if stem != "5S" else [(1, 1), (0, 1), (0, 1), (0, 1)]
        self.cur_bet: dict[str, int] = {}
        self.may_draw = False  # a draw section began and nobody has bet since: discards belong to it
        self.summary_wins: list[tuple[str, int, int]] = []  # (name, amount, line) of "Seat N: NAME ... won (X)"

    def read(self) -> None:
        for j in range(self.seats.end, len(self.lines)):
            line = self.lines[j].rstrip()
            if line.strip():
                self.line(line.strip() if line[:1].isspace() else line, self.start + j)
        finish_seats(self.raw, self.seats, self.acted)
        raw = self.raw
        if not any(a.kind == "collect" for a in raw.acts):  # wins printed only in the summary (Full Tilt Matrix)
            for nm, a, no in self.summary_wins:
                raw.add("collect", nm, a, line=no)
        if self.stud and raw.bring_in is None and raw.small_bet:  # the first player completed: no bring-in
            raw.bring_in = max(1, raw.small_bet // 4)
            raw.notes.append(f"the bring-in was completed at once: its size is not recorded ({raw.bring_in} assumed)")
        if self.run_boards:
            self.raw.boards = [tuple(b) for b in self.run_boards]

    def line(self, line: str, no: int) -> None:
        raw = self.raw
        sec = _SECTION.match(line)
        bm = self.d.button.match(line) if self.d.button else None
        if sec:
            label = sec["name"].strip()
            self.section_line(self.sections.get(label, label), BRACKETS.findall(sec["cards"] or ""), no)
        elif bm:
            raw.button_seat = number(bm["seat"], "the button seat", raw, no, 0, MAX_SEAT)
        elif self.section == "summary":
            self.summary(line, no)
        elif line.startswith("Dealt to "):
            self.dealt(line, no)
        elif self.d.uncalled.match(line):
            uncalled_bet(raw, self.d.uncalled.match(line), self.names, no)  # type: ignore[arg-type]
        elif line.startswith("Board "):
            return
        elif self.d.info.match(line):
            raw.info.append(f"{no}: {line}")
        else:
            self.player_or_other(line, no)

    def player_or_other(self, line: str, no: int) -> None:
        raw = self.raw
        nm = next((n for n in self.names if line.startswith(n + ": ")), None)
        if nm is not None:
            rest = line[len(nm) + 2:]
            if self.d.player_info.match(rest) or not self.d.colon:  # without colons in actions: chat
                raw.info.append(f"{no}: {line}")
                return
            self.player_line(nm, rest, no)
            return
        nm = next((n for n in self.names if line.startswith(n + " ")), None)
        if nm is not None:
            tail = line[len(nm) + 1:]
            cm = self.d.collect.match(tail)
            if cm:
                raw.add("collect", nm, amount(cm["a"], raw.scale, raw, no), line=no)
                return
            if self.d.player_info.match(tail):
                raw.info.append(f"{no}: {line}")
                return
            if not self.d.colon or any(k in self.d.spaced and p.match(tail) for p, k in self.acts):
                self.player_line(nm, tail, no)
                return
        elif re.match(r"^.+? (?:joins the table at seat #\d+|leaves the table|said, \".*\"|is connected|"
                      r"is disconnected|has returned|sits out|is sitting out|will be allowed to play after the button|"
                      r"was removed from the table for failing to post)\s*$", line):
            raw.info.append(f"{no}: {line}")  # a player not dealt in
            return
        if re.search(r"\d", line) or nm is not None and ":" in line:
            raise raw.fail(f"unrecognised line {line!r}", no)
        raw.unknown.append(f"{no}: {line}")

    def section_line(self, label: str, bracket: list[str], no: int) -> None:
        raw = self.raw
        if label == "SUMMARY":
            self.section = "summary"
            return
        if label.endswith("SHOW DOWN"):
            self.section = "showdown"
            return
        self.section = "play"
        if label in ("HOLE CARDS", "DEALING HANDS") or (self.stud and label == "3rd STREET"):
            self.street = 0
            raw.add("street", line=no, extra=label)
            self.cur_bet = {}
            return
        run = label.split(" ", 1)
        if len(run) == 2 and run[0] in _RUNS and run[1] in ("FLOP", "TURN", "RIVER"):
            self.run_street(_RUNS[run[0]], label, bracket, no)
        elif self.stud and label in _STUD_STREETS:
            self.next_street(_STUD_STREETS.index(label), label, no)
        elif self.draw and label in _DRAW_STREETS:
            self.next_street(_DRAW_STREETS.index(label), label, no)
            self.may_draw = True
        elif label in ("FLOP", "TURN", "RIVER") and not self.stud and not self.draw:
            if not bracket:
                raise raw.fail(f"{label} without cards", no)
            new = list(cards(bracket[-1], raw, no))
            self.board += new
            for rb in self.run_boards:
                rb += new
            self.street += 1
            raw.add("street", cards=tuple(new), line=no, extra=label)
            self.cur_bet = {}
        else:
            raise raw.fail(f"unknown section {label!r} for {raw.game}", no)

    def next_street(self, k: int, label: str, no: int) -> None:
        self.street = k
        self.raw.add("street", line=no, extra=label)
        self.cur_bet = {}

    def run_street(self, k: int, label: str, bracket: list[str], no: int) -> None:
        raw = self.raw
        new = list(cards(bracket[-1], raw, no)) if bracket else []
        full = [c for b in bracket for c in cards(b, raw, no)] if bracket else []
        while len(self.run_boards) <= k:
            self.run_boards.append(list(self.board))
        rb = self.run_boards[k]
        self.run_boards[k] = full if len(full) >= len(rb) else rb + new
        if k == 0:
            self.street += 1
            raw.add("street", cards=tuple(new), line=no, extra=label)

    def dealt(self, line: str, no: int) -> None:
        raw = self.raw
        who, new = dealt_to(raw, line, self.names, no)
        if self.stud:
            have = self.stud_cards.setdefault(who, [])
            down, up = self.stud_spec[self.street] if 0 <= self.street < len(self.stud_spec) else (0, 1)
            if len(new) == down + up:
                have += new
            elif len(new) == up:
                have += [-1] * down + new
            else:
                raise raw.fail(f"{len(new)} card(s) dealt to {who} on {_STUD_STREETS[max(self.street, 0)]}", no)
            raw.hole[who] = have
        elif self.draw and self.street > 0:
            raw.add("drawn", who, cards=tuple(new), line=no)
        else:
            raw.hole[who] = new

    def player_line(self, nm: str, rest: str, no: int) -> None:
        raw = self.raw
        for pat, kind in self.acts:
            m = pat.match(rest)
            if not m:
                continue
            if kind == "info":  # a line the room writes for a player that carries no chips
                raw.info.append(f"{no}: {nm} {rest}")
                return
            self.acted.add(nm)
            if self.draw and kind in ("discard", "pat") and not self.may_draw:
                # single-draw files before 2010 write no "*** FIRST DRAW ***": the first discard opens it
                self.next_street(self.street + 1, "DRAW", no)
                self.may_draw = True
            elif kind not in ("discard", "pat", "show", "muck"):
                self.may_draw = False
            self.act(nm, kind, m.groupdict(), no)
            return
        raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)

    def act(self, nm: str, kind: str, gd: dict[str, str | None], no: int) -> None:
        """Record one action of ``kind`` (the groups ``gd`` of its pattern: amount ``a``, cards ``c``, count ``n``)."""
        raw = self.raw
        text = gd.get("a")
        a = amount(text, raw.scale, raw, no) if text else 0
        shown = gd.get("c")
        if kind in _POSTS:
            raw.add("post", nm, a, line=no, extra=_POSTS[kind])
            self.cur_bet[nm] = self.cur_bet.get(nm, 0) + a
        elif kind == "bring_in":
            if raw.bring_in is None:
                raw.bring_in = a
            raw.add("bring_in", nm, a, line=no)
            self.cur_bet[nm] = a
        elif kind == "discard":
            cs = tuple(cards(shown, raw, no)) if shown else ()
            raw.add("discard", nm, number(gd.get("n"), "the number of cards discarded", raw, no, 0, 52), cs, line=no)
        elif kind in ("pat", "cashout"):
            raw.add("discard" if kind == "pat" else "cashout", nm, a, line=no)
        else:
            common_action(raw, nm, kind, a, shown, no, self.cur_bet)

    def summary(self, line: str, no: int) -> None:
        raw = self.raw
        if line.startswith("Total pot "):
            self.total_pot(line, no)
            return
        sm = re.match(r"^Seat \d+: (?P<rest>.*)$", line)
        if not sm:
            return  # "Board [..]", "FIRST Board [..]", "Hand was run twice", rake lines: nothing to keep
        rest = sm["rest"]
        nm = next((n for n in self.names if rest.startswith(n + " ") or rest == n), None)
        if nm is None:
            return
        wm = re.search(r" (?:collected|won) \((?P<a>[^)]*)\)", rest[len(nm):])
        if wm:
            self.summary_wins.append((nm, amount(wm["a"], raw.scale, raw, no), no))
        mm = re.search(r" (?:mucked|showed) \[(?P<c>[^\]]*)\]", rest[len(nm):])
        if mm and not self.draw:  # draw games show the final hand
            cs = list(cards(mm["c"], raw, no))
            have = raw.hole.get(nm)
            if not have or -1 in have or len(have) < len(cs):
                raw.hole[nm] = cs

    def total_pot(self, line: str, no: int) -> None:
        raw = self.raw
        parts = [p.strip() for p in line.split("|")]
        tm = re.match(r"^Total pot (?P<a>[^\s]+)", parts[0])
        if not tm:
            raise raw.fail(f"bad total pot line {line!r}", no)
        raw.total_pot = amount(tm["a"], raw.scale, raw, no)
        for p in parts[1:]:
            km = re.match(r"^(?P<k>[A-Za-z][A-Za-z .-]*?):? (?P<a>[^\s]+)$", p)
            if not km:
                raise raw.fail(f"bad item {p!r} in the total pot line", no)
            k = km["k"].lower()
            v = amount(km["a"], raw.scale, raw, no)
            if k == "rake":
                raw.rake = (raw.rake or 0) + v
            elif "jackpot" in k or "fund" in k or "bingo" in k:
                raw.jackpot = (raw.jackpot or 0) + v
            elif "cash out fee" in k:
                pass
            elif k in ("fee", "fees"):  # pyeval's export of a record's other fees (_fees)
                raw.fees = (raw.fees or 0) + v
            else:
                raise raw.fail(f"unknown item {p!r} in the total pot line", no)
