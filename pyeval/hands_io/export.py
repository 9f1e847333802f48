"""PokerStars-style text of a pyeval round, for tools that read only that format.

The text follows the layout :mod:`pyeval.hands_io.pokerstars` reads (and PokerStars writes): header,
table line, seats, forced bets, sections, ``NAME: verb`` actions, returned bets, ``collected``
lines and a summary. A board run more than once (:meth:`~pyeval.poker.Round.run_it`) is written as
PokerStars writes it: the streets of each run under ``*** FIRST TURN ***``, ``*** SECOND TURN ***``
... (``*** FIRST FLOP ***`` when the runs start before the flop), one ``*** FIRST SHOW DOWN ***``,
``*** SECOND SHOW DOWN ***`` ... block per run with the hands shown and that run's ``collected``
lines, and in the summary ``Hand was run twice`` (``three times``, ``N times``) and one
``FIRST Board [...]`` line per run. Every player's known cards are written as ``Dealt to NAME [...]`` lines (a
room writes only its own player's; the importer reads either). Reading the text back gives a PHH
record that replays to the same stacks (``tests/test_hands_io_export.py``).
"""
from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
import re
from dataclasses import dataclass
from typing import Any

from ..cards import CARD_TEXT
from ..errors import HandHistoryError
from ._house_rules import rules_line
from ._limits import MAX_DIGITS
from ._model import MAX_SEAT
from ._phh import BettingStructure, HandHistory, Round
from ..poker.phh_write import variant_code
from .games import room_name

__all__ = ["room_hand_id", "room_hand_number", "to_pokerstars", "game_label"]

#: A tournament header's number, buy-in (``Freeroll``, ``$4.40+$0.40 USD``, ``€10+€1``, ``100+10``) and
#: level (``V``, ``12``) as the PokerStars reader reads them back (pyeval/hands_io/_dialect.py).
_TOUR_NO = re.compile(r"\d{1,30}")
_BUY_IN = re.compile(r"Freeroll|[$€£]?\d+(?:\.\d+)?(?:\+[$€£]?\d+(?:\.\d+)?){1,2}(?: [A-Z]{3})?")
_LEVEL = re.compile(r"[A-Za-z0-9]{1,10}")
#: A hand number as a room writes it after ``#``: digits (PokerStars, ACPC's 0), letters then digits
#: (GGPoker's ``OM123``, ``SD27208848``), digits and dashes (Winamax's ``123-45-678``).
_HAND_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")

_STRUCT_NAMES = {BettingStructure.NO_LIMIT: "No Limit", BettingStructure.POT_LIMIT: "Pot Limit",
                 BettingStructure.FIXED_LIMIT: "Limit"}
_STUD_LABELS = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]
_DRAW_LABELS = ["DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]
_BOARD_LABELS = ["FLOP", "TURN", "RIVER"]
#: the run names PokerStars puts before a street or a showdown of a board run more than once
RUN_NAMES = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH", "EIGHTH", "NINTH", "TENTH")


def game_label(rnd: Round) -> str:
    """PokerStars' name of the round's game and structure, e.g. ``"Omaha Hi/Lo Pot Limit"``."""
    name = room_name(rnd.rules.variant.phh)  # the one table of game names (pyeval/hands_io/games.py)
    if name is None:
        raise HandHistoryError(f"no PokerStars name for the game {rnd.rules.variant.name!r}")
    return f"{name} {_STRUCT_NAMES[rnd.rules.structure]}"


def to_pokerstars(rnd: Round, players: Sequence[str] | None = None, *, hand_id: int | str = 1, table: str | None = None,
                  time: _dt.datetime | None = None, currency: str | None = None, units_per_currency: int = 100,
                  seats: Sequence[int] | None = None, seat_count: int | None = None, jackpot: int = 0,
                  fees: int = 0, tournament: tuple[str, str, str] | None = None) -> str:
    """The round (played so far; usually complete) as PokerStars hand-history text.

    Args:
        rnd: a :class:`~pyeval.poker.Round` of any variant.
        players: names by round index (default ``Player1``...). Names may contain colons and
            brackets; a name may not be empty or start/end with a space.
        hand_id, table, time: the header's hand number (an int >= 0, or the room's text: letters,
            digits, ``-`` and ``_``, up to 40, e.g. ``"OM123"``, ``"123-45-678"``), table name and
            time (defaults ``'pyeval'`` and 2000/01/01 00:00:00: the header needs them; a
            ``pyeval record:`` line before the summary marks them as stand-ins, and an int hand
            number as an int, so pyeval's reader leaves them out of the record / keeps the int).
        currency: ``"USD"``, ``"EUR"`` or ``"GBP"`` to write amounts as money (chips are then
            ``1/units_per_currency`` of the unit: cents by default); None writes chips as ints.
        seats: each player's seat number (default 1..n; the button, the last player, in seat n).
        seat_count: the table's seats (default the largest seat number).
        tournament: a tournament round's ``(number, buy-in, level)`` as the header writes them (e.g.
            ``("3100000001", "$4.40+$0.40 USD", "V")``); default the hand number, ``Freeroll`` and
            ``I``. Ignored for a cash round.
        jackpot, fees: the parts of the house's take (the round's ``rake`` events) that were a
            jackpot drop and other fees: the summary says ``Rake R | Jackpot J | Fees F``, R the rest
            (each item only when not 0, ``Rake`` always), as rooms print them.
    Returns:
        The text of one hand, ending with a newline.
    Raises:
        HandHistoryError: a game PokerStars has no name for, names/seats of the wrong count, a
            hand number that is not one, or a jackpot and fees above the house's take.
        TournamentChipsError: a ``currency`` for a tournament round (tournament chips are not
            money); a tournament round is written with a ``Tournament #`` header instead.
    """
    n = rnd.n
    names = list(players) if players is not None else [f"Player{i + 1}" for i in range(n)]
    seat_no = list(seats) if seats is not None else list(range(1, n + 1))
    if len(names) != n or len(seat_no) != n:
        raise HandHistoryError(f"need {n} player names and seats, got {len(names)} and {len(seat_no)}")
    if any(not nm or nm != nm.strip() or "\n" in nm for nm in names) or len(set(names)) != n:
        raise HandHistoryError(f"player names must be distinct, non-empty and not start or end with a space: {names!r}")
    if currency is not None:  # tournament chips are not money (PokerRules.tournament)
        rnd.rules.check_convertible(f"writing the chips as {currency}")
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency or "", "")
    if currency is not None and not symbol:
        raise HandHistoryError(f"currency must be USD, EUR, GBP or None, got {currency!r}")
    if isinstance(hand_id, bool) or not (isinstance(hand_id, int) and hand_id >= 0 or isinstance(hand_id, str)
                                         and _HAND_ID.fullmatch(hand_id)):
        raise HandHistoryError(f"hand_id must be an int >= 0 or a room's hand number (letters, digits, - and _), "
                               f"got {hand_id!r}")
    w = _StarsWriter(rnd, names, seat_no, _Money(currency, symbol, units_per_currency))
    taken = sum(e.amount for e in rnd.events if e.kind == "rake")
    if any(type(v) is not int or v < 0 for v in (jackpot, fees)) or jackpot + fees > taken:
        raise HandHistoryError(f"jackpot and fees must be whole chips >= 0 within the house's take {taken}, "
                               f"got {jackpot!r} and {fees!r}")
    w.jackpot, w.fees = jackpot, fees
    if tournament is not None and not (len(tournament) == 3 and _TOUR_NO.fullmatch(tournament[0])
                                       and _BUY_IN.fullmatch(tournament[1]) and _LEVEL.fullmatch(tournament[2])):
        raise HandHistoryError(f"tournament must be (digits, buy-in such as '$4.40+$0.40 USD' or 'Freeroll', "
                               f"level such as 'V'), got {tournament!r}")
    w.tour = tournament
    w.marks = [m for m, on in (("date=none", time is None), ("table=none", table is None),
                               ("hand=int", isinstance(hand_id, int))) if on]
    w.header(str(hand_id), table or "pyeval", time, seat_count)
    for e in rnd.events:
        w.event(e)
    w.showdown_and_summary()
    return "\n".join(w.out) + "\n"


@dataclass(frozen=True)
class _Money:
    """How chips are written: ints, or money (``units`` chips to the currency unit)."""

    currency: str | None
    symbol: str
    units: int

    def __call__(self, x: int) -> str:
        if self.currency is None:
            return str(x)
        whole, frac = divmod(x, self.units)
        digits = len(str(self.units - 1))
        return f"{self.symbol}{whole}.{frac:0{digits}d}" if frac else f"{self.symbol}{whole}"


class _StarsWriter:
    """:func:`to_pokerstars`'s text, line by line: the header and seats, one method per kind of
    event (forced bets, cards dealt, board, draws, betting, showdown), then the showdown and summary."""

    def __init__(self, rnd: Round, names: list[str], seat_no: list[int], amt: _Money) -> None:
        self.rnd, self.names, self.seat_no, self.amt = rnd, names, seat_no, amt
        self.rules = rnd.rules
        self.variant = self.rules.variant
        n = self.n = rnd.n
        self.runs = rnd.runs
        self.out: list[str] = []
        self.blinds_seen = 0
        self.street = -1
        self.bet = [0] * n
        self.bet_to = 0
        self.board: list[int] = []
        self.shown_cards: dict[int, tuple[int, ...]] = {}
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.awards: list[tuple[int, int, int]] = []
        self.stud = self.variant.stud
        self.draw = any(s.draw for s in self.variant.streets)
        self.prev = ""  # the kind of the last event that was not a burn or reshuffle
        self.stacks = list(rnd.starting_stacks)
        self.street_got: set[int] = set()  # stud: players dealt this street
        self.raked = 0
        self.jackpot = self.fees = 0  # parts of the take printed on their own (to_pokerstars)
        self.run = -1  # the run being dealt (after run_it), -1 before
        self.run_base: list[int] = []  # the board the runs share
        kinds = [str(e.kind) for e in rnd.events]
        self.per_run = kinds[kinds.index("run_it"):].count("board") // self.runs if self.runs > 1 else 0
        self.dealt_in_run = 0
        self.marks: list[str] = []  # the header's stand-ins (pyeval record: line; _house_rules.RECORD_LINE)
        self.tour: tuple[str, str, str] | None = None  # a tournament's (number, buy-in, level)
        self.showdown: list[str] = []  # a board run more than once: show and muck lines, under each run's showdown

    def header(self, hand_id: str, table: str, time: _dt.datetime | None, seat_count: int | None) -> None:
        rules, amt, rnd = self.rules, self.amt, self.rnd
        if rules.structure is BettingStructure.FIXED_LIMIT:
            stakes = f"{amt(rules.min_bet)}/{amt(rules.big_bet_amount)}"
        elif not rules.blinds:  # stud, pot or no limit: the bring-in and the minimum bet
            stakes = f"{amt(rules.bring_in)}/{amt(rules.min_bet)}"
        else:
            stakes = f"{amt(min(rules.blinds))}/{amt(max(rules.blinds))}"
        if amt.currency is not None:
            stakes += f" {amt.currency}"
        t = time or _dt.datetime(2000, 1, 1)
        if rules.tournament:  # a tournament hand: the reader configures tournament mode from this header
            tour, buy_in, level = self.tour or (hand_id if hand_id.isdigit() else "1", "Freeroll", "I")
            head = f"Tournament #{tour}, {buy_in} {game_label(rnd)} - Level {level} ({stakes})"
        else:
            head = f"{game_label(rnd)} ({stakes})"
        out = self.out
        out.append(f"PokerStars Hand #{hand_id}: {head} - {t:%Y/%m/%d %H:%M:%S} ET")
        cnt = seat_count or max(self.seat_no)
        button = "" if self.variant.stud else f" Seat #{self.seat_no[-1]} is the button"
        out.append(f"Table '{table}' {cnt}-max{button}")
        away_players = rnd.sitting_out
        for i in sorted(range(self.n), key=self.seat_no.__getitem__):  # seat order, as PokerStars lists them
            away = " is sitting out" if i in away_players else ""
            out.append(f"Seat {self.seat_no[i]}: {self.names[i]} ({amt(rnd.starting_stacks[i])} in chips){away}")

    def new_street(self, label: str) -> None:
        self.street += 1
        if self.street > 0:
            self.bet, self.bet_to = [0] * self.n, 0
        self.out.append(f"*** {label} ***")

    def all_in(self, p: int) -> str:
        return " and is all-in" if self.stacks[p] == 0 else ""

    def event(self, e: Any) -> None:
        kind = e.kind
        if kind in ("burn", "reshuffle"):
            return
        if kind in ("ante", "blind", "straddle", "bring_in"):
            self.forced(e)
        elif kind == "hole":
            self.hole(e)
        elif kind == "run_it":
            self.run, self.run_base = 0, list(self.board)
        elif kind == "board":
            self.board_cards(e)
        elif kind == "discard":
            self.discard(e)
        elif kind in ("fold", "check", "call", "bet", "raise", "return"):
            self.betting(e)
        else:
            self.settle(e)
        self.prev = kind

    def forced(self, e: Any) -> None:
        p, amt = e.player, self.amt
        nm = self.names[p]
        self.stacks[p] -= e.amount
        if e.kind == "ante":
            self.out.append(f"{nm}: posts the ante {amt(e.amount)}{self.all_in(p)}")
            return
        if e.kind == "bring_in":
            self.out.append(f"{nm}: brings in for {amt(e.amount)}{self.all_in(p)}")
        else:
            kind = e.kind
            if kind == "blind" and p not in self.rnd.blind_posters:  # a big blind posted to come in
                self.out.append(f"{nm}: posts big blind {amt(e.amount)}{self.all_in(p)}")
                self.bet[p] += e.amount
                self.bet_to = max(self.bet_to, self.bet[p])
                return
            if kind == "blind":  # which blind by its poster (one all in on the ante posts none)
                self.blinds_seen = self.rnd.blind_posters.index(p)
            seen = self.blinds_seen
            label = "straddle" if kind == "straddle" or seen >= 2 else ("small blind", "big blind")[seen]
            if len(self.rules.blinds) == 1 and kind == "blind":
                label = "big blind"
            self.blinds_seen += kind == "blind"
            self.out.append(f"{nm}: posts {label} {amt(e.amount)}{self.all_in(p)}")
        self.bet[p] += e.amount
        self.bet_to = max(self.bet_to, self.bet[p])

    def hole(self, e: Any) -> None:
        q = e.player
        assert q is not None
        if self.stud:
            if self.prev != "hole" or q in self.street_got:
                self.new_street(_STUD_LABELS[self.street + 1])
                self.street_got.clear()
            self.street_got.add(q)
        elif self.draw:
            if self.street < 0:
                self.new_street(_DRAW_LABELS[0])
        elif self.street < 0:
            self.new_street("HOLE CARDS")
        name = self.names[q]
        before = list(self.held[q])
        self.held[q] += list(e.cards)
        known_new = all(c >= 0 for c in e.cards)
        if known_new and (not before or all(c >= 0 for c in before)):
            self.out.append(f"Dealt to {name} [{_ct(before)}] [{_ct(e.cards)}]" if before
                            else f"Dealt to {name} [{_ct(e.cards)}]")
        elif self.stud:
            spec = self.variant.streets[self.street]
            ups = [c for c in e.cards[spec.down:] if c >= 0]
            shown = [c for c in before[:] if c >= 0]
            if ups:
                self.out.append(f"Dealt to {name} [{_ct(shown)}] [{_ct(ups)}]" if shown and self.street
                                else f"Dealt to {name} [{_ct(ups)}]")

    def board_cards(self, e: Any) -> None:
        if self.run >= 0:  # a board run more than once: each run's streets from the shared board
            if self.dealt_in_run == self.per_run:
                self.run, self.board, self.dealt_in_run = self.run + 1, list(self.run_base), 0
            self.dealt_in_run += 1
        board = self.board
        label = "FLOP" if not board else _BOARD_LABELS[min(len(board) - 2, 2)]
        if self.run >= 0:
            label = f"{RUN_NAMES[self.run]} {label}"
        self.street += 1
        self.bet, self.bet_to = [0] * self.n, 0
        self.out.append(f"*** {label} *** [{_ct(e.cards)}]" if not board
                        else f"*** {label} *** [{_ct(board)}] [{_ct(e.cards)}]")
        board += list(e.cards)

    def discard(self, e: Any) -> None:
        p = e.player
        nm = self.names[p]
        if self.prev != "discard":
            self.new_street(_DRAW_LABELS[min(self.street + 1, 3)])
        if e.amount == 0:
            self.out.append(f"{nm}: stands pat")
            return
        cs = e.cards
        plural = "card" if e.amount == 1 else "cards"
        known = f" [{_ct(cs)}]" if cs and all(c >= 0 for c in cs) else ""
        self.out.append(f"{nm}: discards {e.amount} {plural}{known}")
        for c in (cs or (-1,) * e.amount):
            if c in self.held[p]:
                self.held[p].remove(c)

    def betting(self, e: Any) -> None:
        kind, p, amt = e.kind, e.player, self.amt
        nm = self.names[p]
        if kind == "fold":
            self.out.append(f"{nm}: folds")
        elif kind == "check":
            self.out.append(f"{nm}: checks")
        elif kind == "call":
            self.bet[p] += e.amount
            self.stacks[p] -= e.amount
            self.out.append(f"{nm}: calls {amt(e.amount)}{self.all_in(p)}")
        elif kind == "return":
            self.stacks[p] += e.amount
            self.out.append(f"Uncalled bet ({amt(e.amount)}) returned to {nm}")
        else:  # bet, raise: amount is the total to
            self.stacks[p] -= e.amount - self.bet[p]
            if self.bet_to == 0:
                self.out.append(f"{nm}: bets {amt(e.amount - self.bet[p])}{self.all_in(p)}")
            else:
                self.out.append(f"{nm}: raises {amt(e.amount - self.bet_to)} to {amt(e.amount)}{self.all_in(p)}")
            self.bet[p] = e.amount
            self.bet_to = e.amount

    def settle(self, e: Any) -> None:
        kind, p = e.kind, e.player
        nm = self.names[p] if p is not None else ""
        lines = self.showdown  # written after the ``*** SHOW DOWN ***`` line (one run) or in each run's block
        if kind == "show":
            self.shown_cards[p] = e.cards
            lines.append(f"{nm}: shows [{_ct(e.cards)}]")
        elif kind == "muck":
            lines.append(f"{nm}: mucks hand")
        elif kind == "rake":
            self.raked += e.amount
        elif kind == "award":
            self.awards.append((p, e.amount, e.detail if isinstance(e.detail, int) else 0))

    def summary_head(self) -> list[str]:
        """The summary's first line, after the table rules the PokerStars reader would not apply
        (its house rules; decision 037), when there are any."""
        stated = rules_line(self.rnd.rules, "PokerStars", variant_code(self.rnd.rules))
        marks = [f"pyeval record: {' '.join(self.marks)}"] if self.marks else []
        return ([stated] if stated is not None else []) + marks + ["*** SUMMARY ***"]

    def showdown_and_summary(self) -> None:
        out, amt, names, runs, rnd = self.out, self.amt, self.names, self.runs, self.rnd
        awards = self.awards
        pots = sorted({k for _, _, k in awards})
        n_runs = runs if runs > 1 and rnd.n_contending >= 2 else 1
        by_run = _awards_by_run(awards, n_runs) + [[] for _ in range(runs - n_runs)]
        for r_i, run_awards in enumerate(by_run):
            if runs > 1:
                out.append(f"*** {RUN_NAMES[r_i]} SHOW DOWN ***")
                out.extend(self.showdown)
            else:
                out.extend(["*** SHOW DOWN ***"] if self.shown_cards else [])
                out.extend(self.showdown)
            for p, a, pot in run_awards:  # PokerStars numbers side pots only when there are two or more
                where = ("pot" if len(pots) == 1 else "main pot" if pot == 0 else
                         "side pot" if len(pots) == 2 else f"side pot-{pot}")
                if a or runs == 1:
                    out.append(f"{names[p]} collected {amt(a)} from {where}")
        out.extend(self.summary_head())
        total = sum(a for _, a, _ in awards)
        items = [f"Rake {amt(self.raked - self.jackpot - self.fees)}"]
        items += [f"{k} {amt(v)}" for k, v in (("Jackpot", self.jackpot), ("Fees", self.fees)) if v]
        out.append(f"Total pot {amt(total + self.raked)} | " + " | ".join(items))
        if runs > 1:
            out.append("Hand was run " + {2: "twice", 3: "three times"}.get(runs, f"{runs} times"))
            for r_i, b in enumerate(rnd.run_boards):
                out.append(f"{RUN_NAMES[r_i]} Board [{_ct(b)}]")
        elif self.board:
            out.append(f"Board [{_ct(self.board)}]")
        for i in sorted(range(self.n), key=self.seat_no.__getitem__):
            sc = self.shown_cards
            what = "showed [" + _ct(sc[i]) + "]" if i in sc else ("folded" if rnd.folded[i] else "mucked" if rnd.mucked[i] else "")
            tag = " (button)" if i == self.n - 1 and not self.stud else ""
            out.append(f"Seat {self.seat_no[i]}: {names[i]}{tag} {what}".rstrip())


def _awards_by_run(awards: list[tuple[int, int, int]], runs: int) -> list[list[tuple[int, int, int]]]:
    """The award events (player, chips, pot) of a board run ``runs`` times, run by run: the round
    awards each pot run after run, run 1's part ``amount // runs + amount % runs``, the others'
    ``amount // runs`` (:meth:`~pyeval.poker.Round.award`)."""
    out: list[list[tuple[int, int, int]]] = [[] for _ in range(runs)]
    if runs == 1:
        out[0] = list(awards)
        return out
    for pot in sorted({k for _, _, k in awards}):
        mine = [a for a in awards if a[2] == pot]
        total = sum(a[1] for a in mine)
        r, got = 0, 0
        for a in mine:
            want = total // runs + (total % runs if r == 0 else 0)
            while got >= want and r < runs - 1 and a[1]:  # this run is paid: the next one's awards
                r, got = r + 1, 0
                want = total // runs
            out[r].append(a)
            got += a[1]
    return out


def _ct(cs: Sequence[int]) -> str:
    return " ".join(CARD_TEXT[c] for c in cs)


def room_hand_number(hh: HandHistory) -> int | None:
    """The room's hand number a record keeps (PHH ``hand``: digits, at most MAX_DIGITS), else None."""
    hand = str(hh.extra.get("hand", ""))
    return int(hand) if hand.isascii() and hand.isdigit() and len(hand) <= MAX_DIGITS else None


def room_hand_id(hh: HandHistory) -> str | None:
    """The room's hand number a record keeps as its text (PHH ``hand``: ``"0"``, ``"OM123"``,
    ``"123-45-678"``; an int written by another tool as its digits), else None: what
    :func:`to_pokerstars` writes after ``#``."""
    hand = hh.extra.get("hand")
    if isinstance(hand, int) and not isinstance(hand, bool) and 0 <= hand:
        hand = str(hand)
    return hand if isinstance(hand, str) and hand.isascii() and _HAND_ID.fullmatch(hand) else None


def _header_hand_id(hh: HandHistory) -> int | str:
    """The header's hand number: the record's ``hand`` as an int when it is one (the export marks it,
    so reading back keeps the int), else the room's text (:func:`room_hand_id`), else 1."""
    hand = hh.extra.get("hand")
    if type(hand) is int and hand >= 0:
        return hand
    return room_hand_id(hh) or 1


def _tournament_header(x: dict[str, Any]) -> tuple[str, str, str] | None:
    """A tournament record's ``(number, buy-in, level)`` for the header (PHH ``event`` as the importer
    writes it, ``_buy_in`` else ``Freeroll``, ``level`` else ``I``), or None (a record of another source)."""
    tour = re.fullmatch(r"Tournament #(\d+)", str(x.get("event", "")))
    buy_in, level = x.get("_buy_in", "Freeroll"), x.get("level", "I")
    if (tour and isinstance(buy_in, str) and isinstance(level, str) and _TOUR_NO.fullmatch(tour[1])
            and _BUY_IN.fullmatch(buy_in) and _LEVEL.fullmatch(level)):
        return tour[1], buy_in, level
    return None


def hand_history_to_pokerstars(hh: HandHistory, **kwargs: object) -> str:
    """:func:`to_pokerstars` of a PHH record's replay, with its player names, seats, table, hand
    number (the room's text, :func:`room_hand_id`; else 1), date and time and currency when the
    record has them; ``kwargs`` override. The header's date is the record's ``year``/``month``/``day``
    (at its ``time``, else at midnight 00:00:00: reading the text back then gives ``time`` 00:00:00
    too); a record without a date (or with one that does not exist) gets :func:`to_pokerstars`'s
    stand-in 2000/01/01 00:00:00, which the header cannot mark as such, so reading the text back
    gives that date as the hand's. The replay takes the house's recorded take (``_rake`` + ``_jackpot``
    + ``_fees``) from the pots, so the text's ``collected`` lines are after it and its summary
    says ``Total pot $T | Rake $R | Jackpot $J | Fees $F`` with each part as recorded (the jackpot
    and fees only when not 0), as rooms print them.

    Raises:
        HandHistoryError: a starting stack is ``inf`` (unbounded): room text prints every stack, and
            the replay's stand-in stake is not the player's.
    """
    if hh.unbounded:
        raise HandHistoryError(f"{hh.name}: player(s) {', '.join(f'p{i + 1}' for i in hh.unbounded)} start with an "
                               "unbounded stack (inf): PokerStars text needs every starting stack")
    rnd = hh.replay()
    x = hh.extra
    hid = _header_hand_id(hh)
    scale = hh.unit_scale  # the replay's unit (a record in fractions of a chip)
    opts: dict[str, object] = {"hand_id": hid}
    for key, field_ in (("jackpot", "_jackpot"), ("fees", "_fees")):
        v = x.get(field_)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 and float(v * scale).is_integer():
            opts[key] = int(v * scale)
    units = x.get("_units_per_currency", 1)
    if (x.get("currency") in ("USD", "EUR", "GBP") and isinstance(units, int) and not isinstance(units, bool)
            and 1 < units <= 10**6):
        opts["currency"] = x["currency"]
        opts["units_per_currency"] = units
    if isinstance(x.get("table"), str):
        opts["table"] = x["table"]
    seats = x.get("seats")  # a PHH file's own field: used when it is one seat number 1..99 per player
    if (isinstance(seats, list) and len(seats) == rnd.n and all(type(s) is int and 1 <= s <= MAX_SEAT for s in seats)
            and len(set(seats)) == rnd.n):
        opts["seats"] = seats
        count = x.get("seat_count")
        if type(count) is int and max(seats) <= count <= MAX_SEAT:
            opts["seat_count"] = count
    if all(type(x.get(k)) is int for k in ("year", "month", "day")):
        clock = x.get("time")  # a date without its time of day is written at midnight
        try:  # a PHH file's own fields: a date that does not exist is left out
            opts["time"] = _dt.datetime.combine(_dt.date(x["year"], x["month"], x["day"]),
                                                clock if isinstance(clock, _dt.time) else _dt.time())
        except (ValueError, OverflowError):
            pass
    opts["tournament"] = _tournament_header(x) if rnd.rules.tournament else None
    opts.update(kwargs)
    return to_pokerstars(rnd, hh.players, **opts)  # type: ignore[arg-type]
