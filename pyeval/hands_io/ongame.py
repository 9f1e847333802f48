"""OnGame network (bwin, Betfair's early client, PokerRoom ...) text hand histories, 2009-2013.

Read from the layout of the network's exports: ``***** History for hand R5-260041977-287 *****``
(``T5-...`` and ``(TOURNAMENT: "NAME", ID, buy-in: €0)`` in tournaments), ``Start hand: Wed Aug 01
18:09:42 EEST 2012``, ``Table: Tokyo [260041977] (NO_LIMIT TEXAS_HOLDEM $2/$4, Real money)`` (the
structure ``NO_LIMIT``/``POT_LIMIT``/``LIMIT``, the game ``TEXAS_HOLDEM``/``OMAHA_HI``/
``OMAHA_HI_LO``/``SEVEN_CARD_STUD``/``FIVE_CARD_DRAW``, the blinds or, in limit, the small and big
bet, ``ante: N`` when there is one, ``Real money``/``Play money``/``TC`` tournament chips/``Chips``),
``User: NAME``, ``Button: seat 5``, ``Players in round: 5 (6)``, seats ``Seat 4: NAME ($266.50)``,
forced bets ``NAME posts small blind ($2)``, ``NAME posts ante 5``, ``NAME posts dead blind ($1)``,
``---``, ``Dealing pocket cards``, ``Dealing to NAME: [5s, Qh]``, actions ``NAME calls $12`` (the
chips added), ``bets $20``, ``raises $12 to $12`` (the chips added, then the total), ``[all in]``,
``--- Dealing flop [Jh, Th, 5c]``, then ``Summary:`` with ``Main pot: $539 won by NAME ($536)``
(``Side pot N:``; a split names every winner, ``(125 High)``/``(125 Low)`` in hi/lo games), ``Rake
taken: $3`` and every seat's balance after the hand ``Seat 4: NAME ($0), net: -$266.50, [Js, Jc]
(THREE_OF_A_KIND JACK)`` (the cards shown). A bet nobody called is returned without a line (the
reader returns it, noted); the pots less the rake are what was won, and every player's balance
after the hand is checked against his actions and winnings.

Stud deals ``Dealing 4th street`` ... ``Dealing river`` with ``Dealing to NAME: [-, -, Kh]`` (``-`` a
card face down) and ``NAME small bring in $0.05``; five-card draw writes ``NAME changed 2 cards``
and ``New hand for NAME: [...]`` (the hero's hand after the draw).
"""
from __future__ import annotations

import re

from ._betting import untabled_all_in
from ._limits import room_time
from ._model import (
    BRACKETS,
    MAX_SEAT,
    RawHand,
    RoomSeats,
    amount,
    cards,
    common_action,
    finish_seats,
    number,
    read_seats,
    split_hands,
)
from ._settle import chips_in, defer_extra_blinds, return_implicit

__all__ = ["looks_like", "parse_hand", "split"]

_FIRST = re.compile(r"^\*{5} History for hand (?P<id>\S+)(?P<rest>.*?)\*{5}\s*$")
_START = re.compile(r"^Start hand: \w{3} (?P<mon>\w{3}) (?P<d>\d{1,2}) (?P<H>\d{1,2}):(?P<M>\d{2}):(?P<S>\d{2}) "
                    r"(?P<tz>\S+) (?P<y>\d{4})\s*$")
_MONTHS = {m: k for k, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                       "Dec"), 1)}
_TABLE = re.compile(r"^Table: (?P<table>.+?) \((?P<struct>NO_LIMIT|POT_LIMIT|LIMIT) (?P<game>[A-Z_]+) "
                    r"(?P<lo>[^\s/]+)/(?P<hi>\S+?)(?: ante: (?P<ante>\S+))?,? (?P<money>Real money|Play money|TC|Chips)\)\s*$")
_GAMES = {"TEXAS_HOLDEM": "T", "OMAHA_HI": "O", "OMAHA_HI_LO": "O/8", "SEVEN_CARD_STUD": "7S",
          "SEVEN_CARD_STUD_HI_LO": "7S/8", "FIVE_CARD_DRAW": "5D"}
_STUD = ("7S", "7S/8")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)(?P<rest>)\s*$")
_END_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<bal>[^()]*)\)(?:, net: (?P<net>[^,]+(?:,\d{3})*))?"
                       r"(?:, (?P<cards>\[[^\]]*\]).*)?\s*$")
_POT = re.compile(r"^(?:Main pot|Side pot(?: \d+)?): (?P<pot>\S+) won by (?P<rest>.+)$")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<a>[^()\s]+)(?: (?:High|Low))?\)(?:, |$)")
_AMT = r"(?P<a>[^\s\[\]()]+)"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts small blind \(" + _AMT + r"\)(?: \[all in\])?\s*$"), "sb"),
    (re.compile(r"^posts big blind \(" + _AMT + r"\)(?: \[all in\])?\s*$"), "bb"),
    (re.compile(r"^posts dead blind \(" + _AMT + r"\)(?: \[all in\])?\s*$"), "dead"),
    (re.compile(r"^posts ante " + _AMT + r"(?: \[all in\])?\s*$"), "ante"),
    (re.compile(r"^(?:small |big )?bring in " + _AMT + r"(?: \[all in\])?\s*$"), "bring_in"),
    (re.compile(r"^completes(?: to)? " + _AMT + r"(?: \[all in\])?\s*$"), "complete"),
    (re.compile(r"^changed (?P<n>\d) cards?\s*$"), "discard"),
    (re.compile(r"^stands pat\s*$"), "pat"),
    (re.compile(r"^folds\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + r"(?: \[all in\])?(?: \[[^\]]*\])?\s*$"), "call"),
    (re.compile(r"^bets " + _AMT + r"(?: \[all in\])?\s*$"), "bet"),
    (re.compile(r"^raises (?P<by>\S+) to " + _AMT + r"(?: \[all in\])?\s*$"), "raise"),
    (re.compile(r"^(?:sits out|is sitting out|has left the table|has joined the table|is disconnected|"
                r"has reconnected|timed out|mucks|shows|does not show).*$"), None),
]


def looks_like(text: str) -> bool:
    """True when ``text`` starts with OnGame's ``***** History for hand`` line."""
    return bool(re.match(r"^\ufeff?\s*\*{5} History for hand \S+", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of ``***** History for hand``, the hand's lines)."""
    return split_hands(text, re.compile(r"^\*{5} History for hand "))


def _amt(raw: RawHand, text: str, no: int) -> int:
    return amount(text.strip().rstrip(","), raw.scale, raw, no)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One OnGame hand into a RawHand.

    Raises:
        HandParseError: a line the layout does not explain (naming it), stud or draw (not read
            yet), or a balance after the hand that the actions and winnings do not give.
    """
    raw = RawHand(venue="OnGame", source=source, line=start)
    fm = _FIRST.match(lines[0])
    if fm is None:  # pragma: no cover - the splitter starts every hand at this line
        raise raw.fail(f"expected the 'History for hand' line, got {lines[0]!r}", start)
    raw.hand_id = fm["id"]
    tm = re.search(r"TOURNAMENT: \"(?P<name>[^\"]*)\", (?P<id>[^,]+),", fm["rest"])
    if tm or raw.hand_id.startswith("T"):
        raw.tournament = tm["id"].strip() if tm else raw.hand_id.split("-")[1] if "-" in raw.hand_id else "?"
    i = 1
    while i < len(lines) and not _SEAT.match(lines[i]):
        _header_line(raw, lines[i].rstrip(), start + i)
        i += 1
    if not raw.game:
        raise raw.fail("no 'Table:' line (game, structure, stakes)", start)
    seats = read_seats(raw, [ln.rstrip() for ln in lines], i, start, _SEAT, re.compile(r"(?!)"))
    _Body(raw, seats, start).read(lines)
    return raw


def _heads_up_big_blinds(raw: RawHand, seats: RoomSeats) -> None:
    """Heads-up, both players post the big blind (the button coming back posts it, with a dead small
    blind) and nobody the small blind: the button's big blind stands where the heads-up button's
    blind does (he acts first before the flop, as the record shows), so it is read as his small
    blind of the big blind's size; noted."""
    dealt = [t for t in seats.seated if t.name not in seats.marked_out]
    posts = [k for k, x in enumerate(raw.acts) if x.kind == "post" and x.extra in ("sb", "bb")]
    button = next((t.name for t in dealt if t.seat == raw.button_seat), None)
    if len(dealt) != 2 or len(posts) != 2 or any(raw.acts[k].extra != "bb" for k in posts) or button is None:
        return
    k = next((k for k in posts if raw.acts[k].name == button), None)
    if k is not None:
        raw.acts[k] = raw.acts[k]._replace(extra="sb")
        raw.notes.append(f"heads-up, both players post the big blind: {button}'s, on the button, is read as the "
                         "button's small blind (of the big blind's size)")


def _header_line(raw: RawHand, line: str, no: int) -> None:
    sm = _START.match(line)
    tm = _TABLE.match(line)
    if sm:
        if sm["mon"] in _MONTHS:
            raw.time = room_time((sm["y"], _MONTHS[sm["mon"]], sm["d"], sm["H"], sm["M"], sm["S"]), raw.fail, no)
            raw.time_zone_abbreviation = sm["tz"]
    elif tm:
        stem = _GAMES.get(tm["game"], "")
        if stem is None:
            raise raw.fail(f"game not supported by the OnGame reader yet: {tm['game'].replace('_', ' ').title()}", no)
        if stem == "":
            raise raw.fail(f"game not supported: {tm['game']!r} is not a game pyeval knows", no)
        raw.game = {"NO_LIMIT": "N", "POT_LIMIT": "P", "LIMIT": "F"}[tm["struct"]] + stem
        raw.table = tm["table"]
        text = f"{tm['lo']} {tm['hi']}"
        if tm["money"] in ("Real money", "Play money") and raw.tournament is None:
            sym = next((c for c in "$€£" if c in text), None)
            raw.scale, raw.currency_symbol = 100, sym
            raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", "XPM" if tm["money"] == "Play money"
                                                                    else "USD")
        lo, hi = _amt(raw, tm["lo"], no), _amt(raw, tm["hi"], no)
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = lo, hi
        else:
            raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    elif re.match(r"^Button: seat (\d+)\s*$", line):
        raw.button_seat = number(line.split()[-1], "the button seat", raw, no, 0, MAX_SEAT)
    elif not re.match(r"^(?:User: .*|Players in round: .*|)$", line):
        raise raw.fail(f"unrecognised line {line!r}", no)


class _Body:
    """The lines after the seats: forced bets, deals, actions, the summary and its checks."""

    def __init__(self, raw: RawHand, seats: RoomSeats, start: int) -> None:
        self.raw, self.seats, self.start = raw, seats, start
        self.cur: dict[str, int] = {}
        self.acted: set[str] = set()
        self.summary = False
        self.balances: dict[str, int] = {}
        self.hand: dict[str, list[int]] = {}  # a draw player's hand before the draw
        self.drawing = False

    def read(self, lines: list[str]) -> None:
        raw = self.raw
        for j in range(self.seats.end, len(lines)):
            line, no = lines[j].rstrip(), self.start + j
            if line.strip():
                self.line(line, no)
        pot = raw.total_pot
        if raw.game[1:] in _STUD and raw.bring_in is None:
            raw.bring_in = max(1, (raw.small_bet or 4) // 4)
            raw.notes.append(f"no bring-in in the record: taken as {raw.bring_in}, a quarter of the small bet")
        return_implicit(raw, False)  # the summary's pots leave the bet nobody called out already
        raw.total_pot = pot
        _heads_up_big_blinds(raw, self.seats)
        finish_seats(raw, self.seats, self.acted)
        defer_extra_blinds(raw)
        self.check_balances()
        untabled_all_in(raw)

    def line(self, line: str, no: int) -> None:
        raw = self.raw
        if line in ("---", "Dealing pocket cards") or line.startswith("***** End of hand"):
            if line == "Dealing pocket cards":
                raw.add("street", line=no, extra="HOLE CARDS")
        elif line == "Summary:":
            self.summary = True
        elif line.startswith("--- Dealing ") or (line.startswith("Dealing ") and line.endswith((" street", "river"))):
            self.street(line, no)
        elif line.startswith(("Dealing to ", "New hand for ")):
            self.dealt(line, no)
        elif self.summary:
            self.summary_line(line, no)
        else:
            nm = next((n for n in self.seats.names if line.startswith(n + " ")), None)
            if nm is None:
                raise raw.fail(f"unrecognised line {line!r}", no)
            self.action(nm, line[len(nm) + 1:], no)

    def street(self, line: str, no: int) -> None:
        """``--- Dealing flop [..]`` (written again when the betting between all-in players went on:
        once is enough) or stud's ``Dealing 4th street``."""
        raw = self.raw
        dm = re.match(r"^--- Dealing (?P<s>flop|turn|river) (?P<c>\[[^\]]*\])\s*$", line)
        sm = re.match(r"^Dealing (?P<s>\dth street|river)\s*$", line)
        if dm:
            if any(a.kind == "street" and a.extra == dm["s"].upper() for a in raw.acts):
                return
            if not any(a.kind == "street" for a in raw.acts):
                raw.add("street", line=no, extra="HOLE CARDS")
            raw.add("street", cards=cards(BRACKETS.findall(dm["c"])[-1], raw, no), line=no, extra=dm["s"].upper())
        elif sm and raw.game[1:] in _STUD:
            raw.add("street", line=no, extra=sm["s"])
        else:
            raise raw.fail(f"unrecognised line {line!r}", no)
        self.cur = {}

    def dealt(self, line: str, no: int) -> None:
        """``Dealing to NAME: [..]`` (stud: every card so far in its place, ``-`` face down) or a
        draw's ``New hand for NAME: [..]`` (the cards thrown are the old hand less the new)."""
        raw = self.raw
        new_hand = line.startswith("New hand for ")
        head = "New hand for " if new_hand else "Dealing to "
        nm = next((n for n in self.seats.names if line.startswith(f"{head}{n}: [")), None)
        if nm is None:
            raise raw.fail(f"cards dealt to a player who is not seated: {line!r}", no)
        text = BRACKETS.findall(line)[-1]
        cs = [-1 if t.strip() == "-" else cards(t, raw, no)[0] for t in text.split(",") if t.strip()]
        if raw.game[1:] in _STUD:
            raw.hole.setdefault(nm, []).extend(cs)
        elif new_hand:
            old = self.hand.get(nm, [])
            thrown = [c for c in old if c not in cs]
            came = [c for c in cs if c not in old]
            k = max((j for j, a in enumerate(raw.acts) if a.kind == "discard" and a.name == nm), default=-1)
            if k < 0 and self.drawing and thrown and len(thrown) == len(came):  # no "changed N cards" line
                raw.add("discard", nm, len(thrown), line=no)
                raw.notes.append(f"line {no}: {nm}'s new hand changes {len(thrown)} card(s) the record does not say "
                                 "he changed")
                k = len(raw.acts) - 1
            if k >= 0 and raw.acts[k].amount == len(thrown) == len(came):
                raw.acts[k] = raw.acts[k]._replace(cards=tuple(thrown))
                raw.add("drawn", nm, cards=tuple(came), line=no)
            self.hand[nm] = cs
        else:
            raw.hole[nm] = cs
            self.hand[nm] = list(cs)

    def action(self, nm: str, rest: str, no: int) -> None:
        raw = self.raw
        for pat, kind in _ACTS:
            m = pat.match(rest)
            if m is None:
                continue
            if kind is None:
                return
            a = _amt(raw, m["a"], no) if m.groupdict().get("a") else 0
            self.acted.add(nm)
            if kind in ("discard", "pat"):
                if not self.drawing:  # the draw begins with the first player to change cards
                    self.drawing = True
                    raw.add("street", line=no, extra="DRAW")
                    self.cur = {}
                raw.add("discard", nm, int(m["n"]) if kind == "discard" else 0, line=no)
            elif kind in ("bring_in", "sb", "bb", "dead"):
                self.forced(nm, kind, a, no)
            elif kind == "bet" and self.cur.get(nm, 0):
                common_action(raw, nm, "raise", self.cur[nm] + a, None, no, self.cur)
            elif kind == "raise" and raw.game[1:] in _STUD:
                common_action(raw, nm, kind, self.stud_raise(nm, _amt(raw, m["by"], no), a, no), None, no, self.cur)
            else:
                common_action(raw, nm, kind, a, None, no, self.cur)
            return
        raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)

    def stud_raise(self, nm: str, by: int, to: int, no: int) -> int:
        """A stud raise ``raises X to Y``: Y is the street total, except where it is what the raiser
        has put in over the whole hand, antes left out (``raises $1 to $1.37`` on fifth street after
        $0.37 on the streets before): X is then the chips the raise adds, and the street total his
        bet so far plus X; noted."""
        raw, cur = self.raw, self.cur.get(nm, 0)
        ante = sum(x.amount for x in raw.acts if x.kind == "ante" and x.name == nm)
        before = chips_in(raw).get(nm, 0) - ante - cur  # the streets before this one
        if before and to != cur + by and to == before + cur + by:
            raw.notes.append(f"{nm} raises to {to} over the hand (line {no}): a raise to {cur + by} on this street")
            return cur + by
        return to

    def forced(self, nm: str, kind: str, a: int, no: int) -> None:
        """A bring-in, a blind (a table whose two blinds are equal writes both as big blinds: the first
        is the small), or a dead small blind posted to come in (not part of the bets)."""
        raw = self.raw
        if kind == "bring_in":
            raw.add("bring_in", nm, a, line=no)
            raw.bring_in = raw.bring_in or a
            self.cur[nm] = a
        elif kind == "dead":  # dead money: no part of his bet
            raw.add("post", nm, a, line=no, extra="dead")
        else:
            if kind == "bb" and raw.small_blind == raw.big_blind and not any(x.kind == "post" for x in raw.acts):
                kind = "sb"
            elif kind == "sb" and any(x.kind == "post" and x.extra == "sb" for x in raw.acts) and \
                    not any(x.kind == "post" and x.extra == "bb" for x in raw.acts):
                kind = "bb"  # the big blind all in for less, written as a small blind
            raw.add("post", nm, a, line=no, extra=kind)
            self.cur[nm] = self.cur.get(nm, 0) + a

    def summary_line(self, line: str, no: int) -> None:
        raw = self.raw
        pm = _POT.match(line)
        rm = re.match(r"^Rake taken: (?P<a>\S+)\s*$", line)
        sm = _END_SEAT.match(line)
        if pm:
            raw.total_pot = (raw.total_pot or 0) + _amt(raw, pm["pot"], no)
            for w in _WINNER.finditer(pm["rest"]):
                nm = w["name"].strip()
                if nm not in self.seats.names:
                    raise raw.fail(f"a pot won by a player who is not seated: {nm!r}", no)
                raw.add("collect", nm, _amt(raw, w["a"], no), line=no)
        elif rm:
            raw.rake = (raw.rake or 0) + _amt(raw, rm["a"], no)
        elif sm and sm["name"] in self.seats.names:
            self.balances[sm["name"]] = _amt(raw, sm["bal"], no)
            if sm["cards"]:
                cs = tuple(cards(BRACKETS.findall(sm["cards"])[-1], raw, no))
                have = raw.hole.get(sm["name"], [])
                if not have and raw.game[1:] != "5D":  # (a draw's shown hand is its last: the show fills it in)
                    raw.hole[sm["name"]] = list(cs)
                elif raw.game[1:] in _STUD and len(have) == len(cs):  # the cards face down, in their places
                    new = iter([c for c in cs if c not in have])
                    raw.hole[sm["name"]] = [c if c >= 0 else next(new, -1) for c in have]
                raw.add("show", sm["name"], cards=cs, line=no)
        elif not re.match(r"^(?:Board: .*|Pot: .*)$", line):
            raise raw.fail(f"unrecognised summary line {line!r}", no)

    def check_balances(self) -> None:
        """Every balance the summary writes equals the seat's stack less what he put in plus what
        he got back and won (the room's own figures agree with the actions as read)."""
        raw = self.raw
        put = chips_in(raw)
        back: dict[str, int] = {}
        for a in raw.acts:
            if a.kind == "collect":  # (the returns are taken off what was put in)
                back[a.name] = back.get(a.name, 0) + a.amount
        if raw.rake is None and raw.total_pot is not None:
            raw.rake = 0
        for s in raw.seats:
            if s.name in self.balances:
                ends = s.stack - put.get(s.name, 0) + back.get(s.name, 0)
                if ends != self.balances[s.name]:
                    raise raw.fail(f"{s.name} ends with {self.balances[s.name]} by the summary, {ends} by the actions "
                                   "and winnings")
