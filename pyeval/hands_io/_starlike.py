"""One driver for the rooms whose text export follows PokerStars' layout (GGPoker, Winamax, ...):
a header line, a table line, ``Seat N: NAME (STACK)`` lines, the forced bets, ``*** SECTION ***``
lines, ``NAME<sep>verb ...`` actions, ``NAME collected X from pot`` and a ``*** SUMMARY ***`` with
``Total pot X | Rake Y``.

A room is data (:class:`Room`): its header and table patterns, seat pattern, the separator after a
name, its action patterns, its section names, how it writes amounts, the lines it writes that carry
no chips, and two settlement quirks (a total pot printed after the rake; collected amounts that
include a bet nobody called, with no ``Uncalled bet`` line). :func:`parse_hand` reads any of them
into a :class:`~pyeval.hands_io._model.RawHand`.

The header pattern's named groups: ``id`` (the hand), ``tour`` (a tournament id), ``game``, ``struct``
(looked up in the one table of game names, :mod:`pyeval.hands_io.games`), ``stakes`` (``SB/BB`` or ``ANTE/SB/BB``,
or the small/big bet for fixed limit), ``level``, ``y mo d H M S`` (the date) and ``tz``. The table
pattern's: ``table``, ``max``, ``button``.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ._limits import room_time
from .games import game_named, structure_named
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, amount, cards, common_action, finish_seats, number, read_seats, split_hands,
)

__all__ = ["Room", "parse_hand", "split", "looks_like", "implicit_return", "return_implicit", "defer_extra_blinds", "derive_rake"]

#: Games whose name implies the structure when the room writes none (``PLO ($2/$5)``).
_IMPLIED = {"plo": "pl", "plo-5": "pl", "plo5": "pl", "plo-6": "pl"}

_COLLECT = re.compile(r"^collected (?P<a>\S+?) from (?:the )?(?:main |side )?pot(?:[- ]?\d+)?\s*(?:\((?:HI|LO)\))?\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<a>[^)]*)\) returned to (?P<n>.*)$")
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*:?\s*(?P<cards>.*)$")
_ITEM = re.compile(r"^(?P<k>[A-Za-z][A-Za-z .-]*?):? ?\(?(?P<a>[^\s()]+)\)?$")
_NO_ITEM = re.compile(r"^(?:No rake|Main pot .*|Side pot.*)$")
_CASH = re.compile(r"[$€£]|\d\.\d\d\b")
_ROUNDED = re.compile(r"^[\d.]+k$")
#: Items of the total pot line taken besides the rake (kept as ``_jackpot``).
_FEES = ("jackpot", "bingo", "fortune", "fund", "fee", "tax")
#: Kinds of a player's line that are no action of his (he is not counted as having acted).
_NOT_ACTING = ("show", "muck", "show_hole", "muck_known", "hole", "collect", "return", "sitout")
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3}
_ALLIN = r"(?: and is all-in)?\s*$"


def acts(amt: str = r"(?P<a>[^\s|]+)", extra: tuple[tuple[str, str | None], ...] = ()
         ) -> tuple[tuple[re.Pattern[str], str | None], ...]:
    """The Stars-like action patterns (what follows a name) with ``amt`` the amount pattern, after
    the room's ``extra`` ones (a kind of None: a line that carries no chips)."""
    base = (
        (r"^posts small & big blinds? " + amt + _ALLIN, "both"),
        (r"^posts small blind " + amt + r" out of position" + _ALLIN, "dead"),
        (r"^posts small blind " + amt + _ALLIN, "sb"),
        (r"^posts big blind " + amt + r"(?: out of position)?" + _ALLIN, "bb"),
        (r"^posts (?:the )?(?:straddle|button blind) " + amt + _ALLIN, "straddle"),
        (r"^straddles? " + amt + _ALLIN, "straddle"),
        (r"^posts (?:the )?ante " + amt + _ALLIN, "ante"),
        (r"^folds(?: \[(?P<c>[^\]]*)\])?\s*$", "fold"),
        (r"^checks\s*$", "check"),
        (r"^calls " + amt + _ALLIN, "call"),
        (r"^bets " + amt + _ALLIN, "bet"),
        (r"^raises \S+ to " + amt + _ALLIN, "raise"),
        (r"^shows \[(?P<c>[^\]]*)\].*$", "show"),
        (r"^mucks(?: hand)?(?: \[(?P<c>[^\]]*)\])?\s*$", "muck"),
        (r"^(?:doesn't show hand|does not show|is sitting out|sits out|is disconnected|is connected|"
         r"has returned|is back|has timed out.*|will be allowed to play after the button|is all-in|"
         r"said, \".*\"|joins the table.*|leaves the table.*|cashed out.*|Pays Cashout Risk.*)\s*$", None),
    )
    return tuple((re.compile(p), k) for p, k in extra + base)


@dataclass(frozen=True)
class Room:
    """A Stars-like room as data (see the module docstring)."""

    venue: str
    first: re.Pattern[str]  # a hand's first line
    header: re.Pattern[str]  # the header, searched in the hand's first line(s)
    table: re.Pattern[str] | None  # None: the room writes no table line
    seat: re.Pattern[str]  # groups seat, name, stack, rest
    actions: tuple[tuple[re.Pattern[str], str | None], ...] = field(default_factory=acts)
    sep: str = ": "  # after a player's name on an action line
    out: re.Pattern[str] = re.compile(r"is sitting out|out of hand|sitting out")
    hole: tuple[str, ...] = ("HOLE CARDS",)  # the section that deals the hole cards
    skip: tuple[str, ...] = ()  # sections that change nothing
    info: re.Pattern[str] = re.compile(r"^$")  # whole lines that carry no chips
    others: re.Pattern[str] = re.compile(r"^$")  # lines of players not in the hand (tried last)
    clean: Callable[[str], str] = lambda t: t  # an amount's text as parse_amount reads it
    net_total: bool = False  # the printed total pot is what the winners got (after the rake)
    returns_in_collect: bool = False  # a bet nobody called is in its bettor's collected amount
    prepare: Callable[[str], str] = lambda line: line  # every line as the patterns read it
    button_name: re.Pattern[str] | None = None  # the button is the seat whose name this matches
    first_name: re.Pattern[str] | None = None  # (no button seat named) the first seat after the button
    table_optional: bool = False  # the table line may be left out
    derived_rake: bool = False  # the room prints no rake: it is the total pot less what was collected
    board_line: re.Pattern[str] | None = None  # a board dealt without a section line (group c: its cards)
    seats_in_order: bool = False
    summary_collect: re.Pattern[str] | None = None  # a summary line saying what a player collected (n, a)  # the seat numbers are not the table's: number the seats as listed


def looks_like(room: Room, text: str) -> bool:
    """True when ``text`` starts (after blank lines) with ``room``'s first line."""
    head = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    return bool(room.first.match(head))


def split(room: Room, text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the header, the hand's lines)."""
    return split_hands(text, room.first)


def parse_hand(room: Room, lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One hand of ``room`` into a RawHand. Raises HandParseError naming the file line."""
    raw = RawHand(venue=room.venue, source=source, line=start)
    lines = [room.prepare(ln) for ln in lines]
    j = _header(room, raw, lines, start)
    _Body(room, raw, lines, start, j).run()
    return raw


def _header(room: Room, raw: RawHand, lines: list[str], start: int) -> int:
    """Read the header and table lines; the index of the first seat line."""
    hm = room.header.search(lines[0])
    if not hm:
        raise raw.fail(f"not a {room.venue} hand header (or a game layout this reader does not know): {lines[0]!r}",
                       start)
    g = {k: v for k, v in hm.groupdict().items() if v is not None}
    raw.hand_id = g.get("id")
    _game(raw, g, start)
    if "tour" in g:
        raw.tournament = g["tour"]
    raw.level = g.get("level")
    _stakes(room, raw, g.get("stakes", ""), start)
    if "stakes" not in g and raw.tournament is None and any(_CASH.search(ln) for ln in lines[1:6]):
        raw.scale = 100  # a cash game whose header names no stakes: amounts in cents, as the seats show
        sym = next((c for ln in lines[1:6] for c in "$€£" if c in ln), None)
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", None) or "XXX"
    if "y" in g:
        raw.time = room_time((g["y"], g["mo"], g["d"], g["H"], g["M"], g.get("S", "0")), raw.fail, start)
        raw.time_zone_abbreviation = g.get("tz")
    return _table(room, raw, lines, start)


def _game(raw: RawHand, g: dict[str, str], start: int) -> None:
    """The variant code from the header's ``game`` and ``struct`` groups."""
    name = g.get("game", "").strip().lower()
    game = game_named(name)  # the one table of game names (pyeval.hands_io.games)
    if game is None:
        raise raw.fail(f"game {g.get('game')!r} is not one pyeval knows", start)
    stem = game.stem
    if stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", start)
    struct = structure_named(g.get("struct", _IMPLIED.get(name, ""))) if g.get("struct", _IMPLIED.get(name)) else "N"
    if struct is None:
        raise raw.fail(f"unknown betting structure {g.get('struct')!r}", start)
    raw.game = struct + stem


def _stakes(room: Room, raw: RawHand, stakes: str, start: int) -> None:
    """Currency, units and bet sizes from the header's stakes (``$1/$2``, ``10/60/120``, ``$0.02``)."""
    st = [t for t in re.split(r"\s*/\s*", stakes) if t.strip()]
    if raw.tournament is None and st and (any(c in stakes for c in "$€£") or "." in stakes):
        raw.scale = 100
        sym = next((c for c in "$€£" if c in stakes), None)
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", None) or "XXX"
    vals = [amount(room.clean(t), raw.scale, raw, start) for t in st]
    if len(vals) >= 2:
        lo, hi = vals[-2], vals[-1]
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = lo, hi
            raw.small_blind, raw.big_blind = lo // 2, lo
        else:
            raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    elif len(vals) == 1 and raw.game[0] != "F":  # a room naming the big blind only (GG short deck: the ante)
        raw.min_bet = vals[0]


def _table(room: Room, raw: RawHand, lines: list[str], start: int) -> int:
    """The table line (at most three lines after the header); the index of the line after it."""
    if room.table is None:
        return 1
    if room.table_optional and (len(lines) < 2 or not room.table.match(lines[1])):
        return 1
    j = 1
    while j < len(lines) and not room.table.match(lines[j]):
        if room.seat.match(lines[j]) or j > 3:
            raise raw.fail(f"expected the table line, got {lines[j]!r}", start + j)
        j += 1
    tm = room.table.match(lines[j]) if j < len(lines) else None
    if tm is None:
        raise raw.fail("the hand ends after its header", start)
    t = {k: v for k, v in tm.groupdict().items() if v is not None}
    raw.table = t.get("table")
    if "max" in t:
        raw.seat_count = number(t["max"], "the table size", raw, start + j, 1, MAX_SEAT)
    if "button" in t:
        raw.button_seat = number(t["button"], "the button seat", raw, start + j, 0, MAX_SEAT)
    return j + 1


def chips_in(raw: RawHand) -> dict[str, int]:
    """What each player put in the pot so far, by the acts (returns taken off); a post of
    ``both`` counts whole, its live part towards the round's bets (the record's big blind)."""
    put: dict[str, int] = {}
    street: dict[str, int] = {}
    for a in raw.acts:
        if a.kind == "street" and a.extra != "HOLE CARDS":  # the blinds count on the first round
            street = {}
        elif a.kind == "ante":
            put[a.name] = put.get(a.name, 0) + a.amount
        elif a.kind in ("post", "call", "check", "bring_in"):
            put[a.name] = put.get(a.name, 0) + a.amount
            live = min(a.amount, raw.big_blind or a.amount) if a.extra == "both" else a.amount
            street[a.name] = street.get(a.name, 0) + live
        elif a.kind in ("bet", "raise", "complete"):
            put[a.name] = put.get(a.name, 0) + a.amount - street.get(a.name, 0)
            street[a.name] = a.amount
        elif a.kind == "return":
            put[a.name] = put.get(a.name, 0) - a.amount
    return put


def implicit_return(raw: RawHand) -> tuple[str, int] | None:
    """The bet nobody called that the record leaves implicit: (its bettor, the excess of his chips
    over the next largest contribution), from the acts; None when every bet was called."""
    ranked = sorted(chips_in(raw).items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) >= 2 and ranked[0][1] > ranked[1][1]:
        return ranked[0][0], ranked[0][1] - ranked[1][1]
    return None


def return_implicit(raw: RawHand, in_collect: bool) -> None:
    """Add the return of a bet nobody called that the record leaves implicit (:func:`implicit_return`),
    noted, and taken out of the room's total pot (which counts it); ``in_collect``: the room may
    count it in its bettor's collected amount too (taken out of it when what was collected exceeds
    the pot)."""
    imp = implicit_return(raw)
    if imp is None:
        return
    who, extra = imp
    raw.add("return", who, extra)
    raw.notes.append(f"uncalled bet of {extra} returned to {who} (the record writes no line for it)")
    if raw.total_pot is not None:  # the room's total counts the bet nobody called
        raw.total_pot -= extra
    got_all = sum(a.amount for a in raw.acts if a.kind == "collect")
    if in_collect and got_all - extra >= 0 and got_all > sum(chips_in(raw).values()):
        got = [k for k, a in enumerate(raw.acts) if a.kind == "collect" and a.name == who]
        if got and raw.acts[got[-1]].amount >= extra:
            a = raw.acts[got[-1]]
            raw.acts[got[-1]] = a._replace(amount=a.amount - extra)


def derive_rake(raw: RawHand) -> None:
    """For a room that prints no rake: the pot the acts build less what was collected, when not
    negative, recorded as the rake and noted as derived."""
    put = sum(chips_in(raw).values())
    got = sum(a.amount for a in raw.acts if a.kind == "collect")
    if got and 0 <= put - got and raw.rake is None:
        raw.rake = put - got
        if raw.rake:
            raw.notes.append(f"rake of {raw.rake} derived (the room prints none): the pot less what was collected")


def defer_extra_blinds(raw: RawHand) -> None:
    """A big blind posted out of turn (a player coming in) besides the blinds' run from the small
    blind on: a blind posted to come in (``post`` ``extra="both"``: live up to the big blind, PHH
    ``_live_blinds``, any more dead, ``_dead_blinds``; replayed by
    :meth:`pyeval.poker.Round.post_extra_blind`, decision 029)."""
    posts = [k for k, a in enumerate(raw.acts) if a.kind == "post" and a.extra in ("sb", "bb")]
    normal: list[int] = []
    for k in posts:
        a = raw.acts[k]
        if not normal and a.extra == "sb" or (len(normal) == 1 and a.extra == "bb" and raw.acts[normal[0]].extra == "sb"):
            normal.append(k)
        elif not normal and a.extra == "bb":  # no small blind: the big blind opens the run
            normal.append(k)
    for k in posts:
        a = raw.acts[k]
        if k not in normal and a.extra == "bb":
            raw.acts[k] = a._replace(extra="both")  # live up to the big blind, any more dead


class _Body:
    """The lines after the table line: seats, actions, sections, settlement, summary."""

    def __init__(self, room: Room, raw: RawHand, lines: list[str], start: int, first: int) -> None:
        self.room, self.raw, self.lines, self.start = room, raw, lines, start
        if room.seats_in_order:  # the seats are listed in table order under numbers of no meaning
            k = first
            while k < len(lines) and room.seat.match(lines[k]):
                lines[k] = re.sub(r"^Seat \d+:", f"Seat {k - first + 1}:", lines[k])
                k += 1
        self.seats = read_seats(raw, lines, first, start, room.seat, room.out)
        self.names = self.seats.names
        if room.button_name is not None and raw.button_seat is None:
            raw.button_seat = next((x.seat for x in self.seats.seated if room.button_name.match(x.name)), None)
        if room.first_name is not None and raw.button_seat is None:  # an empty button seat: before the first
            raw.button_seat = next((x.seat - 1 for x in self.seats.seated if room.first_name.match(x.name)), None)
        self.acted: set[str] = set()
        self.cur_bet: dict[str, int] = {}
        self.section = "pre"
        self.board: list[int] = []
        self.runs: list[list[int]] = []
        self.returned = False
        self.printed_total: int | None = None

    def amt(self, text: str, no: int) -> int:
        return amount(self.room.clean(text), self.raw.scale, self.raw, no)

    def run(self) -> None:
        raw = self.raw
        if raw.game[1:] not in ("T", "O", "O/8", "5O", "5O/8", "S"):
            raise raw.fail(f"game not supported by the {self.room.venue} reader yet: {raw.game}", self.start)
        for j in range(self.seats.end, len(self.lines)):
            line = self.lines[j].rstrip()
            if line.strip():
                self.line(line, self.start + j)
        named = {a.name for a in raw.acts}
        idle = [x.name for x in self.seats.seated if x.name not in named and x.name not in self.seats.marked_out]
        if idle and len(idle) < len(self.seats.seated) - 1:  # a dealt-in player always acts (folds at least)
            self.seats.marked_out.update(idle)
            raw.notes.append(f"not dealt in (no action recorded): {', '.join(idle)}")
        finish_seats(raw, self.seats, self.acted)
        if raw.game[0] == "F" and raw.small_bet is None:  # no stakes written: the big blind is the small bet
            raw.small_bet = max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"), default=0)
            raw.big_bet = 2 * raw.small_bet
            if not raw.small_bet:
                raise raw.fail("a fixed-limit hand without stakes or a big blind: its limits are unknown", self.start)
        defer_extra_blinds(raw)
        if self.runs:
            raw.boards = [tuple(b) for b in self.runs]
        self.settle()

    def settle(self) -> None:
        """The room's quirks: a return left implicit, a total pot printed after the rake."""
        raw = self.raw
        if not self.returned:
            return_implicit(raw, self.room.returns_in_collect)
        if self.room.net_total and raw.total_pot is not None:
            raw.total_pot += (raw.rake or 0) + (raw.jackpot or 0)
        if self.room.derived_rake and raw.rake is None and raw.total_pot is None:  # no summary: from the acts
            derive_rake(raw)
        elif self.room.derived_rake and raw.rake is None and raw.total_pot is not None:
            got = sum(a.amount for a in raw.acts if a.kind == "collect")
            if 0 < raw.total_pot - got and got:
                raw.rake = raw.total_pot - got
                raw.notes.append(f"rake of {raw.rake} derived (the room prints none): the total pot less what was "
                                 "collected")

    def line(self, line: str, no: int) -> None:
        raw = self.raw
        sec = _SECTION.match(line)
        if sec:
            self.sect(sec["name"].strip(), sec["cards"] or "", no)
            return
        if self.room.info.match(line):
            return
        bm = self.room.board_line.match(line) if self.room.board_line is not None else None
        if bm:  # the flop, turn or river by the cards dealt so far
            self.sect(("FLOP", "FLOP", "FLOP", "TURN", "RIVER")[min(len(self.board), 4)], f"[{bm['c']}]", no)
            return
        if self.section == "summary":
            self.summary(line, no)
            return
        if line.startswith("Dealt to "):
            self.dealt(line, no)
            return
        um = _UNCALLED.match(line)
        if um:
            if um["n"] not in self.names:
                raise raw.fail(f"uncalled bet returned to an unknown player {um['n']!r}", no)
            raw.add("return", um["n"], self.amt(um["a"], no), line=no)
            self.returned = True
            return
        if not self.named(line, no) and not self.room.others.match(line):
            raise raw.fail(f"unrecognised line {line!r}", no)

    def dealt(self, line: str, no: int) -> None:
        """``Dealt to NAME [cards]`` (GGPoker writes the line without cards for the others)."""
        nm = next((n for n in self.names if line.startswith(f"Dealt to {n}")), None)
        rest = line[len(f"Dealt to {nm}"):] if nm else ""
        if nm is None or (rest and not rest.startswith(" ")):
            raise self.raw.fail(f"cards dealt to a player who is not seated: {line!r}", no)
        groups = BRACKETS.findall(rest)
        if groups:
            self.raw.hole[nm] = list(cards(groups[-1], self.raw, no))

    def named(self, line: str, no: int) -> bool:
        """A line starting with a player's name: an action, or what he collected."""
        sep = self.room.sep
        nm = next((n for n in self.names if line.startswith(n + sep)), None)
        if nm is not None and self.player(nm, line[len(nm) + len(sep):], no):
            return True
        nm = next((n for n in self.names if line.startswith(n + " ")), None)
        cm = _COLLECT.match(line[len(nm) + 1:]) if nm is not None else None
        if nm is not None and cm:
            self.raw.add("collect", nm, self.amt(cm["a"], no), line=no)
            return True
        return nm is not None and sep != " " and self.player(nm, line[len(nm) + 1:], no)

    def sect(self, label: str, text: str, no: int) -> None:
        raw = self.raw
        bracket = BRACKETS.findall(text)
        if label == "SUMMARY":
            self.section = "summary"
            return
        if label.endswith("SHOW DOWN") or label.endswith("SHOWDOWN") or label in self.room.skip:
            self.section = "showdown" if "SHOW" in label else self.section
            return
        if label in self.room.hole:
            self.section = "play"
            if not any(a.kind == "street" for a in raw.acts):  # (an action before the section dealt them)
                raw.add("street", line=no, extra="HOLE CARDS")
            self.cur_bet = {}
            return
        run = label.split(" ", 1)
        if len(run) == 2 and run[0] in _RUNS and run[1] in ("FLOP", "TURN", "RIVER"):
            self.run_board(_RUNS[run[0]], label, bracket, no)
            return
        if label in ("FLOP", "TURN", "RIVER"):
            if not bracket:
                raise raw.fail(f"{label} without cards", no)
            new = list(cards(bracket[-1], raw, no))
            self.board += new
            for rb in self.runs:
                rb += new
            raw.add("street", cards=tuple(new), line=no, extra=label)
            self.cur_bet = {}
            self.section = "play"
            return
        raise raw.fail(f"unknown section {label!r} for {raw.game}", no)

    def run_board(self, k: int, label: str, bracket: list[str], no: int) -> None:
        """A street of a board run more than once (``*** SECOND TURN *** [..] [..]``): run ``k``'s
        cards; the first run's streets are the hand's."""
        raw = self.raw
        full = [c for b in bracket for c in cards(b, raw, no)]
        new = list(cards(bracket[-1], raw, no)) if bracket else []
        while len(self.runs) <= k:
            self.runs.append(list(self.board))
        self.runs[k] = full if len(full) > len(self.runs[k]) else self.runs[k] + new
        if k == 0:
            raw.add("street", cards=tuple(new), line=no, extra=label)

    def player(self, nm: str, rest: str, no: int) -> bool:
        """A player's line by the room's action patterns; False when none matches."""
        for pat, kind in self.room.actions:
            m = pat.match(rest)
            if not m:
                continue
            if kind is None:
                return True
            gd = m.groupdict()
            a = self.amt(gd["a"], no) if gd.get("a") else 0
            if kind not in _NOT_ACTING:
                self.acted.add(nm)
            if kind not in _NOT_ACTING and kind not in ("sb", "bb", "straddle", "both", "dead", "ante") \
                    and not any(x.kind == "street" for x in self.raw.acts):  # no hole-cards section: dealt now
                self.raw.add("street", line=no, extra="HOLE CARDS")
            if kind in ("sb", "bb", "straddle", "both", "dead"):
                self.post(nm, kind, a, no)
            elif kind in ("raise_by", "allin_add"):  # the chips the action adds: a call, bet or raise
                self.add_chips(nm, a, kind, no)
            elif kind in _NOT_ACTING:
                self.record(nm, kind, a, gd.get("c"), no)
            else:
                if kind == "fold" and gd.get("c"):
                    self.raw.hole[nm] = list(cards(gd["c"], self.raw, no))
                common_action(self.raw, nm, kind, a, None if kind == "fold" else gd.get("c"), no, self.cur_bet)
            return True
        return False

    def post(self, nm: str, kind: str, a: int, no: int) -> None:
        """A forced bet; a dead blind goes in the pot, not the bet (PHH ``_dead_blinds``, decision 029)."""
        self.raw.add("post", nm, a, line=no, extra=kind)
        if kind == "dead":
            return
        self.cur_bet[nm] = self.cur_bet.get(nm, 0) + a

    def record(self, nm: str, kind: str, a: int, shown: str | None, no: int) -> None:
        """What a player's line says that is no action of his: cards, sitting out, settlement."""
        raw = self.raw
        if kind in ("return", "collect"):
            raw.add(kind, nm, a, line=no)
            self.returned = self.returned or kind == "return"
        elif kind == "hole":
            raw.hole[nm] = list(cards(shown or "", raw, no))
        elif kind == "sitout":  # not dealt in, unless he acts
            self.seats.marked_out.add(nm)
        elif kind == "show_hole" or (kind == "muck_known" and raw.tournament is not None):
            # the room shows the best hand: the player shows his hole cards (a tournament tables
            # every hand at an all-in: the record prints the cards of a hand not shown)
            raw.add("show", nm, cards=tuple(raw.hole.get(nm, ())), line=no)
        elif kind == "muck_known":
            raw.add("muck", nm, line=no)
        else:  # show, muck
            common_action(raw, nm, kind, a, shown, no, self.cur_bet)

    def add_chips(self, nm: str, a: int, kind: str, no: int) -> None:
        """An action given by the chips it adds (all-in lines): a call when it does not go beyond the
        largest bet, else a bet or raise to the new total."""
        to = self.cur_bet.get(nm, 0) + a
        top = max(self.cur_bet.values(), default=0)
        if kind == "allin_add" and to <= top:
            common_action(self.raw, nm, "call", a, None, no, self.cur_bet)
        else:
            common_action(self.raw, nm, "raise" if top else "bet", to if top else a, None, no, self.cur_bet)

    def summary(self, line: str, no: int) -> None:
        raw = self.raw
        if line.startswith("Total pot ") or line.startswith("Total Pot"):
            self.total(line, no)
            return
        if self.room.summary_collect is not None:
            cm = self.room.summary_collect.match(line)
            if cm and cm["n"] in self.names:
                raw.add("collect", cm["n"], self.amt(cm["a"], no), line=no)
                return
        sm = re.match(r"^Seat \d+: (?P<rest>.*)$", line)
        if sm:
            rest = sm["rest"]
            nm = next((n for n in self.names if rest.startswith(n + " ") or rest == n), None)
            mm = re.search(r" (?:mucked|showed) \[(?P<c>[^\]]*)\]", rest[len(nm):]) if nm else None
            if nm and mm:
                cs = list(cards(mm["c"], raw, no))
                have = raw.hole.get(nm)
                if not have or -1 in have or len(have) < len(cs):
                    raw.hole[nm] = cs

    def total(self, line: str, no: int) -> None:
        """``Total pot X | Rake Y | Jackpot Z ...``: the pot, the rake, the fees (as the jackpot)."""
        raw = self.raw
        for p in (p.strip() for p in line.split("|")):
            km = _ITEM.match(p)
            if _NO_ITEM.match(p) or (km and _ROUNDED.match(km["a"])):  # rounded to thousands: not exact
                if km:
                    raw.notes.append(f"the total pot line gives {p!r}, rounded (line {no})")
                continue
            if not km:
                raise raw.fail(f"bad item {p!r} in the total pot line", no)
            k, v = km["k"].lower(), self.amt(km["a"], no)
            if k.startswith("total pot"):
                raw.total_pot = v
            elif k == "rake":
                raw.rake = (raw.rake or 0) + v
            elif any(f in k for f in _FEES):
                raw.jackpot = (raw.jackpot or 0) + v
            else:
                raise raw.fail(f"unknown item {p!r} in the total pot line", no)
