"""The one driver of every room that writes PokerStars' text layout: :func:`read_hand` over a
:class:`~pyeval.hands_io._dialect.StarsDialect` (the room's data; see :mod:`pyeval.hands_io._dialect`
for the layout and what a dialect holds).

The driver reads the header (the dialect's header reader), the seat lines, then each line by kind:
a ``*** SECTION ***`` line (hole cards, flop/turn/river, a board run more than once, stud and draw
streets, show down, summary), the button line, ``Dealt to NAME [..]``, an uncalled bet returned, a
player's action (the dialect's patterns, in order), what a player collected, the summary (``Total pot
X | Rake Y | Jackpot Z ...`` and each seat's line). Then the room's settlement quirks (a return left
unwritten, a total printed after the rake, a rake not printed) from the dialect's flags.

Lines the reader knows carry no chips (chatter, connection notices, ``No low hand qualified``) are
kept on the record (``_room_lines``); a line it does not know is an error if it could carry chips
(it names a seated player with a colon, or holds a digit), and otherwise is kept as unknown
(``_unknown_lines``, with its file line) while the hand is still read.
"""
from __future__ import annotations

import re

from ._dialect import CHATTER, PLAYER_CHATTER, STARS_ACTS, StarsDialect
from ._house_rules import RECORD_LINE, RECORD_MARKS, RULES_LINE, read_rules_line
from ._model import (
    BRACKETS, MAX_SEAT, HandParseError, RawHand, amount, cards, common_action, dealt_to, number, read_seats, uncalled_bet,
)
from ._phh import VARIANTS
from ._repairs import board_sizes, round_closed, skipped_streets
from ._settle import chips_in
from ._stars_after import Implied
from ._stars_summary import Summary

__all__ = ["StarsDialect", "read_hand", "CHATTER", "PLAYER_CHATTER", "STARS_ACTS"]

_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*:?\s*(?P<cards>.*)$")
_STUD_STREETS = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]
_DRAW_STREETS = ["DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3, "FIFTH": 4, "SIXTH": 5, "SEVENTH": 6, "EIGHTH": 7,
         "NINTH": 8, "TENTH": 9}
_HEADER_INSIDE = re.compile(r"(?:Hand|Game|HAND|GAME) #\d+: ")
_NUMBERED = re.compile(r"^(?P<s>FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) (?P<k>[1-9])$")
_RUN_NAMES = list(_RUNS)
_HIDDEN = re.compile(r"(?:^|\s)(?:XX|xx|\?\?)(?=\s|$)")  # a card a player's show leaves face down
_FORCED = ("sb", "bb", "straddle", "both", "button_blind", "dead", "bring_in", "missed")
_CARDS = ("discard", "pat", "hole", "show_hole", "muck_known", "fold")
_SETTLED = ("double_bet", "call_to", "raise_by", "allin_add", "return", "collect", "cashout", "sitout")
_POSTS = {"sb": "sb", "bb": "bb", "straddle": "straddle", "both": "both", "button_blind": "bb"}
#: Kinds of a player's line that are no action of his (he is not counted as having acted).
_BETTING = ("sb", "bb", "both", "straddle", "dead", "ante", "fold", "check", "call", "bet", "raise", "allin_add",
            "raise_by", "complete", "bring_in")
_NOT_ACTING = ("show", "muck", "show_hole", "muck_known", "hole", "collect", "return", "sitout")
_OTHERS = re.compile(r"^.+? (?:joins the table at seat #\d+|leaves the table|said, \".*\"|is connected|"
                     r"is disconnected|has returned|sits out|is sitting out|will be allowed to play after the button|"
                     r"was removed from the table for failing to post)\s*$")


def read_hand(dialect: StarsDialect, lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One hand of a Stars-like room (its lines; ``start`` the file line of the first) into a RawHand.

    Raises:
        HandParseError: a line that does not fit the format (naming the file line), or a game the
            engine does not play (``game not supported: ...``).
    """
    raw = RawHand(venue=dialect.venue, source=source, line=start, implicit_returns=dialect.implicit_returns)
    if lines and lines[0][:1].isspace():  # an archive that indents every line
        lines = [ln.lstrip(" \t") for ln in lines]
    if dialect.prepare is not None:
        lines = [dialect.prepare(ln) for ln in lines]
    if dialect.prepare_hand is not None:
        lines = dialect.prepare_hand(lines)
    try:
        first = dialect.read_head(raw, lines, start)
        _Body(dialect, raw, lines, start, first).read()
    except HandParseError as exc:
        cut = _cut_off(lines, exc.line - start, dialect.summary)
        if cut is None:
            raise
        raise raw.fail(f"{FILE_ENDS_MID_HAND} ({cut}): {exc.reason}", exc.line or start) from None
    if any(ln.split(": ", 1)[-1].startswith("Hand cancelled") for ln in raw.info):
        raise raw.fail("the room cancelled the hand: it has no result to check", start)
    if raw.total_pot == 0 and not raw.hole and all(a.kind in ("post", "ante", "street") for a in raw.acts):
        raise raw.fail("the room cancelled the hand: a dead hand (no cards dealt, a total pot of 0)", start)
    return raw


def _partial(raw: RawHand, dialect: StarsDialect, lines: list[str], first: int, start: int) -> None:
    """Raise for a hand with no seat lines before its summary: a partial export when the room marks
    it so (``(partial)``) or wrote only the summary; else the stacks the record leaves out."""
    body = lines[first:]
    end = next((k for k, ln in enumerate(body) if ln.startswith("*** SUMMARY")), len(body))
    if any(dialect.seat.match(ln) for ln in body[:end]):
        return
    if lines[0].rstrip().endswith("(partial)") or not any(ln.strip() for ln in body[:end]):
        raise raw.fail("a partial export: the room wrote only the hand's summary", start + first)
    raise raw.fail("no seat lines: the record does not give the players' stacks", start + first)


#: How the reason of a hand the file cuts off starts (``tools/measure_hands.py`` excludes such hands).
FILE_ENDS_MID_HAND = "the file ends mid-hand"


def _section_label(label: str, sections: dict[str, str]) -> str:
    """A section's name as PokerStars writes it (Full Tilt's boards run twice: "TURN 2" -> "SECOND TURN",
    "SHOW DOWN 1" -> "SHOW DOWN", "SUMMARY 2" -> "SUMMARY"; the room's own names by ``sections``)."""
    rn = _NUMBERED.match(label)
    if rn:
        label = f"{_RUN_NAMES[int(rn['k']) - 1]} {rn['s']}" if rn["s"] in ("FLOP", "TURN", "RIVER") else rn["s"]
    return sections.get(label, label)


def _cut_off(lines: list[str], failed: int, summary: bool) -> str | None:
    """Why a hand that failed at its line ``failed`` (0-based) is a hand the file cuts off, or None:
    the next hand's header starts inside one of its lines, or (a room that ends every hand with a
    ``summary``) it failed on its last line, which breaks off (a bracket, parenthesis or quote left
    open, or a lone word), and wrote no summary."""
    for ln in lines[1:]:
        m = _HEADER_INSIDE.search(ln)
        if m and m.start() > 0:
            return "the next hand starts inside one of its lines"
    filled = [k for k, ln in enumerate(lines) if ln.strip()]
    if not summary or any(ln.lstrip().startswith("*** SUMMARY") for ln in lines) or not filled or failed != filled[-1]:
        return None
    last = lines[failed].strip()
    if (last.count("[") != last.count("]") or last.count("(") != last.count(")") or last.count("'") % 2
            or " " not in last):
        return "no summary, its last line broken off"
    return None


def _pyeval_line(raw: RawHand, line: str, no: int) -> bool:
    """A line of pyeval's export into ``raw`` (True), else False: the table's rules where not the
    room's house rules (decision 037); the header's stand-ins and the hand number's type."""
    pm = RULES_LINE.match(line)
    if pm:
        raw.table_rules.update(read_rules_line(pm["r"], raw.fail, no))
        return True
    rm = RECORD_LINE.match(line)
    if rm:
        if not set(rm["r"].split()) <= RECORD_MARKS:
            raise raw.fail(f"a record mark pyeval does not read: {rm['r']!r}", no)
        raw.record_marks.update(rm["r"].split())
        return True
    return False


class _Body(Implied):
    """The lines after the table line of one hand: one method per kind of line."""

    def __init__(self, dialect: StarsDialect, raw: RawHand, lines: list[str], start: int, first: int) -> None:
        self.d, self.raw, self.lines, self.start = dialect, raw, lines, start
        stem = raw.game[1:]
        if dialect.games is not None and stem not in dialect.games:
            raise raw.fail(f"game not supported by the {dialect.venue} reader yet: {raw.game}", start)
        self.stud = stem in ("7S", "7S/8", "R", "5S")
        self.draw = stem in ("5D", "2L3D", "2L1D", "B")
        if dialect.seats_in_order:  # the seats are listed in table order under numbers of no meaning
            k = first
            while k < len(lines) and dialect.seat.match(lines[k]):
                lines[k] = re.sub(r"^Seat \d+:", f"Seat {k - first + 1}:", lines[k])
                k += 1
        _partial(raw, dialect, lines, first, start)
        self.seats = read_seats(raw, lines, first, start, dialect.seat, dialect.out)
        self.names = self.seats.names
        if dialect.button_name is not None and raw.button_seat is None:
            raw.button_seat = next((x.seat for x in self.seats.seated if dialect.button_name.match(x.name)), None)
        if dialect.first_name is not None and raw.button_seat is None:  # an empty button seat: before the first
            raw.button_seat = next((x.seat - 1 for x in self.seats.seated if dialect.first_name.match(x.name)), None)
        if dialect.button_mark is not None and raw.button_seat is None:  # "Seat 3: NAME ($10 in chips) DEALER"
            marked = [dialect.seat.match(ln) for ln in lines[first:self.seats.end]]
            raw.button_seat = next((int(m["seat"]) for m in marked if m and dialect.button_mark.search(m["rest"])), None)
        self.sections = dict(dialect.sections)
        self.acted: set[str] = set()
        self.section = "pre"
        self.street = -1
        self.run_boards: list[list[int]] = []
        self.run0 = 0  # board cards of run 1 dealt as streets
        self.board: list[int] = []
        self.stud_cards: dict[str, list[int]] = {}
        self.stud_spec = [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)] if stem != "5S" else [(1, 1), (0, 1), (0, 1), (0, 1)]
        self.cur_bet: dict[str, int] = {}
        self.may_draw = False  # a draw section began and nobody has bet since: discards belong to it
        self.returned = False
        self.summ = Summary(dialect, raw, self.names, self.draw, self.amt)
        self.prev_line, self.dup = "", False  # the line before; this line repeats it
        self.double_bet = 0  # the first double bet on 4th street (stud)
        self.gaps = False  # a street written with its new cards left out
        self.best: dict[str, tuple[str, int]] = {}  # a winner's best five cards as the room prints them, and the line

    def amt(self, text: str, no: int) -> int:
        return amount(self.d.clean(text) if self.d.clean else text, self.raw.scale, self.raw, no)

    def read(self) -> None:
        for j in range(self.seats.end, len(self.lines)):
            line = self.lines[j].rstrip()
            if line.strip():
                self.line(line.strip() if line[:1].isspace() else line, self.start + j)
            if self.section == "cut":
                break
        self.finish()

    def line(self, line: str, no: int) -> None:
        raw, d = self.raw, self.d
        self.dup, self.prev_line = line == self.prev_line, line
        if self.layout_line(line, no):
            return
        if self.section == "summary":
            self.summ.read(line, no)
        elif d.pot_lines is not None and d.pot_lines.match(line):
            raw.info.append(f"{no}: {line}")  # a running pot before the summary, which prints the total
        elif line.startswith("Dealt to "):
            self.dealt(line, no)
        elif d.uncalled.match(line):
            uncalled_bet(raw, d.uncalled.match(line), self.names, no)  # type: ignore[arg-type]
            self.returned = True
        elif not line.startswith("Board "):
            self.player_or_other(line, no)

    def layout_line(self, line: str, no: int) -> bool:
        """A section, button, board or informational line (True), or a line the room refuses (raised)."""
        raw, d = self.raw, self.d
        sec = _SECTION.match(line)
        if sec:
            self.section_line(_section_label(sec["name"].strip(), self.sections),
                              BRACKETS.findall(sec["cards"] or ""), no)
            return True
        bm = d.button.match(line) if d.button else None
        if bm:
            raw.button_seat = number(bm["seat"], "the button seat", raw, no, 0, MAX_SEAT)
            return True
        if d.info.match(line) and not (self.stud and line.startswith("Dealt to ")):  # (a stud deal is a deal)
            raw.info.append(f"{no}: {line}")
            return True
        if _pyeval_line(raw, line, no):
            return True
        hm = d.house_money.match(line) if d.house_money is not None else None
        if hm:  # the house adds chips to the pot (PHH _house_money; decision 037)
            raw.house_money = (raw.house_money or 0) + self.amt(hm["a"], no)
            return True
        for pat, why in d.refuse:
            if pat.match(line):
                raise raw.fail(f"{why}: {line!r}", no)
        bd = d.board_line.match(line) if d.board_line is not None else None
        if bd:  # the flop, turn or river by the cards dealt so far
            self.section_line(("FLOP", "FLOP", "FLOP", "TURN", "RIVER")[min(len(self.board), 4)],
                              BRACKETS.findall(f"[{bd['c']}]"), no)
        return bd is not None

    def player_or_other(self, line: str, no: int) -> None:
        """A line starting with a seated player's name (an action, what he collected, his chatter), a
        line of a player not in the hand, or a line the reader does not know."""
        raw, d = self.raw, self.d
        nm = next((n for n in self.names if line.startswith(n + d.sep)), None)
        sp = next((n for n in self.names if line.startswith(n + " ")), None)
        if self.named_line(line, nm, sp, no):
            return
        if (d.others is not None and d.others.match(line)) or (nm is None and sp is None and _OTHERS.match(line)):
            raw.info.append(f"{no}: {line}")  # a player not dealt in
            return
        if nm is not None:
            raise raw.fail(f"unrecognised action {line[len(nm) + len(d.sep):]!r} by {nm!r}", no)
        if re.search(r"\d", line) or sp is not None and ":" in line:
            raise raw.fail(f"unrecognised line {line!r}", no)
        raw.unknown.append(f"{no}: {line}")

    def named_line(self, line: str, nm: str | None, sp: str | None, no: int) -> bool:
        """``line`` read as a player's (``nm``: the name before the room's separator, ``sp``: before a
        space): chat, an action, what he collected, his chatter. False when it is none of them."""
        raw, d = self.raw, self.d
        if d.chat_colon and any(line.startswith(n + ": ") for n in self.names):  # chat: actions have no colon
            raw.info.append(f"{no}: {line}")
            return True
        if nm is not None:
            rest = line[len(nm) + len(d.sep):]
            if self.player_line(nm, rest, no) or self.chatter(d.player_info.match(rest), line, no):
                return True
        if sp is None:
            return False
        tail = line[len(sp) + 1:]
        cm = d.collect.match(tail)
        if cm:
            raw.add("collect", sp, self.amt(cm["a"], no), line=no)
            return True
        if any((k or "info") in d.spaced and p.match(tail) for p, k in d.acts) and self.player_line(sp, tail, no):
            return True
        return self.chatter(d.player_info.match(tail), line, no)

    def chatter(self, matched: object, line: str, no: int) -> bool:
        if matched:
            self.raw.info.append(f"{no}: {line}")
        return bool(matched)

    def section_line(self, label: str, bracket: list[str], no: int) -> None:
        raw, d = self.raw, self.d
        if label == "SUMMARY":
            self.section = "summary"
            return
        if label.endswith(("SHOW DOWN", "SHOWDOWN")) or label in d.skip:
            self.section = "showdown" if "SHOW" in label else self.section
            return
        if self.section == "summary" and label in d.hole:  # a file that lost the head of the next hand
            raw.notes.append(f"another hand's lines follow the summary (its first lines lost in the file): read "
                             f"up to line {no}")
            self.section = "cut"
            return
        self.section = "play"
        if label in d.hole or (self.stud and label == "3rd STREET"):
            self.street = 0
            if not any(a.kind == "street" for a in raw.acts):  # (an action before the section dealt them)
                raw.add("street", line=no, extra=label if label in ("DEALING HANDS", "3rd STREET") else "HOLE CARDS")
            return  # (the blinds posted before it count on this round)
        self.street_section(label, bracket, no)

    def street_section(self, label: str, bracket: list[str], no: int) -> None:
        """A street's section: a board run more than once, a stud or draw street, the flop, turn, river."""
        raw = self.raw
        run = label.split(" ", 1)
        if len(run) == 2 and run[0] in _RUNS and run[1] in ("FLOP", "TURN", "RIVER"):
            self.run_street(_RUNS[run[0]], label, bracket, no)
        elif self.stud and label in _STUD_STREETS:
            self.next_street(_STUD_STREETS.index(label), label, no)
        elif self.draw and label in _DRAW_STREETS:
            self.next_street(_DRAW_STREETS.index(label), label, no)
            self.may_draw = True
        elif label in ("FLOP", "TURN", "RIVER") and not self.stud and not self.draw:
            self.board_street(label, bracket, no)
        else:
            raise raw.fail(f"unknown section {label!r} for {raw.game}", no)

    def board_street(self, label: str, bracket: list[str], no: int) -> None:
        """``*** FLOP *** [..]``, ``*** TURN *** [..] [..]``: the new cards are the last bracket's (a
        street the room skipped after an all-in, its cards in the first bracket, is dealt first)."""
        raw = self.raw
        if not bracket:
            raise raw.fail(f"{label} without cards", no)
        before = skipped_streets(self.board, [c for b in bracket[:-1] for c in cards(b, raw, no)])
        last = list(cards(bracket[-1], raw, no))
        self.gaps = self.gaps or (not last and len(bracket) > 1)  # "*** TURN *** [3c Jd 6d] []": see fill_gaps
        for new in before + [last]:
            self.board += new
            for rb in self.run_boards:
                rb += new
            self.street += 1
            raw.add("street", cards=tuple(new), line=no,
                    extra={3: "FLOP", 4: "TURN"}.get(len(self.board), label) if new else label)
        self.cur_bet = {}

    def next_street(self, k: int, label: str, no: int) -> None:
        self.street = k
        self.raw.add("street", line=no, extra=label)
        self.cur_bet = {}

    def run_street(self, k: int, label: str, bracket: list[str], no: int) -> None:
        """A street of a board run more than once (``*** SECOND TURN *** [..] [..]``): run ``k``'s
        cards; the first run's streets are the hand's."""
        raw = self.raw
        full = [c for b in bracket for c in cards(b, raw, no)] if bracket else []
        while len(self.run_boards) <= k:
            self.run_boards.append(list(self.board))
        rb = self.run_boards[k]
        self.run_boards[k] = full if len(full) >= len(rb) else rb + full  # brackets of the run's new cards
        if k == 0:  # run 1's cards not dealt yet (a line may hold its turn and river), street by street
            at = len(self.board) + self.run0
            for size in board_sizes(at, len(self.run_boards[0])):
                raw.add("street", cards=tuple(self.run_boards[0][at:at + size]), line=no, extra=label)
                self.street, at = self.street + 1, at + size
            self.run0 = at - len(self.board)

    def dealt(self, line: str, no: int) -> None:
        raw = self.raw
        if not self.stud and not (self.draw and self.street > 0):
            nm = next((n for n in self.names if line.startswith(f"Dealt to {n}")), None)
            rest = line[len(f"Dealt to {nm}"):] if nm else ""
            if nm is None or (rest and not rest.startswith(" ")):
                raise raw.fail(f"cards dealt to a player who is not seated: {line!r}", no)
            groups = BRACKETS.findall(rest)  # GGPoker writes the line without cards for the others
            if not groups and rest.strip():
                raise raw.fail(f"no cards in {line!r}", no)
            if groups:
                raw.hole[nm] = list(cards(groups[-1], raw, no))
            return
        who, new = dealt_to(raw, line, self.names, no)
        if self.stud and self.street < 0:  # a stud deal before any street line: third street (KingsClub)
            self.section_line("3rd STREET", [], no)
        if self.stud:
            have = self.stud_cards.setdefault(who, [])
            full = sum(dn + up for dn, up in self.stud_spec[:self.street + 1])
            if self.d.stud_by_deal and 0 <= self.street < len(self.stud_spec) - 1 and len(have) >= full:
                self.next_street(self.street + 1, _STUD_STREETS[self.street + 1], no)  # a street without a line
            down, up = self.stud_spec[self.street] if 0 <= self.street < len(self.stud_spec) else (0, 1)
            if len(new) == down + up:
                have += new
            elif len(new) == up:
                have += [-1] * down + new
            else:
                raise raw.fail(f"{len(new)} card(s) dealt to {who} on {_STUD_STREETS[max(self.street, 0)]}", no)
            raw.hole[who] = have
        else:
            raw.add("drawn", who, cards=tuple(new), line=no)

    def player_line(self, nm: str, rest: str, no: int) -> bool:
        """A player's line by the room's action patterns; False when none matches."""
        raw = self.raw
        for pat, kind in self.d.acts:
            m = pat.match(rest)
            if not m:
                continue
            kind = self.allin_post(nm, self.blind_raise(kind), m.groupdict().get("a") or "0", no)
            if kind is None or kind == "info":  # a line the room writes for a player that carries no chips
                raw.info.append(f"{no}: {nm} {rest}")
                return True
            closed = kind not in _NOT_ACTING and kind not in _POSTS and kind not in ("dead", "ante") and \
                self.d.board_summary and not self.board and round_closed(raw, self.stacks())
            if self.dup and (kind in _BETTING or kind == "return") and not (closed and kind == "check"):
                raw.notes.append(f"line {no} repeats the line before it: read once")  # nobody acts twice in a row
                return True  # (a check that closed a round and the next round's first check: both read)
            if closed:
                raw.add("street", line=no, extra="IMPLICIT")  # a street begins without a line
                self.cur_bet = {}
            if kind not in _NOT_ACTING:
                self.acted.add(nm)
                if kind not in _POSTS and kind not in ("dead", "ante") and not any(
                        x.kind == "street" for x in raw.acts):  # no hole-cards section: dealt now
                    raw.add("street", line=no, extra="HOLE CARDS")
            if self.draw and kind in ("discard", "pat") and not self.may_draw:
                # single-draw files before 2010 write no "*** FIRST DRAW ***": the first discard opens it
                self.next_street(self.street + 1, "DRAW", no)
                self.may_draw = True
            elif kind not in ("discard", "pat", "show", "muck"):
                self.may_draw = False
            self.act(nm, kind, m.groupdict(), no)
            return True
        return False

    def blind_raise(self, kind: str | None) -> str | None:
        """(Winamax) ``raises X to Y`` among the blinds: a player coming in posts Y, part dead."""
        if kind == "raise" and self.d.blind_raise and self.section == "pre" and \
                not any(x.kind == "street" for x in self.raw.acts):
            return "both"
        return kind

    def allin_post(self, nm: str, kind: str | None, text: str, no: int) -> str | None:
        """(``allin_posts``: Bovada, Absolute) an all-in line among the forced bets, before any blind: the
        player's ante posted all in when the others ante and he has not, else his blind posted all in
        (the big blind when nobody after him posts one) rather than a bet; after a blind, the big blind
        posted all in when the header gives the blinds and it is more than the blinds (else it is read by
        the betting: a call); ``text`` is the line's amount. A check before the deal by a player all in
        on his forced bets carries no chips (None)."""
        raw = self.raw
        if kind == "check" and self.section == "pre" and nm in self.all_in_pre():
            return None  # no chips (Full Tilt's Flipout: every player all in on the ante, then "checks" before the deal)
        if kind != "allin_add" or not self.d.allin_posts or self.section != "pre" or any(
                x.kind == "street" for x in raw.acts):
            return kind
        if any(x.kind == "post" for x in raw.acts):  # after a blind: the big blind (the header gives it) when
            return "bb" if raw.big_blind and nm not in self.cur_bet and (  # more than the blinds (else a call)
                self.amt(text, no) > max(self.cur_bet.values(), default=0)) else kind
        forced = self.forced_lines()
        if not any(x.kind == "ante" and x.name == nm for x in raw.acts) and any(
                k == "ante" and who != nm for who, k, _ in forced):
            return "ante"
        return "sb" if any(k == "bb" and who != nm and at > no for who, k, at in forced) else "bb"

    def all_in_pre(self) -> set[str]:
        """The players whose forced bets put them all in, before any street."""
        if any(x.kind == "street" for x in self.raw.acts):
            return set()
        put, stacks = chips_in(self.raw), self.stacks()
        return {n for n, v in put.items() if v and v >= stacks.get(n, 0)}

    def forced_lines(self) -> list[tuple[str, str, int]]:
        """(name, kind, file line) of each player's line before the first section."""
        out = []
        for j in range(self.seats.end, len(self.lines)):
            line = self.lines[j].strip()
            if _SECTION.match(line):
                break
            nm = next((n for n in self.names if line.startswith(n + self.d.sep)), None)
            if nm is not None:
                rest = line[len(nm) + len(self.d.sep):]
                kind = next((k for p, k in self.d.acts if p.match(rest)), None)
                out.append((nm, kind or "", self.start + j))
        return out

    def part_shown(self, shown: str | None) -> bool:
        """True when a flop game's show names fewer cards than each player holds."""
        spec = VARIANTS.get(self.raw.game[1:])
        held = spec.streets[0].down if spec is not None and not self.stud and not self.draw else 0
        return bool(shown) and 0 < len((shown or "").replace(",", " ").split()) < held

    def act(self, nm: str, kind: str, gd: dict[str, str | None], no: int) -> None:
        """Record one action of ``kind`` (the groups ``gd`` of its pattern: amount ``a``, cards ``c``, count ``n``)."""
        text = gd.get("a")
        a = self.amt(text, no) if text else 0
        if kind == "collect" and gd.get("best"):  # "NAME wins X from main pot with ... [best five]" (Everleaf)
            self.best[nm] = (gd["best"] or "", no)
        if kind == "show" and (_HIDDEN.search(gd.get("c") or "") or self.part_shown(gd.get("c"))):
            self.raw.notes.append(f"{nm} shows only part of his hand ([{gd['c']}], line {no}): no show read")
            return  # ("shows [XX Qs]": one card of two; an Omaha hand shown by two cards of four)
        if self.run_boards and kind in ("bet", "raise", "call", "check", "call_to", "raise_by", "fold"):
            raise self.raw.fail("game not supported: betting on boards dealt two at a time (a double-board game)", no)
        if kind in _FORCED:
            self.forced(nm, kind, a, no)
        elif kind in _CARDS:
            self.cards_act(nm, kind, a, gd, no)
        elif kind in _SETTLED:
            self.settled(nm, kind, a, no)
        elif not common_action(self.raw, nm, kind, a, gd.get("c"), no, self.cur_bet):
            raise self.raw.fail(f"the {self.d.venue} reader has no rule for an action of kind {kind!r}", no)

    def forced(self, nm: str, kind: str, a: int, no: int) -> None:
        """A blind, straddle, dead blind or bring-in."""
        raw = self.raw
        if kind == "straddle" and self.cur_bet.get(nm):  # a blind's poster straddling
            prev = max(k for k, x in enumerate(raw.acts) if x.kind == "post" and x.name == nm)
            raw.acts[prev] = raw.acts[prev]._replace(amount=a)
            raw.notes.append(f"{nm} straddled his own blind to {a} (line {no}): one blind of {a}")
            self.cur_bet[nm] = a
        elif kind in ("sb", "bb") and any(x.kind == "post" and x.name == nm and x.extra == kind and x.amount == a
                                          for x in raw.acts):  # the same blind twice: a line written again
            raw.notes.append(f"{nm}'s {kind} post of {a} written again (line {no}): read once")
        elif kind == "sb" and self.d.blind_raise and any(x.kind == "post" and x.name == nm and x.extra == "both"
                                                          for x in raw.acts):  # his missed small blind besides: dead
            k = max(q for q, x in enumerate(raw.acts) if x.kind == "post" and x.name == nm)
            raw.acts[k] = raw.acts[k]._replace(amount=raw.acts[k].amount + a)
            raw.notes.append(f"{nm} posts the small blind ({a}, line {no}) besides his blind: dead")
        elif kind == "missed":  # (BetOnline "post dead X") X live and the small blind missed, dead
            raw.add("post", nm, a + (raw.small_blind or 0), line=no, extra="both" if a else "dead")
            self.cur_bet[nm] = self.cur_bet.get(nm, 0) + a
        elif kind in ("sb", "bb") and self.stud:  # a blind in stud: the bring-in (Bovada's "Big blind/Bring in")
            self.forced(nm, "bring_in", a, no)
        elif kind in _POSTS:
            raw.add("post", nm, a, line=no, extra=_POSTS[kind])
            self.cur_bet[nm] = self.cur_bet.get(nm, 0) + a
        elif kind == "dead":  # a dead blind goes in the pot, not the bet (PHH _dead_blinds); more than the
            # big blind: a big blind and a dead small blind posted together (Bovada's "Posts dead chip $30")
            bb = raw.big_blind or max((x.amount for x in raw.acts if x.kind == "post" and x.extra == "bb"), default=0)
            raw.add("post", nm, a, line=no, extra="both" if bb and a > bb else "dead")
            if bb and a > bb:
                self.cur_bet[nm] = self.cur_bet.get(nm, 0) + bb
        else:  # bring_in
            if raw.bring_in is None:
                raw.bring_in = a
            raw.add("bring_in", nm, a, line=no)
            self.cur_bet[nm] = a

    def cards_act(self, nm: str, kind: str, a: int, gd: dict[str, str | None], no: int) -> None:
        """What a player does with cards: discard, stand pat, fold (showing), show or muck what he holds."""
        raw = self.raw
        shown = gd.get("c")
        if kind == "discard":
            cs = tuple(cards(shown, raw, no)) if shown else ()
            raw.add("discard", nm, number(gd.get("n"), "the number of cards discarded", raw, no, 0, 52), cs, line=no)
            if gd.get("d"):  # the cards drawn on the same line (KingsClub: "discards [..] draws [..]")
                raw.add("drawn", nm, cards=cards(gd["d"] or "", raw, no), line=no)
        elif kind == "pat":
            raw.add("discard", nm, a, line=no)
        elif kind == "hole":
            raw.hole[nm] = list(cards(shown or "", raw, no))
        elif kind == "show_hole" or (kind == "muck_known" and raw.tournament is not None):
            # the room shows the best hand: the player shows his hole cards (a tournament tables
            # every hand at an all-in: the record prints the cards of a hand not shown)
            raw.add("show", nm, cards=tuple(raw.hole.get(nm, ())), line=no)
        elif kind == "muck_known":
            raw.add("muck", nm, line=no)
        else:  # fold
            if shown:
                raw.hole[nm] = list(cards(shown, raw, no))
            raw.add("fold", nm, line=no)

    def settled(self, nm: str, kind: str, a: int, no: int) -> None:
        """Chips written otherwise than as a bet: a call to a total, chips added, a return, a win, a
        cash-out; a player sitting out."""
        raw = self.raw
        if kind == "double_bet":  # a big bet on 4th street (an open pair): it gives the big bet
            self.double_bet = self.double_bet or a
            common_action(raw, nm, "bet", a, None, no, self.cur_bet)
        elif kind == "call_to":  # a call written as the street total it brings the caller to
            common_action(raw, nm, "call", max(0, a - self.cur_bet.get(nm, 0)), None, no, self.cur_bet)
        elif kind in ("raise_by", "allin_add"):  # the chips the action adds: a call, bet or raise
            self.add_chips(nm, a, kind, no)
        elif kind in ("return", "collect", "cashout"):
            raw.add(kind, nm, a, line=no)
            self.returned = self.returned or kind == "return"
        else:  # sitout: not dealt in, unless he acts
            self.seats.marked_out.add(nm)

    def add_chips(self, nm: str, a: int, kind: str, no: int) -> None:
        """An action given by the chips it adds (all-in lines): a call when it does not go beyond the
        largest bet, else a bet or raise to the new total."""
        to = self.cur_bet.get(nm, 0) + a
        top = max(self.cur_bet.values(), default=0)
        if kind == "allin_add" and to <= top:
            common_action(self.raw, nm, "call", a, None, no, self.cur_bet)
        else:
            common_action(self.raw, nm, "raise" if top else "bet", to if top else a, None, no, self.cur_bet)
