"""PokerTracker's own export layout: hands of the iPoker, Microgaming and Merge networks as PokerTracker
(PT3/PT4) wrote them, a grammar of its own (issue 22, decision 033).

A hand starts ``** Game ID N [Version:V] starting - YYYY-MM-DD HH:MM:SS`` (or ``** Hand # N starting - ...``),
then ``** TABLE [GAME] (SB|BB NL - € Cash Game ...) Real Money`` (``MTT``/``SNG``/``STT`` and a
``(tournament id)`` in a tournament), the seats ``- NAME sitting in seat N with €X [at end €Y] [Dealer]``,
the forced bets (``posted the small blind - X``, ``posted the big blind - X``, ``posted ante - X``,
``posted to play - X``: dead money), ``** Dealing card to NAME: A of c, 6 of d`` (or ``cards ... 6h, 9s``),
the actions (``folded``, ``checked``, ``called - X``, ``bet - X``, ``raised - X``, ``raised to X``,
``went all-in - X``), ``** Dealing the flop: ...``, ``shows: ...``/``mucks: ...``, ``wins X from the main
pot`` and ``End of game N`` or ``Rake: X``.

Amounts are the chips each action adds (``raised to X`` too, in spite of its words), except in the
2011 layout (no ``Version:``, no ``at end``), whose ``raised - X`` and ``called - X`` are the street
total; a call's amount is taken from the betting (what the caller owes, at most his stack). ``wins``
counts the bettor's uncalled chips, which go back to him (a ``return``). The seat lines' ``at end``
stacks are the room's per-player result: where printed, each player's collected amount is his end
stack less what he had left, and a ``wins`` line that disagrees with them refuses the hand. The rake
is the ``Rake:`` line or, where none is printed, the pot less what was collected (noted as derived).
"""
from __future__ import annotations

import re

from ._limits import check_chips, check_text, room_time
from ._model import RawHand, RoomSeats, Seat, amount, cards, finish_seats, number, MAX_SEAT
from .games import game_named

__all__ = ["looks_like", "split", "parse_hand"]

_FIRST = re.compile(r"^\ufeff?\*\* (?:Game ID|Hand #) ?(?P<id>\d+)(?: Version:(?P<ver>\d+))? starting - "
                    r"(?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d) (?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d)\s*$")
_TABLE = re.compile(r"^\*\* (?P<table>.*?) \[(?P<game>[^\]]+)\] \((?P<sb>[\d.,]+)\|(?P<bb>[\d.,]+) "
                    r"(?P<struct>NL|PL|FL|L)\b(?P<rest>[^)]*)\)")
_SEAT = re.compile(r"^(?:- )?(?P<name>.+?) sitting in seat (?P<seat>\d+) with (?P<stack>[^\s\[]+)"
                   r"(?: at end (?P<end>[^\s\[]+))?\s*(?P<marks>(?:\[[^\]]*\]\s*)*)$")
_DEAL = re.compile(r"^\*\* Dealing cards? to (?P<name>.+?): (?P<cards>.+)$")
_STREET = re.compile(r"^\*\* Dealing the (?P<street>flop|turn|river): (?P<cards>.+)$")
_RAKE = re.compile(r"^Rake: (?P<a>\S+)$")
_END = re.compile(r"^End of game \d+$")
_STRUCT = {"NL": "N", "PL": "P", "FL": "F", "L": "F"}
#: An amount: a currency sign, digits.
_AMT = r"[^\w\s]{0,3}\d[\d.,]*"
#: A player's line after his name: (pattern, kind).
_ACTS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p.replace("{A}", _AMT)), k) for p, k in (
    (r"posted the small blind - (?P<a>{A})$", "sb"), (r"posted the big blind - (?P<a>{A})$", "bb"),
    (r"posted ante - (?P<a>{A})$", "ante"), (r"posted to play - (?P<a>{A})$", "dead"),
    (r"folded$", "fold"), (r"checked$", "check"), (r"called - (?P<a>{A})$", "call"),
    (r"bet - (?P<a>{A})$", "bet"), (r"raised - (?P<a>{A})$", "raise"), (r"raised to (?P<a>{A})$", "raise_by"),
    (r"went all-in - (?P<a>{A})$", "allin"), (r"shows: (?P<c>.+)$", "show"), (r"mucks:(?: (?P<c>.+))?$", "muck"),
    (r"wins (?P<a>{A}) from (?:the )?(?:main pot|side pot(?: \d+)?)$", "wins"),
))


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) with a PokerTracker export hand's first line."""
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].rstrip()
    return bool(_FIRST.match(first))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of each ``** Game ID``/``** Hand #`` line, the hand's lines
    without blank lines: some exports double every line end)."""
    out: list[tuple[int, list[str]]] = []
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = line.lstrip("\ufeff").rstrip()
        if _FIRST.match(line):
            out.append((no, [line]))
        elif out and line:
            out[-1][1].append(line)
    return out


def _cards(text: str, raw: RawHand, no: int) -> tuple[int, ...]:
    return cards(re.sub(r"\b(10|[2-9TJQKA]) of ([cdhs])\b", r"\1\2", text), raw, no)


class _Hand:
    """The betting state of one hand while its lines are read (chips each player has put in, on this
    street and in all, and has left)."""

    def __init__(self, raw: RawHand, seats: list[Seat], street_totals: bool) -> None:
        self.raw, self.street_totals = raw, street_totals
        self.left = {s.name: s.stack for s in seats}
        self.put = {s.name: 0 for s in seats}
        self.cur: dict[str, int] = {}
        self.dead = {s.name: 0 for s in seats}  # antes and dead posts: in the pot, never returned
        self.dealt = False
        self.wins: dict[str, int] = {}
        self.showdown: list[tuple[str, str, tuple[int, ...]]] = []

    def chips(self, nm: str, a: int, no: int) -> None:
        if a > self.left[nm]:
            raise self.raw.fail(f"{nm} puts in {a}, more than the {self.left[nm]} left", no)
        self.left[nm] -= a
        self.put[nm] += a
        self.cur[nm] = self.cur.get(nm, 0) + a

    def deal(self, no: int) -> None:
        if not self.dealt:
            self.dealt = True
            self.raw.add("street", line=no, extra="HOLE CARDS")

    def idle_round(self, no: int) -> None:
        """Before the flop: when nobody acted after the blinds and one player has chips left (the
        others all in on their blinds), he stands by the blinds: a call of nothing (the engine asks him)."""
        if self.raw.acts and self.raw.acts[-1].kind == "street" and self.raw.acts[-1].extra == "HOLE CARDS":
            live = [n for n, v in self.left.items() if v > 0 and n in self.cur]
            if len(live) == 1 and len([n for n in self.cur if self.left[n] == 0]) >= 1:
                self.raw.add("call", live[0], 0, line=no)

    def forced(self, nm: str, kind: str, a: int, no: int) -> None:
        """An ante, a blind or a dead post (``went all-in`` before the cards: a blind posted all in)."""
        raw = self.raw
        if self.dealt:
            raise raw.fail(f"a forced bet after the cards were dealt: {nm}", no)
        if kind == "allin":  # a blind posted all in: the big blind unless no small blind was posted
            kind = "bb" if any(x.kind == "post" and x.extra == "sb" for x in raw.acts) else "sb"
        self.chips(nm, a, no)
        if kind == "ante":
            raw.add("ante", nm, a, line=no)
        else:
            raw.add("post", nm, a, line=no, extra=kind)
        if kind in ("ante", "dead"):  # no bet on the street, and never returned
            self.cur[nm] -= a
            self.dead[nm] += a

    def act(self, nm: str, kind: str, a: int, no: int) -> None:
        raw, own, top = self.raw, self.cur.get(nm, 0), max(self.cur.values(), default=0)
        if kind in ("sb", "bb", "dead", "ante") or (kind == "allin" and not self.dealt):
            self.forced(nm, kind, a, no)
            return
        self.deal(no)
        if kind in ("fold", "check"):
            raw.add(kind, nm, line=no)
            return
        if kind == "call":
            owe = min(top - own, self.left[nm])
            if owe <= 0 or a not in (owe, own + owe):
                raise raw.fail(f"{nm} calls {a} but owes {top - own}", no)
            self.chips(nm, owe, no)
            raw.add("call", nm, owe, line=no)
            return
        to = a if kind == "raise" and self.street_totals else own + a
        if to <= own:
            raise raw.fail(f"{nm} raises to {to}, not above his {own} in", no)
        self.chips(nm, to - own, no)
        if kind == "allin" and to <= top:
            raw.add("call", nm, to - own, line=no)
        else:
            raw.add("raise" if top else "bet", nm, to, line=no)


def _header(raw: RawHand, lines: list[str], start: int) -> tuple[bool, int]:
    """The two header lines into ``raw``; (is the 2011 layout possible: no ``Version:``, next line index)."""
    fm = _FIRST.match(lines[0])
    if not fm:
        raise raw.fail(f"not a PokerTracker export hand: {lines[0][:60]!r}", start)
    raw.hand_id = fm["id"]
    raw.time = room_time([fm[k] for k in ("y", "mo", "d", "H", "M", "S")], raw.fail, start)
    tm = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if not tm:
        raise raw.fail("no table line (`** TABLE [GAME] (SB|BB NL ...)`) after the first line", start + 1)
    name = re.sub(r"^(?:Multi|Single) Table ", "", tm["game"])
    game = game_named(name)
    if game is None or game.stem is None:
        raise raw.fail(f"game not supported: {tm['game']!r}" + (f" ({game.why_not})" if game else ""), start + 1)
    raw.game = _STRUCT[tm["struct"]] + game.stem
    rest = tm["rest"]
    tour = re.search(r"\b(?:MTT|SNG|STT|Tournament)\b", rest)
    raw.table = tm["table"]
    if tour:
        tid = re.search(r"\((\d+)\)", tm["table"])
        raw.tournament = tid.group(1) if tid else ""
        raw.scale = 1
    else:
        raw.scale = 100
        text = rest + (lines[2] if len(lines) > 2 else "")
        sym = next((c for c in "€$£" if c in text), None)
        if sym:
            raw.currency_symbol, raw.currency = sym, {"€": "EUR", "$": "USD", "£": "GBP"}[sym]
    raw.small_blind = amount(tm["sb"], raw.scale, raw, start + 1)
    raw.big_blind = amount(tm["bb"], raw.scale, raw, start + 1)
    sm = re.search(r"seats:(\d+)", rest)
    if sm:
        raw.seat_count = number(sm.group(1), "the seat count", raw, start + 1, 2, MAX_SEAT)
    return fm["ver"] is None, 2


def _seats(raw: RawHand, lines: list[str], i: int, start: int) -> tuple[list[Seat], dict[str, int], set[str], int]:
    """The seat lines from ``lines[i]``: the seats, the end stacks printed, who sits out, the next index."""
    seated: list[Seat] = []
    ends: dict[str, int] = {}
    out: set[str] = set()
    while i < len(lines) and (sm := _SEAT.match(lines[i])):
        no = start + i
        s = Seat(number(sm["seat"], "the seat number", raw, no, 0, MAX_SEAT), sm["name"],
                 amount(sm["stack"], raw.scale, raw, no), no)
        seated.append(s)
        if sm["end"] is not None:
            ends[s.name] = amount(sm["end"], raw.scale, raw, no)
        if "[Dealer]" in sm["marks"]:
            raw.button_seat = s.seat
        if "[Sitting out]" in sm["marks"]:
            out.add(s.name)
        i += 1
    if not seated:
        raise raw.fail("no seat lines", start + i)
    return seated, ends, out, i


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One PokerTracker export hand into a RawHand (see the module docstring). Raises
    HandParseError naming the file line for a line it cannot read or a record that does not add up."""
    raw = RawHand(venue="PokerTracker", source=source, line=start)
    check_text(lines, start, raw.fail)
    no_version, i = _header(raw, lines, start)
    seated, ends, out, i = _seats(raw, lines, i, start)
    names = sorted((s.name for s in seated), key=len, reverse=True)
    hand = _Hand(raw, seated, street_totals=no_version and not ends)
    acted: set[str] = set()
    for k in range(i, len(lines)):
        _line(hand, lines[k], start + k, names, acted)
    _settle(raw, hand, seated, ends, start)
    finish_seats(raw, RoomSeats(seated, out, i, names), acted)
    return raw


def _line(hand: _Hand, ln: str, no: int, names: list[str], acted: set[str]) -> None:
    """One line after the seats: a deal, a street, the rake, the end, a player's line, or chatter."""
    raw = hand.raw
    if (dm := _DEAL.match(ln)):
        if dm["name"] not in hand.left:
            raise raw.fail(f"cards dealt to a player who is not seated: {dm['name']!r}", no)
        raw.hole[dm["name"]] = list(_cards(dm["cards"], raw, no))
        hand.deal(no)
    elif (st := _STREET.match(ln)):
        hand.deal(no)
        hand.idle_round(no)
        hand.cur = {}
        raw.add("street", cards=_cards(st["cards"], raw, no), line=no, extra=st["street"].upper())
    elif (rm := _RAKE.match(ln)):
        raw.rake = amount(rm["a"], raw.scale, raw, no)
    elif _END.match(ln):
        raw.info.append(f"{no}: {ln}")
    elif (nm := next((n for n in names if ln.startswith(n + " ")), None)) is not None:
        _player_line(hand, nm, ln, no, acted)
    elif re.search(r"\d", ln):
        raise raw.fail(f"a line pyeval does not read: {ln[:80]!r}", no)
    else:
        raw.unknown.append(f"{no}: {ln}")


def _player_line(hand: _Hand, nm: str, ln: str, no: int, acted: set[str]) -> None:
    raw, tail = hand.raw, ln[len(nm) + 1:]
    pm = next(((m, kind) for p, kind in _ACTS if (m := p.match(tail))), None)
    if pm is None and not re.search(r"\d", tail):  # chatter (``is disconnected``): no chips
        raw.unknown.append(f"{no}: {ln}")
        return
    if pm is None:
        raise raw.fail(f"a line pyeval does not read: {ln[:80]!r}", no)
    m, kind = pm
    acted.add(nm)
    a = amount(m["a"], raw.scale, raw, no) if "a" in m.groupdict() and m["a"] else 0
    if kind == "wins":
        hand.wins[nm] = hand.wins.get(nm, 0) + a
    elif kind in ("show", "muck"):
        cs = _cards(m["c"], raw, no) if m["c"] else ()
        if cs and not any(x[0] == nm for x in hand.showdown):
            hand.showdown.append((nm, kind, cs))
    else:
        hand.act(nm, kind, a, no)


def _settle(raw: RawHand, hand: _Hand, seated: list[Seat], ends: dict[str, int], start: int) -> None:
    """Showdown, the uncalled return, what each player collected (the end stacks where printed) and the rake."""
    if not hand.dealt:
        raise raw.fail("the hand has no cards dealt and no action (a partial export)", start)
    for nm, kind, cs in hand.showdown:
        raw.add("show", nm, cards=cs, line=start)  # cards a player "mucks" are shown all the same
    put = hand.put
    live = {n: put[n] - hand.dead[n] for n in put}
    top = sorted(live, key=lambda n: live[n], reverse=True)
    back = max(0, live[top[0]] - live[top[1]]) if len(top) > 1 else 0
    pot = sum(put.values()) - back
    if back:
        raw.add("return", top[0], back, line=start)
    wins = dict(hand.wins)
    if back and sum(wins.values()) > pot and wins.get(top[0], 0) >= back:
        wins[top[0]] -= back  # the room's ``wins`` counts the bettor's uncalled chips
    got = _by_end_stacks(raw, hand, seated, ends, (top[0], back), wins, start) if ends else wins
    if not any(got.values()):
        raise raw.fail("nobody wins anything: the record does not say who won", start)
    for s in seated:
        if got.get(s.name):
            raw.add("collect", s.name, got[s.name], line=start)
    _rake(raw, pot - sum(got.values()), start)


def _by_end_stacks(raw: RawHand, hand: _Hand, seated: list[Seat], ends: dict[str, int], ret: tuple[str, int],
                   wins: dict[str, int], start: int) -> dict[str, int]:
    """What each player collected by the seat lines' end stacks (the room's per-player result),
    which the ``wins`` lines must agree with."""
    if set(ends) != set(hand.put):
        raise raw.fail("some seat lines print an end stack and some do not", start)
    got = {s.name: ends[s.name] - hand.left[s.name] - (ret[1] if s.name == ret[0] else 0) for s in seated}
    check_chips(got.values(), "a collected amount from the end stacks", raw.fail, start)
    bad = [n for n in got if got[n] != wins.get(n, 0)]
    if bad:
        raise raw.fail(f"the end stacks and the wins lines disagree for {', '.join(sorted(bad))}", start)
    return got


def _rake(raw: RawHand, taken: int, start: int) -> None:
    """The printed rake (checked against the pot less what was collected), else that, derived."""
    if raw.rake is None:
        check_chips([taken], "the rake (the pot less what was collected)", raw.fail, start)
        raw.rake = taken
        if taken:
            raw.notes.append(f"rake of {taken} derived (the record prints none): the pot less what was collected")
    elif raw.rake != taken:
        raise raw.fail(f"the printed rake {raw.rake} is not the pot less what was collected ({taken})", start)

