"""The room-neutral record every parser fills (:class:`RawHand`), its conversion to PHH and the check
of a parsed hand against a replay through the engine (:mod:`pyeval.hands_io._verify`).

Every room parser reads its text into a :class:`RawHand` (seats, forced bets, the actions in order,
cards, what the room says each player collected, rake); :func:`to_phh` turns that into a
:class:`~pyeval.poker.phh.HandHistory` and :func:`~pyeval.hands_io._verify.verify` replays the hand
and compares.
Amounts are ints in the smallest unit of the hand's currency (cents for ``$0.01``) or chips.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..cards import CARD_TEXT, parse_cards
from ..errors import HandHistoryError, PyevalError

from ._house_rules import house_rules
from ._limits import MAX_CHIPS, bounded_int, check_chips, parse_amount
from ._phh import DISCONNECTED, VARIANTS, HandHistory
from ._pot_rakes import derive_pot_rakes


class HandParseError(HandHistoryError):
    """A room's hand history text that cannot be read; ``line`` is the 1-based line number in the
    file (0 when unknown) and ``source`` the file or hand it came from."""

    def __init__(self, message: str, line: int = 0, source: str = "") -> None:
        where = f"{source}:{line}: " if source and line else (f"line {line}: " if line else (f"{source}: " if source else ""))
        super().__init__(where + message)
        self.line = line
        self.source = source
        self.reason = message


class Act(NamedTuple):
    """One entry of a hand as a room records it (see :class:`RawHand`).

    ``kind``: ``ante post street fold check call bet raise complete bring_in discard drawn show
    muck return collect cashout disconnect`` (``disconnect``: the player, at his turn, is played all
    in for the chips he put in: the room's disconnect protection, PHH ``pK cc # disconnected``). ``amount``: chips added (``ante post call bring_in return
    collect cashout``), the street total *to* (``bet raise complete``), the card count
    (``discard``). ``cards``: the board cards of a ``street``, the cards shown, discarded or drawn.
    ``extra``: the kind of a ``post`` (``sb bb straddle both dead live``: see below), the name of a
    ``street``. A ``post`` outside the table's blinds (PHH ``_live_blinds`` / ``_dead_blinds``):
    ``dead`` is dead money (a missed small blind), ``live`` counts as the poster's bet (a big blind
    posted to come in), ``both`` is a live big blind plus a dead rest (``posts small & big
    blinds``); ``sb`` / ``bb`` posted by a player outside the first two seats left of the button
    are read as ``dead`` / ``live``.
    """

    kind: str
    name: str = ""
    amount: int = 0
    cards: tuple[int, ...] = ()
    line: int = 0
    extra: str = ""


@dataclass
class Seat:
    """A player dealt into the hand: seat number (1-based, as the room numbers them), name, stack."""

    seat: int
    name: str
    stack: int
    line: int = 0


@dataclass
class RawHand:
    """One hand as a room recorded it, before conversion to PHH. Amounts are ints (``scale`` units
    per unit of currency: 100 for cents, 1 for tournament chips)."""

    venue: str
    source: str = ""
    line: int = 0
    game: str = ""  # PHH variant code, e.g. "NT", "PO/8", "F7S"
    hand_id: str | None = None
    table: str | None = None
    time: _dt.datetime | None = None
    time_zone_abbreviation: str | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    scale: int = 1
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    bring_in: int | None = None
    small_blind: int | None = None  # nominal blinds (the stakes), for a blind posted all-in for less
    big_blind: int | None = None
    seat_count: int | None = None
    button_seat: int | None = None
    tournament: str | None = None
    level: str | None = None
    record_marks: set[str] = field(default_factory=set)  # pyeval's export: _house_rules.RECORD_MARKS
    buy_in: str | None = None  # a tournament's buy-in as its header writes it (``$4.40+$0.40 USD``, ``Freeroll``)
    mixed: str | None = None  # the mixed-game label (HORSE, 8-Game, ...)
    seats: list[Seat] = field(default_factory=list)
    sitting_out: list[str] = field(default_factory=list)  # seated, not dealt in
    dealt_sitting_out: list[str] = field(default_factory=list)  # tournament: dealt in, posted, folded at the first turn
    acts: list[Act] = field(default_factory=list)
    hole: dict[str, list[int]] = field(default_factory=dict)  # known cards per player, dealing order
    total_pot: int | None = None
    rake: int | None = None
    jackpot: int | None = None
    boards: list[tuple[int, ...]] = field(default_factory=list)  # every board of a hand run more than once
    notes: list[str] = field(default_factory=list)  # what the record has that PHH/the engine cannot replay
    info: list[str] = field(default_factory=list)  # "LINE: text" of the room's informational lines (no chips)
    unknown: list[str] = field(default_factory=list)  # "LINE: text" of lines not understood that carry no chips
    implicit_returns: bool = False  # the room may leave an uncalled bet's return unwritten (see to_phh)
    results_known: bool = True  # False: the record does not say what anyone won (ACPC match states)
    fees: int | None = None  # other fees the house took from the pot (PHH ``_fees``)
    house_money: int | None = None  # chips the house added to the main pot (PHH ``_house_money``, decision 037)
    table_rules: dict[str, Any] = field(default_factory=dict)  # PHH ``_pyeval_<name>`` settings (max_raises)

    def add(self, kind: str, name: str = "", amount: int = 0, cards: tuple[int, ...] = (), line: int = 0,
            extra: str = "") -> None:
        self.acts.append(Act(kind, name, amount, cards, line, extra))

    def fail(self, msg: str, line: int = 0) -> HandParseError:
        return HandParseError(msg, line or self.line, self.source)


# ---------------------------------------------------------------------- shared text helpers
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}


def split_hands(text: str, header: re.Pattern[str]) -> list[tuple[int, list[str]]]:
    """The hands of a room's text file: (1-based line of the header, the hand's lines), a hand
    starting at each line ``header`` matches (a byte-order mark ignored) and losing its trailing
    blank lines. Lines before the first header are not part of any hand."""
    out: list[tuple[int, list[str]]] = []
    cur: list[str] | None = None
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if header.match(line.lstrip("\ufeff")):
            cur = [line.lstrip("\ufeff")]
            out.append((no, cur))
        elif cur is not None:
            cur.append(line)
    for _, lines in out:
        while lines and not lines[-1].strip():
            lines.pop()
    return out

class RoomSeats(NamedTuple):
    """The seat lines of a room's text hand: the seats in order, the names marked as sitting out,
    the index of the first line after them, and the names longest first (for matching line starts)."""

    seated: list[Seat]
    marked_out: set[str]
    end: int
    names: list[str]


def read_seats(raw: RawHand, lines: list[str], first: int, start: int, seat: re.Pattern[str],
               out: re.Pattern[str]) -> RoomSeats:
    """The ``Seat N: NAME (STACK)...`` lines from ``lines[first]`` on (``seat`` has the groups seat,
    name, stack and rest; ``out`` finds a sitting-out mark in rest). Raises HandParseError when there
    is none."""
    seated: list[Seat] = []
    marked_out: set[str] = set()
    i = first
    while i < len(lines):
        sm = seat.match(lines[i])
        if not sm and not lines[i].strip():  # blank lines around the seats (UTF-16 exports' doubled line ends)
            k = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), len(lines))
            if k < len(lines) and seat.match(lines[k]):
                i = k
                continue
        if not sm:
            break
        seated.append(Seat(number(sm["seat"], "the seat number", raw, start + i, 0, MAX_SEAT), sm["name"],
                           amount(sm["stack"], raw.scale, raw, start + i), start + i))
        if out.search(sm["rest"]):
            marked_out.add(sm["name"])
        i += 1
    if not seated:
        raise raw.fail("no seat lines", start + first)
    return RoomSeats(seated, marked_out, i, sorted((s.name for s in seated), key=len, reverse=True))


def finish_seats(raw: RawHand, seats: RoomSeats, acted: set[str]) -> None:
    """Who played: a player marked sitting out who acted anyway is seated; the others sat out. In a
    tournament, a player marked sitting out whose first action after the forced bets is a fold was
    dealt in while away (``dealt_sitting_out``)."""
    raw.seats = [s for s in seats.seated if s.name not in seats.marked_out or s.name in acted]
    if raw.tournament is not None:  # dealt in while sitting out: posted, then folded at his first turn
        for s in raw.seats:
            if s.name in seats.marked_out:
                first = next((a.kind for a in raw.acts if a.name == s.name and a.kind not in ("ante", "post")), None)
                if first == "fold":
                    raw.dealt_sitting_out.append(s.name)
    raw.sitting_out = [s.name for s in seats.seated if s.name in seats.marked_out and s.name not in acted]


#: One ``[...]`` group of a room's line (its cards).
BRACKETS = re.compile(r"\[([^\]]*)\]")


def dealt_to(raw: RawHand, line: str, names: list[str], no: int) -> tuple[str, list[int]]:
    """A ``Dealt to NAME [..] [..]`` line: the seated player it names and the cards of its last
    bracket group (rooms write earlier cards, then the new ones). Raises HandParseError (via
    ``raw.fail``) for an unseated name or a line without cards."""
    nm = next((n for n in names if line.startswith(f"Dealt to {n} [")), None)
    if nm is None:
        raise raw.fail(f"cards dealt to a player who is not seated: {line!r}", no)
    groups = BRACKETS.findall(line[len(f"Dealt to {nm} "):])
    if not groups:
        raise raw.fail(f"no cards in {line!r}", no)
    return nm, list(cards(groups[-1], raw, no))


def uncalled_bet(raw: RawHand, m: re.Match[str], names: list[str], no: int) -> None:
    """An ``Uncalled bet ... returned to NAME`` line (``m`` has the groups a and n)."""
    if m["n"] not in names:
        raise raw.fail(f"uncalled bet returned to an unknown player {m['n']!r}", no)
    raw.add("return", m["n"], amount(m["a"], raw.scale, raw, no), line=no)


def common_action(raw: RawHand, nm: str, kind: str, a: int, shown: str | None, no: int,
                  cur_bet: dict[str, int]) -> bool:
    """Record a player's action that every room writes alike (ante, fold, check, call, bet, raise,
    show, muck; ``a`` its amount, ``shown`` its cards' text), keeping ``cur_bet`` (each player's
    chips in on this street: rooms write bets as increments, PHH as totals). False for other kinds."""
    if kind == "ante":
        raw.add("ante", nm, a, line=no)
    elif kind == "fold":
        raw.add("fold", nm, line=no)
    elif kind in ("check", "call"):
        raw.add(kind, nm, a, line=no)
        cur_bet[nm] = cur_bet.get(nm, 0) + a
    elif kind == "bet":
        to = cur_bet.get(nm, 0) + a
        raw.add("bet", nm, to, line=no)
        cur_bet[nm] = to
    elif kind in ("raise", "complete"):
        raw.add(kind, nm, a, line=no)
        cur_bet[nm] = a
    elif kind == "show":
        raw.add("show", nm, cards=cards(shown or "", raw, no), line=no)
    elif kind == "muck":
        if shown:
            raw.hole.setdefault(nm, list(cards(shown, raw, no)))
        raw.add("muck", nm, line=no)
    elif kind == "disconnect":  # all in on disconnection: no chips (the room's disconnect protection)
        raw.add("disconnect", nm, line=no)
    else:
        return False
    return True


def amount(text: str, scale: int, raw: RawHand, line: int) -> int:
    """Parse an amount (``$1,234.56``, ``1.5``, ``€3``) into ints of ``1/scale`` of the unit
    (:func:`pyeval.hands_io._limits.parse_amount`).

    Raises HandParseError (naming the line) for text that is not an amount, a fraction finer
    than the unit, or an amount over pyeval's chip limit (2**63-1).
    """
    return parse_amount(text, scale, raw.fail, line)


def number(text: str | None, what: str, raw: RawHand, line: int, lo: int = 0, hi: int = MAX_CHIPS) -> int:
    """A whole number of a room's text (seat, hand count, ...) in ``lo..hi``
    (:func:`pyeval.hands_io._limits.bounded_int`); HandParseError naming the line otherwise."""
    return bounded_int(text, what, raw.fail, line, lo, hi)


#: How a refusal starts when the room's own figures contradict each other (a seat with no chips that
#: bets): ``tools/measure_hands.py`` keeps such hands out of the rate, counted under this reason.
FIGURES_DO_NOT_ADD_UP = "the room's figures do not add up"

#: Seat numbers a room may write (a table of up to 99 seats).
MAX_SEAT = 99


def cards(text: str, raw: RawHand, line: int) -> tuple[int, ...]:
    """Card text in a room's style (``Ah Kd``, ``10h``, ``AhKd``); raises HandParseError naming the line."""
    t = text.replace("10", "T").replace(",", " ")
    try:
        return parse_cards(t)
    except PyevalError as exc:
        raise raw.fail(f"bad cards {text!r}: {exc}", line) from None


def card_text(cs: tuple[int, ...] | list[int]) -> str:
    return "".join("??" if c < 0 else CARD_TEXT[c] for c in cs)


# ---------------------------------------------------------------------- RawHand -> PHH
def _order(raw: RawHand) -> list[Seat]:
    """Players in PHH order: first seat clockwise after the button, ..., the button last."""
    seats = sorted(raw.seats, key=lambda s: s.seat)
    if len(seats) < 2:
        raise raw.fail(f"a hand needs at least two players dealt in, found {len(seats)}")
    if len({s.name for s in seats}) != len(seats):
        raise raw.fail("two seats have the same player name")
    b = raw.button_seat
    if b is None:
        if VARIANTS.get(raw.game[1:]) is not None and VARIANTS[raw.game[1:]].stud:
            return seats  # stud has no button: seat order, the last seat last
        raise raw.fail("the button seat is not recorded")
    k = next((i for i, s in enumerate(seats) if s.seat > b), 0)
    return seats[k:] + seats[:k]


class _Acts:
    """The room's acts of one hand turned into PHH actions, with what each player put in and got
    back (:func:`to_phh`'s first step): one method per kind of act (forced bets, streets, betting,
    draws, showdown and settlement)."""

    def __init__(self, raw: RawHand, variant: Any, order: list[Seat]) -> None:
        self.raw, self.variant = raw, variant
        n = self.n = len(order)
        self.idx = {s.name: i for i, s in enumerate(order)}
        self.names = [s.name for s in order]
        self.antes = [0] * n
        self.bos = [0] * n
        self.contrib = [0] * n
        self.street_bet = [0] * n
        self.collected = [0] * n
        self.returned = [0] * n
        self.cashout = [0] * n
        self.live_extra = [0] * n  # blinds posted to come in: live (PHH _live_blinds) and dead (_dead_blinds)
        self.dead_extra = [0] * n
        self.folded = [False] * n
        self.shown: dict[int, tuple[int, ...]] = {}
        self.mucked: set[int] = set()
        self.actions: list[str] = []
        self.notes = list(raw.notes)
        self.stud = variant.stud
        self.stud_dealt = [0] * n  # stud: cards dealt so far to each player
        self.street_no = -1
        self.dealt_hole = False
        self.pending_draw: dict[int, tuple[int, ...]] = {}

    def p(self, name: str, line: int) -> int:
        if name not in self.idx:
            raise self.raw.fail(f"{name!r} acts but is not dealt in", line)
        return self.idx[name]

    def known(self, i: int) -> list[int]:
        return self.raw.hole.get(self.names[i], [])

    def deal_hole(self) -> None:
        self.dealt_hole = True
        first = self.variant.streets[0]
        k = first.down + first.up
        for i in range(self.n):
            kc = self.known(i)
            if self.stud:
                cs = [kc[j] if j < len(kc) else -1 for j in range(k)]
                self.stud_dealt[i] = k
            else:
                cs = list(kc[:k]) + [-1] * (k - len(kc[:k]))
            self.actions.append(f"d dh p{i + 1} {card_text(cs)}")

    def flush_draw(self) -> None:
        """The replacement cards of a draw, dealt once every player has discarded."""
        for i, new in self.pending_draw.items():
            self.actions.append(f"d dh p{i + 1} {card_text(new)}")
        self.pending_draw = {}

    def run(self) -> None:
        handlers = {"ante": self.forced, "post": self.forced, "street": self.street, "fold": self.betting,
                    "check": self.betting, "call": self.betting, "bet": self.betting, "raise": self.betting,
                    "complete": self.betting, "bring_in": self.betting, "disconnect": self.betting,
                    "discard": self.draw, "drawn": self.draw,
                    "show": self.settle, "muck": self.settle, "return": self.settle, "collect": self.settle,
                    "cashout": self.settle}
        for a in self.raw.acts:
            k = a.kind
            if self.pending_draw and k in ("fold", "check", "call", "bet", "raise", "complete", "show", "muck",
                                           "disconnect"):
                self.flush_draw()
            handler = handlers.get(k)
            if handler is None:  # pragma: no cover - parsers emit only the kinds above
                raise self.raw.fail(f"internal: unknown act {k!r}", a.line)
            handler(a)
        if not self.dealt_hole:
            self.deal_hole()

    def forced(self, a: Any) -> None:
        i = self.p(a.name, a.line)
        n = self.n
        if a.kind == "ante":
            self.antes[i] += a.amount
            self.contrib[i] += a.amount
        elif n > 2 and i == n - 1 and a.extra in ("bb", "straddle") and not any(self.bos) and (
                not self._blinds_left_of_button()):
            self.bos[i] += a.amount  # a button blind (6+ Hold'em, short deck): the table's only blind
            self.contrib[i] += a.amount
            self.street_bet[i] += a.amount
        elif a.extra in ("dead", "live", "both") or (a.extra in ("sb", "bb") and n > 2 and i >= 2) or (
                a.extra == "straddle" and (n == 2 or any(self.bos[i:]) or not all(self.bos[:i]))):
            self.come_in(a, i)  # a straddle not left of the blinds is live money from its seat
        else:
            self.bos[i] += a.amount
            self.contrib[i] += a.amount
            self.street_bet[i] += a.amount

    def come_in(self, a: Any, i: int) -> None:
        """A blind posted outside the table's blinds (PHH ``_live_blinds`` / ``_dead_blinds``, replayed
        by :meth:`pyeval.poker.Round.post_extra_blind`): ``dead`` and a small blind posted to come in are
        dead money; ``live`` and a big blind posted to come in are live (his bet; beyond the big blind,
        dead); ``both`` (small and big blinds together) is a live big blind and the rest dead."""
        bb = self.raw.big_blind or self.raw.min_bet or a.amount
        if a.extra in ("dead", "sb"):
            live = 0
        elif a.extra in ("live", "straddle"):
            live = a.amount
        else:  # bb, both
            live = min(a.amount, bb)
        self.live_extra[i] += live
        self.dead_extra[i] += a.amount - live
        self.street_bet[i] += live
        self.contrib[i] += a.amount

    def _blinds_left_of_button(self) -> bool:
        """True when a player of the first two seats left of the button posts a blind."""
        return any(b.kind == "post" and b.extra in ("sb", "bb", "both") and self.idx.get(b.name, 9) < 2
                   for b in self.raw.acts)

    def street(self, a: Any) -> None:
        self.street_no += 1
        if self.street_no == 0:
            self.deal_hole()
            return
        self.street_bet = [0] * self.n
        if self.pending_draw:
            self.flush_draw()
        streets = self.variant.streets
        spec = streets[self.street_no] if self.street_no < len(streets) else None
        if spec is None:
            raise self.raw.fail(f"more streets than {self.raw.game} has", a.line)
        if spec.board:
            if len(a.cards) != spec.board:
                raise self.raw.fail(f"{a.extra} needs {spec.board} board card(s), got {len(a.cards)}", a.line)
            self.actions.append(f"d db {card_text(a.cards)}")
        elif self.stud:
            m = spec.down + spec.up
            for i in range(self.n):
                if self.folded[i]:
                    continue
                kc = self.known(i)
                s0 = self.stud_dealt[i]
                cs = [kc[j] if j < len(kc) else -1 for j in range(s0, s0 + m)]
                self.stud_dealt[i] = s0 + m
                self.actions.append(f"d dh p{i + 1} {card_text(cs)}")

    def betting(self, a: Any) -> None:
        k = a.kind
        i = self.p(a.name, a.line)
        if k == "fold":
            self.folded[i] = True
            if not self.dealt_hole:
                self.deal_hole()
            self.actions.append(f"p{i + 1} f")
        elif k == "disconnect":  # the room's disconnect protection (PokerRules.disconnect_all_in)
            self.raw.table_rules["disconnect_all_in"] = True
            self.actions.append(f"p{i + 1} cc {DISCONNECTED}")
        elif k in ("check", "call", "bring_in"):
            self.contrib[i] += a.amount
            self.street_bet[i] += a.amount
            self.actions.append(f"p{i + 1} {'pb' if k == 'bring_in' else 'cc'}")
        else:  # bet, raise, complete
            if a.amount <= self.street_bet[i]:
                raise self.raw.fail(f"{a.name} bets to {a.amount} but has already put in {self.street_bet[i]}", a.line)
            self.contrib[i] += a.amount - self.street_bet[i]
            self.street_bet[i] = a.amount
            self.actions.append(f"p{i + 1} cbr {a.amount}")

    def draw(self, a: Any) -> None:
        i = self.p(a.name, a.line)
        if a.kind == "drawn":
            self.pending_draw[i] = a.cards
            return
        cnt = a.amount
        if a.cards and len(a.cards) != cnt:
            raise self.raw.fail(f"{a.name} discards {cnt} cards but {len(a.cards)} are named", a.line)
        out = a.cards if a.cards else (-1,) * cnt
        self.actions.append(f"p{i + 1} sd {card_text(out)}" if cnt else f"p{i + 1} sd")
        if cnt:
            self.pending_draw[i] = (-1,) * cnt

    def settle(self, a: Any) -> None:
        i = self.p(a.name, a.line)
        k = a.kind
        if k == "show":
            self.shown[i] = a.cards
        elif k == "muck":
            self.mucked.add(i)
        elif k == "return":
            self.returned[i] += a.amount
        elif k == "collect":
            self.collected[i] += a.amount
        else:  # cashout
            self.cashout[i] += a.amount
            self.notes.append(f"{a.name} cashed out the hand for {a.amount} (line {a.line}): "
                              "the room settled this player outside the showdown")


def _nominal_forced_bets(raw: RawHand, order: list[Seat], acts: _Acts) -> None:
    """Forced bets posted all-in for less: PHH records the nominal amounts (the stacks imply the rest)."""
    antes, bos, n = acts.antes, acts.bos, acts.n
    ante_nominal = max(antes)
    for i, s in enumerate(order):
        if antes[i] and antes[i] < ante_nominal and antes[i] == s.stack:
            antes[i] = ante_nominal
    for a in raw.acts:
        if a.kind == "post" and a.extra in ("sb", "bb"):
            i = acts.idx[a.name]
            if acts.live_extra[i] or acts.dead_extra[i]:
                continue  # posted to come in: the amount posted is the record's
            nominal = raw.small_blind if a.extra == "sb" else raw.big_blind
            short = order[i].stack - antes_paid(raw, a.name) == a.amount
            if nominal is not None and short and a.amount < nominal:
                bos[i] = nominal
    out_on_ante = [not acts.stud and bool(antes[i]) and s.stack == antes_paid(raw, s.name) for i, s in enumerate(order)]
    if n > 2 and sum(map(bool, antes)) > 1 and not _first_round_called(raw, order[0].name):  # all fold to the
        out_on_ante[1] = False  # small blind, who never acts: his blind is uncalled (Bovada); not a big-blind ante
    for i, nominal in zip((1, 0) if n == 2 else (0, 1), (raw.small_blind, raw.big_blind)):  # all in on the ante:
        bos[i] = nominal if nominal and not bos[i] and out_on_ante[i] and (any(bos) or all(out_on_ante[:2])) else bos[i]


def _first_round_called(raw: RawHand, small_blind: str) -> bool:
    """True when a player calls, bets or raises in the first betting round, or the small blind acts in it
    (his fold or check answers a nominal big blind: the big blind out on his ante still set the bet)."""
    streets = 0
    for a in raw.acts:
        streets += a.kind == "street"
        if streets > 1:
            return False
        if a.kind in ("call", "bet", "raise", "complete") or a.kind in ("fold", "check") and a.name == small_blind:
            return True
    return False


def _implicit_return(raw: RawHand, acts: _Acts) -> None:
    """A bet nobody called goes back to its bettor: rooms that print no return line (PokerStars before
    2008) leave it implicit, and the record shows it only in the total pot. When the record returns
    nothing and its total pot is the chips put in less the part of the largest contribution beyond
    every other player's, that part is returned (noted)."""
    if not raw.implicit_returns or not raw.results_known or any(acts.returned) or acts.n < 2:
        return
    top = sorted(range(acts.n), key=lambda i: acts.contrib[i], reverse=True)
    excess = acts.contrib[top[0]] - acts.contrib[top[1]]
    if excess > 0 and raw.total_pot == sum(acts.contrib) - excess:
        acts.returned[top[0]] = excess
        acts.notes.append(f"{acts.names[top[0]]} gets {excess} back uncalled: the record leaves the return "
                          "implicit")


def _record_fields(raw: RawHand, order: list[Seat], acts: _Acts) -> dict[str, Any]:
    """The PHH fields beyond the hand itself: seats, winnings, venue and time, tournament mode, and
    :func:`_user_fields` (see the module docstring)."""
    hh_fields: dict[str, Any] = {"seats": [s.seat for s in order]}
    if raw.results_known:
        hh_fields["winnings"] = acts.collected
    hh_fields["venue"] = raw.venue
    marks = raw.record_marks  # pyeval's export: stand-ins of its header are not the hand's
    for key in ("hand_id", "table", "currency", "currency_symbol", "seat_count", "level", "time_zone_abbreviation"):
        v = getattr(raw, key)
        if v is not None and not (key == "table" and "table=none" in marks
                                  or key == "time_zone_abbreviation" and "date=none" in marks):
            hh_fields["hand" if key == "hand_id" else key] = v
    if "hand=int" in marks and str(raw.hand_id).isdigit():
        hh_fields["hand"] = int(str(raw.hand_id))
    if raw.time is not None and "date=none" not in marks:
        hh_fields["year"], hh_fields["month"], hh_fields["day"] = raw.time.year, raw.time.month, raw.time.day
        hh_fields["time"] = raw.time.time()
    if any(acts.antes):  # a room pots each ante as its poster's contribution (pokerkit's field)
        hh_fields["ante_trimming_status"] = True
    if raw.tournament is not None:  # tournament mode: chips not cash, players sitting out dealt in
        hh_fields["event"] = f"Tournament #{raw.tournament}"
        hh_fields["_pyeval_tournament"] = True
        if raw.buy_in is not None:
            hh_fields["_buy_in"] = raw.buy_in
        if raw.dealt_sitting_out:
            hh_fields["_pyeval_sitting_out"] = [nm in raw.dealt_sitting_out for nm in acts.names]
    hh_fields.update(_table_rule_fields(raw))
    hh_fields.update(_user_fields(raw, acts))
    return hh_fields


def _table_rule_fields(raw: RawHand) -> dict[str, Any]:
    """The ``_pyeval_<name>`` table settings: the room's house rules for its game (decision 037),
    then what the reader set for this hand (``raw.table_rules``, which wins)."""
    out = house_rules(raw.venue, raw.game)
    out.update({f"_pyeval_{k}": v for k, v in raw.table_rules.items()})
    return out


def _user_fields(raw: RawHand, acts: _Acts) -> dict[str, Any]:
    """The ``_``-prefixed user fields: units, button, rake and pots, returns, cash-outs, mixed game,
    players sitting out, boards run more than once, notes."""
    hh_fields: dict[str, Any] = {"_units_per_currency": raw.scale if raw.currency else 1}
    optional: tuple[tuple[str, Any], ...] = (
        ("_button_seat", raw.button_seat), ("_rake", raw.rake), ("_jackpot", raw.jackpot), ("_fees", raw.fees),
        ("_total_pot", raw.total_pot), ("_house_money", raw.house_money or None),
        ("_returned", acts.returned if any(acts.returned) else None),
        ("_live_blinds", acts.live_extra if any(acts.live_extra) else None),
        ("_dead_blinds", acts.dead_extra if any(acts.dead_extra) else None),
        ("_cashed_out", acts.cashout if any(acts.cashout) else None), ("_mixed_game", raw.mixed or None),
        ("_sitting_out", list(raw.sitting_out) or None),
        ("_boards", [card_text(b) for b in raw.boards] if len(raw.boards) > 1 else None),
        # what is not replayed; the room's informational lines; lines not understood (they carry no chips)
        ("_notes", list(acts.notes) or None), ("_room_lines", list(raw.info) or None),
        ("_unknown_lines", list(raw.unknown) or None))
    hh_fields.update((k, v) for k, v in optional if v is not None)
    return hh_fields


def to_phh(raw: RawHand) -> HandHistory:
    """The PHH record of a room's hand (see the module docstring). Raises HandParseError when the
    record is inconsistent (unknown players, actions before the cards, ...)."""
    variant = VARIANTS.get(raw.game[1:])
    if variant is None or raw.game[:1] not in "FNP":
        raise raw.fail(f"game {raw.game!r} has no pyeval variant")
    order = _order(raw)
    acts = _Acts(raw, variant, order)
    acts.run()
    _nominal_forced_bets(raw, order, acts)
    _implicit_return(raw, acts)
    if acts.pending_draw:
        acts.flush_draw()
    actions = acts.actions
    if len(raw.boards) > 1:
        _add_runs(actions, raw, variant)
    n, bos, contrib = acts.n, acts.bos, acts.contrib
    # fill in the cards shown at showdown where the deals had them face down
    actions = _fill_shown(actions, acts.shown, raw, variant, n, acts.notes, acts.names)
    forced_big = max(bos) if any(bos) else 0
    fl = raw.game[0] == "F"
    hh = HandHistory(
        variant=raw.game, antes=acts.antes, blinds_or_straddles=bos[::-1] if n == 2 else bos,
        starting_stacks=[s.stack for s in order], actions=actions,
        min_bet=None if fl else (raw.min_bet or forced_big or 1),
        small_bet=raw.small_bet if fl else None, big_bet=raw.big_bet if fl else None,
        bring_in=_bring_in(raw, acts) if acts.stud else None,
        finishing_stacks=[s.stack - contrib[i] + acts.returned[i] + (acts.cashout[i] or acts.collected[i])
                          for i, s in enumerate(order)] if raw.results_known else None,  # (cash-out: not the pot)
        players=acts.names, name=f"{raw.source}:{raw.line}" if raw.source else f"line {raw.line}",
    )
    broke = next((s.name for i, s in enumerate(order) if s.stack == 0 and contrib[i] > 0), None)
    if broke is not None:  # no reading of the amounts lets a seat with nothing bet
        raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: {broke} sits with 0 chips yet puts {contrib[acts.idx[broke]]} in")
    # one chip limit: a record pyeval writes is one PHH (and the engine) reads back
    for what, vals in (("a starting stack", hh.starting_stacks), ("a finishing stack", hh.finishing_stacks or ()),
                       ("an ante", acts.antes), ("a blind or straddle", bos), ("a collected amount", acts.collected),
                       ("a returned amount", acts.returned), ("a cashed-out amount", acts.cashout),
                       ("a blind posted to come in", acts.live_extra + acts.dead_extra),
                       ("a bet size", (hh.min_bet, hh.small_bet, hh.big_bet, hh.bring_in)),
                       ("the rake, jackpot, fees, total pot or house money",
                        (raw.rake, raw.jackpot, raw.fees, raw.total_pot, raw.house_money))):
        check_chips(vals, what, raw.fail, raw.line)
    for key, col in (("_live_blinds", acts.live_extra), ("_dead_blinds", acts.dead_extra)):
        if any(col):  # the replay that orders the showdown posts them too
            hh.extra[key] = list(col)
    hh.extra.update(_table_rule_fields(raw))  # the showdown's replay plays by the table's rules
    if raw.house_money:  # and with the chips the house added (a pot-limit bet counts them)
        hh.extra["_house_money"] = raw.house_money
    _showdown(hh, acts.shown, acts.mucked, acts.folded, acts.stud, acts.collected if raw.results_known else None)
    hh.extra.update(_record_fields(raw, order, acts))
    derive_pot_rakes(hh)  # which pot paid the house's take, by what each winner collected
    return hh


def _bring_in(raw: RawHand, acts: _Acts) -> int | None:
    """Stud's bring-in size: the record's; when nobody posted one (every other player all in on his
    ante, so nobody could bet: no bring-in is due, decision 043) and the record gives no size, 1
    chip stands in for it (it is never posted), noted."""
    if raw.bring_in is not None or any(a.kind in ("bring_in", "complete", "bet", "raise") for a in raw.acts):
        return raw.bring_in
    acts.notes.append("no bring-in was posted (nobody could bet) and the record gives no size: 1 chip assumed")
    return 1


def _add_runs(actions: list[str], raw: RawHand, variant: Any) -> None:
    """A board run ``k`` times: PHH deals the runs one after the other, run 1 first, the first deal
    of the runs marked ``# run it K times`` (as :func:`pyeval.poker.phh.from_round` writes it).
    ``actions`` hold run 1's streets already; the other runs' streets follow its last deal."""
    boards = raw.boards
    shared = 0  # the cards every run shares: dealt before the runs (one deck: no card in two runs)
    while all(len(b) > shared for b in boards) and len({b[shared] for b in boards}) == 1:
        shared += 1
    sizes, at = [], 0
    for spec in variant.streets:
        if spec.board and at >= shared:
            sizes.append(spec.board)
        at += spec.board
    deals = [j for j, a in enumerate(actions) if a.startswith("d db ")]
    if at != shared + sum(sizes) or any(len(b) != at for b in boards) or len(deals) < len(sizes):
        raise raw.fail(f"the {len(boards)} boards of a hand run more than once are not {at}-card boards "
                       f"sharing the cards dealt before the runs: {[card_text(b) for b in boards]}", raw.line)
    first = deals[len(deals) - len(sizes)]
    actions[first] += f" # run it {len(boards)} times"
    more = []
    for b in boards[1:]:
        k = shared
        for size in sizes:
            more.append(f"d db {card_text(b[k:k + size])}")
            k += size
    actions[deals[-1] + 1:deals[-1] + 1] = more


def antes_paid(raw: RawHand, name: str) -> int:
    return sum(a.amount for a in raw.acts if a.kind == "ante" and a.name == name)


def _fill_shown(actions: list[str], shown: dict[int, tuple[int, ...]], raw: RawHand, variant: Any, n: int,
                notes: list[str], names: list[str]) -> list[str]:
    """Put the cards a player showed into his face-down deals (``??``), in dealing order.

    Hold'em/Omaha and stud show every card a player was dealt in dealing order. Draw games do not
    record which shown cards were kept and which drawn: the shown hand fills the unknown slots in
    order (the earliest deal first); this reconstruction is noted in the record.
    """
    if not shown:
        return actions
    out = list(actions)
    draw = any(s.draw for s in variant.streets)
    for i, cs in shown.items():
        tag = f"d dh p{i + 1} "
        slots = [(j, a[len(tag):]) for j, a in enumerate(out) if a.startswith(tag)]
        held: list[int] = []
        # known cards already dealt (kept) are not to be placed again
        for _, t in slots:
            held += [c for c in _parse_slots(t) if c >= 0]
        rest = [c for c in cs if c not in held]
        if draw:
            # cards discarded face down cannot be among the final hand; fill from the last deal back
            # so that the earliest unknown cards are the discarded ones (the room does not say)
            unknown_total = sum(_parse_slots(t).count(-1) for _, t in slots)
            discarded = unknown_total - len(rest)
            filled = []
            skip = discarded
            for j, t in slots:
                s = _parse_slots(t)
                for q, c in enumerate(s):
                    if c < 0:
                        if skip:
                            skip -= 1
                        elif rest:
                            s[q] = rest.pop(0)
                filled.append((j, s))
            for j, s in filled:
                if out[j] != tag + card_text(s):
                    out[j] = tag + card_text(s)
                    if f"p{i + 1} " not in " ".join(notes[-1:]):
                        notes.append(f"{names[i]} (p{i + 1}): the shown hand fills the face-down deals earliest first "
                                     "(the room does not record which cards were kept)")
            if cs and (discarded < 0):
                raise raw.fail(f"p{i + 1} shows more cards than were dealt")
            continue
        it = iter(rest)
        for j, t in slots:
            s = _parse_slots(t)
            s = [c if c >= 0 else next(it, -1) for c in s]
            out[j] = tag + card_text(s)
    return out


def _parse_slots(t: str) -> list[int]:
    return [-1 if t[q:q + 2] == "??" else parse_cards(t[q:q + 2])[0] for q in range(0, len(t), 2)]


def _taken_shows(order: list[int], shown: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
    """The shown hands the engine takes: a hand shown only by the last player in the showdown order
    wins unshown (every player before it mucked: no hand is left to beat)."""
    return {} if order and set(shown) == {order[-1]} else shown


def _concede_first(hh: HandHistory, rnd: Any, order: list[int], shown: dict[int, tuple[int, ...]], mucked: set[int],
                   collected: list[int] | None) -> list[int]:
    """The front of the showdown while its first player never shows: one the record has muck (and
    collect nothing) mucks in turn; one who collects, or of whom the record says nothing, makes those
    the record has muck give up before his turn (:meth:`pyeval.poker.Round.concede`, written ``pK
    sm``), so a hand nobody contests wins unshown. When he collects, every other hand not shown that
    collects nothing was given up too (a winning hand is shown unless no hand contests it), and, when
    he is the first in the regulation's order, a hand the record knows but that collects nothing (a
    TV game's hole cameras are no show at the table). Returns the showdown order left."""
    left = list(order)
    while left and left[0] not in shown:
        first = left[0]
        wins = collected is not None and collected[first] > 0
        if first in mucked and not wins:  # a muck in turn
            if len(left) == 1 or not rnd.can_muck(first):
                break
            rnd.muck(first)
            hh.actions.append(f"p{first + 1} sm")
            left.pop(0)
            continue
        gave_up = {i for i in mucked if i not in shown}
        if wins and collected is not None:
            gave_up |= {i for i in left[1:] if not collected[i] and (i not in shown or first == order[0])}
        for i in left[1:]:
            if i in gave_up and rnd.can_concede(i):
                rnd.concede(i)
                hh.actions.append(f"p{i + 1} sm")
                left.remove(i)
        break
    return left


def _showdown(hh: HandHistory, shown: dict[int, tuple[int, ...]], mucked: set[int], folded: list[bool],
              stud: bool = False, collected: list[int] | None = None) -> None:
    """Append the showdown in the engine's order (§ 637a.18(e)): shown hands ``sm CARDS``, the
    others muck ``sm``; a winner nobody saw is left unshown (the replay reports it). When the first
    to show never shows, the players the record has muck give up their hands first (a muck before
    one's turn, :meth:`pyeval.poker.Round.concede`): the one hand left wins without being shown."""
    if not shown and not mucked:
        return
    try:
        rnd = hh.replay()
    except PyevalError:
        # not replayable up to the showdown: write the showdown as recorded (verify() reports why)
        for i in sorted(shown):
            hh.actions.append(f"p{i + 1} sm {card_text(shown[i])}")
        return
    order = list(rnd.showdown_order())
    live = [i for i in order]
    if stud:  # a stud hand shown at an all-in is shown again whole at the end: every card dealt
        for i in list(shown):
            dealt = "".join(a.split()[3] for a in hh.actions if a.startswith(f"d dh p{i + 1} "))
            if "?" not in dealt:
                shown[i] = tuple(parse_cards(dealt))
    shown = _taken_shows(order, shown)
    order = _concede_first(hh, rnd, order, shown, mucked, collected)
    live = list(order)
    for i in order:
        if i in shown:
            hh.actions.append(f"p{i + 1} sm {card_text(shown[i])}")
        elif len(live) > 1:
            hh.actions.append(f"p{i + 1} sm")
            live.remove(i)
