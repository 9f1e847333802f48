"""Microgaming poker network (MPN: Betfair, Unibet's older client, bet365 ...) XML hand histories.

Read from the layout of the network's files: an optional ``----PRIMA.DAT----`` line, then one
``<Game id= date="2012-08-10 23:38:09" tablename= stakes="0.05|0.10" betlimit="NL|PL|FL"
gametype="Hold'em|Omaha|Omaha H/L" realmoney= currencysymbol=(base64 UTF-16) istournament= rake=
(cents)>`` per hand, holding ``<Seats>`` (``<Seat num= alias= balance= endbalance= dealer="true">``:
the stack before and after the hand) and ``<Gameplay>``: ``<Action seq= type= seat= value=>`` with
types ``SmallBlind``, ``BigBlind``, ``PostedToPlay`` (a big blind posted to come in), ``Ante``,
``DealCards`` (the hero's cards as ``<Card value="Q" suit="s"/>``), ``Fold``, ``Check``, ``Call``,
``Bet``, ``Raise``, ``AllIn`` (``value`` the chips added; a raise's value is read as its hand's
calls agree: see :mod:`pyeval.hands_io._betting`), ``DealFlop``/``DealTurn``/``DealRiver``,
``MoneyReturned`` (a bet nobody called), ``ShowCards``, ``MuckCards`` and ``Win`` (``<Seat num=
amount=>`` per winner). After the game an ``ExtendedTableName:`` line may follow.

The rake is the game's ``rake`` attribute; the total pot is what was put in less the returns, and
every seat's ``endbalance`` is checked against its actions and winnings. Some versions write a
``Call`` as its street total (a big blind's ``Call value="0.20"`` to a raise to 0.20): read so when
the chips added would go beyond the bet. When the calls do not tell which reading of the raises the
hand uses, the one by which every ``AllIn`` adds exactly its player's chips left is taken. A
``PostedToPlay`` whose poster's end balance is short of his actions and winnings by exactly the
small blind posted the small blind dead besides (the record writes only the live part; noted).
"""
from __future__ import annotations

import base64
import binascii
import re
import xml.etree.ElementTree as ET

from ._betting import raises_are_totals
from ._limits import room_time
from ._model import RawHand, Seat, amount, cards, number
from ._settle import chips_in, defer_extra_blinds, return_implicit
from ._xml import XMLRefused, parse_xml

__all__ = ["looks_like", "parse_hand", "split"]

_GAMES = {"hold'em": "T", "multi table hold'em": "T", "omaha": "O", "omaha h/l": "O/8", "multi table omaha": "O"}
_LIMITS = {"NL": "N", "PL": "P", "FL": "F", "L": "F"}
_START = re.compile(r"<Game\b")


def looks_like(text: str) -> bool:
    """True when ``text`` starts with ``----PRIMA.DAT----`` or a ``<Game`` element with ``betlimit``."""
    head = text.lstrip("\ufeff").lstrip()
    return head.startswith("----PRIMA.DAT----") or (head.startswith("<Game ") and "betlimit=" in head[:2000])


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per ``<Game>``: (its line, [its XML]); linear in the file's length."""
    t = text.lstrip("\ufeff")
    out: list[tuple[int, list[str]]] = []
    line, counted, pos = 1, 0, 0
    while True:
        m = _START.search(t, pos)
        if m is None:
            break
        line += t.count("\n", counted, m.start())
        counted = m.start()
        end = t.find("</Game>", m.end())
        stop = len(t) if end < 0 else end + len("</Game>")
        out.append((line, [t[m.start():stop]]))
        pos = stop
    return out


def _symbol(b64: str) -> str | None:
    try:
        return base64.b64decode(b64, validate=True).decode("utf-16-le").strip() or None
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None


def _card(el: ET.Element, raw: RawHand, line: int) -> int:
    v, s = (el.get("value") or "").replace("10", "T"), (el.get("suit") or "").lower()
    return cards(v + s, raw, line)[0]


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<Game>`` into a RawHand.

    Raises:
        HandParseError: XML that does not parse or declares entities, a cut game, a game pyeval
            does not play, an unknown action, or an end balance the actions do not give.
    """
    raw = RawHand(venue="Microgaming", source=source, line=start)
    if "</Game>" not in lines[0]:
        raise raw.fail("the file ends mid-hand (a cut file): the hand is not complete", start)
    try:
        game = parse_xml(lines[0])
    except XMLRefused as exc:
        raise raw.fail(exc.reason, start + max(exc.line - 1, 0)) from None
    _header(raw, game, start)
    seat_of, ends = _seats(raw, game, start)
    to_play = _play(raw, game, seat_of, start)
    _settle(raw, ends, to_play)
    return raw


def _header(raw: RawHand, game: ET.Element, start: int) -> None:
    kind = (game.get("gametype") or "").strip()
    stem = _GAMES.get(kind.lower())
    if stem is None:
        raise raw.fail(f"game not supported: {kind!r} is not a game the Microgaming reader knows", start)
    lim = _LIMITS.get((game.get("betlimit") or "").upper())
    if lim is None:
        raise raw.fail(f"unknown bet limit {game.get('betlimit')!r}", start)
    raw.game = lim + stem
    raw.hand_id, raw.table = game.get("id"), game.get("tablename")
    if game.get("istournament") == "1":
        tm = re.search(r"\[(\d+)\]", raw.table or "")
        raw.tournament = tm.group(1) if tm else "?"
    else:
        raw.scale = 100
        raw.currency_symbol = _symbol(game.get("currencysymbol") or "")
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(raw.currency_symbol or "", "USD")
    st = (game.get("stakes") or "").split("|")
    if len(st) == 2:
        lo, hi = amount(st[0], raw.scale, raw, start), amount(st[1], raw.scale, raw, start)
        if lim == "F":
            raw.small_bet, raw.big_bet = hi, 2 * hi
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    rake = game.get("rake")
    if rake and rake.isdigit():  # in cents of the currency
        raw.rake = number(rake, "the rake", raw, start) * raw.scale // 100
    dm = re.match(r"(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})", game.get("date") or "")
    if dm:
        raw.time = room_time(dm.groups(), raw.fail, start)


def _seats(raw: RawHand, game: ET.Element, start: int) -> tuple[dict[str, str], dict[str, int]]:
    """Seat number -> name, and name -> end balance; the seats and the button."""
    seat_of: dict[str, str] = {}
    ends: dict[str, int] = {}
    for s in game.iter("Seat"):
        if s.get("alias") is None:
            continue  # a Win's seat
        num, nm = s.get("num") or "", s.get("alias") or ""
        seat_of[num] = nm
        raw.seats.append(Seat(number(num, "a seat", raw, start, 0, 99), nm,
                              amount(s.get("balance") or "0", raw.scale, raw, start), start))
        if s.get("dealer") == "true":
            raw.button_seat = int(num)
        end = s.get("endbalance")
        if end is not None:
            ends[nm] = amount(end, raw.scale, raw, start)
    if not raw.seats:
        raise raw.fail("no seats in the hand", start)
    return seat_of, ends


_DEALS = ("DealFlop", "DealTurn", "DealRiver")
_POSTS = {"SmallBlind": "sb", "BigBlind": "bb", "PostedToPlay": "bb"}


def _play(raw: RawHand, game: ET.Element, seat_of: dict[str, str], start: int) -> set[str]:
    """The ``<Action>`` elements, by ``seq``, as the RawHand's acts; the players who posted to play."""
    actions = sorted(game.iter("Action"), key=lambda a: int(a.get("seq") or 0) if (a.get("seq") or "").isdigit()
                     else 10**6)
    play = _Play(raw, seat_of, start)
    play.run(actions)
    return play.to_play


class _Play:
    def __init__(self, raw: RawHand, seat_of: dict[str, str], start: int) -> None:
        self.raw, self.seat_of, self.start = raw, seat_of, start
        self.cur: dict[str, int] = {}
        self.dealt = False
        self.totals: bool | None = None
        self.to_play: set[str] = set()  # the players who posted to play (PostedToPlay)

    def who(self, a: ET.Element) -> str:
        s = a.get("seat") or ""
        if s not in self.seat_of:
            raise self.raw.fail(f"an action for seat {s!r}, which holds no player", self.start)
        return self.seat_of[s]

    def val(self, a: ET.Element) -> int:
        return amount(a.get("value") or "0", self.raw.scale, self.raw, self.start)

    def run(self, actions: list[ET.Element]) -> None:
        raw = self.raw
        street, evs = 0, []
        for a in actions:  # which reading of the raises the calls agree with
            t = a.get("type") or ""
            if t in _DEALS:
                street += 1
            elif t in ("SmallBlind", "BigBlind", "PostedToPlay", "Call", "Bet", "Raise", "Ante"):
                k = "post" if t in _POSTS else "ante" if t == "Ante" else t.lower()
                evs.append((street, k, self.who(a), self.val(a)))
        self.totals = raises_are_totals(evs, {s.name: s.stack for s in raw.seats})
        if self.totals is None:  # the calls do not tell: the reading whose every AllIn empties its stack
            fits = [t for t in (True, False) if self.all_ins_fit(actions, t)]
            self.totals = fits[0] if len(fits) == 1 else None
        for a in actions:
            self.action(a, a.get("type") or "")
        if self.totals is not None:
            raw.notes.append("raise amounts read as " + ("the totals" if self.totals else "the chips added")
                             + " (the calls agree)")

    def all_ins_fit(self, actions: list[ET.Element], totals: bool) -> bool:
        """True when, reading raises as totals (``totals``) or as the chips added, each ``AllIn``
        adds exactly the chips its player has left (and there is at least one)."""
        left = {s.name: s.stack for s in self.raw.seats}
        cur: dict[str, int] = {}
        seen = False
        for a in actions:
            t = a.get("type") or ""
            if t in _DEALS:
                cur = {}
            if t not in ("SmallBlind", "BigBlind", "PostedToPlay", "Call", "Bet", "Raise", "AllIn", "Ante") or (
                    a.get("seat") or "") not in self.seat_of:
                continue
            nm, v = self.who(a), self.val(a)
            mine, top = cur.get(nm, 0), max(cur.values(), default=0)
            if t == "AllIn":
                seen = True
                if v != left[nm]:
                    return False
            add = (top - mine if mine and mine + v > top == v else v) if t == "Call" else (
                max(v - mine, 0) if t == "Raise" and totals else v)
            left[nm] -= add
            if t != "Ante":
                cur[nm] = mine + add
        return seen

    def open_hole(self) -> None:
        if not self.dealt:
            self.raw.add("street", line=self.start, extra="HOLE CARDS")
            self.dealt = True

    def action(self, a: ET.Element, t: str) -> None:
        raw, start = self.raw, self.start
        if t == "DealCards":
            raw.hole[self.who(a)] = [_card(c, raw, start) for c in a.iter("Card")]
        elif t in _DEALS:
            self.open_hole()
            raw.add("street", cards=tuple(_card(c, raw, start) for c in a.iter("Card")), line=start, extra=t[4:].upper())
            self.cur = {}
        elif t == "Win":
            self.win(a)
        elif t in _POSTS or t == "Ante":
            nm, v = self.who(a), self.val(a)
            if t == "Ante":
                raw.add("ante", nm, v, line=start)
            else:
                raw.add("post", nm, v, line=start, extra=_POSTS[t])
                if t == "PostedToPlay":
                    self.to_play.add(nm)
                self.cur[nm] = self.cur.get(nm, 0) + v
        elif t in ("Fold", "Check", "Call", "Bet", "Raise", "AllIn"):
            self.open_hole()
            self.betting(self.who(a), t, self.val(a))
        else:
            self.settlement(a, t)

    def betting(self, nm: str, t: str, v: int) -> None:
        raw, start = self.raw, self.start
        mine, top = self.cur.get(nm, 0), max(self.cur.values(), default=0)
        if t == "Fold":
            raw.add("fold", nm, line=start)
        elif t == "Check":
            raw.add("check", nm, line=start)
        elif t == "Call":
            if mine and mine + v > top == v:  # (some versions) the call's street total, not the chips it adds
                v = top - mine
            raw.add("call", nm, v, line=start)
            self.cur[nm] = mine + v
        else:  # Bet, Raise, AllIn: the chips added, or (a Raise in some versions) the total
            to = v if t == "Raise" and self.totals else mine + v
            if to <= top:
                raw.add("call", nm, to - mine, line=start)
            else:
                raw.add("raise" if top else "bet", nm, to, line=start)
            self.cur[nm] = to

    def settlement(self, a: ET.Element, t: str) -> None:
        raw, start = self.raw, self.start
        nm = self.who(a)
        if t == "MoneyReturned":
            raw.add("return", nm, self.val(a), line=start)
        elif t == "ShowCards":
            cs = tuple(_card(c, raw, start) for c in a.iter("Card"))
            raw.hole[nm] = list(cs)
            raw.add("show", nm, cards=cs, line=start)
        elif t == "MuckCards":
            raw.add("muck", nm, line=start)
        else:
            raise raw.fail(f"unknown action type {t!r}", start)

    def win(self, a: ET.Element) -> None:
        raw = self.raw
        for s in a.iter("Seat"):
            nm = self.seat_of.get(s.get("num") or "")
            if nm is None:
                raise raw.fail(f"a win for seat {s.get('num')!r}, which holds no player", self.start)
            got = amount(s.get("amount") or "0", raw.scale, raw, self.start)
            if got:
                raw.add("collect", nm, got, line=self.start)


def _dead_small_blinds(raw: RawHand, ends: dict[str, int], to_play: set[str]) -> None:
    """A player who posted to play (the big blind, live) and whose end balance is short of his
    actions and winnings by exactly the small blind posted the small blind dead besides: the record
    writes only the live part (the winner's amount counts both). Noted; any other gap is left."""
    put = chips_in(raw)
    won: dict[str, int] = {}
    for a in raw.acts:
        if a.kind == "collect":
            won[a.name] = won.get(a.name, 0) + a.amount
    for s in raw.seats:
        k = next((j for j, a in enumerate(raw.acts) if a.kind == "post" and a.name == s.name), None)
        sb = raw.small_blind or 0
        if s.name not in to_play or s.name not in ends or k is None or not sb or (
                s.stack - put.get(s.name, 0) + won.get(s.name, 0) - ends[s.name] != sb):
            continue
        raw.acts[k] = raw.acts[k]._replace(amount=raw.acts[k].amount + sb, extra="both")
        raw.notes.append(f"{s.name} posted to play {raw.acts[k].amount - sb} and, by his end balance, the "
                         f"small blind ({sb}) dead besides")


def _settle(raw: RawHand, ends: dict[str, int], to_play: set[str]) -> None:
    """Sort the settlement after the play, the total pot, and every seat's end balance checked."""
    acted = {a.name for a in raw.acts if a.name}
    raw.sitting_out = [x.name for x in raw.seats if x.name not in acted]  # listed, never acted: not dealt in
    raw.seats = [x for x in raw.seats if x.name in acted]
    tail = [a for a in raw.acts if a.kind in ("collect", "show", "muck")]
    raw.acts = [a for a in raw.acts if a.kind not in ("collect", "show", "muck")] + tail
    defer_extra_blinds(raw)
    if not any(a.kind == "return" for a in raw.acts):  # the older files write no MoneyReturned
        return_implicit(raw, True)  # (counted in the winner's amount by some versions)
    _dead_small_blinds(raw, ends, to_play)
    put = chips_in(raw)
    raw.total_pot = sum(put.values())
    if raw.rake is None:
        got = sum(a.amount for a in raw.acts if a.kind == "collect")
        raw.rake = raw.total_pot - got if raw.total_pot >= got else None
    won: dict[str, int] = {}
    for a in raw.acts:
        if a.kind == "collect":
            won[a.name] = won.get(a.name, 0) + a.amount
    for s in raw.seats:
        if s.name in ends and s.stack - put.get(s.name, 0) + won.get(s.name, 0) != ends[s.name]:
            mine = s.stack - put.get(s.name, 0) + won.get(s.name, 0)
            raise raw.fail(f"{s.name} ends with {ends[s.name]} by the room, {mine} by the actions and winnings")
